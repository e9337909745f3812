import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { replacePlanItems, type ShoppingItem } from "@kim/domain";
import { callerFor, createTestApp, createUser, type TestApp } from "../../testing/test-app";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Line = { name: string; quantity: number; unit: string; category?: string };

function send(cookie: string, method: "GET" | "POST", url: string, payload?: object) {
  return t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
}

const recipes = {
  pancakes: {
    title: "Pancakes",
    servings: 4,
    ingredients: [
      { name: "Flour", quantity: 500, unit: "g" },
      { name: "Eggs", quantity: "2", unit: "" },
      { name: "Milk", quantity: "1 1/2", unit: "cups" },
      { name: "Salt", quantity: "to taste", unit: "" },
    ],
    instructions: "Mix and fry.",
  },
  bread: {
    title: "Bread",
    servings: 2,
    ingredients: [
      { name: "flour, sifted", quantity: 1, unit: "kg" },
      { name: "Water", quantity: 300, unit: "ml" },
    ],
    instructions: "Knead and bake.",
  },
  cake: {
    title: "Cake",
    servings: 8,
    ingredients: [
      { name: "Flour", quantity: 8, unit: "oz" },
      { name: "egg", quantity: 4, unit: "units" },
      { name: "Sugar", quantity: "1-2", unit: "cups" },
    ],
    instructions: "Bake.",
  },
};

/** A cook with the three recipes planned in the week of Monday 2026-11-23 (and bread again the week after). */
async function plannedWeek(fields: { isPro?: boolean } = {}) {
  const user = await createUser(t, fields);
  const ids: Record<string, string> = {};
  for (const [key, recipe] of Object.entries(recipes)) ids[key] = (await send(user.cookie, "POST", "/api/recipes", recipe)).json().id;
  for (const [date, mealType, recipe, servings] of [
    ["2026-11-23", "breakfast", "pancakes", 4],
    ["2026-11-24", "lunch", "bread", 1], // half the loaf
    ["2026-11-25", "dinner", "cake", 8],
    ["2026-11-30", "dinner", "bread", 2], // next week
  ] as const) {
    const res = await send(user.cookie, "POST", "/api/meal-plans", { date, mealType, recipeId: ids[recipe], servings });
    expect(res.statusCode).toBe(201);
  }
  return user;
}

const generate = (cookie: string, body: object) => send(cookie, "POST", "/api/shopping-lists/generate-from-meal-plan", body);
const byName = (lines: Line[]) => Object.fromEntries(lines.map((l) => [l.name.toLowerCase(), l]));

