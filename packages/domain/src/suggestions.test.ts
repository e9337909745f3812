import { describe, expect, it } from "vitest";
import { assignSuggestions, emptySlots, mergeModelRanking, rankRecipes } from "./suggestions";

const recipes = [
  { id: "r1", title: "Omelette", ingredients: [{ name: "eggs" }, { name: "butter" }] },
  { id: "r2", title: "Spinach pie", ingredients: [{ name: "spinach" }, { name: "flour" }] },
  { id: "r3", title: "Beef stew", ingredients: [{ name: "beef" }, { name: "carrots" }] },
  { id: "r4", title: "Toast", ingredients: [{ name: "bread" }] },
];
const stock = [
  { name: "Spinach", quantity: 1, expirationDate: "2026-11-26" },
  { name: "Eggs", quantity: 6, expirationDate: "2026-11-30" },
  { name: "Flour", quantity: 1, expirationDate: null },
  { name: "Carrots", quantity: 0, expirationDate: "2026-11-25" },
  { name: "Bread", quantity: 1, expirationDate: "2026-11-20" },
];

describe("rankRecipes", () => {
  it("puts what uses the soonest expiring stock first, then what uses more stock, with a reason", () => {
    const ranked = rankRecipes(recipes, stock, "2026-11-25");
    expect(ranked.map((r) => r.title)).toEqual(["Spinach pie", "Omelette", "Beef stew", "Toast"]);
    expect(ranked[0]!.reason).toBe("Uses Spinach (expires tomorrow)");
    expect(ranked[1]!.reason).toBe("Uses Eggs (expires in 5 days)");
    // Carrots at 0 and expired bread count for nothing.
    expect(ranked[2]!.reason).toBe("From your recipes");
    expect(ranked[3]!.score).toBe(0);
  });
});

describe("emptySlots and assignSuggestions", () => {
  it("fills only the empty slots from today on, never repeating a recipe or one planned already", () => {
    const slots = emptySlots(
      "2026-11-23",
      [
        { date: "2026-11-25", mealType: "breakfast" },
        { date: "2026-11-25", mealType: "dinner" },
      ],
      "2026-11-25",
    );
    expect(slots.slice(0, 3)).toEqual([
      { date: "2026-11-25", mealType: "lunch" },
      { date: "2026-11-26", mealType: "breakfast" },
      { date: "2026-11-26", mealType: "lunch" },
    ]);
    expect(slots).toHaveLength(5 * 3 - 2);
    const ranked = rankRecipes(recipes, stock, "2026-11-25");
    const suggestions = assignSuggestions(slots, ranked, ["r1"]);
    expect(suggestions.map((s) => [s.date, s.mealType, s.recipe.title])).toEqual([
      ["2026-11-25", "lunch", "Spinach pie"],
      ["2026-11-26", "breakfast", "Beef stew"],
      ["2026-11-26", "lunch", "Toast"],
    ]);
  });
});

describe("mergeModelRanking", () => {
  it("keeps the model's order of known ids, drops others and repeats, and adds what it left out", () => {
    const ranked = rankRecipes(recipes, stock, "2026-11-25");
    const merged = mergeModelRanking(ranked, ["r3", "nope", "r3", 7, "r1"]);
    expect(merged.map((r) => r.id)).toEqual(["r3", "r1", "r2", "r4"]);
    expect(mergeModelRanking(ranked, "garbage").map((r) => r.id)).toEqual(ranked.map((r) => r.id));
  });
});
