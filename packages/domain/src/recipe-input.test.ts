import { describe, expect, it } from "vitest";
import { recipeIngredientSchema } from "./recipe-input";

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
    [{ quantity: Number.POSITIVE_INFINITY }, "Quantity must be a number or a short text"],
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
