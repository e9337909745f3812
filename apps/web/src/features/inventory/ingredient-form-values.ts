import { CATEGORIES, UNITS, readQuantityNumber, type Category, type Unit } from "@kim/domain";
import { numericDateExample } from "../../lib/dates";
import { stringField } from "../../lib/form-draft";
import type { RouterOutputs } from "../../lib/trpc";

export type Ingredient = RouterOutputs["inventory"]["list"][number];

/** What the add/edit form holds: text as typed, so nothing is lost while it is invalid. */
export interface IngredientFormValues {
  name: string;
  quantity: string;
  unit: Unit;
  category: Category;
  expirationDate: string;
  notes: string;
}

// Spec defaults: quantity 1, unit units, category Other.
export const EMPTY_INGREDIENT_FORM: IngredientFormValues = {
  name: "",
  quantity: "1",
  unit: "units",
  category: "Other",
  expirationDate: "",
  notes: "",
};

export function isCategory(value: string): value is Category {
  return CATEGORIES.some((c) => c === value);
}

export function isUnit(value: string): value is Unit {
  return UNITS.some((u) => u === value);
}

export function formValuesFromIngredient(ingredient: Ingredient): IngredientFormValues {
  return {
    name: ingredient.name,
    quantity: String(ingredient.quantity),
    unit: isUnit(ingredient.unit) ? ingredient.unit : EMPTY_INGREDIENT_FORM.unit,
    category: isCategory(ingredient.category) ? ingredient.category : EMPTY_INGREDIENT_FORM.category,
    expirationDate: ingredient.expirationDate ?? "",
    notes: ingredient.notes ?? "",
  };
}

/** The shape `ingredientInput` parses: a quantity that reads as no number is missing, empty date and notes are none. */
export function ingredientInputFromForm(values: IngredientFormValues) {
  return {
    name: values.name,
    quantity: readQuantityNumber(values.quantity) ?? undefined,
    unit: values.unit,
    category: values.category,
    expirationDate: values.expirationDate || null,
    notes: values.notes || null,
  };
}

/**
 * The date field's error in the cook's terms: the picker shows their locale's format (e.g. 11/25/2026), so the
 * message shows a date that way, never the yyyy-MM-dd the app stores.
 */
export function expirationDateError(): string {
  return `Enter a valid date like ${numericDateExample()}, or leave it empty`;
}

/** Form values kept in a draft (see useFormDraft), or null when they are not a whole form. */
export function parseIngredientFormValues(raw: unknown): IngredientFormValues | null {
  const name = stringField(raw, "name");
  const quantity = stringField(raw, "quantity");
  const unit = stringField(raw, "unit");
  const category = stringField(raw, "category");
  const expirationDate = stringField(raw, "expirationDate");
  const notes = stringField(raw, "notes");
  if (name === null || quantity === null || expirationDate === null || notes === null) return null;
  if (unit === null || !isUnit(unit) || category === null || !isCategory(category)) return null;
  return { name, quantity, unit, category, expirationDate, notes };
}
