/**
 * A recipe's fields, in the form's order: the one list the others derive from (the input schema, the recipes table's
 * type, the API's select lists and answers, the import's answer, the web's form and prefill link). A new field starts
 * here; the compiler then names each place that must handle it. This file imports nothing (no zod), so pages that
 * only read the fields, defaults or limits (the entry's prefill keys, cooking mode, the form before Save) don't load zod.
 */
export const RECIPE_FIELDS = [
  "title",
  "description",
  "imageUrl",
  "prepTime",
  "cookTime",
  "servings",
  "difficulty",
  "cuisineType",
  "ingredients",
  "instructions",
  "tags",
  "isAiExtracted",
] as const;
export type RecipeField = (typeof RECIPE_FIELDS)[number];

/** The recipe's fields but `left`, in the same order. */
export function recipeFieldsWithout<const Left extends RecipeField>(...left: Left[]): Exclude<RecipeField, Left>[] {
  return RECIPE_FIELDS.filter((field): field is Exclude<RecipeField, Left> => !left.some((l) => l === field));
}

/** What a recipe card needs: every field but the ingredients and instructions. */
// Pure: a bundle that never reads the list leaves out the call.
export const RECIPE_SUMMARY_FIELDS = /* @__PURE__ */ recipeFieldsWithout("ingredients", "instructions");
export type RecipeSummaryField = (typeof RECIPE_SUMMARY_FIELDS)[number];

/** The recipe form's defaults (spec sections 5 and 9). */
export const RECIPE_DEFAULTS = {
  prepTime: 30,
  cookTime: 30,
  servings: 4,
  difficulty: "Medium",
  cuisineType: "Other",
} as const;

/** The most a recipe may hold (recipeInput checks them). */
export const RECIPE_LIMITS = {
  title: 200,
  description: 5_000,
  imageUrl: 2_000,
  minutes: 10_080,
  servings: 1_000,
  ingredients: 300,
  instructions: 50_000,
  tags: 30,
  tag: 50,
} as const;
