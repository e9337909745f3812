import { z } from "zod";
import { MAX_QUANTITY } from "./inventory";
import { storableText } from "./text";

/** One line of a recipe's ingredients, as kept in the recipes.ingredients jsonb column. */
export const recipeIngredientSchema = z.object({
  name: storableText("Ingredient name")
    .trim()
    .min(1, "Ingredient name is required")
    .max(200, "Ingredient name must be at most 200 characters"),
  // A number when the line gives one; otherwise the words as written ("a pinch", "1-2").
  quantity: z.union(
    [
      z.number().min(0, "Quantity must be 0 or more").max(MAX_QUANTITY, "Quantity must be at most 1,000,000"),
      storableText("Quantity").trim().max(30, "Quantity must be at most 30 characters"),
    ],
    { error: "Quantity must be a number or a short text" },
  ),
  unit: storableText("Unit").trim().max(30, "Unit must be at most 30 characters"),
  /** The line as the source wrote it, kept when it was parsed into the fields above. */
  original: storableText("Original line").trim().max(500, "Original line must be at most 500 characters").optional(),
});

export type RecipeIngredient = z.infer<typeof recipeIngredientSchema>;
