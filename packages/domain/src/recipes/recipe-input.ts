import { z } from "zod";
import { CUISINES, DIFFICULTIES } from "../shared/enums";
import { MAX_QUANTITY, parseQuantity } from "../shared/quantities";
import { storableText } from "../shared/text";
import { RECIPE_DEFAULTS, RECIPE_LIMITS, recipeFieldsWithout, type RecipeField } from "./recipe-fields";

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
      storableText("Quantity")
        .trim()
        .max(30, "Quantity must be at most 30 characters")
        // "-1" would be kept as words that name no amount: a negative amount is a mistake, as it is as a number.
        .refine((text) => !/^[-–—]\s*\d/.test(text), "Quantity must be 0 or more")
        // Words that read as an amount are held to the bound a number is ("99999999999999999999999").
        .refine((text) => !((amountOf(text) ?? 0) > MAX_QUANTITY), "Quantity must be at most 1,000,000"),
    ],
    { error: "Quantity must be a number or a short text" },
  ),
  unit: storableText("Unit").trim().max(30, "Unit must be at most 30 characters"),
  /** The line as the source wrote it, kept when it was parsed into the fields above. */
  original: storableText("Original line").trim().max(500, "Original line must be at most 500 characters").optional(),
});

function amountOf(text: string): number | undefined {
  const amount = parseQuantity(text);
  return amount ? (amount.upper ?? amount.value) : undefined;
}

export type RecipeIngredient = z.infer<typeof recipeIngredientSchema>;

const count = (n: number) => n.toLocaleString("en-US");

const minutes = (label: string) =>
  z
    .number({ error: `${label} must be a number of minutes` })
    .int(`${label} must be whole minutes`)
    .min(0, `${label} must be 0 or more`)
    .max(RECIPE_LIMITS.minutes, `${label} must be at most ${count(RECIPE_LIMITS.minutes)} minutes (a week)`)
    .nullable();

function isHttpsUrl(value: string): boolean {
  try {
    return new URL(value).protocol === "https:";
  } catch {
    return false;
  }
}

const imageUrl = storableText("Image URL")
  .trim()
  .max(RECIPE_LIMITS.imageUrl, `Image URL must be at most ${count(RECIPE_LIMITS.imageUrl)} characters`)
  .refine((value) => value === "" || isHttpsUrl(value), "Image URL must be an https:// address")
  .nullable()
  .transform((v) => (v ? v : null));

/**
 * A recipe's fields with no defaults: PATCH takes any of them, POST (below) fills what is missing. Each field has
 * its own message, naming the field, so a form can show it beside the input.
 */
const recipeFields = z.object({
  title: storableText("Title")
    .trim()
    .min(1, "Title is required")
    .max(RECIPE_LIMITS.title, `Title must be at most ${RECIPE_LIMITS.title} characters`),
  description: storableText("Description")
    .trim()
    .max(RECIPE_LIMITS.description, `Description must be at most ${count(RECIPE_LIMITS.description)} characters`)
    .nullable()
    .transform((v) => (v ? v : null)),
  imageUrl,
  prepTime: minutes("Prep time"),
  cookTime: minutes("Cook time"),
  servings: z
    .number({ error: "Servings must be a number" })
    .int("Servings must be a whole number")
    .min(1, "Servings must be at least 1")
    .max(RECIPE_LIMITS.servings, `Servings must be at most ${count(RECIPE_LIMITS.servings)}`),
  difficulty: z.enum(DIFFICULTIES, { error: `Difficulty must be one of ${DIFFICULTIES.join(", ")}` }),
  cuisineType: z.enum(CUISINES, { error: `Cuisine must be one of ${CUISINES.join(", ")}` }),
  ingredients: z
    .array(recipeIngredientSchema, { error: "Ingredients must be a list" })
    .min(1, "Add at least one ingredient")
    .max(RECIPE_LIMITS.ingredients, `A recipe can have at most ${RECIPE_LIMITS.ingredients} ingredients`),
  instructions: storableText("Instructions")
    .max(RECIPE_LIMITS.instructions, `Instructions must be at most ${count(RECIPE_LIMITS.instructions)} characters`)
    .refine((value) => value.trim() !== "", "Instructions are required"),
  tags: z
    .array(
      storableText("Tag")
        .trim()
        .min(1, "A tag can't be empty")
        .max(RECIPE_LIMITS.tag, `A tag must be at most ${RECIPE_LIMITS.tag} characters`),
      {
        error: "Tags must be a list",
      },
    )
    .max(RECIPE_LIMITS.tags, `A recipe can have at most ${RECIPE_LIMITS.tags} tags`)
    .nullable()
    .transform((tags) => [...new Set(tags ?? [])]),
  isAiExtracted: z.boolean({ error: "isAiExtracted must be true or false" }),
}) satisfies z.ZodObject<Record<RecipeField, z.ZodType>>;

