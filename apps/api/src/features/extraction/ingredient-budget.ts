import { ANSWER_INGREDIENTS } from "@kim/domain";
import type { ExtractedRecipe } from "./recipe-draft";

/**
 * The recipes, in order, whose ingredient lines fit ANSWER_INGREDIENTS, counted before any is parsed: the recipes past
 * it are left out, as a page's recipes past its first 100 are. Each recipe counts its own lines, a list it shares
 * with others too: the answer carries every recipe's copy.
 */
export function withinIngredientBudget(recipes: ExtractedRecipe[]): ExtractedRecipe[] {
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
