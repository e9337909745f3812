import { deflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { makePdf, pdfWithStream, recipePage } from "../../../testing/make-pdf";
import { PdfWorkerPool, readPdf } from "./pdf-reader";
import { pastDecodeLimits } from "./pdf-streams";
import { PDF_LIMITS, REFUSALS } from "./pdf-text";

const MIB = 1024 * 1024;
/** A content stream of zeros that inflates to 64 MiB: four times the bound on one stream, from 64 KB. */
const zeros = deflateSync(Buffer.alloc(64 * MIB));
const tooComplex = { kind: "refused", status: 422, message: REFUSALS.tooComplex.message };

describe("readPdf bounds what a file unpacks to", () => {
  it("refuses a content stream that inflates past its bound with 422, before pdf.js reads it", async () => {
    const started = performance.now();
    expect(await pastDecodeLimits(pdfWithStream("/Filter /FlateDecode", zeros))).toBe("stream");
    // Measuring stops at the bound: a sixteenth of the stream is inflated, and nothing is kept.
    expect(performance.now() - started).toBeLessThan(2000);
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
  const small = { streamBytes: MIB, fontBytes: MIB, imageBytes: MIB, fileBytes: MIB };
  const deflated = (bytes: number) => deflateSync(Buffer.alloc(bytes));

  it("bounds the whole file as well as each stream", async () => {
    const twice = pdfWithStream("/Filter /FlateDecode", deflated(0.6 * MIB), [
      `<< /Filter /FlateDecode /Length ${deflated(0.6 * MIB).length} >>\nstream\n${deflated(0.6 * MIB).toString("latin1")}\nendstream`,
    ]);
    expect(await pastDecodeLimits(twice, small)).toBe("file");
    expect(await pastDecodeLimits(twice, { ...small, fileBytes: 2 * MIB })).toBeNull();
    expect(await pastDecodeLimits(pdfWithStream("/Filter /FlateDecode", deflated(2 * MIB)), small)).toBe("stream");
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