/** A new recipe. Left out: no description, image or times, no tags, and the form's servings, difficulty and cuisine. */
export const recipeInput = recipeFields.extend({
  description: recipeFields.shape.description.optional().transform((v) => v ?? null),
  imageUrl: recipeFields.shape.imageUrl.optional().transform((v) => v ?? null),
  prepTime: recipeFields.shape.prepTime.optional().transform((v) => (v === undefined ? null : v)),
  cookTime: recipeFields.shape.cookTime.optional().transform((v) => (v === undefined ? null : v)),
  servings: recipeFields.shape.servings.default(RECIPE_DEFAULTS.servings),
  difficulty: recipeFields.shape.difficulty.default(RECIPE_DEFAULTS.difficulty),
  cuisineType: recipeFields.shape.cuisineType.default(RECIPE_DEFAULTS.cuisineType),
  tags: recipeFields.shape.tags.optional().transform((v) => v ?? []),
  isAiExtracted: recipeFields.shape.isAiExtracted.default(false),
});

/** A change to a recipe: any of its fields, each checked as on creation. */
export const recipeUpdate = recipeFields.partial();

export type RecipeInput = z.infer<typeof recipeInput>;
export type RecipeUpdate = z.infer<typeof recipeUpdate>;

const EXTRACTION_SOURCES = ["url", "pdf"] as const;
export type ExtractionSource = (typeof EXTRACTION_SOURCES)[number];

/** The recipe an import read, as the form received it: every field checked, a list of ingredients possibly empty. */
const extractedRecipe = recipeUpdate.extend({
  ingredients: z
    .array(recipeIngredientSchema, { error: "Ingredients must be a list" })
    .max(RECIPE_LIMITS.ingredients, `A recipe can have at most ${RECIPE_LIMITS.ingredients} ingredients`)
    .optional(),
  instructions: storableText("Instructions")
    .max(RECIPE_LIMITS.instructions, `Instructions must be at most ${count(RECIPE_LIMITS.instructions)} characters`)
    .optional(),
});
export type ExtractedRecipeFields = z.infer<typeof extractedRecipe>;

/** Where a recipe saved from an import came from and what the import read, so Kim learns from what people correct. */
export const extractionOrigin = z.object({
  sourceType: z.enum(EXTRACTION_SOURCES, { error: `Source type must be one of ${EXTRACTION_SOURCES.join(", ")}` }),
  sourceUrl: storableText("Source URL")
    .trim()
    .max(RECIPE_LIMITS.imageUrl, `Source URL must be at most ${count(RECIPE_LIMITS.imageUrl)} characters`)
    .nullable()
    .default(null),
  originalExtraction: extractedRecipe,
});
export type ExtractionOrigin = z.infer<typeof extractionOrigin>;

/** A new recipe, perhaps from an import (`extraction`). */
export const recipeCreateInput = recipeInput.extend({ extraction: extractionOrigin.optional() });
export type RecipeCreateInput = z.infer<typeof recipeCreateInput>;

/** The fields a person may correct after an import (whether the recipe was read by AI is not theirs to change). */
const COMPARED_FIELDS = recipeFieldsWithout("isAiExtracted");

/**
 * What a person changed from what the import read: each changed field with the value saved. A field the import left
 * out counts as changed only when the saved value is not the form's default for it. Empty when nothing changed.
 */
export function extractionCorrections(original: ExtractedRecipeFields, saved: RecipeInput): Partial<RecipeInput> {
  const corrections: Partial<Record<RecipeField, unknown>> = {};
  const blank = recipeInput.parse({ title: "-", ingredients: [{ name: "-", quantity: 1, unit: "" }], instructions: "-" });
  for (const field of COMPARED_FIELDS) {
    const read = original[field] === undefined ? blank[field] : original[field];
    if (JSON.stringify(read) !== JSON.stringify(saved[field])) corrections[field] = saved[field];
  }
  return corrections as Partial<RecipeInput>;
}
