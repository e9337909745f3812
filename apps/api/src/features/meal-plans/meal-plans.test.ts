import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { weekOf } from "@kim/domain";
import { createTestApp, createUser, type TestApp } from "../../testing/test-app";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function send(cookie: string, method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object) {
  return t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
}

async function cookWithRecipe(title = "Pancakes") {
  const user = await createUser(t);
  const recipe = (
    await send(user.cookie, "POST", "/api/recipes", {
      title,
      ingredients: [{ name: "Flour", quantity: 2, unit: "cups" }],
      instructions: "Cook.",
    })
  ).json();
  return { ...user, recipeId: recipe.id as string };
}

const week = "/api/meal-plans?from=2026-11-23&to=2026-11-29";

describe("meal plans", () => {
  it("plans, lists by range in day and meal order, and removes meals", async () => {
    const ann = await cookWithRecipe();
    const plan = (date: string, mealType: string, extra: object = {}) =>
      send(ann.cookie, "POST", "/api/meal-plans", { date, mealType, recipeId: ann.recipeId, ...extra });
    const dinner = await plan("2026-11-24", "dinner", { servings: 2, notes: "Double batch" });
    expect(dinner.statusCode).toBe(201);
    expect(dinner.json()).toMatchObject({
      date: "2026-11-24",
      mealType: "dinner",
      servings: 2,
      notes: "Double batch",
      recipe: { id: ann.recipeId, title: "Pancakes" },
    });
    expect((await plan("2026-11-24", "breakfast")).json()).toMatchObject({ servings: 1, notes: null });
    await plan("2026-11-23", "lunch");
    await plan("2026-11-30", "lunch"); // the next week

    const listed = (await send(ann.cookie, "GET", week)).json();
    expect(listed.map((m: { date: string; mealType: string }) => `${m.date} ${m.mealType}`)).toEqual([
      "2026-11-23 lunch",
      "2026-11-24 breakfast",
      "2026-11-24 dinner",
    ]);
    const viaTrpc = await send(
      ann.cookie,
      "GET",
      `/trpc/mealPlans.list?input=${encodeURIComponent(JSON.stringify({ from: "2026-11-23", to: "2026-11-29" }))}`,
    );
    expect(viaTrpc.json().result.data).toEqual(listed);

    expect((await send(ann.cookie, "DELETE", `/api/meal-plans/${dinner.json().id}`)).statusCode).toBe(200);
    expect((await send(ann.cookie, "GET", week)).json()).toHaveLength(2);
    expect((await send(ann.cookie, "DELETE", `/api/meal-plans/${dinner.json().id}`)).statusCode).toBe(404);
  });

  it("holds at most 3 meals a slot, also when 10 requests race for it", async () => {
    const ann = await cookWithRecipe();
    const meal = { date: "2026-11-25", mealType: "lunch", recipeId: ann.recipeId };
    const answers = await Promise.all(Array.from({ length: 10 }, () => send(ann.cookie, "POST", "/api/meal-plans", meal)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 201, 409, 409, 409, 409, 409, 409, 409]);
    expect(answers.find((a) => a.statusCode === 409)?.json().message).toBe(
      "This lunch slot already holds 3 meals; remove one to add another",
    );
    const rows = await t.deps.db.selectFrom("mealPlans").select("id").where("householdId", "=", ann.householdId).execute();
    expect(rows).toHaveLength(3);
    // Another slot of the same day still has room.
    expect((await send(ann.cookie, "POST", "/api/meal-plans", { ...meal, mealType: "dinner" })).statusCode).toBe(201);
  });

  it("plans only the user's own recipes, and keeps each user's meals apart", async () => {
    const ann = await cookWithRecipe();
    const bob = await cookWithRecipe("Bob's stew");
    const stolen = await send(ann.cookie, "POST", "/api/meal-plans", { date: "2026-11-25", mealType: "lunch", recipeId: bob.recipeId });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().message).toBe("Recipe not found");
    const bobs = (
      await send(bob.cookie, "POST", "/api/meal-plans", { date: "2026-11-25", mealType: "lunch", recipeId: bob.recipeId })
    ).json();
    expect((await send(ann.cookie, "GET", week)).json()).toEqual([]);
    expect((await send(ann.cookie, "DELETE", `/api/meal-plans/${bobs.id}`)).statusCode).toBe(404);
    expect((await send(bob.cookie, "GET", week)).json()).toHaveLength(1);
  });

  it("answers the spec's fields on REST and tRPC, recipeId and userId included, beside the recipe's title", async () => {
    const ann = await cookWithRecipe();
    const viaRest = await send(ann.cookie, "POST", "/api/meal-plans", { date: "2026-11-26", mealType: "dinner", recipeId: ann.recipeId });
    const viaTrpc = await send(ann.cookie, "POST", "/trpc/mealPlans.create", {
      date: "2026-11-27",
      mealType: "lunch",
      recipeId: ann.recipeId,
    });
    const spec = {
      userId: ann.id,
      createdBy: ann.id,
      recipeId: ann.recipeId,
      servings: 1,
      notes: null,
      recipe: { id: ann.recipeId, title: "Pancakes" },
    };
    expect(viaRest.json()).toEqual({
      ...spec,
      id: expect.any(String),
      date: "2026-11-26",
      mealType: "dinner",
      createdAt: expect.any(String),
    });
    expect(viaTrpc.json().result.data).toEqual({
      ...spec,
      id: expect.any(String),
      date: "2026-11-27",
      mealType: "lunch",
      createdAt: expect.any(String),
    });
    const listed = (await send(ann.cookie, "GET", week)).json();
    expect(listed).toEqual([viaRest.json(), viaTrpc.json().result.data]);
  });

  it("keeps a meal whose recipe was deleted, with recipeId and recipe null, on REST and tRPC", async () => {
    const ann = await cookWithRecipe();
    await send(ann.cookie, "POST", "/api/meal-plans", { date: "2026-11-26", mealType: "dinner", recipeId: ann.recipeId });
    await send(ann.cookie, "DELETE", `/api/recipes/${ann.recipeId}`);
    const listed = (await send(ann.cookie, "GET", week)).json();
    expect(listed).toMatchObject([{ date: "2026-11-26", userId: ann.id, recipeId: null, recipe: null }]);
    const input = encodeURIComponent(JSON.stringify({ from: "2026-11-23", to: "2026-11-29" }));
    expect((await send(ann.cookie, "GET", `/trpc/mealPlans.list?input=${input}`)).json().result.data).toEqual(listed);
  });

  it("lists the last week of 2999 as the planner asks for it, its meals on the 30th and 31st included", async () => {
    const ann = await cookWithRecipe();
    for (const date of ["2999-12-30", "2999-12-31"])
      await send(ann.cookie, "POST", "/api/meal-plans", { date, mealType: "dinner", recipeId: ann.recipeId });
    const { from, to } = weekOf("2999-12-31");
    const res = await send(ann.cookie, "GET", `/api/meal-plans?from=${from}&to=${to}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((m: { date: string }) => m.date)).toEqual(["2999-12-30", "2999-12-31"]);
  });

  it("lists the current week when no range is given", async () => {
    const ann = await cookWithRecipe();
    const today = new Date().toISOString().slice(0, 10);
    await send(ann.cookie, "POST", "/api/meal-plans", { date: today, mealType: "dinner", recipeId: ann.recipeId });
    expect((await send(ann.cookie, "GET", "/api/meal-plans")).json()).toHaveLength(1);
  });

  it.each([
    [{ date: "2026-02-30" }, "date", "Date must be a date written yyyy-MM-dd"],
    [{ date: "tomorrow" }, "date", "Date must be a date written yyyy-MM-dd"],
    [{ date: "0100-01-01" }, "date", "Date must be a date from 1900 to 2999"],
    [{ date: "9999-12-31" }, "date", "Date must be a date from 1900 to 2999"],
    [{ mealType: "brunch" }, "mealType", "Meal type must be one of breakfast, lunch, dinner"],
    [{ recipeId: "x" }, "recipeId", "Recipe must be a valid id"],
    [{ servings: 0 }, "servings", "Servings must be at least 1"],
    [{ servings: 101 }, "servings", "Servings must be at most 100"],
    [{ servings: 1.5 }, "servings", "Servings must be a whole number"],
    [{ notes: "x".repeat(501) }, "notes", "Notes must be at most 500 characters"],
    [{ notes: "a\u0000b" }, "notes", "can't be saved"],
  ])("answers 400 naming the field for %o, and plans nothing", async (change, field, message) => {
    const ann = await cookWithRecipe();
    const res = await send(ann.cookie, "POST", "/api/meal-plans", {
      date: "2026-11-25",
      mealType: "lunch",
      recipeId: ann.recipeId,
      ...change,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect(res.json().issues[0].path).toBe(field);
    expect((await send(ann.cookie, "GET", week)).json()).toEqual([]);
  });

  it.each([
    ["?from=2026-11-29&to=2026-11-23", "From must be on or before To"],
    ["?from=2026-01-01&to=2026-12-31", "A range can span at most 62 days"],
    ["?from=2026-11-23", "To must be a date written yyyy-MM-dd"],
    ["?from=x&to=y", "From must be a date written yyyy-MM-dd"],
  ])("refuses the range %s", async (query, message) => {
    const ann = await cookWithRecipe();
    const res = await send(ann.cookie, "GET", `/api/meal-plans${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });
});
