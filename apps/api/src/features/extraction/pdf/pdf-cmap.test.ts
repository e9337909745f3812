import { deflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { lzwLiterals, pdfOfObjects, runLiterals } from "../../../testing/make-pdf";
import { readPdf } from "./pdf-reader";
import { CMAP_LIMITS, cmapCodes, pastDecodeLimits } from "./pdf-streams";
import { REFUSALS } from "./pdf-text";

const tooComplex = { kind: "refused", status: 422, message: REFUSALS.tooComplex.message };

/** A CMap's text: its entries between the operators that open and close them. */
function cmap(sections: [operator: "bfrange" | "cidrange" | "bfchar" | "cidchar", entries: string[]][], header = true): string {
  const body = sections.map(([operator, entries]) => `${entries.length} begin${operator}\n${entries.join("\n")}\nend${operator}`);
  if (!header) return body.join("\n");
  return [
    "/CIDInit /ProcSet findresource begin 12 dict begin begincmap",
    "/CMapName /Kim-Test def 1 begincodespacerange <0000> <FFFF> endcodespacerange",
    ...body,
    "endcmap CMapName currentdict /CMap defineresource pop end end",
  ].join("\n");
}

/**
 * A page of text in a font whose /ToUnicode is each of `cmaps` (the first for the page's font, the rest for fonts of
 * their own), deflated or with the given filter entry and data.
 */
function pdfWithCMaps(cmaps: (string | { filter: string; data: Buffer })[]): Buffer {
  const text = "BT /F0 12 Tf 72 700 Td (Tomato soup) Tj ET";
  const fonts = cmaps.map((_, k) => `<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /ToUnicode ${4 + cmaps.length + k} 0 R >>`);
  const streams = cmaps.map((given) => {
    const { filter, data } =
      typeof given === "string" ? { filter: "/FlateDecode", data: deflateSync(Buffer.from(given, "latin1")) } : given;
    return `<< /Filter ${filter} /Length ${data.length} >>\nstream\n${data.toString("latin1")}\nendstream`;
  });
  const page = 4 + 2 * cmaps.length;
  const resources = fonts.map((_, k) => `/F${k} ${4 + k} 0 R`).join(" ");
  return pdfOfObjects([
    "<< /Type /Catalog /Pages 2 0 R >>",
    `<< /Type /Pages /Kids [${page} 0 R] /Count 1 >>`,
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    ...fonts,
    ...streams,
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << ${resources} >> >> /Contents 3 0 R >>`,
  ]);
}

const hex = (code: number, digits: number) => `<${code.toString(16).toUpperCase().padStart(digits, "0")}>`;
/** The reviewer's file: 64 ranges of 16 million four-byte codes each, 1.4 KB deflated. */
const bomb = cmap([
  ["bfrange", Array.from({ length: 64 }, (_, i) => `${hex(i * 0x1000000, 8)} ${hex(i * 0x1000000 + 0xfffffe, 8)} <0041>`)],
]);
/** What a real font's ToUnicode maps: the printable ASCII codes, one range, a few single codes. */
const font = cmap([
  ["bfrange", ["<20> <7E> <0020>"]],
  ["bfchar", ["<A0> <00A0>", "<E9> <00E9>", "<B7> <2022>"]],
]);

describe("CMaps a PDF embeds", () => {
  it("refuses a ToUnicode CMap that names millions of codes with 422, in the pass before pdf.js reads the file", async () => {
    // pdf.js fills an entry for each of the billion codes; the pass before it (which readPdfBytes runs first, and which
    // refuses the file without starting pdf.js) finds the ranges' sizes.
    expect(await pastDecodeLimits(pdfWithCMaps([bomb]))).toBe("cmap");
    expect(await readPdf(pdfWithCMaps([bomb]))).toEqual(tooComplex);
  });

  it("counts ranges however the CMap is written: without begincmap, literal strings, cidrange, arrays, LZW", async () => {
    const wide = (entry: string, operator: "bfrange" | "cidrange" = "bfrange") => cmap([[operator, [entry]]], false);
    expect(cmapCodes(Buffer.from(wide("<0000> <FFFF> <0041>")), Infinity)).toBe(65_536);
    expect(cmapCodes(Buffer.from(wide("<00000000> <00FFFFFE> <0041>")), Infinity)).toBe(0xffffff);
    // Literal strings with octal escapes: \000\000 to \377\377 is every two-byte code.
    expect(cmapCodes(Buffer.from(wide(String.raw`(\000\000) (\377\377) <0041>`)), Infinity)).toBe(65_536);
    expect(cmapCodes(Buffer.from(wide("<0000> <FFFF> 1", "cidrange")), Infinity)).toBe(65_536);
    // A range mapped to an array maps as many codes as the array holds.
    expect(cmapCodes(Buffer.from(wide("<0000> <FFFF> [<0041> <0042> (c)]")), Infinity)).toBe(3);
    expect(
      cmapCodes(
        Buffer.from(
          cmap([
            ["bfchar", ["<01> <0041>", "<02> (b)"]],
            ["cidchar", ["<03> 7"]],
          ]),
        ),
        Infinity,
      ),
    ).toBe(3);
    // A range whose end is below its start maps nothing; comments are skipped.
    expect(cmapCodes(Buffer.from(wide("<FFFF> <0000> <0041> % <0000> <FFFF> <0041>")), Infinity)).toBe(0);

    const headless = wide("<00000000> <00FFFFFE> <0041>");
    expect(await pastDecodeLimits(pdfWithCMaps([headless]))).toBe("cmap");
    const literal = wide(String.raw`(\000\000\000\000) (\000\377\377\376) <0041>`);
    expect(await pastDecodeLimits(pdfWithCMaps([literal]))).toBe("cmap");
    expect(await pastDecodeLimits(pdfWithCMaps([{ filter: "/LZWDecode", data: lzwLiterals(Buffer.from(bomb)) }]))).toBe("cmap");
    expect(await pastDecodeLimits(pdfWithCMaps([{ filter: "/RunLengthDecode", data: runLiterals(Buffer.from(bomb)) }]))).toBe("cmap");
  });

  it("bounds the codes of all the file's CMaps together, each within its own bound", async () => {
    const full = cmap([["bfrange", ["<0000> <FFFF> <0000>"]]]);
    expect(await pastDecodeLimits(pdfWithCMaps([full]))).toBeNull();
    const fonts = Math.floor(CMAP_LIMITS.codesPerFile / 65_536);
    expect(await pastDecodeLimits(pdfWithCMaps(Array.from({ length: fonts }, () => full)))).toBeNull();
    expect(await pastDecodeLimits(pdfWithCMaps(Array.from({ length: fonts + 1 }, () => full)))).toBe("cmap");
  });

  it("reads a file whose font maps its codes as a real font does", async () => {
    expect(cmapCodes(Buffer.from(font), Infinity)).toBe(95 + 3);
    expect(await pastDecodeLimits(pdfWithCMaps([font]))).toBeNull();
    const read = await readPdf(pdfWithCMaps([font]));
    expect(read).toMatchObject({ kind: "ok" });
    expect(read.kind === "ok" && read.pages.flat().map((line) => line.text)).toEqual(["Tomato soup"]);
  });
});
