import { recipeIngredientFromLine, type RecipeIngredient } from "@kim/domain";
import { TRPCError } from "@trpc/server";
import { appError } from "../../lib/errors";
import { spend, type Limit } from "../../lib/rate-limit";
import type { Context } from "../../trpc/context";
import { extractRecipesFromHtml, type ExtractedRecipe } from "./html-recipes";
import { finishDraft } from "./recipe-draft";
import { pageText, type ModelAnswer } from "./recipe-model";

/** A recipe as the recipe form takes it: each ingredient parsed, with the line as printed kept as `original`. */
export type ImportedRecipe = Omit<ExtractedRecipe, "ingredients"> & { ingredients: RecipeIngredient[] };

export interface Extraction {
  recipes: ImportedRecipe[];
  count: number;
}

const HOUR = 60 * 60 * 1000;
/** Enough for a cook importing a batch of favourites at once; each import may fetch a page and call a model. */
export const LIMITS = { importsPerUser: { max: 60, windowMs: HOUR } } satisfies Record<string, Limit>;
const TOO_MANY = "Too many recipe imports.";

const imported = (recipe: ExtractedRecipe): ImportedRecipe => ({
  ...recipe,
  ingredients: recipe.ingredients.map(recipeIngredientFromLine),
});

function modelFailure(answer: Extract<ModelAnswer, { kind: "unavailable" }>): TRPCError {
  return answer.reason === "timeout"
    ? new TRPCError({ code: "GATEWAY_TIMEOUT", message: "The AI service did not answer in time. Try again later." })
    : new TRPCError({ code: "BAD_GATEWAY", message: "The AI service is unavailable right now. Try again later." });
}

/** The recipes on the web page at `url`: read from its structure, or, when that finds none and a model is set up, by the model. */
export async function extractFromUrl(ctx: Context, userId: string, url: string): Promise<Extraction> {
  await spend(ctx, { key: `extraction:user:${userId}`, limit: LIMITS.importsPerUser, refusal: TOO_MANY });
  const page = await ctx.clients.fetchPage(url);
  if (page.kind === "refused") throw appError("BAD_REQUEST", page.message);
  if (page.kind === "failed") throw new TRPCError({ code: page.timedOut ? "GATEWAY_TIMEOUT" : "BAD_GATEWAY", message: page.message });

  let recipes = extractRecipesFromHtml(page.html, page.url);
  if (recipes.length === 0 && ctx.clients.recipeModel) {
    const answer = await ctx.clients.recipeModel(pageText(page.html));
    if (answer.kind === "unavailable") throw modelFailure(answer);
    recipes = answer.drafts.map((draft) => ({ ...finishDraft(draft, page.url), isAiExtracted: true }));
  }
  const usable = recipes.filter((r) => r.ingredients.length > 0 || r.instructions !== "");
  return { recipes: usable.map(imported), count: usable.length };
}