describe("generating a shopping list from the meal plan", () => {
  it("merges every planned ingredient of the week, scaled to each meal's servings", async () => {
    const ann = await plannedWeek();
    const res = await generate(ann.cookie, { smartMode: false, today: "2026-11-26" });
    expect(res.statusCode).toBe(200);
    const { items, excludedItems } = res.json() as { items: Line[]; excludedItems: Line[] };
    expect(excludedItems).toEqual([]);
    const lines = byName(items);
    expect(Object.keys(lines).sort()).toEqual(["eggs", "flour", "milk", "salt", "sugar", "water"]);
    // 500 g + half of 1 kg + 8 oz (226.8 g): one line, in kilograms.
    expect(lines.flour).toMatchObject({ unit: "kg", category: "Pantry" });
    expect(lines.flour!.quantity).toBeCloseTo(1.23, 2);
    expect(lines.eggs).toMatchObject({ quantity: 6, unit: "units", category: "Dairy" });
    expect(lines.milk).toMatchObject({ quantity: 1.5, unit: "cups" });
    expect(lines.water).toMatchObject({ quantity: 150, unit: "ml" });
    // A range buys its top.
    expect(lines.sugar).toMatchObject({ quantity: 2, unit: "cups" });
    expect(lines.salt).toMatchObject({ quantity: 0, unit: "as needed" });

    // The same through tRPC, for an explicit range; the next week holds only the bread.
    const next = await send(ann.cookie, "POST", "/trpc/shoppingLists.generate", { from: "2026-11-30", to: "2026-12-06" });
    expect(byName(next.json().result.data.items)).toMatchObject({ flour: { quantity: 1, unit: "kg" }, water: { quantity: 300 } });
  });

  it("in smart mode (Pro), leaves out what the inventory covers and lowers what it partly covers", async () => {
    const ann = await plannedWeek({ isPro: true });
    const stock = [
      { name: "Plain flour", quantity: 5, unit: "kg" }, // another flour: not the same name
      { name: "Flour", quantity: 2, unit: "kg" }, // covers 1.23 kg
      { name: "Eggs", quantity: 4, unit: "units" }, // 2 of 6 missing
      { name: "Milk", quantity: 1, unit: "L" }, // 1.5 cups is 355 ml: covered
      { name: "Sugar", quantity: 0, unit: "g" }, // no amount: does not count
      { name: "Water", quantity: 3, unit: "units" }, // another measure: does not count
      { name: "Salt", quantity: 1, unit: "units" }, // any salt covers "as needed"
    ];
    for (const row of stock) await send(ann.cookie, "POST", "/api/ingredients", { ...row, category: "Pantry" });
    const res = await generate(ann.cookie, { smartMode: true, from: "2026-11-23", to: "2026-11-29" });
    expect(res.statusCode).toBe(200);
    const { items, excludedItems } = res.json() as { items: Line[]; excludedItems: Line[] };
    expect(Object.keys(byName(excludedItems)).sort()).toEqual(["flour", "milk", "salt"]);
    const lines = byName(items);
    expect(Object.keys(lines).sort()).toEqual(["eggs", "sugar", "water"]);
    expect(lines.eggs).toMatchObject({ quantity: 2, unit: "units" });
    expect(lines.sugar).toMatchObject({ quantity: 2, unit: "cups" });
    expect(lines.water).toMatchObject({ quantity: 150, unit: "ml" });
  });

  it("in smart mode, doesn't count stock past its date on the cook's today (food to buy again, not in stock)", async () => {
    const ann = await plannedWeek({ isPro: true });
    const stock = [
      { name: "Milk", quantity: 1, unit: "L", expirationDate: "2026-11-25" }, // expired yesterday: bought again
      { name: "Flour", quantity: 2, unit: "kg", expirationDate: "2026-11-26" }, // good until today: counts
      { name: "Salt", quantity: 1, unit: "units", expirationDate: null }, // no date: counts
    ];
    for (const row of stock)
      expect((await send(ann.cookie, "POST", "/api/ingredients", { ...row, category: "Pantry" })).statusCode).toBe(201);
    const res = await generate(ann.cookie, { smartMode: true, from: "2026-11-23", to: "2026-11-29", today: "2026-11-26" });
    const { items, excludedItems } = res.json() as { items: Line[]; excludedItems: Line[] };
    expect(Object.keys(byName(excludedItems)).sort()).toEqual(["flour", "salt"]);
    expect(byName(items).milk).toMatchObject({ quantity: 1.5, unit: "cups" });
    // A day later the flour is past its date too.
    const later = (await generate(ann.cookie, { smartMode: true, today: "2026-11-27" })).json() as { excludedItems: Line[] };
    expect(Object.keys(byName(later.excludedItems))).toEqual(["salt"]);
  });

  it("in smart mode, converts stock by weight to a recipe in cups, and says what it cannot convert", async () => {
    const ann = await createUser(t, { isPro: true });
    const cookies = {
      title: "Cookies",
      servings: 4,
      ingredients: [
        { name: "Flour", quantity: "2 1/2", unit: "cups" },
        { name: "Sugar", quantity: 1, unit: "cup" },
        { name: "Butter", quantity: 1, unit: "cup" },
        { name: "Salt", quantity: 1, unit: "tsp" },
        { name: "Eggs", quantity: 2, unit: "" },
        { name: "Vanilla", quantity: 1, unit: "tsp" },
      ],
      instructions: "Bake.",
    };
    const recipeId = (await send(ann.cookie, "POST", "/api/recipes", cookies)).json().id;
    await send(ann.cookie, "POST", "/api/meal-plans", { date: "2026-11-24", mealType: "dinner", recipeId, servings: 4 });
    for (const [name, quantity, unit] of [
      ["Flour", 2, "kg"],
      ["Sugar", 1, "kg"],
      ["Butter", 250, "g"],
      ["Salt", 500, "g"],
      ["Eggs", 1, "units"],
      ["Vanilla", 1, "units"],
    ] as const)
      await send(ann.cookie, "POST", "/api/ingredients", { name, quantity, unit, category: "Pantry" });
    const res = await generate(ann.cookie, { smartMode: true, from: "2026-11-23", to: "2026-11-29" });
    expect(res.statusCode).toBe(200);
    const { items, excludedItems, unconverted, range } = res.json();
    expect(range).toEqual({ from: "2026-11-23", to: "2026-11-29" });
    expect(Object.keys(byName(excludedItems)).sort()).toEqual(["butter", "flour", "salt", "sugar"]);
    expect(items).toMatchObject([
      { name: "Eggs", quantity: 1, unit: "units" },
      { name: "Vanilla", quantity: 1, unit: "tsp" },
    ]);
    // A bottle of vanilla counted in units has no volume: the cook is told why it stayed on the list.
    expect(unconverted).toEqual([{ name: "Vanilla", unit: "tsp", stockUnits: ["units"] }]);
  });

  it("replaces what it put on the list when generated again, keeping hand-added items and checks", async () => {
    const ann = await plannedWeek();
    const list = (await send(ann.cookie, "POST", "/api/shopping-lists", { name: "Groceries" })).json();
    const save = async (items: ShoppingItem[], version: number) => {
      const res = await t.app.inject({
        method: "PATCH",
        url: `/api/shopping-lists/${list.id}`,
        headers: { cookie: ann.cookie },
        payload: { items, version },
      });
      expect(res.statusCode).toBe(200);
      return res.json() as { items: ShoppingItem[]; version: number };
    };
    // As the web app does: generate, put the answer in with replacePlanItems, save at the list's version.
    const generateInto = async (saved: { items: ShoppingItem[]; version: number }) => {
      const { items, range } = (await generate(ann.cookie, { smartMode: false, from: "2026-11-23", to: "2026-11-29" })).json();
      return save(replacePlanItems(saved.items, items, range), saved.version);
    };
    let saved = await save([{ name: "Coffee", quantity: 1, unit: "units", checked: false }], list.version);
    saved = await generateInto(saved);
    const flour = () => saved.items.filter((i) => i.name === "Flour");
    expect(flour()).toMatchObject([{ quantity: 1.23, unit: "kg", plan: { from: "2026-11-23", to: "2026-11-29" } }]);
    const milk = saved.items.findIndex((i) => i.name === "Milk");
    saved = await save(
      saved.items.map((item, n) => (n === milk ? { ...item, checked: true } : item)),
      saved.version,
    );
    saved = await generateInto(saved);
    saved = await generateInto(saved);
    // Not 2.46 or 3.69 kg: the plan's items were replaced; coffee and the checked milk are as they were.
    expect(flour()).toMatchObject([{ quantity: 1.23, unit: "kg" }]);
    expect(saved.items.filter((i) => i.name === "Milk")).toMatchObject([{ quantity: 1.5, unit: "cups", checked: true }]);
    expect(saved.items[0]).toEqual({ name: "Coffee", quantity: 1, unit: "units", checked: false, changedBy: ann.id });
    expect(saved.items).toHaveLength(7);
    // The version rule stays: a save on an old version is refused.
    const stale = await t.app.inject({
      method: "PATCH",
      url: `/api/shopping-lists/${list.id}`,
      headers: { cookie: ann.cookie },
      payload: { items: [], version: saved.version - 1 },
    });
    expect(stale.statusCode).toBe(409);
  });

  it("generates for the last week of 2999 up to its last day, so the list saves what it put there", async () => {
    const ann = await createUser(t);
    const recipeId = (await send(ann.cookie, "POST", "/api/recipes", recipes.bread)).json().id;
    await send(ann.cookie, "POST", "/api/meal-plans", { date: "2999-12-31", mealType: "dinner", recipeId, servings: 2 });
    const { items, range } = (await generate(ann.cookie, { today: "2999-12-31" })).json();
    expect(range).toEqual({ from: "2999-12-30", to: "2999-12-31" });
    const list = (await send(ann.cookie, "POST", "/api/shopping-lists", { name: "Groceries" })).json();
    const saved = await t.app.inject({
      method: "PATCH",
      url: `/api/shopping-lists/${list.id}`,
      headers: { cookie: ann.cookie },
      payload: { items: replacePlanItems([], items, range), version: list.version },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().items).toHaveLength(2);
  });

  it("reads the plan and the stock in two statements, however full the week", async () => {
    const ann = await plannedWeek({ isPro: true });
    for (const name of ["Flour", "Eggs", "Milk"])
      await send(ann.cookie, "POST", "/api/ingredients", { name, quantity: 1, unit: "kg", category: "Pantry" });
    let statements = 0;
    const db = t.deps.db.withPlugin({ transformQuery: (args) => (statements++, args.node), transformResult: async (args) => args.result });
    const { caller } = callerFor(t, ann, { db });
    const { items } = await caller.shoppingLists.generate({ smartMode: true, today: "2026-11-26" });
    expect(items.length).toBeGreaterThan(0);
    // With the session lookup a request makes, three.
    expect(statements).toBe(2);
  });

  it("keeps smart mode for Pro access: others get 403 'Pro feature'", async () => {
    const bob = await plannedWeek();
    const res = await generate(bob.cookie, { smartMode: true, today: "2026-11-26" });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain("Pro feature");
    for (const fields of [{ role: "admin" as const }, { isBetaTester: true }]) {
      const free = await createUser(t, fields);
      expect((await generate(free.cookie, { smartMode: true })).statusCode).toBe(200);
    }
  });

  it("uses only the user's own meals, and answers empty lists for an empty week", async () => {
    await plannedWeek();
    const eve = await createUser(t);
    expect((await generate(eve.cookie, { today: "2026-11-26" })).json()).toEqual({
      range: { from: "2026-11-23", to: "2026-11-29" },
      items: [],
      excludedItems: [],
      unconverted: [],
    });
  });

  it.each([
    [{ smartMode: "yes" }, "smartMode must be true or false"],
    [{ from: "2026-11-23" }, "Give both From and To, or neither"],
    [{ from: "2026-11-29", to: "2026-11-23" }, "From must be on or before To"],
    [{ from: "2026-01-01", to: "2026-06-01" }, "at most 62 days"],
    [{ today: "26/11/2026" }, "Today must be a date written yyyy-MM-dd"],
    // Its week ends in year 10000, which SQL can't be asked about: refused, not a 500.
    [{ today: "9999-12-31" }, "Today must be a date from 1900 to 2999"],
    [{ smartMode: true, today: "9999-12-30" }, "Today must be a date from 1900 to 2999"],
  ])("refuses %o with 400", async (body, message) => {
    const ann = await createUser(t);
    const res = await generate(ann.cookie, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });
});
