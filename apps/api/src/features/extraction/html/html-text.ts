import type { ExtractedRecipe } from "../recipe-draft";

/** What the HTML reader sends its worker: the fetched page and its address (image links are resolved against it). */
export interface HtmlJob {
  html: string;
  pageUrl: string;
  /** Whether to send back the page's text for a model, should its markup show no recipe. */
  wantText: boolean;
}

/** A refusal of the page, with the HTTP status the route answers and a message a person can act on. */
export interface HtmlRefusal {
  kind: "refused";
  status: 422 | 503;
  message: string;
}

/** The recipes on a page, and its text (empty unless asked for and no recipe was found); or why it was refused. */
export type HtmlReading = { kind: "ok"; recipes: ExtractedRecipe[]; text: string } | HtmlRefusal;

export const HTML_LIMITS = {
  /**
   * How long one page may take to read: a 5 MB page (the most a fetch takes) reads in about a second; a page that
   * takes longer is refused and its worker stopped.
   */
  timeoutMs: 15_000,
  /** The heap of a worker: a 5 MB page's tree needs about a fifth of it. */
  memoryMb: 512,
  /** Pages that may wait for a worker (more imports at once than workers); past them, 503 at once. */
  queued: 8,
  /** How long a page may wait for a worker before 503: a page ahead may take the whole time cap. */
  waitMs: 15_000,
};

const refusal = (message: string, status: HtmlRefusal["status"] = 422): HtmlRefusal => ({ kind: "refused", status, message });

export const HTML_REFUSALS = {
  tooComplex: refusal("This page is too complex to read a recipe from. Please try another page, or type the recipe in."),
  broken: refusal("This page could not be read. Please try another page, or type the recipe in."),
  busy: refusal("Kim is reading many pages right now. Please try again in a minute.", 503),
} satisfies Record<string, HtmlRefusal>;
