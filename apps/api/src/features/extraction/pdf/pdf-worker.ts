/**
 * The PDF worker thread: reads one file a message with pdf.js (eval off, no fonts drawn, nothing fetched) and answers
 * with its lines in reading order, or why it refuses the file. Started by pdf-reader.ts, which caps its time.
 */
import { parentPort } from "node:worker_threads";
import { getDocument, type PDFDocumentProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import type { TextItem } from "pdfjs-dist/types/src/display/api";
import { linesOfPage, type PdfItem, type PdfLine } from "./pdf-lines";
import { pastDecodeLimits } from "./pdf-streams";
import { recipesFromPdf } from "./pdf-recipes";
import { finishDraft } from "../recipe-draft";
import { PDF_LIMITS, REFUSALS, type PdfImport, type PdfJob, type PdfText } from "./pdf-text";

const BOLD_NAME = /bold|black|heavy|semibold|demibold|extrabold|ultrabold|[-,]bd\b|-sb\b/i;
const ITALIC_NAME = /italic|oblique|[-,]it\b/i;

interface FontInfo {
  name?: string;
  bold?: boolean;
  black?: boolean;
  italic?: boolean;
}

/** Thrown from a page past a bound: the whole file is refused. */
class TooComplex extends Error {}

export async function readPdfBytes(bytes: Uint8Array): Promise<PdfText> {
  // Before pdf.js: what it would decode is held outside the heap cap, so its size is measured first.
  const past = await pastDecodeLimits(bytes);
  if (past) return past === "page" ? REFUSALS.pageTooComplex : REFUSALS.tooComplex;
  let doc: PDFDocumentProxy;
  try {
    doc = await getDocument({
      data: bytes,
      isEvalSupported: false,
      disableFontFace: true,
      useSystemFonts: false,
      useWorkerFetch: false,
      isOffscreenCanvasSupported: false,
      stopAtErrors: false,
      verbosity: 0,
    }).promise;
  } catch (error) {
    return (error as { name?: unknown } | null)?.name === "PasswordException" ? REFUSALS.encrypted : REFUSALS.broken;
  }
  try {
    if (doc.numPages > PDF_LIMITS.pages) return REFUSALS.tooManyPages;
    if (await anyPageOfImpossibleSize(doc)) return REFUSALS.impossiblePageSize;
    const pages: PdfLine[][] = [];
    let letters = 0;
    let failed = 0;
    const operators = { left: PDF_LIMITS.operatorsPerFile };
    for (let number = 1; number <= doc.numPages; number++) {
      try {
        const lines = await pageLines(doc, number, operators);
        letters += lines.reduce((sum, line) => sum + line.text.length, 0);
        pages.push(lines);
      } catch (error) {
        if (error instanceof TooComplex) return REFUSALS.tooComplex;
        failed += 1;
        pages.push([]);
      }
    }
    if (failed === doc.numPages) return REFUSALS.broken;
    if (letters === 0) return REFUSALS.noText;
    return { kind: "ok", pages };
  } catch {
    return REFUSALS.broken;
  } finally {
    await doc.destroy();
  }
}

/**
 * Whether a page is read at a size no page has (PDF_LIMITS.pagePointsMin and pagePointsMax): each page's dictionary is
 * loaded, its content not yet. The size is pdf.js's view, the one the text is placed in: the MediaBox (the page's own or
 * its page tree's; a US Letter page when it has no area), cut to the CropBox. /UserUnit only scales printing, which Kim
 * never does. A page pdf.js cannot load is left to the reading, which counts it as failed.
 */
async function anyPageOfImpossibleSize(doc: PDFDocumentProxy): Promise<boolean> {
  for (let number = 1; number <= doc.numPages; number++) {
    const view = await doc.getPage(number).then(
      (page) => page.view,
      () => null,
    );
    if (!view) continue;
    const [left = 0, bottom = 0, right = 0, top = 0] = view;
    const possible = (points: number) => points >= PDF_LIMITS.pagePointsMin && points <= PDF_LIMITS.pagePointsMax;
    // NaN and Infinity are no size either: both comparisons fail.
    if (!possible(right - left) || !possible(top - bottom)) return true;
  }
  return false;
}

async function pageLines(doc: PDFDocumentProxy, number: number, operators: { left: number }): Promise<PdfLine[]> {
  const page = await doc.getPage(number);
  const [, , width, height] = page.view as [number, number, number, number];
  const content = await page.getTextContent();
  if (content.items.length > PDF_LIMITS.textItemsPerPage) throw new TooComplex();
  const textItems = content.items.filter((item): item is TextItem => "str" in item && item.str.trim() !== "");
  if (textItems.length === 0) {
    page.cleanup();
    return [];
  }
  // The text layer names fonts only by an id; the font's own name (and its bold flag) arrive with the drawing
  // operators, so those are read too (pictures are decoded then, which is what costs most on picture-heavy pages).
  const drawn = (await page.getOperatorList()).fnArray.length;
  operators.left -= drawn;
  if (drawn > PDF_LIMITS.operatorsPerPage || operators.left < 0) throw new TooComplex();
  const fonts = new Map<string, FontInfo>();
  const fontOf = (id: string): FontInfo => {
    let font = fonts.get(id);
    if (!font) {
      try {
        font = (page.commonObjs.get(id) as FontInfo | null) ?? {};
      } catch {
        font = {};
      }
      fonts.set(id, font);
    }
    return font;
  };
  const viewTop = page.view[3] ?? height;
  const items: PdfItem[] = [];
  for (const item of textItems) {
    const [a, b, c, d, e, f] = item.transform as [number, number, number, number, number, number];
    // Upright text only: rotated pieces (a stamp, a spine) are not part of the reading.
    if (Math.abs(b) > 0.01 || Math.abs(c) > 0.01 || a <= 0 || d <= 0) continue;
    const font = fontOf(item.fontName);
    const name = font.name ?? "";
    items.push({
      text: item.str,
      x: e - page.view[0]!,
      y: viewTop - f,
      width: item.width,
      size: d,
      bold: Boolean(font.bold || font.black) || BOLD_NAME.test(name),
      italic: Boolean(font.italic) || ITALIC_NAME.test(name),
    });
  }
  const lines = linesOfPage(items, number, width - page.view[0]!, height - page.view[1]!);
  page.cleanup();
  return lines;
}

/**
 * The recipes of a file's lines, found here too, so the main thread gets at most PDF_LIMITS.recipes finished ones and
 * the model's text rather than every line of 300 pages.
 */
export function importOf(pages: PdfLine[][]): PdfImport {
  const drafts = recipesFromPdf(pages);
  if (drafts.length > PDF_LIMITS.recipes) return REFUSALS.tooManyRecipes;
  let text = "";
  for (const line of pages.flat()) {
    if (text.length >= PDF_LIMITS.modelText) break;
    text += (text === "" ? "" : "\n") + line.text;
  }
  // finishDraft resolves image links against a page; a PDF has none, and its recipes have no image.
  return { kind: "ok", recipes: drafts.map((draft) => finishDraft(draft, "about:blank")), text: text.slice(0, PDF_LIMITS.modelText) };
}

parentPort?.on("message", (job: PdfJob) => {
  readPdfBytes(new Uint8Array(job.bytes))
    .then((text) => (job.recipes && text.kind === "ok" ? importOf(text.pages) : text))
    .then(
      (answer) => parentPort?.postMessage(answer),
      () => parentPort?.postMessage(REFUSALS.broken),
    );
});
