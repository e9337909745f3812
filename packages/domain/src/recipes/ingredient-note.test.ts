import { describe, expect, it } from "vitest";
import { recipeIngredientFromLine } from "./ingredient-line";
import { ingredientNote } from "./ingredient-note";

const note = (line: string, scaled = false) => ingredientNote(recipeIngredientFromLine(line), { scaled });

describe("ingredientNote", () => {
  it("says what an imported line holds beyond its amount, unit and name", () => {
    expect(note("3 tablespoons butter, divided")).toBe(", divided");
    expect(note("1 (15-ounce) can black beans, drained")).toBe(" (15-ounce), drained");
    expect(note("Juice of 2 lemons")).toBe(", juice");
    expect(note("Powdered sugar, to serve (optional)")).toBe(" (optional, to serve)");
    expect(note("85 grams (6 tablespoons) salted butter, melted and cooled slightly")).toBe(" (6 tablespoons), melted and cooled slightly");
  });

  it("says nothing when the line has nothing more", () => {
    expect(note("2 cups flour")).toBe("");
  });

  it("leaves out an amount that would not scale with the line, but keeps a can's size", () => {
    expect(note("85 grams (6 tablespoons) salted butter, melted", true)).toBe(", melted");
    expect(note("1 medium onion, finely chopped (or 1 1/2 teaspoon onion powder)", true)).toBe(" (medium), finely chopped");
    expect(note("2 (14.5 oz) cans diced tomatoes", true)).toBe(" (14.5 oz)");
  });

  it("leaves out the printed line's other amounts once the form changed the amount (scaled there, or typed over)", () => {
    const beef = recipeIngredientFromLine("500 g ground beef (about 1 lb), room temperature");
    expect(ingredientNote(beef)).toBe(" (about 1 lb, room temperature)");
    expect(ingredientNote({ ...beef, quantity: 750 })).toBe(" (room temperature)");
    expect(ingredientNote({ ...beef, unit: "kg", quantity: 0.5 })).toBe(" (room temperature)");
  });

  it("adds nothing to a hand-typed ingredient, or to a line shown as written", () => {
    expect(ingredientNote({ name: "butter", quantity: 3, unit: "tbsp" })).toBe("");
    // No name could be told apart: the name is the whole line.
    const asWritten = recipeIngredientFromLine("2, chopped");
    expect(asWritten.name).toBe("2, chopped");
    expect(ingredientNote(asWritten)).toBe("");
  });
});
