import {
  CUISINES,
  DIFFICULTIES,
  RECIPE_DEFAULTS,
  recipeFieldsWithout,
  type Cuisine,
  type Difficulty,
  type RecipeField,
  type RecipeIngredient,
} from "@kim/domain";
import type { Recipe } from "./recipe-types";
import type { RecipePrefill } from "./recipe-prefill-search";

/** One ingredient row as typed; `key` keeps React's rows (and focus) in place as rows come and go. */
export interface IngredientRowValues {
  key: string;
  name: string;
  quantity: string;
  unit: string;
  /** The line as printed, kept from an import. */
  original?: string;
}

/** The recipe fields the form holds as text typed (tags comma-separated), so nothing is lost while it is invalid. */
export type TextField = Exclude<RecipeField, "difficulty" | "cuisineType" | "ingredients" | "isAiExtracted">;

/** What the recipe form holds: each recipe field, as text or as picked (the choices, the ingredient rows, the AI flag). */
export type RecipeFormValues = Record<TextField, string> & {
  difficulty: Difficulty;
  cuisineType: Cuisine;
  ingredients: IngredientRowValues[];
  isAiExtracted: boolean;
};

/** The text fields a prefill link gives as text; its tags come as a JSON list. */
const LINK_TEXT_FIELDS = recipeFieldsWithout("difficulty", "cuisineType", "ingredients", "isAiExtracted", "tags");

let rowCount = 0;
const rowKey = () => `row-${++rowCount}`;

/** Spec: a new row has an empty name, quantity 1 and unit cups. */
export function newIngredientRow(): IngredientRowValues {
  return { key: rowKey(), name: "", quantity: "1", unit: "cups" };
}

export function emptyRecipeForm(): RecipeFormValues {
  return {
    title: "",
    description: "",
    imageUrl: "",
    prepTime: String(RECIPE_DEFAULTS.prepTime),
    cookTime: String(RECIPE_DEFAULTS.cookTime),
    servings: String(RECIPE_DEFAULTS.servings),
    difficulty: RECIPE_DEFAULTS.difficulty,
    cuisineType: RECIPE_DEFAULTS.cuisineType,
    ingredients: [newIngredientRow()],
    instructions: "",
    tags: "",
    isAiExtracted: false,
  };
}

const isDifficulty = (value: unknown): value is Difficulty => DIFFICULTIES.some((d) => d === value);
const isCuisine = (value: unknown): value is Cuisine => CUISINES.some((c) => c === value);

function rowFromIngredient(ingredient: RecipeIngredient): IngredientRowValues {
  const row: IngredientRowValues = { key: rowKey(), name: ingredient.name, quantity: String(ingredient.quantity), unit: ingredient.unit };
  return ingredient.original ? { ...row, original: ingredient.original } : row;
}

export function formValuesFromRecipe(recipe: Recipe): RecipeFormValues {
  return {
    title: recipe.title,
    description: recipe.description ?? "",
    imageUrl: recipe.imageUrl ?? "",
    prepTime: recipe.prepTime === null ? "" : String(recipe.prepTime),
    cookTime: recipe.cookTime === null ? "" : String(recipe.cookTime),
    servings: String(recipe.servings),
    difficulty: recipe.difficulty,
    cuisineType: recipe.cuisineType,
    ingredients: recipe.ingredients.length > 0 ? recipe.ingredients.map(rowFromIngredient) : [newIngredientRow()],
    instructions: recipe.instructions,
    tags: recipe.tags.join(", "),
    isAiExtracted: recipe.isAiExtracted,
  };
}

// A plain number is stored as one, so it scales and adds up; anything else ("1/2", "a pinch") as written.
const PLAIN_NUMBER = /^\d+(\.\d+)?$/;
const minutesOrNull = (value: string) => (value.trim() === "" ? null : Number(value));

/** One row in the shape `recipeIngredientSchema` parses. */
export function ingredientInput({ name, quantity, unit, original }: IngredientRowValues) {
  return { name, quantity: PLAIN_NUMBER.test(quantity.trim()) ? Number(quantity) : quantity, unit, ...(original ? { original } : {}) };
}

