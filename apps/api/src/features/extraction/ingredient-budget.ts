import type { ExtractedRecipe } from "./recipe-draft";

/**
 * The ingredient lines one import's answer parses, in all. They are parsed on the main thread, so a page whose 100
 * recipes shared one list of 300 long lines held every request up for seconds. A cookbook's worth fits (300 recipes
 * of 13 lines), and always one recipe of the most the form keeps (300 lines of 500 characters).
 */
export const ANSWER_INGREDIENTS = { lines: 4_000, characters: 200_000 } as const;

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
