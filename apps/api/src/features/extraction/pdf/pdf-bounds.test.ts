import { syncBuiltinESMExports } from "node:module";
import zlib, { deflateSync } from "node:zlib";
import { describe, expect, it, vi } from "vitest";
import { lzwLiterals, makePdf, pdfOfObjects, pdfWithStream, recipePage, runLiterals } from "../../../testing/make-pdf";
import { PdfWorkerPool, readPdf } from "./pdf-reader";
import { pastDecodeLimits } from "./pdf-streams";
import { PDF_LIMITS, REFUSALS } from "./pdf-text";

const MIB = 1024 * 1024;
/** A content stream of zeros that inflates to 64 MiB: four times the bound on one stream, from 64 KB. */
const zeros = deflateSync(Buffer.alloc(64 * MIB));
const tooComplex = { kind: "refused", status: 422, message: REFUSALS.tooComplex.message };
const pageTooComplex = { kind: "refused", status: 422, message: REFUSALS.pageTooComplex.message };

describe("readPdf bounds what a file unpacks to", () => {
  it("refuses a content stream that inflates past its bound with 422, before pdf.js reads it", async () => {
    // Node's inflater watched (it still runs): measuring stops at the bound, with a quarter of the stream's compressed
    // bytes read (16 of its 64 MiB), and the inflater is destroyed.
    const inflaters = vi.spyOn(zlib, "createInflate");
    syncBuiltinESMExports();
    try {
      expect(await pastDecodeLimits(pdfWithStream("/Filter /FlateDecode", zeros))).toBe("stream");
      expect(inflaters.mock.results).toHaveLength(1);
      const inflater = inflaters.mock.results[0]!.value as zlib.Inflate;
      expect(inflater.destroyed).toBe(true);
      expect(inflater.bytesWritten).toBeLessThan(zeros.length / 2);
    } finally {
      inflaters.mockRestore();
      syncBuiltinESMExports();
    }
    expect(await readPdf(pdfWithStream("/Filter /FlateDecode", zeros))).toEqual(tooComplex);
  });

  it("follows stacked filters, hex around deflate, and a filter given by reference", async () => {
    expect(await readPdf(pdfWithStream("/Filter [/FlateDecode /FlateDecode]", deflateSync(zeros)))).toEqual(tooComplex);
    expect(await readPdf(pdfWithStream("/Filter [/AHx /Fl]", Buffer.from(zeros.toString("hex") + ">")))).toEqual(tooComplex);
    expect(await readPdf(pdfWithStream("/Filter 6 0 R", zeros, ["[/FlateDecode]"]))).toEqual(tooComplex);
  });

  it("counts a picture by its pixels, whatever its codec", async () => {
    const huge = "/Type /XObject /Subtype /Image /Width 20000 /Height 20000 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode";
    expect(await readPdf(pdfWithStream(huge, Buffer.from([0xff, 0xd8, 0xff, 0xd9])))).toEqual(tooComplex);
  });

  it("follows a filter after LZW or run-length: a deflate bomb behind them is measured", async () => {
    expect(await pastDecodeLimits(pdfWithStream("/Filter [/LZWDecode /FlateDecode]", lzwLiterals(zeros)))).toBe("stream");
    expect(await readPdf(pdfWithStream("/Filter [/LZWDecode /FlateDecode]", lzwLiterals(zeros)))).toEqual(tooComplex);
    expect(await readPdf(pdfWithStream("/Filter [/RunLengthDecode /FlateDecode]", runLiterals(zeros)))).toEqual(tooComplex);
    const small = deflateSync(Buffer.from("BT /F 12 Tf 72 600 Td (Serves 4) Tj ET"));
    expect(await readPdf(pdfWithStream("/Filter [/LZW /Fl]", lzwLiterals(small)))).toMatchObject({ kind: "ok" });
  });

  it("refuses a page whose pictures together pass the bound on one page with 422, each within its own", async () => {
    // 88 MiB each as pdf.js holds them (4 bytes a pixel), under the 96 MiB of a picture; three on a page are 264 MiB.
    const picture = "/Type /XObject /Subtype /Image /Width 4800 /Height 4800 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode";
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xd9]);
    expect(await readPdf(pdfOfPages([[picture, picture, picture]], jpeg))).toEqual(pageTooComplex);
    expect(await readPdf(pdfOfPages([[picture], [picture], [picture]], jpeg))).not.toEqual(pageTooComplex);
  });

  it("refuses a page that draws more operators than its bound", async () => {
    const drawing = Buffer.from("1 w\n".repeat(PDF_LIMITS.operatorsPerPage + 1000));
    expect(await readPdf(pdfWithStream("", drawing))).toEqual(tooComplex);
  });

  it("still reads a file within the bounds", async () => {
    const small = deflateSync(Buffer.from("BT /F 12 Tf 72 600 Td (Serves 4) Tj ET"));
    expect(await readPdf(pdfWithStream("/Filter /FlateDecode", small))).toMatchObject({ kind: "ok" });
  });
});

