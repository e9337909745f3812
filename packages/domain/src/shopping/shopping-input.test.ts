import { describe, expect, it } from "vitest";
import { shoppingItemSchema } from "./shopping-input";

describe("shopping item", () => {
  const valid = { name: " Milk ", quantity: 1.5, unit: "L" };

  it("trims and starts unchecked", () => {
    expect(shoppingItemSchema.parse(valid)).toEqual({ name: "Milk", quantity: 1.5, unit: "L", checked: false });
    expect(shoppingItemSchema.parse({ ...valid, checked: true }).checked).toBe(true);
  });

  it("takes an optional store section", () => {
    expect(shoppingItemSchema.parse({ ...valid, category: "Dairy" })).toEqual({
      name: "Milk",
      quantity: 1.5,
      unit: "L",
      checked: false,
      category: "Dairy",
    });
    expect(shoppingItemSchema.parse(valid)).not.toHaveProperty("category");
  });

  it.each([
    [{ name: "" }, "Item name is required"],
    [{ name: "x".repeat(201) }, "Item name must be at most 200 characters"],
    [{ quantity: -0.5 }, "Quantity must be 0 or more"],
    [{ quantity: "2" }, "Quantity must be a number"],
    [{ unit: " " }, "Unit is required"],
    [{ unit: "x".repeat(31) }, "Unit must be at most 30 characters"],
    [{ checked: "yes" }, "Checked must be true or false"],
    [{ category: "Bakery" }, "Category must be one of Dairy, Produce, Meat, Seafood, Pantry, Spices, Frozen, Beverages, Other"],
    [{ category: null }, "Category must be one of Dairy, Produce, Meat, Seafood, Pantry, Spices, Frozen, Beverages, Other"],
  ])("rejects %o", (change, message) => {
    expect(shoppingItemSchema.safeParse({ ...valid, ...change }).error?.issues[0]?.message).toBe(message);
  });
});
