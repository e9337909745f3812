import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listRecipes } from "./queries";
import { ListCache } from "../../lists";
import { createTestApp, createUser, type TestApp } from "../../testing/test-app";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const someone = async () => (await createUser(t)).cookie;

const pancakes = {
  title: "Pancakes",
  description: "Fluffy Sunday pancakes",
  imageUrl: "https://images.example.com/pancakes.jpg",
  prepTime: 10,
  cookTime: 15,
  servings: 4,
  difficulty: "Easy",
  cuisineType: "American",
  ingredients: [
    { name: "Flour", quantity: "1 1/2", unit: "cups", original: "1 1/2 cups flour" },
    { name: "Milk", quantity: 1.25, unit: "cups" },
    { name: "Salt", quantity: "to taste", unit: "" },
  ],
  instructions: "Mix everything.\n\nCook for 3 minutes a side.",
  tags: ["breakfast", "sweet"],
  isAiExtracted: false,
};

function send(cookie: string, method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object) {
  return t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
}
const list = async (cookie: string) => (await send(cookie, "GET", "/api/recipes")).json();

describe("recipes", () => {
  it("creates, reads, lists, updates and deletes the user's own recipes", async () => {
    const ann = await someone();
    const created = await send(ann, "POST", "/api/recipes", pancakes);
    expect(created.statusCode).toBe(201);
    const recipe = created.json();
    expect(recipe).toMatchObject(pancakes);
    expect(recipe.id).toMatch(/^[0-9a-f-]{36}$/);

    expect((await send(ann, "GET", `/api/recipes/${recipe.id}`)).json()).toEqual(recipe);
    const trpcGet = await send(ann, "GET", `/trpc/recipes.get?input=${encodeURIComponent(JSON.stringify({ id: recipe.id }))}`);
    expect(trpcGet.json().result.data).toEqual(recipe);

    const { ingredients: _i, instructions: _s, ...card } = recipe;
    expect(await list(ann)).toEqual([card]);

    const updated = await send(ann, "PATCH", `/api/recipes/${recipe.id}`, { title: "Best Pancakes", prepTime: null, tags: [] });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      title: "Best Pancakes",
      prepTime: null,
      tags: [],
      cookTime: 15,
      ingredients: pancakes.ingredients,
    });
    expect(Date.parse(updated.json().updatedAt)).toBeGreaterThanOrEqual(Date.parse(recipe.updatedAt));

    expect((await send(ann, "DELETE", `/api/recipes/${recipe.id}`)).statusCode).toBe(200);
    expect(await list(ann)).toEqual([]);
    expect((await send(ann, "GET", `/api/recipes/${recipe.id}`)).statusCode).toBe(404);
    expect((await send(ann, "DELETE", `/api/recipes/${recipe.id}`)).statusCode).toBe(404);
  });

  it("fills the form's defaults for what a new recipe leaves out", async () => {
    const ann = await someone();
    const minimal = { title: "  Toast ", ingredients: [{ name: "Bread", quantity: 1, unit: "units" }], instructions: "Toast it." };
    const res = await send(ann, "POST", "/api/recipes", minimal);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      title: "Toast",
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

  it("lists newest first, without ingredients or instructions, in one statement however long", async () => {
    const ann = await createUser(t);
    for (const title of ["First", "Second", "Third"]) await send(ann.cookie, "POST", "/api/recipes", { ...pancakes, title });
    const rows = Array.from({ length: 300 }, (_, i) => ({
      householdId: ann.householdId,
      title: `Bulk ${i}`,
      ingredients: JSON.stringify(pancakes.ingredients),
      instructions: "Cook.",
    }));
    await t.deps.db.insertInto("recipes").values(rows).execute();
    const recipes = await list(ann.cookie);
    expect(recipes).toHaveLength(303);
    const titles = recipes.map((r: { title: string }) => r.title);
    expect(titles.indexOf("Third")).toBeLessThan(titles.indexOf("Second"));
    expect(titles.indexOf("Second")).toBeLessThan(titles.indexOf("First"));
    expect(recipes.every((r: object) => !("ingredients" in r) && !("instructions" in r))).toBe(true);

    // Every statement the list runs, counted as its result passes a plugin on the same database; a fresh cache, so
    // nothing is kept.
    let statements = 0;
    const counted = t.deps.db.withPlugin({
      transformQuery: (args) => args.node,
      transformResult: async (args) => (statements++, args.result),
    });
    const fresh = await listRecipes(counted, new ListCache(), ann.id);
    expect(JSON.parse(fresh.text)).toEqual(recipes);
    expect(statements).toBe(1);
  });

  it("makes the signed-in user the owner, whatever userId the client sends", async () => {
    const ann = await someone();
    const { id: bobId, cookie: bob } = await createUser(t);
    expect((await send(ann, "POST", "/api/recipes", { ...pancakes, userId: bobId })).statusCode).toBe(201);
    expect(await list(bob)).toEqual([]);
    expect(await list(ann)).toHaveLength(1);
  });

  it("keeps other users' recipes invisible and untouchable on every path (404, unchanged)", async () => {
    const ann = await someone();
    const bob = await someone();
    const bobs = (await send(bob, "POST", "/api/recipes", pancakes)).json();
    expect(await list(ann)).toEqual([]);
    for (const res of [
      await send(ann, "GET", `/api/recipes/${bobs.id}`),
      await send(ann, "GET", `/trpc/recipes.get?input=${encodeURIComponent(JSON.stringify({ id: bobs.id }))}`),
      await send(ann, "PATCH", `/api/recipes/${bobs.id}`, { title: "Stolen" }),
      await send(ann, "DELETE", `/api/recipes/${bobs.id}`),
    ]) {
      expect(res.statusCode).toBe(404);
    }
    expect((await send(ann, "PATCH", `/api/recipes/${bobs.id}`, { title: "Stolen" })).json()).toMatchObject({
      code: "NOT_FOUND",
      message: "Recipe not found",
    });
    expect((await send(bob, "GET", `/api/recipes/${bobs.id}`)).json()).toEqual(bobs);
  });

  it.each([
    [{ title: "   " }, "title", "Title is required"],
    [{ title: "x".repeat(201) }, "title", "Title must be at most 200 characters"],
    [{ description: "x".repeat(5001) }, "description", "Description must be at most 5,000 characters"],
    [{ imageUrl: "http://example.com/a.jpg" }, "imageUrl", "Image URL must be an https:// address"],
    [{ imageUrl: "javascript:alert(1)" }, "imageUrl", "Image URL must be an https:// address"],
    [{ prepTime: 1.5 }, "prepTime", "Prep time must be whole minutes"],
    [{ cookTime: -1 }, "cookTime", "Cook time must be 0 or more"],
    [{ cookTime: 10_081 }, "cookTime", "Cook time must be at most 10,080 minutes"],
    [{ servings: 0 }, "servings", "Servings must be at least 1"],
    [{ servings: 1001 }, "servings", "Servings must be at most 1,000"],
    [{ servings: "four" }, "servings", "Servings must be a number"],
    [{ difficulty: "Extreme" }, "difficulty", "Difficulty must be one of Easy, Medium, Hard"],
    [{ cuisineType: "Martian" }, "cuisineType", "Cuisine must be one of"],
    [{ ingredients: [] }, "ingredients", "Add at least one ingredient"],
    [{ ingredients: Array(301).fill({ name: "Salt", quantity: 1, unit: "tsp" }) }, "ingredients", "at most 300 ingredients"],
    [{ ingredients: [{ name: "", quantity: 1, unit: "cups" }] }, "ingredients.0.name", "Ingredient name is required"],
    [{ ingredients: [{ name: "Egg", quantity: -2, unit: "" }] }, "ingredients.0.quantity", "Quantity must be 0 or more"],
    [{ ingredients: [{ name: "Egg", quantity: "x".repeat(31), unit: "" }] }, "ingredients.0.quantity", "at most 30 characters"],
    [{ ingredients: [{ name: "Egg", quantity: 1, unit: "x".repeat(31) }] }, "ingredients.0.unit", "Unit must be at most 30"],
    [{ ingredients: [{ name: "Egg", quantity: 1, unit: "", original: "x".repeat(501) }] }, "ingredients.0.original", "at most 500"],
    [{ instructions: " \n\t\n " }, "instructions", "Instructions are required"],
    [{ instructions: "x".repeat(50_001) }, "instructions", "Instructions must be at most 50,000 characters"],
    [{ tags: Array.from({ length: 31 }, (_, i) => `t${i}`) }, "tags", "at most 30 tags"],
    [{ tags: ["x".repeat(51)] }, "tags.0", "A tag must be at most 50 characters"],
    [{ tags: [""] }, "tags.0", "A tag can't be empty"],
    [{ isAiExtracted: "yes" }, "isAiExtracted", "isAiExtracted must be true or false"],
    [{ title: "Pan\u0000cakes" }, "title", "Title contains a character that can't be saved"],
    [{ ingredients: [{ name: "Egg\uD800", quantity: 1, unit: "" }] }, "ingredients.0.name", "can't be saved"],
  ])("answers 400 naming the field for %o, and saves nothing", async (change, field, message) => {
    const ann = await someone();
    const res = await send(ann, "POST", "/api/recipes", { ...pancakes, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect(res.json().issues[0].path).toBe(field);
    expect(await list(ann)).toEqual([]);
  });

  it("refuses a bad update without changing the recipe", async () => {
    const ann = await someone();
    const recipe = (await send(ann, "POST", "/api/recipes", pancakes)).json();
    const res = await send(ann, "PATCH", `/api/recipes/${recipe.id}`, { title: "Fine", ingredients: [] });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues[0].path).toBe("data.ingredients");
    expect((await send(ann, "GET", `/api/recipes/${recipe.id}`)).json()).toEqual(recipe);
  });

  it("answers 400 or 404 for malformed ids, never 500", async () => {
    const ann = await someone();
    for (const id of ["x", "1", "%00", "00000000-0000-0000-0000-00000000000g", "9".repeat(400)]) {
      for (const method of ["GET", "PATCH", "DELETE"] as const) {
        const res = await send(ann, method, `/api/recipes/${id}`, method === "PATCH" ? { title: "x" } : undefined);
        expect([400, 404]).toContain(res.statusCode);
      }
    }
  });

  it("keeps emoji, accents and right-to-left text exactly as sent", async () => {
    const ann = await someone();
    const title = "Crème brûlée 🍮 كعكة";
    const res = await send(ann, "POST", "/api/recipes", { ...pancakes, title, tags: ["дессерт", "🍰"] });
    expect(res.json()).toMatchObject({ title, tags: ["дессерт", "🍰"] });
  });

  it("leaves a deleted recipe's meal plans with no recipe", async () => {
    const ann = await createUser(t);
    const recipe = (await send(ann.cookie, "POST", "/api/recipes", pancakes)).json();
    const plan = await t.deps.db
      .insertInto("mealPlans")
      .values({ householdId: ann.householdId, recipeId: recipe.id, date: "2026-11-23", mealType: "breakfast" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await send(ann.cookie, "DELETE", `/api/recipes/${recipe.id}`);
    const row = await t.deps.db.selectFrom("mealPlans").select("recipeId").where("id", "=", plan.id).executeTakeFirstOrThrow();
    expect(row.recipeId).toBeNull();
  });

  it("counts only the user's recipes", async () => {
    const { householdId: annHousehold, cookie: ann } = await createUser(t);
    const bob = await someone();
    await t.deps.db
      .insertInto("recipes")
      .values({ householdId: annHousehold, title: "Soup", ingredients: "[]", instructions: "Boil" })
      .execute();
    const count = (cookie: string) => t.app.inject({ method: "GET", url: "/trpc/recipes.count", headers: { cookie } });
    expect((await count(ann)).json().result.data).toBe(1);
    expect((await count(bob)).json().result.data).toBe(0);
  });
});
