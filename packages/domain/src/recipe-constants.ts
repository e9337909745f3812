/** The recipe form's defaults (spec sections 5 and 9). */
export const RECIPE_DEFAULTS = {
  prepTime: 30,
  cookTime: 30,
  servings: 4,
  difficulty: "Medium",
  cuisineType: "Other",
} as const;

/** The most a recipe may hold (checked by recipeInput, recipe-input.ts). */
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
