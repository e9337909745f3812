import { createDb } from "@kim/db";
import { testDatabaseKind } from "@kim/db/testing";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { createTestApp, createUser, type TestApp } from "../testing/test-app";
import { KEY_REUSED, TOO_DEEP } from "./idempotency";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Method = "GET" | "POST" | "PATCH" | "DELETE";
type Cook = Awaited<ReturnType<typeof kitchen>>;

let keys = 0;
const newKey = () => `00000000-0000-4000-8000-${String(++keys).padStart(12, "0")}`;

function rest(cook: { cookie: string }, method: Method, url: string, payload?: object, key?: string, app: FastifyInstance = t.app) {
  const headers: Record<string, string> = { cookie: cook.cookie, ...(key ? { "idempotency-key": key } : {}) };
  return app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}

/** A tRPC mutation as the web app sends it with a key: one call, JSON input, the key in the header. */
function trpc(cook: { cookie: string }, path: string, input: unknown, key?: string, app: FastifyInstance = t.app) {
  const headers: Record<string, string> = {
    cookie: cook.cookie,
    "content-type": "application/json",
    ...(key ? { "idempotency-key": key } : {}),
  };
  return app.inject({ method: "POST", url: `/trpc/${path}`, headers, payload: JSON.stringify(input) });
}

const soup = {
  title: "Onion soup",
  servings: 2,
  ingredients: [
    { name: "Onion", quantity: 2, unit: "units" },
    { name: "Cream", quantity: 200, unit: "ml" },
  ],
  instructions: "Simmer.",
};

/** A cook with the kitchen: 4 onions, 300 ml cream, the soup that takes 2 and 200 ml, and a shopping list. */
async function kitchen() {
  const user = await createUser(t);
  const recipeId = (await rest(user, "POST", "/api/recipes", soup)).json().id as string;
  const onion = (await rest(user, "POST", "/api/ingredients", { name: "Onion", category: "Produce", quantity: 4, unit: "units" })).json();
  await rest(user, "POST", "/api/ingredients", { name: "Cream", category: "Dairy", quantity: 300, unit: "ml" });
  const list = (await rest(user, "POST", "/api/shopping-lists", { name: "Groceries" })).json();
  return { ...user, recipeId, onionId: onion.id as string, listId: list.id as string };
}

/** Everything a create or stock change can touch, for one cook. */
async function state(cook: Cook) {
  const { db } = t.deps;
  const count = (table: "recipes" | "mealPlans" | "shoppingLists" | "extractionFeedback") =>
    db.selectFrom(table).select(db.fn.countAll<number>().as("n")).where("householdId", "=", cook.householdId).executeTakeFirstOrThrow();
  const stock = await db
    .selectFrom("ingredients")
    .select(["name", "quantity"])
    .where("householdId", "=", cook.householdId)
    .orderBy("name")
    .execute();
  const lists = await db
    .selectFrom("shoppingLists")
    .select(["name", "version"])
    .where("householdId", "=", cook.householdId)
    .orderBy("name")
    .execute();
  return {
    stock: stock.map((s) => `${s.name} ${s.quantity}`),
    recipes: Number((await count("recipes")).n),
    meals: Number((await count("mealPlans")).n),
    lists,
  };
}

interface KeyedCall {
  name: string;
  rest: (cook: Cook, key?: string) => ReturnType<typeof rest>;
  trpc: (cook: Cook, key?: string, app?: FastifyInstance) => ReturnType<typeof trpc>;
}

