import type { IngredientInput } from "@kim/domain";
import { describe, expect, it } from "vitest";
import { changedFields, check, describeOutcome, offlineId, withWaiting, type StockFields, type StockOp } from "./stock-changes";
import type { Ingredient } from "./ingredient-form-values";

// Both what the server answers and what a form sends.
const milk: StockFields & IngredientInput = { name: "Milk", quantity: 2, unit: "L", category: "Dairy", expirationDate: null, notes: null };
const ingredient = (id: string, fields: Partial<StockFields> & { name: string }): Ingredient => ({
  ...milk,
  ...fields,
  id,
  createdBy: null,
  updatedBy: null,
  createdAt: "2026-11-27T10:00:00.000Z",
  updatedAt: "2026-11-27T10:00:00.000Z",
});
const edit = (data: Partial<IngredientInput>, sent = false): StockOp => ({ type: "update", key: "k", id: "m", base: milk, data, sent });
const remove: StockOp = { type: "delete", key: "k", id: "m", base: milk };

describe("an inventory change made offline, checked against the server's ingredient now", () => {
  it("is sent as made when nobody else changed the ingredient", () => {
    expect(check(edit({ quantity: 1 }), milk)).toEqual({ send: true });
    expect(check(remove, milk)).toEqual({ send: true });
  });

  it("keeps someone else's change to another field (only the cook's fields are sent), and says nothing", () => {
    expect(check(edit({ quantity: 1 }), { ...milk, notes: "Oat" })).toEqual({ send: true });
  });

  it("takes the cook's value of a field both changed, and says so", () => {
    expect(check(edit({ quantity: 1 }), { ...milk, quantity: 5 })).toEqual({
      send: true,
      outcome: { kind: "overwrote", name: "Milk", fields: ["quantity"] },
    });
    // Both set it to the same value: nothing to tell.
    expect(check(edit({ quantity: 1 }), { ...milk, quantity: 1 })).toEqual({ send: true });
  });

  it("does not apply an edit of an ingredient deleted meanwhile, and says what was not saved", () => {
    const verdict = check(edit({ quantity: 1 }), undefined);
    expect(verdict).toEqual({ send: false, outcome: { kind: "deleted", name: "Milk", data: { quantity: 1 } } });
    expect(describeOutcome(verdict.outcome!).description).toContain("Your change (quantity 1) was not saved");
  });

  it("does not delete an ingredient changed meanwhile (their change would go unseen), and says so", () => {
    expect(check(remove, { ...milk, quantity: 5 })).toEqual({ send: false, outcome: { kind: "kept", name: "Milk" } });
    // Already deleted: nothing to do, nothing to tell.
    expect(check(remove, undefined)).toEqual({ send: false });
  });

  it("sends a change that went out before as it was, unchecked (its own first send changed the ingredient)", () => {
    expect(check(edit({ quantity: 1 }, true), { ...milk, quantity: 1 })).toEqual({ send: true });
  });
});

describe("the inventory shown offline", () => {
  it("is the server's with the changes waiting applied, in the server's order", () => {
    const server = [ingredient("a", { name: "Apples", expirationDate: "2026-12-01" }), ingredient("m", { name: "Milk" })];
    const waiting: { id: number; op: StockOp }[] = [
      { id: 7, op: { type: "create", key: "k", input: { ...milk, name: "Bread", expirationDate: "2026-11-30" } } },
      { id: 8, op: { type: "update", key: "k", id: offlineId(7), base: milk, data: { quantity: 3 } } },
      { id: 9, op: { type: "delete", key: "k", id: "a", base: milk } },
      { id: 10, op: edit({ quantity: 1 }) },
    ];
    expect(withWaiting(server, waiting).map((i) => `${i.id} ${i.name} ${i.quantity}`)).toEqual(["offline-7 Bread 3", "m Milk 1"]);
    expect(withWaiting(server, [])).toBe(server);
  });

  it("keeps of an edit only the fields the cook changed", () => {
    expect(changedFields(milk, { ...milk, quantity: 1, notes: "top shelf" })).toEqual({ quantity: 1, notes: "top shelf" });
    expect(changedFields(milk, milk)).toEqual({});
  });
});
