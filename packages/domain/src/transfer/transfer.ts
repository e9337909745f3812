import { z } from "zod";
import type { RecipeInput } from "../recipes/recipe-input";

/** Moving a collection in and out (decision 0039): the rules the API and the web app share. */

/** What to do with a recipe already in the collection (the same title and ingredients): skip it, or keep both. */
export const DUPLICATE_CHOICES = ["skip", "keep"] as const;
export type DuplicateChoice = (typeof DUPLICATE_CHOICES)[number];
export const duplicateChoice = z.enum(DUPLICATE_CHOICES, { error: "duplicates must be skip or keep" }).default("skip");

/**
 * What makes two recipes the same for an import: the title and the ingredients (name, amount, unit), letter case,
 * spacing and the ingredients' order aside.
 */
export function recipeFingerprint(recipe: Pick<RecipeInput, "title" | "ingredients">): string {
  const norm = (text: unknown) =>
    String(text ?? "")
      .trim()
      .replace(/\s+/g, " ")
      .toLowerCase();
  const ingredients = recipe.ingredients.map((i) => [norm(i.quantity), norm(i.unit), norm(i.name)].join("|")).sort();
  return [norm(recipe.title), ...ingredients].join("\n");
}

const isoMinutes = (minutes: number | null) => (minutes === null ? undefined : `PT${minutes}M`);

/** A recipe as schema.org JSON-LD, for other apps reading Kim's export (the ingredient lines as the cook has them). */
export function recipeJsonLd(recipe: RecipeInput & { createdAt?: string }, image?: string): Record<string, unknown> {
  const line = (i: RecipeInput["ingredients"][number]) => i.original ?? [i.quantity, i.unit, i.name].filter((p) => p !== "").join(" ");
  return {
    "@context": "https://schema.org",
    "@type": "Recipe",
    name: recipe.title,
    ...(recipe.description && { description: recipe.description }),
    ...((image ?? recipe.imageUrl) && { image: image ?? recipe.imageUrl }),
    ...(recipe.prepTime !== null && { prepTime: isoMinutes(recipe.prepTime) }),
    ...(recipe.cookTime !== null && { cookTime: isoMinutes(recipe.cookTime) }),
    recipeYield: String(recipe.servings),
    recipeCuisine: recipe.cuisineType,
    keywords: recipe.tags.join(", "),
    recipeIngredient: recipe.ingredients.map(line),
    recipeInstructions: recipe.instructions
      .split("\n")
      .map((step) => step.trim())
      .filter(Boolean)
      .map((text) => ({ "@type": "HowToStep", text })),
    ...(recipe.createdAt && { dateCreated: recipe.createdAt }),
  };
}
