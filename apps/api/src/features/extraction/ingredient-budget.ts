import { setImmediate as nextTurn } from "node:timers/promises";
import { ANSWER_INGREDIENTS, recipeIngredientFromLine, type RecipeIngredient } from "@kim/domain";
import type { ExtractedRecipe } from "./recipe-draft";

/**
 * Lines parsed before the thread turns to other requests: an answer at ANSWER_INGREDIENTS's 4,000 lines held it for
 * 150 to 360 ms in one go.
 */
export const LINES_A_TURN = 250;

/**
 * The recipes with something to cook from that fit ANSWER_INGREDIENTS, each ingredient line parsed (LINES_A_TURN at a
 * time, so other requests are served between), and how many were left out past it.
 */
export async function parsedWithinBudget(
  recipes: ExtractedRecipe[],
): Promise<{ recipes: (Omit<ExtractedRecipe, "ingredients"> & { ingredients: RecipeIngredient[] })[]; leftOut: number }> {
  const usable = recipes.filter((r) => r.ingredients.length > 0 || r.instructions !== "");
  const kept = withinIngredientBudget(usable);
  const parsed = [];
  let lines = 0;
  for (const recipe of kept) {
    const ingredients: RecipeIngredient[] = [];
    for (const line of recipe.ingredients) {
      if (++lines % LINES_A_TURN === 0) await nextTurn();
      ingredients.push(recipeIngredientFromLine(line));
    }
    parsed.push({ ...recipe, ingredients });
  }
  return { recipes: parsed, leftOut: usable.length - kept.length };
}

/**
 * The recipes, in order, whose ingredient lines fit ANSWER_INGREDIENTS, counted before any is parsed: the recipes past
 * it are left out, as a page's recipes past its first 100 are. Each recipe counts its own lines, a list it shares
 * with others too: the answer carries every recipe's copy.
 */
function withinIngredientBudget(recipes: ExtractedRecipe[]): ExtractedRecipe[] {
  let lines = 0;
  let characters = 0;
  const kept: ExtractedRecipe[] = [];
  for (const recipe of recipes) {
    lines += recipe.ingredients.length;
    for (const line of recipe.ingredients) characters += line.length;
    if (lines > ANSWER_INGREDIENTS.lines || characters > ANSWER_INGREDIENTS.characters) break;
    kept.push(recipe);
  }
  return kept;
}