describe("pastDecodeLimits", () => {
  const small = { streamBytes: MIB, fontBytes: MIB, imageBytes: MIB, pageBytes: MIB, fileBytes: MIB };
  const deflated = (bytes: number) => deflateSync(Buffer.alloc(bytes));

  it("bounds the whole file as well as each stream", async () => {
    const twice = pdfWithStream("/Filter /FlateDecode", deflated(0.6 * MIB), [
      `<< /Filter /FlateDecode /Length ${deflated(0.6 * MIB).length} >>\nstream\n${deflated(0.6 * MIB).toString("latin1")}\nendstream`,
    ]);
    expect(await pastDecodeLimits(twice, small)).toBe("file");
    expect(await pastDecodeLimits(twice, { ...small, fileBytes: 2 * MIB })).toBeNull();
    expect(await pastDecodeLimits(pdfWithStream("/Filter /FlateDecode", deflated(2 * MIB)), small)).toBe("stream");
  });

  it("measures a stream whose /Length lies to its real endstream, as pdf.js reads it", async () => {
    // /Length says 10 bytes; pdf.js finds no "endstream" there and inflates everything up to the real one.
    expect(await pastDecodeLimits(pdfWithStream("/Filter /FlateDecode /Length 10", deflated(2 * MIB)), small)).toBe("stream");
    const byReference = pdfWithStream("/Filter /FlateDecode /Length 6 0 R", deflated(2 * MIB), ["10"]);
    expect(await pastDecodeLimits(byReference, small)).toBe("stream");
    // A true /Length still ends the stream where it says.
    expect(await pastDecodeLimits(pdfWithStream("/Filter /FlateDecode", deflated(0.5 * MIB)), small)).toBeNull();
  });

  it("reads a file of a million stream keywords once, not once for each (each search looked back to the start)", async () => {
    const words = Buffer.from(`%PDF-1.4\n${"stream ".repeat(1_000_000)}`, "latin1");
    expect(await pastDecodeLimits(words)).toBeNull();
    const dictionaries = Buffer.from(`%PDF-1.4\n${">>stream\nendstream\n".repeat(300_000)}`, "latin1");
    expect(await pastDecodeLimits(dictionaries)).toBeNull();
  });

  it("measures run-length and LZW streams by what they decode to", async () => {
    // Run-length: each pair of bytes repeats one byte 128 times.
    const runs = Buffer.from(Array.from({ length: 20_000 }, () => [129, 0]).flat());
    expect(await pastDecodeLimits(pdfWithStream("/Filter /RunLengthDecode", runs), small)).toBe("stream");
    expect(await pastDecodeLimits(pdfWithStream("/Filter /RunLengthDecode", runs.subarray(0, 2000)), small)).toBeNull();
    // LZW: each code names the string before it plus one byte, so n codes decode to about n²/2 bytes.
    expect(await pastDecodeLimits(pdfWithStream("/Filter /LZWDecode", lzwGrowing(2000)), small)).toBe("stream");
    expect(await pastDecodeLimits(pdfWithStream("/Filter /LZWDecode", lzwGrowing(500)), small)).toBeNull();
  });
});

describe("pastDecodeLimits on a page", () => {
  const limits = { streamBytes: MIB, fontBytes: MIB, imageBytes: MIB, pageBytes: 1.5 * MIB, fileBytes: 8 * MIB };
  const stream = "/Filter /FlateDecode";
  const part = deflateSync(Buffer.alloc(0.8 * MIB));

  it("counts every stream a page reaches, each once, and no other page's", async () => {
    expect(await pastDecodeLimits(pdfOfPages([[stream, stream]], part), limits)).toBe("page");
    expect(await pastDecodeLimits(pdfOfPages([[stream], [stream]], part), limits)).toBeNull();
    // The same stream drawn twice on a page is held once.
    expect(await pastDecodeLimits(pdfOfPages([[stream]], part, { twice: true }), limits)).toBeNull();
  });

  it("counts the resources a page takes from the page tree, and pages packed in an object stream", async () => {
    expect(await pastDecodeLimits(pdfOfPages([[stream, stream]], part, { inherited: true }), limits)).toBe("page");
    expect(await pastDecodeLimits(pdfOfPages([[stream, stream]], part, { packed: true }), limits)).toBe("page");
    expect(await pastDecodeLimits(pdfOfPages([[stream], [stream]], part, { packed: true }), limits)).toBeNull();
  });
});