/** The shape `recipeInput` parses: blank times are none, tags split on commas. Rows stay in order, so errors find them. */
export function recipeInputFromForm(values: RecipeFormValues) {
  return {
    title: values.title,
    description: values.description || null,
    imageUrl: values.imageUrl.trim() || null,
    prepTime: minutesOrNull(values.prepTime),
    cookTime: minutesOrNull(values.cookTime),
    servings: values.servings.trim() === "" ? undefined : Number(values.servings),
    difficulty: values.difficulty,
    cuisineType: values.cuisineType,
    ingredients: values.ingredients.map(ingredientInput),
    instructions: values.instructions,
    tags: values.tags
      .split(",")
      .map((tag) => tag.trim())
      .filter(Boolean),
    isAiExtracted: values.isAiExtracted,
  };
}

export { recipePrefillSearch, type RecipePrefill } from "./recipe-prefill-search";

// The router reads "?ingredients=[...]" as JSON already; a value it could not read arrives as the raw text.
export function jsonList(value: unknown): unknown[] | null {
  if (Array.isArray(value)) return value;
  if (typeof value !== "string") return null;
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

const text = (value: unknown) => (typeof value === "string" || typeof value === "number" ? String(value) : null);

function prefillRow(raw: unknown): IngredientRowValues | null {
  if (typeof raw !== "object" || raw === null) return null;
  const name = text(Reflect.get(raw, "name"));
  if (name === null) return null;
  const original = text(Reflect.get(raw, "original"));
  return {
    key: rowKey(),
    name,
    quantity: text(Reflect.get(raw, "quantity")) ?? "",
    unit: text(Reflect.get(raw, "unit")) ?? "",
    ...(original ? { original } : {}),
  };
}

/**
 * The form prefilled from the link's parameters over the defaults, and the fields whose parameter could not be read
 * (left at their default, so the cook can be told). Never throws, whatever the link holds.
 */
export function prefilledForm(prefill: RecipePrefill): { values: RecipeFormValues; unreadable: string[] } {
  const values = emptyRecipeForm();
  const unreadable: string[] = [];
  for (const field of LINK_TEXT_FIELDS) {
    if (prefill[field] === undefined) continue;
    const value = text(prefill[field]);
    if (value === null) unreadable.push(field);
    else values[field] = value;
  }
  if (prefill.difficulty !== undefined) {
    if (isDifficulty(prefill.difficulty)) values.difficulty = prefill.difficulty;
    else unreadable.push("difficulty");
  }
  if (prefill.cuisineType !== undefined) {
    if (isCuisine(prefill.cuisineType)) values.cuisineType = prefill.cuisineType;
    else unreadable.push("cuisine");
  }
  if (prefill.ingredients !== undefined) {
    const rows = jsonList(prefill.ingredients)?.map(prefillRow);
    if (!rows || rows.some((row) => row === null)) unreadable.push("ingredients");
    const readable = (rows ?? []).filter((row) => row !== null);
    if (readable.length > 0) values.ingredients = readable;
  }
  if (prefill.tags !== undefined) {
    const tags = jsonList(prefill.tags)?.map(text);
    if (!tags || tags.some((tag) => tag === null)) unreadable.push("tags");
    values.tags = (tags ?? []).filter((tag) => tag !== null).join(", ");
  }
  if (prefill.isAiExtracted !== undefined) values.isAiExtracted = prefill.isAiExtracted === true || prefill.isAiExtracted === "true";
  return { values, unreadable };
}

/** Form values kept in a draft (see lib/form-draft), or null when they are not a whole form. */
export function parseRecipeFormValues(raw: unknown): RecipeFormValues | null {
  if (typeof raw !== "object" || raw === null) return null;
  // Tags are kept as typed (comma-separated), not as the JSON list a link carries.
  const { values, unreadable } = prefilledForm({ ...(raw as RecipePrefill), tags: undefined });
  const imageUrl = text(Reflect.get(raw, "imageUrl"));
  const tags = text(Reflect.get(raw, "tags"));
  if (unreadable.length > 0 || imageUrl === null || tags === null) return null;
  return { ...values, imageUrl, tags };
}
