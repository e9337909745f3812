import { parseQuantity } from "../shared/quantities";
import { normalizeUnit, unitFamily } from "../shared/units";
import { parseIngredientLine } from "./ingredient-line";
import type { RecipeIngredient } from "./recipe-input";

/** A part as the line wrote it, lower-cased where it began the line, and so was capitalised ("Juice of 2 lemons"). */
function midLine(part: string, line: string): string {
  return line.startsWith(part) ? part.replace(/^\p{Lu}(?=\p{Ll})/u, (c) => c.toLowerCase()) : part;
}

/**
 * What an imported line says beyond its amount, unit and name, read straight after the name: the comment in brackets,
 * then the preparation after a comma ("3 tbsp butter, divided"; "1 can black beans (15 oz), drained"). Empty for a
 * hand-typed ingredient, and for a line whose name could not be told apart (its name is the whole line already).
 * Scaled, or changed in the form since it was printed (scaled there, or typed over), a comment's other amount ("85 g
 * butter (6 tablespoons)") would no longer match, so it is left out; a can's or pack's own size stays, as the count of
 * cans is what scales.
 */
export function ingredientNote(ingredient: RecipeIngredient, { scaled = false } = {}): string {
  const { original } = ingredient;
  if (!original) return "";
  const parsed = parseIngredientLine(original);
  if (!parsed.name.trim()) return "";
  const kept = parseQuantity(ingredient.quantity)?.value ?? null;
  const asPrinted =
    (kept === null ? parsed.quantity === null : parsed.quantity !== null && Math.abs(kept - parsed.quantity) < 0.001) &&
    normalizeUnit(ingredient.unit) === normalizeUnit(parsed.unit ?? "");
  const sizesEach = ingredient.unit !== "" && unitFamily(ingredient.unit) === "count";
  const comment = (parsed.comment?.split(", ") ?? [])
    .filter((part) => (!scaled && asPrinted) || sizesEach || !/\d/.test(part))
    .map((part) => midLine(part, original));
  const preparation = parsed.preparation ? midLine(parsed.preparation, original) : "";
  return `${comment.length ? ` (${comment.join(", ")})` : ""}${preparation ? `, ${preparation}` : ""}`;
}
