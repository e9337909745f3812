import type { IngredientRowValues } from "./recipe-form-values";

/**
 * The rows whose quantities are written for the servings the form's quantities are for: at first, the rows the form
 * was given (a saved recipe's, an import's). A blank row's default quantity is written for nothing.
 */
export function rowsWrittenFor(rows: readonly IngredientRowValues[]): ReadonlySet<string> {
  return new Set(rows.filter((row) => row.name.trim() !== "").map((row) => row.key));
}

/**
 * After an edit of a row: a row filled in while Servings still reads the quantities' count is written for it; a
 * quantity typed once Servings changed is written for the new count, so scaling leaves it alone.
 */
export function writtenAfterEdit(
  written: ReadonlySet<string>,
  key: string,
  change: Partial<IngredientRowValues>,
  atQuantitiesFor: boolean,
): ReadonlySet<string> {
  const next = new Set(written);
  if (atQuantitiesFor && (change.name !== undefined || change.quantity !== undefined)) next.add(key);
  else if (!atQuantitiesFor && change.quantity !== undefined) next.delete(key);
  return next;
}

/** A whole number of servings, or null while Servings holds anything else. */
export function servingsCount(text: string): number | null {
  const count = Number(text);
  return text.trim() !== "" && Number.isInteger(count) && count >= 1 ? count : null;
}

/**
 * The servings the quantities are for once Servings reads `servingsText`. While no quantity is written for the old
 * count there is nothing to scale, and what the cook types next is for the new one.
 */
export function quantitiesForAfterServings(
  quantitiesFor: number,
  servingsText: string,
  rows: readonly IngredientRowValues[],
  written: ReadonlySet<string>,
): number {
  const count = servingsCount(servingsText);
  return count !== null && !rows.some((row) => written.has(row.key)) ? count : quantitiesFor;
}

/** Whether to offer to scale: Servings changed away from the count some row's quantity is written for. */
export function offersScaling(
  quantitiesFor: number,
  servingsText: string,
  rows: readonly IngredientRowValues[],
  written: ReadonlySet<string>,
): boolean {
  const count = servingsCount(servingsText);
  return count !== null && quantitiesFor >= 1 && count !== quantitiesFor && rows.some((row) => written.has(row.key));
}
