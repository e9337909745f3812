import type { PdfLine } from "./pdf-lines";
import type { ExtractedRecipe } from "../recipe-draft";

export type { PdfLine } from "./pdf-lines";

/** A refusal of the file, with the HTTP status the route answers and a message a person can act on. */
export interface PdfRefusal {
  kind: "refused";
  status: 400 | 413 | 422 | 503;
  message: string;
}

/** A PDF's text as lines in reading order, a page an array; or why the file was refused. */
export type PdfText = { kind: "ok"; pages: PdfLine[][] } | PdfRefusal;

/**
 * What an import takes from a PDF, all of it worked out in the worker: its recipes, finished as the form takes them
 * (no image: a PDF has no page to resolve links against), and its text for a model, cut like a page's.
 */
export type PdfImport = { kind: "ok"; recipes: ExtractedRecipe[]; text: string } | PdfRefusal;

/** What the reader sends the worker: the file's bytes (transferred, not copied), and whether to find its recipes. */
export interface PdfJob {
  bytes: ArrayBuffer;
  recipes: boolean;
}

export const PDF_LIMITS = {
  /** Larger uploads are refused with 413 before reading. */
  bytes: 20 * 1024 * 1024,
  pages: 300,
  /**
   * A page's width and height, in points, as the page is read (its CropBox within its MediaBox): from 3 to 14,400, the
   * PDF specification's own bounds on a page (Annex C; 14,400 points is 200 inches, larger than any paper a recipe is
   * printed on). Past them a page's text lands on coordinates that mean nothing (at 1e30 points every line of the page
   * falls on one row), so the file is refused with the reason rather than read as no recipes.
   */
  pagePointsMin: 3,
  pagePointsMax: 14_400,
  /** How long one file may take to read; a file that takes longer is refused and its worker stopped. */
  timeoutMs: 20_000,
  /** Drawing operators of one page, and of the whole file (a dense cookbook page draws a few thousand). */
  operatorsPerPage: 100_000,
  operatorsPerFile: 1_000_000,
  /** Pieces of text on one page. */
  textItemsPerPage: 50_000,
  /** Recipes in one import: one a page of the longest file read, more than a large cookbook holds (100 to 250). */
  recipes: 300,
  /** Letters of the file's text handed to a model when its layout shows no recipe. */
  modelText: 32_000,
};

const refusal = (status: PdfRefusal["status"], message: string): PdfRefusal => ({ kind: "refused", status, message });

export const REFUSALS = {
  notPdf: refusal(400, "Please select a PDF file"),
  tooLarge: refusal(413, "This PDF is larger than 20 MB. Please choose a smaller file."),
  tooManyPages: refusal(400, `This PDF has more than ${PDF_LIMITS.pages} pages. Please split it into smaller files.`),
  impossiblePageSize: refusal(
    400,
    "This PDF's pages have an impossible size, so Kim can't read it. Please save or print it as a PDF again and try that file.",
  ),
  encrypted: refusal(400, "This PDF is password-protected (encrypted). Please remove the password and try again."),
  broken: refusal(400, "This PDF could not be read: the file is damaged or incomplete."),
  tooSlow: refusal(400, "This PDF took too long to read. Please try a smaller or simpler file."),
  tooComplex: refusal(
    422,
    "This PDF holds more than Kim can read in one file (too much packed data or drawing). Please try a smaller or simpler file.",
  ),
  pageTooComplex: refusal(
    422,
    "A page of this PDF holds more than Kim can read at once (too many or too large pictures, fonts or packed data). Please try a smaller or simpler file.",
  ),
  tooManyRecipes: refusal(
    422,
    `This PDF holds more than ${PDF_LIMITS.recipes} recipes. Please split it into files of up to ${PDF_LIMITS.recipes} recipes.`,
  ),
  busy: refusal(503, "Kim is reading other PDFs right now. Please try again in a minute."),
  noText: refusal(
    422,
    "This PDF has no selectable text (it looks like a scan or photos of pages). Please use a PDF with text, or type the recipe in.",
  ),
} satisfies Record<string, PdfRefusal>;
