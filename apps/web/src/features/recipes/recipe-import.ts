import {
  extractionOrigin,
  recipeFieldsWithout,
  recipeInput,
  type ExtractionOrigin,
  type ExtractionSource,
  type RecipeInput,
} from "@kim/domain";
import type { RouterOutputs } from "../../lib/trpc";
import { ingredientInput, jsonList, prefilledForm, recipeInputFromForm, type RecipePrefill } from "./recipe-form-values";

/** One recipe an import read, as extraction answers it. */
export type ImportedRecipe = RouterOutputs["extraction"]["fromUrl"]["recipes"][number];

/** The recipe fields of an import, as recipes.create takes them (the page's address is not a recipe field). */
export function importedRecipeFields({ sourceUrl: _source, ...recipe }: ImportedRecipe) {
  return recipe;
}

/** The import as recipes.create would save it, or null when it lacks what a recipe needs (ingredients, steps). */
export function savableImport(recipe: ImportedRecipe): RecipeInput | null {
  const parsed = recipeInput.safeParse(importedRecipeFields(recipe));
  return parsed.success ? parsed.data : null;
}

/** Where an import read its recipes. */
export type ImportSource = ExtractionSource;

/**
 * The search parameters that open the recipe form prefilled with an import. A time the page did not give is sent
 * blank, so the form shows none rather than its default of 30 minutes; `sourceUrl` (a web page's) or `source=pdf`
 * marks the prefill as an import's.
 */
export function prefillFromImport(recipe: ImportedRecipe, source: ImportSource = "url"): RecipePrefill {
  return {
    title: recipe.title,
    ...(recipe.description ? { description: recipe.description } : {}),
    ...(recipe.imageUrl ? { imageUrl: recipe.imageUrl } : {}),
    prepTime: recipe.prepTime ?? "",
    cookTime: recipe.cookTime ?? "",
    servings: recipe.servings,
    difficulty: recipe.difficulty,
    cuisineType: recipe.cuisineType,
    ingredients: recipe.ingredients,
    instructions: recipe.instructions,
    tags: recipe.tags,
    isAiExtracted: recipe.isAiExtracted,
    ...(source === "pdf" ? { source } : { sourceUrl: recipe.sourceUrl }),
  };
}

/** The prefill's field names as prefilledForm reports a value it could not read. */
const UNREADABLE_NAME: Partial<Record<keyof RecipePrefill, string>> = { cuisineType: "cuisine" };

/** The fields read back from the link as the form reads them; the ingredients are read as the form's rows (below). */
const ORIGINAL_FIELDS = recipeFieldsWithout("ingredients");

/**
 * When the form was opened from an import (the link has `sourceUrl`, or `source=pdf` for a PDF, which has no
 * address), what the import read, worked out from the link itself so a reload of the same link still knows it: each
 * field the link gave, read as the form reads it, so a field the cook left alone compares equal when saved. Undefined
 * for a plain form, or a link too broken to be an import's.
 */
export function extractionFromPrefill(prefill: RecipePrefill): ExtractionOrigin | undefined {
  const fromPdf = prefill.source === "pdf";
  const sourceUrl = fromPdf ? null : prefill.sourceUrl;
  if (!fromPdf && (typeof sourceUrl !== "string" || sourceUrl.trim() === "")) return undefined;
  const { values, unreadable } = prefilledForm(prefill);
  const read = recipeInputFromForm(values);
  const original: Record<string, unknown> = {};
  for (const field of ORIGINAL_FIELDS) {
    if (prefill[field] !== undefined && !unreadable.includes(UNREADABLE_NAME[field] ?? field)) original[field] = read[field];
  }
  if (prefill.ingredients !== undefined && !unreadable.includes("ingredients")) {
    // An import may have found no ingredients; the form then shows one empty row, which is not what was read.
    const listed = jsonList(prefill.ingredients)?.length ?? 0;
    original.ingredients = listed === 0 ? [] : values.ingredients.map(ingredientInput);
  }
  const parsed = extractionOrigin.safeParse({ sourceType: fromPdf ? "pdf" : "url", sourceUrl, originalExtraction: original });
  return parsed.success ? parsed.data : undefined;
}

/** An http(s) address, for a link the page may draw; anything else (javascript:, data:) is never a link. */
export function webAddress(value: string): URL | null {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url : null;
  } catch {
    return null;
  }
}
