import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openAiStandIn } from "../../testing/openai-stand-in";
import { callerFor, createTestApp, createUser, type TestApp } from "../../testing/test-app";

const model = openAiStandIn();
/** Kim without a model: the rules suggest. */
let t: TestApp;
/** Kim with a model (the stand-in) ranking the candidates. */
let withModel: TestApp;

beforeAll(async () => {
  const baseUrl = await model.start();
  t = await createTestApp();
  withModel = await createTestApp({ openai: { apiKey: "sk-test", baseUrl, model: "kim-test-model" } });
});
afterAll(async () => {
  await Promise.all([t?.close(), withModel?.close()]);
  await model.stop();
});
beforeEach(() => {
  model.requests.length = 0;
  model.setMode("ok");
  model.answerJson(null);
});

// Wednesday 25 November 2026, 10:00 UTC: the week runs from Monday the 23rd; Monday and Tuesday are past.
const NOW = new Date("2026-11-25T10:00:00Z");
const WEEK = "2026-11-23";

/** A Pro cook with five recipes, stock (spinach expiring tomorrow, eggs in 3 days) and Wednesday's breakfast planned. */
async function seededWeek(app: TestApp) {
  const cook = await createUser(app, { isPro: true });
  const ids: Record<string, string> = {};
  for (const [title, names] of [
    ["Toast", ["bread"]],
    ["Spinach pie", ["spinach", "flour"]],
    ["Omelette", ["eggs", "butter"]],
    ["Stew", ["beef", "carrots"]],
    ["Salad", ["lettuce"]],
  ] as const) {
    const row = await app.deps.db
      .insertInto("recipes")
      .values({
        householdId: cook.householdId,
        title,
        instructions: "",
        ingredients: JSON.stringify(names.map((name) => ({ name, quantity: 1, unit: "" }))),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    ids[title] = row.id;
  }
  await app.deps.db
    .insertInto("ingredients")
    .values([
      { householdId: cook.householdId, name: "Spinach", quantity: 1, category: "Produce", expirationDate: "2026-11-26" },
      { householdId: cook.householdId, name: "Eggs", quantity: 6, category: "Dairy", expirationDate: "2026-11-28" },
      { householdId: cook.householdId, name: "Flour", quantity: 1, category: "Pantry", expirationDate: null },
    ])
    .execute();
  await app.deps.db
    .insertInto("mealPlans")
    .values({ householdId: cook.householdId, createdBy: cook.id, recipeId: ids.Toast!, date: "2026-11-25", mealType: "breakfast" })
    .execute();
  const { caller } = callerFor(app, cook, { now: () => NOW });
  return { cook, ids, caller };
}

const mealCount = (app: TestApp, userId: string) =>
  app.deps.db
    .selectFrom("mealPlans")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("createdBy", "=", userId)
    .executeTakeFirstOrThrow();

describe("suggest meals", () => {
  it("fills the empty slots from today, each with a recipe suiting its meal, expiring stock first, without repeats or planned recipes, saving nothing", async () => {
    const { cook, caller } = await seededWeek(t);
    const { suggestions, rankedBy } = await caller.mealPlans.suggest({ week: WEEK, timeZone: "UTC" });
    expect(rankedBy).toBe("rules");
    // Omelette is a breakfast, Stew a dinner, Salad a lunch (their titles); Spinach pie could be lunch or dinner.
    expect(suggestions.map((s) => [s.date, s.mealType, s.recipe.title, s.reason])).toEqual([
      ["2026-11-25", "lunch", "Spinach pie", "Uses Spinach (expires tomorrow)"],
      ["2026-11-25", "dinner", "Stew", "From your recipes"],
      ["2026-11-26", "breakfast", "Omelette", "Uses Eggs (expires in 3 days)"],
      ["2026-11-26", "lunch", "Salad", "From your recipes"],
    ]);
    // Wednesday's breakfast (Toast) is kept and Toast not suggested again; no day before today is filled.
    expect(suggestions.some((s) => s.recipe.title === "Toast" || (s.date === "2026-11-25" && s.mealType === "breakfast"))).toBe(false);
    expect(suggestions.every((s) => s.date >= "2026-11-25")).toBe(true);
    expect(new Set(suggestions.map((s) => s.recipe.id)).size).toBe(suggestions.length);
    expect(Number((await mealCount(t, cook.id)).n)).toBe(1);
  });

  it("suggests no day of the last week of 2999 that falls in 3000, where nothing can be planned", async () => {
    const { cook } = await seededWeek(t);
    // On its last day, with more recipes than that day has meals.
    const { caller } = callerFor(t, cook, { now: () => new Date("2999-12-31T10:00:00Z") });
    const { suggestions } = await caller.mealPlans.suggest({ week: "2999-12-31", timeZone: "UTC" });
    expect(suggestions.map((s) => [s.date, s.mealType])).toEqual([
      ["2999-12-31", "breakfast"],
      ["2999-12-31", "lunch"],
      ["2999-12-31", "dinner"],
    ]);
  });

  it("fits recipes to meals by title, tags and the cook's history, and never justifies a meal by what expires before it", async () => {
    const cook = await createUser(t, { isPro: true });
    const ids: Record<string, string> = {};
    for (const [title, names, tags] of [
      ["Roast chicken", ["chicken", "cream"], null],
      ["Hummus", ["chickpeas"], null],
      ["Bircher muesli", ["oats", "cream"], null],
      ["Granny's bake", ["potatoes"], null],
      ["Mystery dish", ["rice"], ["Frühstück"]],
    ] as const) {
      const row = await t.deps.db
        .insertInto("recipes")
        .values({
          householdId: cook.householdId,
          title,
          instructions: "",
          tags: tags ? JSON.stringify(tags) : null,
          ingredients: JSON.stringify(names.map((name) => ({ name, quantity: 1, unit: "" }))),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      ids[title] = row.id;
    }
    // Earlier this month the cook had Granny's bake for breakfast.
    await t.deps.db
      .insertInto("mealPlans")
      .values({ householdId: cook.householdId, recipeId: ids["Granny's bake"]!, date: "2026-11-02", mealType: "breakfast" })
      .execute();
    await t.deps.db
      .insertInto("ingredients")
      .values([
        { householdId: cook.householdId, name: "Cream", quantity: 300, category: "Dairy", expirationDate: "2026-11-26" },
        { householdId: cook.householdId, name: "Chicken", quantity: 1, category: "Meat", expirationDate: "2026-12-02" },
        { householdId: cook.householdId, name: "Chickpeas", quantity: 1, category: "Pantry", expirationDate: null },
      ])
      .execute();
    const { caller } = callerFor(t, cook, { now: () => NOW });
    // Next week, from Monday the 30th: the cream (gone on the 26th) can justify none of it.
    const { suggestions } = await caller.mealPlans.suggest({ week: "2026-11-30", timeZone: "UTC" });
    expect(suggestions.map((s) => [s.date, s.mealType, s.recipe.title, s.reason])).toEqual([
      ["2026-11-30", "breakfast", "Bircher muesli", "From your recipes"],
      ["2026-11-30", "lunch", "Hummus", "Uses 1 thing you have"],
      ["2026-11-30", "dinner", "Roast chicken", "Uses Chicken (expires in 7 days)"],
      ["2026-12-01", "breakfast", "Granny's bake", "From your recipes"],
      ["2026-12-02", "breakfast", "Mystery dish", "From your recipes"],
    ]);
    // This week, Thursday the 26th is the cream's last day: its dinner is the one to use it.
    const thisWeek = await caller.mealPlans.suggest({ week: WEEK, timeZone: "UTC" });
    expect(thisWeek.suggestions.find((s) => s.recipe.title === "Roast chicken")).toMatchObject({
      date: "2026-11-25",
      mealType: "dinner",
      reason: "Uses Cream (expires tomorrow) and 1 more expiring item",
    });
  });

  it("uses the cook's time zone for today: late Tuesday in New York still fills Tuesday", async () => {
    const { cook } = await seededWeek(t);
    const { caller } = callerFor(t, cook, { now: () => new Date("2026-11-25T03:00:00Z") });
    const { suggestions } = await caller.mealPlans.suggest({ week: WEEK, timeZone: "America/New_York" });
    expect(suggestions[0]).toMatchObject({ date: "2026-11-24", mealType: "breakfast" });
  });

  it("is Pro only: others get 403 'Pro feature'; bad input is 400", async () => {
    const basic = await createUser(t);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/meal-plans/suggest",
      headers: { cookie: basic.cookie },
      payload: { week: WEEK, timeZone: "UTC" },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain("Pro feature");
    const pro = await createUser(t, { isPro: true });
    for (const payload of [
      { week: "2026-13-01", timeZone: "UTC" },
      { week: "9999-12-31", timeZone: "UTC" },
      { week: WEEK, timeZone: "Nowhere/Land" },
      { week: WEEK },
    ]) {
      const bad = await t.app.inject({ method: "POST", url: "/api/meal-plans/suggest", headers: { cookie: pro.cookie }, payload });
      expect(bad.statusCode).toBe(400);
    }
  });

  it("lets a model rank the same candidates, checking its answer", async () => {
    const { cook, ids, caller } = await seededWeek(withModel);
    const soup = await withModel.deps.db
      .insertInto("recipes")
      .values({
        householdId: cook.householdId,
        title: "Lentil soup",
        instructions: "",
        ingredients: JSON.stringify([{ name: "lentils", quantity: 1, unit: "" }]),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    model.answerJson({ recipeIds: [ids.Stew, "not-a-candidate", ids.Toast, ids.Salad, ids.Stew, ids["Spinach pie"]] });
    const { suggestions, rankedBy } = await caller.mealPlans.suggest({ week: WEEK, timeZone: "UTC" });
    expect(rankedBy).toBe("model");
    // Each slot still takes a recipe suiting its meal, and what expires by then first; among the rest the model's
    // order decides (Salad before Lentil soup, which the rules put first by title), then the rules' order.
    expect(suggestions.map((s) => [s.date, s.mealType, s.recipe.title])).toEqual([
      ["2026-11-25", "lunch", "Spinach pie"],
      ["2026-11-25", "dinner", "Stew"],
      ["2026-11-26", "breakfast", "Omelette"],
      ["2026-11-26", "lunch", "Salad"],
      ["2026-11-27", "lunch", "Lentil soup"],
    ]);
    const request = model.requests[0]!;
    expect(request.authorization).toBe("Bearer sk-test");
    expect(request.body).toMatchObject({ model: "kim-test-model", response_format: { type: "json_schema" } });
    const sent = JSON.parse((request.body.messages as { content: string }[])[1]!.content) as {
      candidates: { id: string; mealTypes: string[] }[];
    };
    expect(sent.candidates.map((c) => c.id).sort()).toEqual([ids.Stew, ids["Spinach pie"], ids.Omelette, ids.Salad, soup.id].sort());
    expect(sent.candidates.find((c) => c.id === ids.Omelette)!.mealTypes).toEqual(["breakfast"]);
  });

  it("falls back to the rules when the model fails", async () => {
    const { caller } = await seededWeek(withModel);
    model.setMode("down");
    const { suggestions, rankedBy } = await caller.mealPlans.suggest({ week: WEEK, timeZone: "UTC" });
    expect(rankedBy).toBe("rules");
    expect(suggestions[0]!.recipe.title).toBe("Spinach pie");
  });

  it("falls back to the rules when the model's answer is not the ranking it was asked for", async () => {
    const { ids, caller } = await seededWeek(withModel);
    for (const answer of [{ recipeIds: [ids.Stew, 7] }, { ids: [ids.Stew] }]) {
      model.answerJson(answer);
      const { suggestions, rankedBy } = await caller.mealPlans.suggest({ week: WEEK, timeZone: "UTC" });
      expect(rankedBy, JSON.stringify(answer)).toBe("rules");
      expect(suggestions[0]!.recipe.title).toBe("Spinach pie");
    }
    model.answerText('{"recipeIds": ["');
    expect((await caller.mealPlans.suggest({ week: WEEK, timeZone: "UTC" })).rankedBy).toBe("rules");
  });
});
