import { describe, expect, it } from "vitest";
import { weekOf } from "../shared/dates";
import { assignSuggestions, emptySlots, mergeModelRanking, rankRecipes, recipeMealTypes } from "./suggestions";

const recipes = [
  { id: "r1", title: "Omelette", servings: 4, ingredients: [{ name: "eggs" }, { name: "butter" }] },
  { id: "r2", title: "Spinach pie", servings: 4, ingredients: [{ name: "spinach" }, { name: "flour" }] },
  { id: "r3", title: "Beef stew", servings: 4, ingredients: [{ name: "beef" }, { name: "carrots" }] },
  { id: "r4", title: "Toast", servings: 4, ingredients: [{ name: "bread" }] },
];
const stock = [
  { name: "Spinach", quantity: 1, expirationDate: "2026-11-26" },
  { name: "Eggs", quantity: 6, expirationDate: "2026-11-30" },
  { name: "Flour", quantity: 1, expirationDate: null },
  { name: "Carrots", quantity: 0, expirationDate: "2026-11-25" },
  { name: "Bread", quantity: 1, expirationDate: "2026-11-20" },
];

describe("rankRecipes", () => {
  it("puts what uses the soonest expiring stock first, then what uses more stock", () => {
    const ranked = rankRecipes(recipes, stock, "2026-11-25");
    expect(ranked.map((r) => r.title)).toEqual(["Spinach pie", "Omelette", "Beef stew", "Toast"]);
    expect(ranked.map((r) => r.score)).toEqual([7, 3, 0, 0]);
    // Carrots at 0 and expired bread count for nothing.
    expect(ranked[2]!.uses).toEqual([]);
    expect(ranked[3]!.uses).toEqual([]);
  });
});

describe("recipeMealTypes", () => {
  it("reads the meals from tags and title words in several languages, without case or accents", () => {
    const types = (title: string, tags: string[] = []) => recipeMealTypes({ title, tags }).mealTypes;
    expect(types("Roast chicken")).toEqual(["dinner"]);
    expect(types("Hummus")).toEqual(["lunch"]);
    expect(types("Fluffy PANCAKES")).toEqual(["breakfast"]);
    expect(types("Crêpes Suzette")).toEqual(["breakfast"]);
    expect(types("Bircher-Müsli")).toEqual(["breakfast"]);
    expect(types("Rührei mit Schnittlauch")).toEqual(["breakfast"]);
    expect(types("Petit-déjeuner du dimanche")).toEqual(["breakfast"]);
    expect(types("Salade niçoise")).toEqual(["lunch"]);
    expect(types("Gulasch")).toEqual(["dinner"]);
    expect(types("Pollo asado")).toEqual(["dinner"]);
    expect(types("Stoofpot")).toEqual(["dinner"]);
    expect(types("Grandma's favourite", ["Frühstück"])).toEqual(["breakfast"]);
    expect(types("Grandma's favourite", ["Main course"])).toEqual(["lunch", "dinner"]);
    expect(types("Tomato soup", ["Dinner"])).toEqual(["lunch", "dinner"]);
    // Whole words only: "pancake" is not "cake", "toasted" is not "toast".
    expect(types("Toasted sesame noodles")).toEqual(["lunch", "dinner"]);
  });

  it("guesses lunch or dinner when nothing says, never breakfast; a dessert suits no meal", () => {
    expect(recipeMealTypes({ title: "Spinach pie" })).toEqual({ mealTypes: ["lunch", "dinner"], guessed: true });
    expect(recipeMealTypes({ title: "Chocolate cake", tags: ["Dessert"] })).toEqual({ mealTypes: [], guessed: false });
    expect(recipeMealTypes({ title: "Rice pudding" }).mealTypes).toEqual([]);
  });

  it("adds the meals the cook has planned it as", () => {
    expect(recipeMealTypes({ title: "Spinach pie" }, ["breakfast"])).toEqual({ mealTypes: ["breakfast"], guessed: false });
    expect(recipeMealTypes({ title: "Pancakes" }, ["dinner"]).mealTypes).toEqual(["breakfast", "dinner"]);
    expect(recipeMealTypes({ title: "Chocolate cake", tags: ["dessert"] }, ["lunch"]).mealTypes).toEqual(["lunch"]);
  });
});

