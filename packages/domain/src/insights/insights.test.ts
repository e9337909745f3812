import { describe, expect, it } from "vitest";
import { expiringWithRecipes, insightAdvice, namesSameFood, stockEventKind, stockFigures, type DatedStockEvent } from "./insights";

describe("stockEventKind", () => {
  const today = "2026-11-25";
  it("counts an item deleted after its date as wasted, and nothing for one deleted in date or already at 0", () => {
    expect(stockEventKind({ reason: "deleted", before: 1, expirationDate: "2026-11-24", today })).toBe("wasted");
    expect(stockEventKind({ reason: "deleted", before: 1, expirationDate: "2026-11-25", today })).toBeNull();
    expect(stockEventKind({ reason: "deleted", before: 1, expirationDate: null, today })).toBeNull();
    expect(stockEventKind({ reason: "deleted", before: 0, expirationDate: "2026-11-01", today })).toBeNull();
  });
  it("counts an item set to 0 after its date as wasted, on or before it (or with none) as used", () => {
    expect(stockEventKind({ reason: "emptied", before: 2, expirationDate: "2026-11-20", today })).toBe("wasted");
    expect(stockEventKind({ reason: "emptied", before: 2, expirationDate: "2026-11-25", today })).toBe("used");
    expect(stockEventKind({ reason: "emptied", before: 2, expirationDate: null, today })).toBe("used");
    expect(stockEventKind({ reason: "emptied", before: 0, expirationDate: null, today })).toBeNull();
  });
  it("counts an item used up by cooking as used, even past its date", () => {
    expect(stockEventKind({ reason: "cooked", before: 0.5, expirationDate: "2026-11-01", today })).toBe("used");
  });
});

const ev = (kind: DatedStockEvent["kind"], category: string, on: string): DatedStockEvent => ({ kind, category, on });

describe("stockFigures", () => {
  const history = [
    ev("wasted", "Dairy", "2026-10-05"),
    ev("wasted", "Dairy", "2026-10-12"),
    ev("wasted", "Produce", "2026-11-24"),
    ev("used", "Produce", "2026-11-23"),
    ev("used", "Meat", "2026-11-25"),
    ev("wasted", "Dairy", "2026-01-01"), // before the months shown
  ];
  const figures = stockFigures(history, "2026-11-25");
  it("counts per week, Monday to Sunday, the last 8 with this one last", () => {
    expect(figures.weeks).toHaveLength(8);
    expect(figures.weeks.at(-1)).toEqual({ start: "2026-11-23", label: "Nov 23", wasted: 1, used: 2 });
    expect(figures.weeks.at(-2)).toEqual({ start: "2026-11-16", label: "Nov 16", wasted: 0, used: 0 });
    expect(figures.weeks[0]!.start).toBe("2026-10-05");
    expect(figures.weeks[0]!.wasted).toBe(1);
  });
  it("counts per month, the last 6 with this one last, and the categories wasted most", () => {
    expect(figures.months.map((m) => [m.label, m.wasted, m.used])).toEqual([
      ["Jun", 0, 0],
      ["Jul", 0, 0],
      ["Aug", 0, 0],
      ["Sep", 0, 0],
      ["Oct", 2, 0],
      ["Nov", 1, 2],
    ]);
    expect(figures.wastedByCategory).toEqual([
      { category: "Dairy", count: 2 },
      { category: "Produce", count: 1 },
    ]);
    expect(figures.totals).toEqual({ wasted: 3, used: 2 });
  });
  it("wraps months across a new year", () => {
    expect(stockFigures([], "2026-02-10").months.map((m) => m.start)).toEqual([
      "2025-09-01",
      "2025-10-01",
      "2025-11-01",
      "2025-12-01",
      "2026-01-01",
      "2026-02-01",
    ]);
  });
});

describe("insightAdvice", () => {
  it("names the category wasted most in the month that wasted most, with a tip", () => {
    const events = [
      ev("wasted", "Dairy", "2026-10-02"),
      ev("wasted", "Dairy", "2026-10-03"),
      ev("wasted", "Dairy", "2026-10-09"),
      ev("wasted", "Dairy", "2026-10-30"),
      ev("wasted", "Produce", "2026-11-02"),
    ];
    expect(insightAdvice(events, "2026-11-10")).toBe("You threw away 4 dairy items in October; buy smaller packs.");
    expect(insightAdvice([ev("wasted", "Meat", "2026-11-02")], "2026-11-10")).toBe(
      "You threw away 1 meat item in November; freeze what you won't cook within two days.",
    );
    expect(insightAdvice([ev("wasted", "Other", "2026-11-02"), ev("wasted", "Other", "2026-11-03")], "2026-11-10")).toBe(
      "You threw away 2 items in November; plan your meals around what expires first.",
    );
  });
  it("praises a month without waste, and explains itself with no history", () => {
    expect(insightAdvice([ev("used", "Meat", "2026-11-02"), ev("used", "Dairy", "2026-11-03")], "2026-11-10")).toBe(
      "Nothing went to waste in November and you used up 2 items; keep planning meals around what expires first.",
    );
    expect(insightAdvice([], "2026-11-10")).toMatch(/^Mark items used up/);
  });
});

describe("expiringWithRecipes", () => {
  it("lists items expiring within 7 days, soonest first, each with the recipes using it, those using more expiring items first", () => {
    const stock = [
      { id: "1", name: "Spinach", quantity: 1, unit: "units", category: "Produce", expirationDate: "2026-11-27" },
      { id: "2", name: "Milk", quantity: 1, unit: "L", category: "Dairy", expirationDate: "2026-11-25" },
      { id: "3", name: "Rice", quantity: 1, unit: "kg", category: "Pantry", expirationDate: "2027-01-01" },
      { id: "4", name: "Old cheese", quantity: 1, unit: "units", category: "Dairy", expirationDate: "2026-11-20" },
    ];
    const recipes = [
      { id: "a", title: "Spinach soup", ingredients: [{ name: "baby spinach, washed" }] },
      { id: "b", title: "Creamed spinach", ingredients: [{ name: "Spinach" }, { name: "milk" }] },
      { id: "c", title: "Rice pudding", ingredients: [{ name: "rice" }, { name: "Milk" }] },
    ];
    const result = expiringWithRecipes(stock, recipes, "2026-11-25");
    expect(result.map((i) => [i.name, i.days, i.recipes.map((r) => r.title)])).toEqual([
      ["Milk", 0, ["Creamed spinach", "Rice pudding"]],
      ["Spinach", 2, ["Creamed spinach", "Spinach soup"]],
    ]);
  });
  it("matches foods by their name, not by any shared word", () => {
    expect(namesSameFood("Tomatoes", "tomato, diced")).toBe(true);
    expect(namesSameFood("Spinach", "baby spinach")).toBe(true);
    expect(namesSameFood("Milk", "coconut milk")).toBe(true);
    expect(namesSameFood("Milk", "milk chocolate")).toBe(false);
  });
});
