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
        userId: cook.id,
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
      { userId: cook.id, name: "Spinach", quantity: 1, category: "Produce", expirationDate: "2026-11-26" },
      { userId: cook.id, name: "Eggs", quantity: 6, category: "Dairy", expirationDate: "2026-11-28" },
      { userId: cook.id, name: "Flour", quantity: 1, category: "Pantry", expirationDate: null },
    ])
    .execute();
  await app.deps.db
    .insertInto("mealPlans")
    .values({ userId: cook.id, recipeId: ids.Toast!, date: "2026-11-25", mealType: "breakfast" })
    .execute();
  const { caller } = callerFor(app, cook, { now: () => NOW });
  return { cook, ids, caller };
}

const mealCount = (app: TestApp, userId: string) =>
  app.deps.db
    .selectFrom("mealPlans")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("userId", "=", userId)
    .executeTakeFirstOrThrow();

describe("suggest meals", () => {
  it("fills the empty slots from today, expiring stock first, without repeats or planned recipes, saving nothing", async () => {
    const { cook, caller } = await seededWeek(t);
    const { suggestions, rankedBy } = await caller.mealPlans.suggest({ week: WEEK, timeZone: "UTC" });
    expect(rankedBy).toBe("rules");
    expect(suggestions.map((s) => [s.date, s.mealType, s.recipe.title, s.reason])).toEqual([
      ["2026-11-25", "lunch", "Spinach pie", "Uses Spinach (expires tomorrow)"],
      ["2026-11-25", "dinner", "Omelette", "Uses Eggs (expires in 3 days)"],
      ["2026-11-26", "breakfast", "Salad", "From your recipes"],
      ["2026-11-26", "lunch", "Stew", "From your recipes"],
    ]);
    // Wednesday's breakfast (Toast) is kept and Toast not suggested again; no day before today is filled.
    expect(suggestions.some((s) => s.recipe.title === "Toast" || (s.date === "2026-11-25" && s.mealType === "breakfast"))).toBe(false);
    expect(suggestions.every((s) => s.date >= "2026-11-25")).toBe(true);
    expect(new Set(suggestions.map((s) => s.recipe.id)).size).toBe(suggestions.length);
    expect(Number((await mealCount(t, cook.id)).n)).toBe(1);
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
    const { ids, caller } = await seededWeek(withModel);
    model.answerJson({ recipeIds: [ids.Stew, "not-a-candidate", ids.Toast, ids.Stew, ids["Spinach pie"]] });
    const { suggestions, rankedBy } = await caller.mealPlans.suggest({ week: WEEK, timeZone: "UTC" });
    expect(rankedBy).toBe("model");
    // The model's order for the ids it may use (Toast is planned already), then the rules' order for the rest.
    expect(suggestions.map((s) => s.recipe.title)).toEqual(["Stew", "Spinach pie", "Omelette", "Salad"]);
    const request = model.requests[0]!;
    expect(request.authorization).toBe("Bearer sk-test");
    expect(request.body).toMatchObject({ model: "kim-test-model", response_format: { type: "json_schema" } });
    const sent = JSON.parse((request.body.messages as { content: string }[])[1]!.content) as { candidates: { id: string }[] };
    expect(sent.candidates.map((c) => c.id).sort()).toEqual([ids.Stew, ids["Spinach pie"], ids.Omelette, ids.Salad].sort());
  });

  it("falls back to the rules when the model fails", async () => {
    const { caller } = await seededWeek(withModel);
    model.setMode("down");
    const { suggestions, rankedBy } = await caller.mealPlans.suggest({ week: WEEK, timeZone: "UTC" });
    expect(rankedBy).toBe("rules");
    expect(suggestions[0]!.recipe.title).toBe("Spinach pie");
  });
});