describe("emptySlots and assignSuggestions", () => {
  it("fills only the empty slots from today on, each with a recipe suiting its meal, never repeating one or one planned already", () => {
    const slots = emptySlots(
      weekOf("2026-11-23"),
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
    const ranked = rankRecipes(
      [...recipes, { id: "r5", title: "Pancakes", servings: 4, ingredients: [{ name: "flour" }] }],
      stock,
      "2026-11-25",
    );
    const suggestions = assignSuggestions(slots, ranked, ["r1"], "2026-11-25");
    expect(suggestions.map((s) => [s.date, s.mealType, s.recipe.title, s.reason])).toEqual([
      ["2026-11-25", "lunch", "Spinach pie", "Uses Spinach (expires tomorrow)"],
      ["2026-11-26", "breakfast", "Pancakes", "Uses 1 thing you have"],
      ["2026-11-26", "dinner", "Beef stew", "From your recipes"],
      ["2026-11-27", "breakfast", "Toast", "From your recipes"],
    ]);
  });

  it("offers no day of the last week of 2999 that falls in 3000", () => {
    expect(emptySlots(weekOf("2999-12-31"), [], "2999-12-30").map((s) => s.date)).toEqual([
      ...Array<string>(3).fill("2999-12-30"),
      ...Array<string>(3).fill("2999-12-31"),
    ]);
  });

  it("plans a suggestion for what its recipe makes, as Add Meal does, within a meal's bounds", () => {
    const made = (servings: number | null) =>
      rankRecipes([{ id: "r", title: "Stew", servings, ingredients: [] }], [], "2026-11-25")[0]!.servings;
    expect([made(6), made(null), made(0), made(500)]).toEqual([6, 1, 1, 100]);
    const slots = emptySlots(weekOf("2026-11-23"), [], "2026-11-25").slice(2, 3);
    const stew = rankRecipes([{ id: "r", title: "Stew", servings: 6, ingredients: [] }], [], "2026-11-25");
    expect(assignSuggestions(slots, stew, [], "2026-11-25")[0]!.recipe).toEqual({ id: "r", title: "Stew", servings: 6 });
  });

  it("never suggests roast chicken for breakfast or hummus for dinner", () => {
    const ranked = rankRecipes(
      [
        { id: "roast", title: "Roast chicken", servings: 4, ingredients: [{ name: "chicken" }] },
        { id: "hummus", title: "Hummus", servings: 4, ingredients: [{ name: "chickpeas" }] },
        { id: "oats", title: "Overnight oats", servings: 4, ingredients: [{ name: "oats" }] },
      ],
      [
        { name: "Chicken", quantity: 1, expirationDate: "2026-11-25" },
        { name: "Chickpeas", quantity: 1, expirationDate: "2026-11-25" },
      ],
      "2026-11-25",
    );
    const slots = emptySlots(weekOf("2026-11-23"), [], "2026-11-25").slice(0, 3);
    expect(assignSuggestions(slots, ranked, [], "2026-11-25").map((s) => [s.mealType, s.recipe.title])).toEqual([
      ["breakfast", "Overnight oats"],
      ["lunch", "Hummus"],
      ["dinner", "Roast chicken"],
    ]);
  });

  it("uses what expires on or before its date, and never justifies a later meal by it", () => {
    const today = "2026-11-25";
    const cream = { name: "Cream", quantity: 1, expirationDate: "2026-11-26" };
    const ranked = rankRecipes(
      [
        { id: "pasta", title: "Creamy pasta", servings: 4, tags: ["dinner"], ingredients: [{ name: "cream" }] },
        { id: "chili", title: "Chili", servings: 4, ingredients: [{ name: "beans" }] },
      ],
      [cream, { name: "Beans", quantity: 2, expirationDate: null }],
      today,
    );
    // Only Monday the 30th and Tuesday the 1st are free: the cream (gone by then) is no reason for either.
    const late = [
      { date: "2026-11-30", mealType: "dinner" as const },
      { date: "2026-12-01", mealType: "dinner" as const },
    ];
    const suggested = assignSuggestions(late, ranked, [], today);
    expect(suggested.find((s) => s.recipe.title === "Creamy pasta")!.reason).toBe("From your recipes");
    expect(suggested.every((s) => !s.reason.includes("Cream"))).toBe(true);
    // With Thursday the 26th free as well, the cream's dish goes there, on its last day, and Chili later.
    const withThursday = assignSuggestions([{ date: "2026-11-26", mealType: "dinner" }, ...late], ranked, [], today);
    expect(withThursday.map((s) => [s.date, s.recipe.title, s.reason])).toEqual([
      ["2026-11-26", "Creamy pasta", "Uses Cream (expires tomorrow)"],
      ["2026-11-30", "Chili", "Uses 1 thing you have"],
    ]);
  });

  it("prefers the recipe known to suit a meal over a guess, and leaves a slot nothing suits empty", () => {
    const ranked = rankRecipes(
      [
        { id: "a", title: "Anything", servings: 4, ingredients: [{ name: "rice" }] },
        { id: "z", title: "Zucchini bake", servings: 4, ingredients: [{ name: "zucchini" }] },
        { id: "cake", title: "Cake", servings: 4, ingredients: [{ name: "flour" }] },
      ],
      [],
      "2026-11-25",
      [{ recipeId: "z", mealType: "dinner", count: 2 }],
    );
    const slots = [
      { date: "2026-11-25", mealType: "breakfast" as const },
      { date: "2026-11-25", mealType: "dinner" as const },
    ];
    expect(assignSuggestions(slots, ranked, [], "2026-11-25").map((s) => [s.mealType, s.recipe.title])).toEqual([
      ["dinner", "Zucchini bake"],
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
