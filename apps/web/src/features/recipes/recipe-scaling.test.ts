import { describe, expect, it } from "vitest";
import type { IngredientRowValues } from "./recipe-form-values";
import { offersScaling, quantitiesForAfterServings, rowsWrittenFor, writtenAfterEdit } from "./recipe-scaling";

const row = (key: string, name: string, quantity = "1"): IngredientRowValues => ({ key, name, quantity, unit: "cups" });

describe("scaling the recipe form's quantities", () => {
  it("offers it for quantities the form was given (an import, a saved recipe) once Servings changes", () => {
    const rows = [row("a", "Flour", "2"), row("b", "Salt", "a pinch")];
    const written = rowsWrittenFor(rows);
    expect(offersScaling(4, "4", rows, written)).toBe(false);
    expect(offersScaling(4, "2", rows, written)).toBe(true);
    expect(offersScaling(4, "", rows, written)).toBe(false);
  });

  it("does not offer it on a blank new recipe whose Servings is set before any ingredient is typed", () => {
    const blank = [row("a", "")];
    const written = rowsWrittenFor(blank);
    expect(offersScaling(4, "2", blank, written)).toBe(false);
    // Nothing was written for 4: what is typed next is for 2, and scales from 2.
    const quantitiesFor = quantitiesForAfterServings(4, "2", blank, written);
    expect(quantitiesFor).toBe(2);
    const typed = [row("a", "Flour", "3")];
    const afterTyping = writtenAfterEdit(writtenAfterEdit(written, "a", { name: "Flour" }, true), "a", { quantity: "3" }, true);
    expect(offersScaling(quantitiesFor, "2", typed, afterTyping)).toBe(false);
    expect(offersScaling(quantitiesFor, "6", typed, afterTyping)).toBe(true);
  });

  it("leaves out rows typed after Servings changed", () => {
    const rows = [row("a", "Flour", "2")];
    const written = rowsWrittenFor(rows);
    // Servings went from 4 to 2: the import's flour still scales, the cook's new row is for 2.
    expect(quantitiesForAfterServings(4, "2", rows, written)).toBe(4);
    const withNew = [...rows, row("b", "Butter", "50")];
    const afterTyping = writtenAfterEdit(written, "b", { name: "Butter" }, false);
    expect(writtenAfterEdit(afterTyping, "b", { quantity: "50" }, false).has("b")).toBe(false);
    // Retyping an imported quantity once Servings changed writes it for the new count too.
    const retyped = writtenAfterEdit(written, "a", { quantity: "1" }, false);
    expect(offersScaling(4, "2", withNew, retyped)).toBe(false);
  });

  it("keeps a row's quantity where it was when only its name or unit is corrected", () => {
    const written = rowsWrittenFor([row("a", "Flur")]);
    expect(writtenAfterEdit(written, "a", { name: "Flour" }, false).has("a")).toBe(true);
    expect(writtenAfterEdit(written, "a", { unit: "g" }, false).has("a")).toBe(true);
  });
});
