import { describe, expect, it } from "vitest";
import { pdfOfObjects, recipePage } from "../../../testing/make-pdf";
import { importPdf, readPdf } from "./pdf-reader";
import { PDF_LIMITS, REFUSALS } from "./pdf-text";

const impossible = { kind: "refused", status: 400, message: REFUSALS.impossiblePageSize.message };

/**
 * A PDF of pages holding a recipe each, every page's dictionary given `entries` (its /MediaBox, /CropBox, /UserUnit)
 * and the page tree `tree`; the recipe's lines are drawn down from `top` points above the page's origin.
 */
function pdfOfBoxes(pages: string[], options: { tree?: string; top?: number } = {}): Buffer {
  const top = options.top ?? 842;
  const text = recipePage("Tomato soup", 1)
    .map(([x, y, size, line]) => `BT /F ${size} Tf ${x} ${top - y} Td (${line}) Tj ET`)
    .join("\n");
  return pdfOfObjects([
    "<< /Type /Catalog /Pages 2 0 R >>",
    `<< /Type /Pages /Kids [${pages.map((_, k) => `${5 + k} 0 R`).join(" ")}] /Count ${pages.length} ${options.tree ?? ""} >>`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    ...pages.map((entries) => `<< /Type /Page /Parent 2 0 R ${entries} /Resources << /Font << /F 3 0 R >> >> /Contents 4 0 R >>`),
  ]);
}

const titles = async (bytes: Buffer) => {
  const answer = await importPdf(bytes);
  return answer.kind === "ok" ? answer.recipes.map((recipe) => recipe.title) : answer;
};

describe("the size of a PDF's pages", () => {
  it("refuses a page 1e30 points wide with 400 and the reason, where it answered no recipes", async () => {
    // Every line of the page fell on one row 1e30 points down, so the file read as text with no recipe in it.
    expect(await importPdf(pdfOfBoxes(["/MediaBox [0 0 1e30 1e30]"]))).toEqual(impossible);
    expect(await readPdf(pdfOfBoxes(["/MediaBox [0 0 1e30 1e30]"]))).toEqual(impossible);
  });

  it("refuses a page past 14,400 points (200 inches) a side, or of no finite size, and reads one at the bound", async () => {
    const max = PDF_LIMITS.pagePointsMax;
    expect(await readPdf(pdfOfBoxes(["/MediaBox [0 0 1000000 1000000]"]))).toEqual(impossible);
    expect(await readPdf(pdfOfBoxes([`/MediaBox [0 0 ${max + 1} 842]`]))).toEqual(impossible);
    expect(await readPdf(pdfOfBoxes([`/MediaBox [0 0 595 ${max + 1}]`], { top: max + 1 }))).toEqual(impossible);
    // A number too large for a double reads as Infinity, and the page's lines as NaN points down.
    expect(await readPdf(pdfOfBoxes(["/MediaBox [0 0 1e400 1e400]"]))).toEqual(impossible);
    // Negative corners are a page too: [-1e30 -1e30 0 0] is as wide as [0 0 1e30 1e30].
    expect(await readPdf(pdfOfBoxes(["/MediaBox [-1e30 -1e30 0 0]"]))).toEqual(impossible);
    // At the bound, and whatever /UserUnit says (it scales printing, which Kim never does), the recipe is read.
    expect(await titles(pdfOfBoxes([`/MediaBox [0 0 ${max} ${max}]`], { top: max }))).toEqual(["Tomato soup"]);
    expect(await titles(pdfOfBoxes(["/MediaBox [0 0 595 842] /UserUnit 1e30"]))).toEqual(["Tomato soup"]);
  });

  it("refuses a page under 3 points a side, which answered that the file has no text", async () => {
    expect(await readPdf(pdfOfBoxes(["/MediaBox [0 0 0.001 0.001]"]))).toEqual(impossible);
    expect(await readPdf(pdfOfBoxes([`/MediaBox [0 0 ${PDF_LIMITS.pagePointsMin - 1} 842]`]))).toEqual(impossible);
    // pdf.js reads a page of no area at all (or of NaN points) as a US Letter page, and so does Kim.
    expect(await titles(pdfOfBoxes(["/MediaBox [0 0 0 0]"], { top: 792 }))).toEqual(["Tomato soup"]);
    expect(await titles(pdfOfBoxes(["/MediaBox [0 0 0e999 0e999]"], { top: 792 }))).toEqual(["Tomato soup"]);
  });

  it("bounds the size a page is read at: a MediaBox from the page tree, a CropBox within the MediaBox, any page", async () => {
    expect(await readPdf(pdfOfBoxes([""], { tree: "/MediaBox [0 0 1e30 1e30]" }))).toEqual(impossible);
    expect(await readPdf(pdfOfBoxes(["/MediaBox [0 0 1e30 1e30] /CropBox [0 0 1e20 1e20]"]))).toEqual(impossible);
    // The third page is refused before the first is read.
    expect(await readPdf(pdfOfBoxes(["/MediaBox [0 0 595 842]", "/MediaBox [0 0 595 842]", "/MediaBox [0 0 1e30 842]"]))).toEqual(
      impossible,
    );
    // A page's own box stands over the tree's; a sane CropBox is the page read, whatever the MediaBox around it; an
    // absurd CropBox is cut to the MediaBox.
    expect(await titles(pdfOfBoxes(["/MediaBox [0 0 595 842]"], { tree: "/MediaBox [0 0 1e30 1e30]" }))).toEqual(["Tomato soup"]);
    expect(await titles(pdfOfBoxes(["/MediaBox [0 0 1e30 1e30] /CropBox [0 0 595 842]"]))).toEqual(["Tomato soup"]);
    expect(await titles(pdfOfBoxes(["/MediaBox [0 0 595 842] /CropBox [0 0 1e30 1e30]"]))).toEqual(["Tomato soup"]);
  });
});
