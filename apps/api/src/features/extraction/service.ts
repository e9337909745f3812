import { AI_SERVICE_TIMED_OUT, AI_SERVICE_UNAVAILABLE, type RecipeIngredient } from "@kim/domain";
import { TRPCError } from "@trpc/server";
import { appError } from "../../lib/errors";
import type { PendingUpload } from "../../lib/rest";
import { refund, spend, type Limit } from "../../lib/rate-limit";
import type { Context } from "../../trpc/context";
import { readHtml } from "./html/html-reader";
import { parsedWithinBudget } from "./ingredient-budget";
import { importPdf, type PdfImport } from "./pdf/pdf-reader";
import { finishDraft, type ExtractedRecipe } from "./recipe-draft";
import { recipesFromModel, type ModelAnswer } from "./model/recipe-model";

/**
 * A recipe as the recipe form takes it: each ingredient parsed, with the line as printed kept as `original`;
 * `sourceUrl` is the page's, null for a PDF.
 */
export type ImportedRecipe = Omit<ExtractedRecipe, "ingredients" | "sourceUrl"> & {
  ingredients: RecipeIngredient[];
  sourceUrl: string | null;
};

export interface Extraction {
  recipes: ImportedRecipe[];
  count: number;
  /** Recipes found but left out past ANSWER_INGREDIENTS (the dialog says so: `recipesLeftOut`). */
  leftOut: number;
}

const HOUR = 60 * 60 * 1000;
/** Enough for a cook importing a batch of favourites at once; each import may fetch a page and call a model. */
export const LIMITS = { importsPerUser: { max: 60, windowMs: HOUR } } satisfies Record<string, Limit>;
const TOO_MANY = "Too many recipe imports.";
/**
 * Imports one person may have running at once in this process: the readers' workers and places in their queues are
 * few and shared by everyone, so one person's batch of slow pages must not take them all.
 */
export const IMPORTS_AT_ONCE = 2;
// A client that hung up stops its fetch and model call at once, but a read already in a worker runs out its short cap.
const WAIT_FOR_OTHERS = "An import you started is still finishing; try again in a few seconds.";
const running = new Map<string, number>();

/** Runs one import of `userId`'s, or refuses (429) while they have IMPORTS_AT_ONCE running. */
async function oneOfFew<T>(userId: string, work: () => Promise<T>): Promise<T> {
  const now = running.get(userId) ?? 0;
  if (now >= IMPORTS_AT_ONCE) throw appError("TOO_MANY_REQUESTS", WAIT_FOR_OTHERS);
  running.set(userId, now + 1);
  try {
    return await work();
  } finally {
    const left = (running.get(userId) ?? 1) - 1;
    if (left > 0) running.set(userId, left);
    else running.delete(userId);
  }
}

function modelFailure(answer: Extract<ModelAnswer, { kind: "unavailable" }>): TRPCError {
  return answer.reason === "timeout"
    ? new TRPCError({ code: "GATEWAY_TIMEOUT", message: AI_SERVICE_TIMED_OUT })
    : new TRPCError({ code: "BAD_GATEWAY", message: AI_SERVICE_UNAVAILABLE });
}

/** The answer: the recipes with something to cook from, each ingredient parsed. */
async function extraction(recipes: ExtractedRecipe[], sourceUrl: string | null): Promise<Extraction> {
  const parsed = await parsedWithinBudget(recipes);
  const imported = parsed.recipes.map((r) => ({ ...r, sourceUrl }));
  return { recipes: imported, count: imported.length, leftOut: parsed.leftOut };
}

/**
 * Stops an import whose client hung up (its fetch or model call was aborted): 499, as nobody reads the answer, rather
 * than the 502 the aborted call looks like, which would log the site or the model as failing.
 */
function unlessHungUp(ctx: Context): void {
  if (ctx.http.signal.aborted) throw appError("CLIENT_CLOSED_REQUEST", "The client closed the request");
}

/** The recipes a model (when one is set up) reads in a text whose structure showed none. */
async function recipesFromText(ctx: Context, text: string, sourceUrl: string): Promise<ExtractedRecipe[]> {
  if (!ctx.clients.model) return [];
  const answer = await recipesFromModel(ctx.clients.model, text, ctx.http.signal);
  unlessHungUp(ctx);
  if (answer.kind === "unavailable") throw modelFailure(answer);
  return answer.drafts.map((draft) => ({ ...finishDraft(draft, sourceUrl), isAiExtracted: true }));
}

const importKey = (userId: string) => `extraction:user:${userId}`;
const spendImport = (ctx: Context, userId: string) =>
  spend(ctx, { key: importKey(userId), limit: LIMITS.importsPerUser, refusal: TOO_MANY });

/** A reader too busy to take the import (503) gives the import back: the cook did nothing wrong. */
async function refuseRead(ctx: Context, userId: string, status: keyof typeof READ_STATUS, message: string): Promise<never> {
  if (status === 503) await refund(ctx.db, importKey(userId));
  throw appError(READ_STATUS[status], message);
}

/** The recipes on the web page at `url`: read from its structure, or, when that finds none and a model is set up, by the model. */
export function extractFromUrl(ctx: Context, userId: string, url: string): Promise<Extraction> {
  return oneOfFew(userId, () => readUrl(ctx, userId, url));
}

async function readUrl(ctx: Context, userId: string, url: string): Promise<Extraction> {
  await spendImport(ctx, userId);
  const page = await ctx.clients.fetchPage(url, ctx.http.signal);
  unlessHungUp(ctx);
  if (page.kind === "refused") throw appError("BAD_REQUEST", page.message);
  if (page.kind === "failed") {
    const code = page.timedOut ? "GATEWAY_TIMEOUT" : "BAD_GATEWAY";
    // The cook reads the message; the system's error code under it (ENOTFOUND, ...) is its cause, for the log.
    throw new TRPCError({ code, message: page.message, cause: page.detail ? new Error(page.detail) : undefined });
  }

  // Read in a worker, so a big or hostile page holds up no other request.
  const read = await readHtml(page.html, page.url, { wantText: ctx.clients.model !== null });
  if (read.kind === "refused") return refuseRead(ctx, userId, read.status, read.message);
  return extraction(read.recipes.length > 0 ? read.recipes : await recipesFromText(ctx, read.text, page.url), page.url);
}

const NO_FILE = "Please select a PDF file";
const READ_STATUS = { 400: "BAD_REQUEST", 413: "PAYLOAD_TOO_LARGE", 422: "UNPROCESSABLE_CONTENT", 503: "SERVICE_UNAVAILABLE" } as const;

/**
 * The recipes in an uploaded PDF: found by its layout (read in a worker), or by the model for a file where layout
 * finds none. The upload is read only after the import is counted, and held until its text is out.
 */
export function extractFromPdf(ctx: Context, userId: string, file: PendingUpload): Promise<Extraction> {
  return oneOfFew(userId, () => readPdfUpload(ctx, userId, file));
}

async function readPdfUpload(ctx: Context, userId: string, file: PendingUpload): Promise<Extraction> {
  await spendImport(ctx, userId);
  const upload = await file.read(userId);
  if (!upload) throw appError("BAD_REQUEST", NO_FILE);
  let pdf: PdfImport;
  try {
    pdf = await importPdf(upload.bytes);
  } finally {
    upload.release();
  }
  if (pdf.kind === "refused") return refuseRead(ctx, userId, pdf.status, pdf.message);
  const recipes = pdf.recipes.length > 0 ? pdf.recipes : await recipesFromText(ctx, pdf.text, "about:blank");
  return extraction(recipes, null);
}