describe("the PDF workers", () => {
  const heavy = makePdf(Array.from({ length: 120 }, (_, i) => recipePage(`Stew ${i + 1}`, i)));

  it("read a few files at once, let a few wait, and refuse the rest with 503", { timeout: 60_000 }, async () => {
    const pool = new PdfWorkerPool({ workers: 1, waiting: 1, waitMs: 60_000 });
    const running = readPdf(heavy, { pool });
    const waiting = readPdf(heavy, { pool });
    expect(await readPdf(heavy, { pool })).toEqual(REFUSALS.busy);
    expect(await running).toMatchObject({ kind: "ok" });
    expect(await waiting).toMatchObject({ kind: "ok" });
  });

  it("refuse a file that waited too long with 503", { timeout: 60_000 }, async () => {
    const pool = new PdfWorkerPool({ workers: 1, waiting: 1, waitMs: 50 });
    const running = readPdf(heavy, { pool });
    expect(await readPdf(heavy, { pool })).toEqual(REFUSALS.busy);
    expect(await running).toMatchObject({ kind: "ok" });
  });
});

/** LZW codes (early change, as PDF writes them): clear, a zero byte, then each new code in turn, then end. */
function lzwGrowing(count: number): Buffer {
  const codes = [256, 0, ...Array.from({ length: count }, (_, i) => 258 + i), 257];
  let bits = 9;
  let next = 258;
  let buffer = 0n;
  let held = 0;
  const out: number[] = [];
  codes.forEach((code, i) => {
    buffer = (buffer << BigInt(bits)) | BigInt(code);
    held += bits;
    while (held >= 8) {
      out.push(Number((buffer >> BigInt(held - 8)) & 0xffn));
      held -= 8;
    }
    if (i >= 2 && code !== 257) next++;
    if (next + 1 >= 1 << bits && bits < 12) bits++;
  });
  if (held > 0) out.push(Number((buffer << BigInt(8 - held)) & 0xffn));
  return Buffer.from(out);
}

/**
 * Pages of a line of text, each drawing streams of `data` with the given dictionary entries: `twice` draws each page's
 * first stream twice; `inherited` gives the streams to the page tree's resources instead (one page); `packed` puts the
 * pages' dictionaries in an object stream, as PDF 1.5 files do.
 */
function pdfOfPages(pages: string[][], data: Buffer, options: { twice?: boolean; inherited?: boolean; packed?: boolean } = {}): Buffer {
  const text = "BT /F 12 Tf 72 700 Td (Tomato soup) Tj ET";
  // 1 catalog, 2 page tree, 3 font, 4 text; then the streams; then the pages (or their object stream).
  const objects = ["<< /Type /Catalog /Pages 2 0 R >>", "", "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"];
  objects.push(`<< /Length ${text.length} >>\nstream\n${text}\nendstream`);
  const drawn = pages.map((entries) =>
    entries.map((entry) => objects.push(`<< ${entry} /Length ${data.length} >>\nstream\n${data.toString("latin1")}\nendstream`)),
  );
  const xObjects = (numbers: number[]) => `/XObject << ${numbers.map((n, i) => `/X${i} ${n} 0 R`).join(" ")} >>`;
  // Packed pages are numbered after their object stream, which is no page.
  const firstPage = objects.length + (options.packed ? 2 : 1);
  const dictionaries = drawn.map((numbers) => {
    const shown = options.twice ? [numbers[0]!, numbers[0]!] : numbers;
    const resources = options.inherited ? "" : `/Resources << /Font << /F 3 0 R >> ${xObjects(shown)} >>`;
    return `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] ${resources} /Contents 4 0 R >>`;
  });
  const kids = dictionaries.map((_, k) => `${firstPage + k} 0 R`).join(" ");
  const inherited = options.inherited ? `/Resources << /Font << /F 3 0 R >> ${xObjects(drawn.flat())} >>` : "";
  objects[1] = `<< /Type /Pages /Kids [${kids}] /Count ${dictionaries.length} ${inherited} >>`;
  if (!options.packed) return pdfOfObjects([...objects, ...dictionaries]);
  // The pages' dictionaries packed one after another, numbered in the stream's header; the stream is the next object.
  let header = "";
  let body = "";
  dictionaries.forEach((dictionary, k) => {
    header += `${firstPage + k} ${body.length} `;
    body += `${dictionary}\n`;
  });
  const packed = deflateSync(Buffer.from(header + body, "latin1"));
  objects.push(
    `<< /Type /ObjStm /N ${dictionaries.length} /First ${header.length} /Filter /FlateDecode /Length ${packed.length} >>\nstream\n${packed.toString("latin1")}\nendstream`,
  );
  return pdfOfObjects(objects);
}