/** Every create and stock change, by its REST path and its tRPC procedure. */
const calls: KeyedCall[] = [
  {
    name: "add an ingredient",
    rest: (c, key) => rest(c, "POST", "/api/ingredients", { name: "Leek", category: "Produce", quantity: 1, unit: "units" }, key),
    trpc: (c, key, app) => trpc(c, "inventory.create", { name: "Leek", category: "Produce", quantity: 1, unit: "units" }, key, app),
  },
  {
    name: "change an ingredient's quantity",
    rest: (c, key) => rest(c, "PATCH", `/api/ingredients/${c.onionId}`, { quantity: 0 }, key),
    trpc: (c, key, app) => trpc(c, "inventory.update", { id: c.onionId, data: { quantity: 0 } }, key, app),
  },
  {
    name: "delete an ingredient",
    rest: (c, key) => rest(c, "DELETE", `/api/ingredients/${c.onionId}`, undefined, key),
    trpc: (c, key, app) => trpc(c, "inventory.delete", { id: c.onionId }, key, app),
  },
  {
    name: "create a recipe",
    rest: (c, key) => rest(c, "POST", "/api/recipes", soup, key),
    trpc: (c, key, app) => trpc(c, "recipes.create", soup, key, app),
  },
  {
    name: "plan a meal",
    rest: (c, key) => rest(c, "POST", "/api/meal-plans", { date: "2026-11-30", mealType: "dinner", recipeId: c.recipeId }, key),
    trpc: (c, key, app) => trpc(c, "mealPlans.create", { date: "2026-11-30", mealType: "dinner", recipeId: c.recipeId }, key, app),
  },
  {
    name: "cook",
    rest: (c, key) => rest(c, "POST", "/api/meal-plans/cook", { recipeId: c.recipeId, servings: 2 }, key),
    trpc: (c, key, app) => trpc(c, "mealPlans.cook", { recipeId: c.recipeId, servings: 2 }, key, app),
  },
  {
    name: "restock",
    rest: (c, key) => rest(c, "POST", "/api/meal-plans/restock", { items: [{ id: c.onionId, quantity: 1 }] }, key),
    trpc: (c, key, app) => trpc(c, "mealPlans.restock", { items: [{ id: c.onionId, quantity: 1 }] }, key, app),
  },
  {
    name: "add a shopping list",
    rest: (c, key) => rest(c, "POST", "/api/shopping-lists", { name: "Party" }, key),
    trpc: (c, key, app) => trpc(c, "shoppingLists.create", { name: "Party" }, key, app),
  },
  {
    name: "save a shopping list",
    rest: (c, key) => rest(c, "PATCH", `/api/shopping-lists/${c.listId}`, { items: [], version: 1 }, key),
    trpc: (c, key, app) => trpc(c, "shoppingLists.update", { id: c.listId, data: { items: [], version: 1 } }, key, app),
  },
];

