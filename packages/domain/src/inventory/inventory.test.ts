import { describe, expect, it } from "vitest";
import {
  expiringSoonBadge,
  expiringSoonRange,
  expiryBadge,
  isExpiringSoon,
  isLowStock,
  isStockFilter,
  matchesStockFilter,
} from "./inventory";
import { ingredientInput } from "./inventory-input";

describe("expiry badge", () => {
  it.each([
    [null, "No date", "secondary"],
    [-1, "Expired", "destructive"],
    [0, "Today", "destructive"],
    [1, "1d", "destructive"],
    [3, "3d", "destructive"],
    [4, "4d", "secondary"],
    [7, "7d", "secondary"],
    [8, "8d", "outline"],
  ] as const)("at %s days is %s (%s)", (days, label, variant) => {
    expect(expiryBadge(days)).toEqual({ label, variant });
  });
});

describe("expiring soon", () => {
  it("covers 0 to 7 days inclusive, across a month's end", () => {
    const today = "2026-11-28";
    expect(expiringSoonRange(today)).toEqual({ from: "2026-11-28", to: "2026-12-05" });
    const dates = [null, "2026-11-27", "2026-11-28", "2026-11-29", "2026-12-05", "2026-12-06"];
    expect(dates.map((date) => isExpiringSoon(date, today))).toEqual([false, false, true, true, true, false]);
  });

  it("labels the dashboard badge", () => {
    expect(expiringSoonBadge(0)).toEqual({ label: "Today", variant: "destructive" });
    expect(expiringSoonBadge(1)).toEqual({ label: "Tomorrow", variant: "destructive" });
    expect(expiringSoonBadge(3)).toEqual({ label: "3 days", variant: "destructive" });
    expect(expiringSoonBadge(4)).toEqual({ label: "4 days", variant: "secondary" });
  });
});

describe("low stock", () => {
  it("is a quantity of 2 or less", () => {
    expect(isLowStock(2)).toBe(true);
    expect(isLowStock(2.1)).toBe(false);
    expect(isLowStock(0)).toBe(true);
  });
});

describe("ingredient input", () => {
  const valid = { name: " Milk ", quantity: 1, unit: "L", category: "Dairy", expirationDate: "2026-12-01", notes: "" };

  it("trims, and turns blank notes and missing dates into null", () => {
    expect(ingredientInput.parse(valid)).toEqual({ ...valid, name: "Milk", notes: null });
    expect(ingredientInput.parse({ ...valid, expirationDate: undefined }).expirationDate).toBeNull();
  });

  it.each([
    [{ name: "" }, "Name is required"],
    [{ name: "x".repeat(201) }, "Name must be at most 200 characters"],
    [{ quantity: -1 }, "Quantity must be 0 or more"],
    [{ quantity: 1_000_001 }, "Quantity must be at most 1,000,000"],
    [{ quantity: "2" }, "Quantity must be a number"],
    [{ unit: "bushels" }, "Unit must be one of cups, oz, lbs, g, kg, ml, L, units, tbsp, tsp"],
    [{ category: "Candy" }, "Category must be one of Dairy, Produce, Meat, Seafood, Pantry, Spices, Frozen, Beverages, Other"],
    [{ expirationDate: "2026-13-01" }, "Expiration date must be a date written yyyy-MM-dd"],
    [{ notes: "x".repeat(2001) }, "Notes must be at most 2,000 characters"],
  ])("rejects %o", (change, message) => {
    expect(ingredientInput.safeParse({ ...valid, ...change }).error?.issues[0]?.message).toBe(message);
  });
});

describe("stock filters", () => {
  const today = "2026-11-25";
  const items = [
    { name: "milk", quantity: 1, expirationDate: "2026-11-26" },
    { name: "flour", quantity: 5, expirationDate: null },
    { name: "eggs", quantity: 12, expirationDate: "2026-12-02" },
    { name: "cream", quantity: 3, expirationDate: "2026-11-20" },
    { name: "salt", quantity: 0, expirationDate: "2026-12-03" },
    { name: "chicken", quantity: 0, expirationDate: "2026-11-26" },
  ];

  it("keeps what the dashboard card of the same name counts", () => {
    const names = (filter: "expiring" | "low-stock") => items.filter((i) => matchesStockFilter(i, filter, today)).map((i) => i.name);
    expect(names("expiring")).toEqual(["milk", "eggs"]);
    // Used up (quantity 0): low stock, as the spec has it, but nothing left to expire.
    expect(names("low-stock")).toEqual(["milk", "salt", "chicken"]);
  });

  it("reads only a known filter from an address", () => {
    expect(isStockFilter("expiring")).toBe(true);
    expect(isStockFilter("low-stock")).toBe(true);
    for (const value of ["", "EXPIRING", "toString", "__proto__", 1, null, undefined, ["expiring"]])
      expect(isStockFilter(value)).toBe(false);
  });
});
