import { CATEGORIES, UNITS, type Category, type Unit } from "@kim/domain";
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

/** The shape `ingredientInput` parses: empty quantity is missing, empty date and notes are none. */
export function ingredientInputFromForm(values: IngredientFormValues) {
  return {
    name: values.name,
    quantity: values.quantity.trim() === "" ? undefined : Number(values.quantity),
    unit: values.unit,
    category: values.category,
    expirationDate: values.expirationDate || null,
    notes: values.notes || null,
  };
}
