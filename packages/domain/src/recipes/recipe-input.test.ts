import { describe, expect, it } from "vitest";
import { extractionCorrections, recipeCreateInput, recipeIngredientSchema, recipeInput, recipeUpdate } from "./recipe-input";

describe("recipe ingredient", () => {
  const valid = { name: " Flour ", quantity: 2, unit: "cups" };

  it("trims, keeps a numeric or written quantity, and an optional original line", () => {
    expect(recipeIngredientSchema.parse(valid)).toEqual({ name: "Flour", quantity: 2, unit: "cups" });
    expect(recipeIngredientSchema.parse({ ...valid, quantity: " a pinch ", unit: "", original: "a pinch of flour" })).toEqual({
      name: "Flour",
      quantity: "a pinch",
      unit: "",
      original: "a pinch of flour",
    });
    expect(recipeIngredientSchema.parse({ ...valid, quantity: "" }).quantity).toBe("");
    expect(recipeIngredientSchema.parse({ ...valid, quantity: 0 }).quantity).toBe(0);
  });

  it.each([
    [{ name: "   " }, "Ingredient name is required"],
    [{ name: "x".repeat(201) }, "Ingredient name must be at most 200 characters"],
    [{ quantity: -1 }, "Quantity must be 0 or more"],
    [{ quantity: "-1" }, "Quantity must be 0 or more"],
    [{ quantity: " - 2 1/2" }, "Quantity must be 0 or more"],
    [{ quantity: Number.POSITIVE_INFINITY }, "Quantity must be a number or a short text"],
    [{ quantity: "99999999999999999999999" }, "Quantity must be at most 1,000,000"],
    [{ quantity: "2-2000000" }, "Quantity must be at most 1,000,000"],
    [{ quantity: "x".repeat(31) }, "Quantity must be at most 30 characters"],
    [{ quantity: true }, "Quantity must be a number or a short text"],
    [{ unit: "x".repeat(31) }, "Unit must be at most 30 characters"],
    [{ unit: undefined }, "Unit is required"],
    [{ original: "x".repeat(501) }, "Original line must be at most 500 characters"],
  ])("rejects %o", (change, message) => {
    expect(recipeIngredientSchema.safeParse({ ...valid, ...change }).error?.issues[0]?.message).toBe(message);
  });

  it("accepts the longest allowed values", () => {
    const longest = { name: "x".repeat(200), quantity: "x".repeat(30), unit: "x".repeat(30), original: "x".repeat(500) };
    expect(recipeIngredientSchema.safeParse(longest).success).toBe(true);
  });
});

describe("recipe", () => {
  const valid = { title: "Soup", ingredients: [{ name: "Water", quantity: 1, unit: "L" }], instructions: "Boil." };

  it("fills the form's servings, difficulty and cuisine, and nothing else", () => {
    expect(recipeInput.parse(valid)).toEqual({
      ...valid,
      description: null,
      imageUrl: null,
      prepTime: null,
      cookTime: null,
      servings: 4,
      difficulty: "Medium",
      cuisineType: "Other",
      tags: [],
      isAiExtracted: false,
    });
  });

  it("stores blank optional text as null and keeps each tag once", () => {
    const parsed = recipeInput.parse({ ...valid, description: "  ", imageUrl: "", tags: [" soup ", "soup", "winter"] });
    expect(parsed).toMatchObject({ description: null, imageUrl: null, tags: ["soup", "winter"] });
  });

  it("keeps the instructions' lines as written", () => {
    expect(recipeInput.parse({ ...valid, instructions: "  1. Boil.\n\n  2. Serve.  " }).instructions).toBe("  1. Boil.\n\n  2. Serve.  ");
  });

  it("applies no defaults to an update", () => {
    expect(recipeUpdate.parse({})).toEqual({});
    expect(recipeUpdate.parse({ prepTime: null })).toEqual({ prepTime: null });
  });

  it.each([
    [{ imageUrl: "ftp://example.com/a.jpg" }, "Image URL must be an https:// address"],
    [{ imageUrl: "not a url" }, "Image URL must be an https:// address"],
    [{ prepTime: Number.NaN }, "Prep time must be a number of minutes"],
    [{ servings: 2.5 }, "Servings must be a whole number"],
    [{ tags: "soup" }, "Tags must be a list"],
    [{ ingredients: "flour" }, "Ingredients must be a list"],
    [{ instructions: "\n\n" }, "Instructions are required"],
  ])("rejects %o", (change, message) => {
    expect(recipeInput.safeParse({ ...valid, ...change }).error?.issues[0]?.message).toBe(message);
  });

  it("accepts the largest allowed recipe", () => {
    const largest = {
      ...valid,
      title: "x".repeat(200),
      description: "x".repeat(5000),
      prepTime: 10_080,
      cookTime: 0,
      servings: 1000,
      ingredients: Array(300).fill({ name: "x".repeat(200), quantity: "x".repeat(30), unit: "x".repeat(30) }),
      instructions: "x".repeat(50_000),
      tags: Array.from({ length: 30 }, (_, i) => `${i}`.padEnd(50, "x")),
    };
    expect(recipeInput.safeParse(largest).success).toBe(true);
  });
});

describe("extraction feedback", () => {
  const read = recipeInput.parse({
    title: "Pancakes",
    ingredients: [{ name: "flour", quantity: 1.5, unit: "cups", original: "1 1/2 cups flour" }],
    instructions: "Mix.\nFry.",
    servings: 4,
  });

  it("finds no correction when the recipe is saved as read", () => {
    expect(extractionCorrections(read, read)).toEqual({});
  });

  it("names each changed field with the value saved", () => {
    const saved = {
      ...read,
      title: "Fluffy pancakes",
      ingredients: [{ name: "flour", quantity: 2, unit: "cups", original: "1 1/2 cups flour" }],
    };
    expect(extractionCorrections(read, saved)).toEqual({ title: "Fluffy pancakes", ingredients: saved.ingredients });
  });

  it("counts a field the import left out as changed only when it is not the form's default", () => {
    const { servings: _servings, difficulty: _difficulty, ...partial } = read;
    expect(extractionCorrections(partial, read)).toEqual({});
    expect(extractionCorrections(partial, { ...read, servings: 6 })).toEqual({ servings: 6 });
  });

  it("checks the import's fields like the recipe's, and refuses an unknown source", () => {
    expect(
      recipeCreateInput.safeParse({
        ...read,
        extraction: { sourceType: "url", sourceUrl: "https://a.example/r", originalExtraction: read },
      }).success,
    ).toBe(true);
    const bad = recipeCreateInput.safeParse({ ...read, extraction: { sourceType: "fax", originalExtraction: { title: "a\u0000b" } } });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.message)).toEqual(
      expect.arrayContaining(["Source type must be one of url, pdf", "Title contains a character that can't be saved"]),
    );
  });
});
