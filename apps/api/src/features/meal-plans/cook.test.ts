import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, createUser, type TestApp } from "../../testing/test-app";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function send(cookie: string, method: "GET" | "POST", url: string, payload?: object) {
  return t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
}

const pancakes = {
  title: "Pancakes",
  servings: 4,
  ingredients: [
    { name: "Flour", quantity: 500, unit: "g" },
    { name: "Eggs", quantity: "2", unit: "" },
    { name: "Milk", quantity: "1 1/2", unit: "cups" },
    { name: "Salt", quantity: "to taste", unit: "" },
  ],
  instructions: "Mix and fry.",
};

type Item = { id: string; name: string; quantity: number; unit: string };

/** A cook with the pancakes recipe and some stock; answers their ids by name. */
async function kitchen(stock: { name: string; quantity: number; unit: string; expirationDate?: string | null }[]) {
  const user = await createUser(t);
  const recipeId = (await send(user.cookie, "POST", "/api/recipes", pancakes)).json().id as string;
  const items: Item[] = [];
  for (const row of stock) items.push((await send(user.cookie, "POST", "/api/ingredients", { category: "Pantry", ...row })).json());
  return { ...user, recipeId, items };
}
const inventory = async (cookie: string) =>
  Object.fromEntries(((await send(cookie, "GET", "/api/ingredients")).json() as Item[]).map((i) => [`${i.name} ${i.unit}`, i.quantity]));

describe("cooking from stock", () => {
  it("takes the recipe's ingredients, scaled to the servings cooked, soonest to expire first, and undoes it", async () => {
    const ann = await kitchen([
      { name: "Flour", quantity: 1, unit: "kg" },
      { name: "Eggs", quantity: 6, unit: "units", expirationDate: "2026-12-20" },
      { name: "eggs", quantity: 1, unit: "units", expirationDate: "2026-11-25" },
      { name: "Milk", quantity: 1, unit: "L" },
      { name: "Salt", quantity: 1, unit: "units" },
    ]);
    const before = await inventory(ann.cookie);
    const res = await send(ann.cookie, "POST", "/api/meal-plans/cook", { recipeId: ann.recipeId, servings: 2 });
    expect(res.statusCode).toBe(200);
    const { taken } = res.json() as { taken: { id: string; name: string; before: number; after: number }[] };
    // Half the recipe: 250 g flour, 1 egg (the one expiring first), 3/4 cup milk (177 ml); salt "to taste" takes nothing.
    // In the recipe's order.
    expect(taken.map((x) => [x.name, x.before, x.after])).toEqual([
      ["Flour", 1, 0.75],
      ["eggs", 1, 0],
      ["Milk", 1, 0.823],
    ]);
    expect(await inventory(ann.cookie)).toEqual({ ...before, "Flour kg": 0.75, "eggs units": 0, "Milk L": 0.823 });

    const undo = await send(ann.cookie, "POST", "/api/meal-plans/restock", {
      items: taken.map((x) => ({ id: x.id, quantity: x.before - x.after })),
    });
    expect(undo.statusCode).toBe(200);
    expect(await inventory(ann.cookie)).toEqual(before);
  });

  it("converts weight, volume and counts, and says what it could not take and why", async () => {
    const ann = await kitchen([
      { name: "Flour", quantity: 2, unit: "kg" },
      { name: "Eggs", quantity: 100, unit: "g" },
      { name: "Milk", quantity: 1, unit: "units" },
    ]);
    const res = await send(ann.cookie, "POST", "/api/meal-plans/cook", { recipeId: ann.recipeId, servings: 4 });
    expect(res.statusCode).toBe(200);
    const { taken, notTaken } = res.json() as { taken: (Item & { before: number; after: number })[]; notTaken: object[] };
    // 500 g flour; 2 eggs are 100 g (50 g each); milk in "units" has no volume.
    expect(taken.map((x) => [x.name, x.before, x.after])).toEqual([
      ["Flour", 2, 1.5],
      ["Eggs", 100, 0],
    ]);
    expect(notTaken).toEqual([
      { name: "Milk", reason: "no-conversion", quantity: 1.5, unit: "cups", stockUnits: ["units"] },
      { name: "Salt", reason: "not-in-stock", quantity: 0, unit: "units", stockUnits: [] },
    ]);
  });

  it("never goes below 0, and two cooks at once take the stock once", async () => {
    const ann = await kitchen([{ name: "Flour", quantity: 600, unit: "g" }]);
    const cooks = await Promise.all(
      [1, 2].map(() => send(ann.cookie, "POST", "/api/meal-plans/cook", { recipeId: ann.recipeId, servings: 4 })),
    );
    expect(cooks.map((c) => c.statusCode)).toEqual([200, 200]);
    const takes = cooks.map((c) => c.json().taken as { before: number; after: number }[]).flat();
    // The first takes 500 g of 600; the second finds 100 g and takes that, not another 500.
    expect(takes.map((x) => [x.before, x.after]).sort()).toEqual([
      [100, 0],
      [600, 100],
    ]);
    expect(await inventory(ann.cookie)).toEqual({ "Flour g": 0 });
  });

  it("cooks only the user's own recipes, and leaves other users' stock alone", async () => {
    const ann = await kitchen([{ name: "Flour", quantity: 1, unit: "kg" }]);
    const bob = await kitchen([{ name: "Flour", quantity: 1, unit: "kg" }]);
    const res = await send(ann.cookie, "POST", "/api/meal-plans/cook", { recipeId: bob.recipeId, servings: 4 });
    expect(res.statusCode).toBe(404);
    await send(ann.cookie, "POST", "/api/meal-plans/cook", { recipeId: ann.recipeId, servings: 4 });
    expect(await inventory(bob.cookie)).toEqual({ "Flour kg": 1 });
    // Nor can a restock reach them.
    const restock = await send(ann.cookie, "POST", "/api/meal-plans/restock", { items: [{ id: bob.items[0]!.id, quantity: 5 }] });
    expect(restock.json()).toEqual({ restocked: [] });
    expect(await inventory(bob.cookie)).toEqual({ "Flour kg": 1 });
  });

  it.each([
    [{ servings: 0 }, "Servings must be at least 1"],
    [{ servings: 2.5 }, "Servings must be a whole number"],
    [{ recipeId: "nope" }, "Recipe must be a valid id"],
  ])("refuses %o with 400 and takes nothing", async (change, message) => {
    const ann = await kitchen([{ name: "Flour", quantity: 1, unit: "kg" }]);
    const res = await send(ann.cookie, "POST", "/api/meal-plans/cook", { recipeId: ann.recipeId, servings: 4, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect(await inventory(ann.cookie)).toEqual({ "Flour kg": 1 });
  });
});
