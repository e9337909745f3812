import { describe, expect, it } from "vitest";
import {
  daysBetween,
  expiringSoonBadge,
  expiryBadge,
  inventorySummary,
  isCalendarDate,
  isExpiringSoon,
  isLowStock,
  isStockFilter,
  localDate,
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
  it("covers 0 to 7 days inclusive", () => {
    expect([null, -1, 0, 1, 7, 8].map(isExpiringSoon)).toEqual([false, false, true, true, true, false]);
  });

  it("labels the dashboard badge", () => {
    expect(expiringSoonBadge(0)).toEqual({ label: "Today", variant: "destructive" });
    expect(expiringSoonBadge(1)).toEqual({ label: "Tomorrow", variant: "destructive" });
    expect(expiringSoonBadge(3)).toEqual({ label: "3 days", variant: "destructive" });
    expect(expiringSoonBadge(4)).toEqual({ label: "4 days", variant: "secondary" });
  });

  it("summarises a pantry on the local date, listing at most 5, soonest first", () => {
    const today = "2026-11-21";
    const items = [
      { name: "a", expirationDate: "2026-11-28", quantity: 5 },
      { name: "b", expirationDate: "2026-11-29", quantity: 2 },
      { name: "c", expirationDate: "2026-11-20", quantity: 2.1 },
      { name: "d", expirationDate: null, quantity: 0 },
      ...[0, 1, 2, 3, 4].map((d) => ({ name: `e${d}`, expirationDate: `2026-11-2${1 + d}`, quantity: 9 })),
    ];
    const summary = inventorySummary(items, today);
    expect(summary.total).toBe(9);
    expect(summary.expiringSoonCount).toBe(6);
    expect(summary.expiringSoon.map((e) => e.item.name)).toEqual(["e0", "e1", "e2", "e3", "e4"]);
    expect(summary.lowStockCount).toBe(2);
  });
});

describe("low stock", () => {
  it("is a quantity of 2 or less", () => {
    expect(isLowStock(2)).toBe(true);
    expect(isLowStock(2.1)).toBe(false);
    expect(isLowStock(0)).toBe(true);
  });
});

describe("dates", () => {
  it("counts calendar days across months and clock changes", () => {
    expect(daysBetween("2026-11-21", "2026-11-22")).toBe(1);
    expect(daysBetween("2026-11-21", "2026-11-20")).toBe(-1);
    expect(daysBetween("2026-02-28", "2026-03-01")).toBe(1);
    expect(daysBetween("2026-03-28", "2026-03-30")).toBe(2);
  });

  it("reads the local calendar date", () => {
    expect(localDate(new Date(2026, 0, 5, 23, 59))).toBe("2026-01-05");
  });

  it("accepts only real yyyy-MM-dd dates", () => {
    expect(isCalendarDate("2026-02-28")).toBe(true);
    expect(isCalendarDate("2026-02-30")).toBe(false);
    expect(isCalendarDate("2026-2-3")).toBe(false);
    expect(isCalendarDate("tomorrow")).toBe(false);
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
  ];

  it("keeps what the dashboard card of the same name counts", () => {
    const names = (filter: "expiring" | "low-stock") => items.filter((i) => matchesStockFilter(i, filter, today)).map((i) => i.name);
    expect(names("expiring")).toEqual(["milk", "eggs"]);
    expect(names("low-stock")).toEqual(["milk", "salt"]);
    const summary = inventorySummary(items, today);
    expect(names("expiring")).toHaveLength(summary.expiringSoonCount);
    expect(names("low-stock")).toHaveLength(summary.lowStockCount);
  });

  it("reads only a known filter from an address", () => {
    expect(isStockFilter("expiring")).toBe(true);
    expect(isStockFilter("low-stock")).toBe(true);
    for (const value of ["", "EXPIRING", "toString", "__proto__", 1, null, undefined, ["expiring"]])
      expect(isStockFilter(value)).toBe(false);
  });
});