describe("Idempotency-Key", () => {
  for (const call of calls) {
    for (const via of ["rest", "trpc"] as const) {
      it(`${call.name} (${via}): the same key twice applies once and answers the first answer again`, async () => {
        const cook = await kitchen();
        const before = await state(cook);
        const key = newKey();
        const first = await call[via](cook, key);
        expect(first.statusCode, first.body).toBeLessThan(300);
        const after = await state(cook);
        expect(after).not.toEqual(before);
        const again = await call[via](cook, key);
        expect(again.statusCode).toBe(first.statusCode);
        expect(again.body).toBe(first.body);
        expect(await state(cook)).toEqual(after);
      });
    }
  }

  it("is per user: another cook's same key is another request", async () => {
    const [ann, bob] = [await kitchen(), await kitchen()];
    const key = newKey();
    expect((await calls[0]!.rest(ann, key)).statusCode).toBe(201);
    expect((await calls[0]!.rest(bob, key)).statusCode).toBe(201);
    expect((await state(bob)).stock).toContain("Leek 1");
  });

  it("double-clicked 'I cooked this' takes the stock once, and Undo restores it exactly", async () => {
    const cook = await kitchen();
    const before = await state(cook);
    const key = newKey();
    const cooked = [await calls[5]!.trpc(cook, key), await calls[5]!.trpc(cook, key)];
    expect((await state(cook)).stock).toEqual(["Cream 100", "Onion 2"]);
    const { taken } = cooked[1]!.json().result.data as { taken: { id: string; before: number; after: number }[] };
    const undo = { items: taken.map((x) => ({ id: x.id, quantity: x.before - x.after })) };
    const undoKey = newKey();
    await trpc(cook, "mealPlans.restock", undo, undoKey);
    await trpc(cook, "mealPlans.restock", undo, undoKey);
    expect(await state(cook)).toEqual(before);
  });

  it("without a key, scripts work as before: each request applies", async () => {
    const cook = await kitchen();
    await calls[5]!.rest(cook);
    await calls[5]!.rest(cook);
    expect((await state(cook)).stock).toEqual(["Cream 0", "Onion 0"]);
  });

  it("refuses a key reused for a different request with 422, changing nothing", async () => {
    const cook = await kitchen();
    const key = newKey();
    expect((await calls[0]!.rest(cook, key)).statusCode).toBe(201);
    const after = await state(cook);
    for (const other of [
      () => rest(cook, "POST", "/api/ingredients", { name: "Garlic", category: "Produce", quantity: 1, unit: "units" }, key),
      () => calls[5]!.trpc(cook, key),
      // Another request under the key is refused even when it would fail on its own.
      () => rest(cook, "POST", "/api/meal-plans/cook", { recipeId: crypto.randomUUID(), servings: 2 }, key),
    ]) {
      const res = await other();
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject(
        res.json().error ? { error: { message: KEY_REUSED } } : { code: "UNPROCESSABLE_CONTENT", message: KEY_REUSED },
      );
    }
    expect(await state(cook)).toEqual(after);
  });

  it("records nothing for a failed call, so it can be sent again under its key", async () => {
    const cook = await kitchen();
    const key = newKey();
    const full = (recipeId: string) => rest(cook, "POST", "/api/meal-plans", { date: "2026-11-30", mealType: "lunch", recipeId }, key);
    expect((await full(crypto.randomUUID())).statusCode).toBe(404);
    expect(await t.deps.db.selectFrom("idempotencyKeys").select("key").where("userId", "=", cook.id).execute()).toEqual([]);
    // A retry of an applied call that would now fail (the slot filled up since) still answers the first answer.
    const first = await full(cook.recipeId);
    expect(first.statusCode).toBe(201);
    for (let i = 0; i < 2; i++)
      await rest(cook, "POST", "/api/meal-plans", { date: "2026-11-30", mealType: "lunch", recipeId: cook.recipeId });
    expect(
      (await rest(cook, "POST", "/api/meal-plans", { date: "2026-11-30", mealType: "lunch", recipeId: cook.recipeId })).statusCode,
    ).toBe(409);
    const retry = await full(cook.recipeId);
    expect([retry.statusCode, retry.body]).toEqual([201, first.body]);
  });

  it("refuses a bad key or a key on a batch of calls with 400, changing nothing", async () => {
    const cook = await kitchen();
    const before = await state(cook);
    // The last is what a header sent twice arrives as.
    for (const key of ["x".repeat(256), "two words", `${newKey()}, ${newKey()}`]) {
      const res = await rest(cook, "POST", "/api/ingredients", { name: "Leek", category: "Produce", unit: "units" }, key);
      expect(res.statusCode, key).toBe(400);
    }
    const batch = await t.app.inject({
      method: "POST",
      url: "/trpc/inventory.create,inventory.create?batch=1",
      headers: { cookie: cook.cookie, "content-type": "application/json", "idempotency-key": newKey() },
      payload: JSON.stringify({
        0: { name: "Leek", category: "Produce", unit: "units" },
        1: { name: "Kale", category: "Produce", unit: "units" },
      }),
    });
    expect(batch.json().map((r: { error?: { data: { httpStatus: number } } }) => r.error?.data.httpStatus)).toEqual([400, 400]);
    expect(await state(cook)).toEqual(before);
  });

  it("refuses a keyed body nested too deeply to fingerprint with 400, changing nothing", async () => {
    const cook = await kitchen();
    const before = await state(cook);
    // Written as text: JSON.stringify itself runs out of stack on it.
    const deep = "[".repeat(100_000) + "]".repeat(100_000);
    const leek = JSON.stringify({ name: "Leek", category: "Produce", quantity: 1, unit: "units" });
    // Nested in a field no schema knows (which would be stripped), and as the whole input.
    for (const [path, url, body] of [
      ["inventory.create", "/api/ingredients", `${leek.slice(0, -1)},"extra":${deep}}`],
      ["recipes.create", "/api/recipes", deep],
    ]) {
      for (const target of [url, `/trpc/${path}`]) {
        const res = await t.app.inject({
          method: "POST",
          url: target,
          headers: { cookie: cook.cookie, "content-type": "application/json", "idempotency-key": newKey() },
          payload: body,
        });
        expect([res.statusCode, res.json().message ?? res.json().error.message], target).toEqual([400, TOO_DEEP]);
      }
    }
    expect(await state(cook)).toEqual(before);
  });

  it.skipIf(testDatabaseKind() !== "postgres")(
    "applies once when duplicates reach two processes at the same moment (separate PostgreSQL pools; PostgreSQL only)",
    async () => {
      const pool = createDb({ databaseUrl: t.databaseUrl, dataDir: "" });
      const other = await buildApp({ ...t.deps, config: { ...t.deps.config, logLevel: "silent" }, db: pool.db });
      try {
        for (const call of [calls[5]!, calls[0]!, calls[4]!, calls[3]!]) {
          const cook = await kitchen();
          const key = newKey();
          const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => call.trpc(cook, key, i % 2 ? other : t.app)));
          expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
          expect(new Set(answers.map((a) => a.body)).size).toBe(1);
          const after = await state(cook);
          if (call.name === "cook") expect(after.stock).toEqual(["Cream 100", "Onion 2"]);
          if (call.name === "add an ingredient") expect(after.stock.filter((s) => s.startsWith("Leek"))).toHaveLength(1);
          if (call.name === "plan a meal") expect(after.meals).toBe(1);
          if (call.name === "create a recipe") expect(after.recipes).toBe(2);
        }
      } finally {
        await other.close();
        await pool.close();
      }
    },
  );
});
