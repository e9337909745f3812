import type { HTTPMethods } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { restRoutes } from "./features";
import { openFoodFactsStandIn } from "./testing/off-stand-in";
import { createTestApp, createUser, freshAddress, type TestApp } from "./testing/test-app";

/**
 * The REST paths the spec documents (kim-spec.md, "The calls it makes"), written out here rather than read from the
 * feature list, so a documented path that no feature declares fails the test.
 */
const documented: [HTTPMethods, string][] = [
  ["GET", "/api/auth/user"],
  ["GET", "/api/login"],
  ["POST", "/api/login"],
  ["POST", "/api/signup"],
  ["POST", "/api/logout"],
  ["POST", "/api/password-reset/request"],
  ["POST", "/api/password-reset/confirm"],
  ["GET", "/api/ingredients"],
  ["POST", "/api/ingredients"],
  ["PATCH", "/api/ingredients/:id"],
  ["DELETE", "/api/ingredients/:id"],
  ["GET", "/api/barcode/:code"],
  ["GET", "/api/recipes"],
  ["POST", "/api/recipes"],
  ["PATCH", "/api/recipes/:id"],
  ["POST", "/api/recipes/extract-from-pdf"],
  ["POST", "/api/recipes/extract-from-url"],
  ["GET", "/api/meal-plans"],
  ["POST", "/api/meal-plans"],
  ["DELETE", "/api/meal-plans/:id"],
  ["GET", "/api/shopping-lists"],
  ["POST", "/api/shopping-lists/generate-from-meal-plan"],
  ["PATCH", "/api/shopping-lists/:id"],
  ["POST", "/api/bug-reports"],
  ["GET", "/api/admin/users"],
  ["GET", "/api/admin/bug-reports"],
  ["POST", "/api/admin/users"],
  ["PATCH", "/api/admin/users/:id/role"],
  ["PATCH", "/api/admin/users/:id/email"],
  ["PATCH", "/api/admin/users/:id/pro"],
  ["PATCH", "/api/admin/users/:id/beta"],
  ["POST", "/api/admin/users/:id/password-reset"],
  ["DELETE", "/api/admin/users/:id"],
  ["PATCH", "/api/admin/bug-reports/:id"],
  ["PATCH", "/api/user/profile"],
  ["POST", "/api/stripe/create-portal-session"],
  ["POST", "/api/stripe/create-checkout-session"],
  ["POST", "/api/transfer/import"],
  ["GET", "/api/transfer/imports/:key"],
  ["GET", "/api/transfer/export"],
  ["GET", "/api/recipes/:id/image"],
  ["DELETE", "/api/user/account"],
];
const key = (method: string, url: string) => `${method} ${url}`;
const documentedKeys = documented.map(([method, url]) => key(method, url));
const declaredKeys = new Set(restRoutes.map((r) => key(r.method, r.url)));
// Fuzzed: the documented paths, and whatever else the features declare (Kim's own additions).
const routes = [
  ...documented.map(([method, url]) => ({ method, url })),
  ...restRoutes.filter((r) => !documentedKeys.includes(key(r.method, r.url))),
];
const off = openFoodFactsStandIn();
let t: TestApp;
let cookie: string;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestApp({ offApiUrl: await off.start() });
  cookie = (await createUser(t, { email: "fuzz@example.com" })).cookie;
  adminCookie = (await createUser(t, { email: "fuzz-admin@example.com", role: "admin" })).cookie;
});
afterAll(async () => {
  await t.close();
  await off.stop();
});

/** Ids and codes that are not what the path expects. */
const pathValues = ["x", "0", "-1", "null", "%00", "%27%3B--", "9".repeat(300), "00000000-0000-4000-8000-000000000000"];

/** Bodies of every wrong shape a client might send. */
const bodies: { payload: string; contentType?: string }[] = [
  { payload: "{" },
  { payload: "null" },
  { payload: "[]" },
  { payload: '"text"' },
  { payload: "42" },
  { payload: "{}" },
  { payload: JSON.stringify({ email: 42, password: ["x"], name: { a: 1 }, quantity: "NaN", expirationDate: 20261201 }) },
  { payload: JSON.stringify({ email: "not-an-email", password: "x".repeat(100_000), name: "\u0000", quantity: 1e308 }) },
  { payload: JSON.stringify({ token: null, newPassword: null, profileImageUrl: 5, unit: null, category: [] }) },
  { payload: JSON.stringify({ title: "Soup", ingredients: [{ name: "\u0000", quantity: {} }], instructions: 5, tags: "a", servings: -1 }) },
  { payload: JSON.stringify({ __proto__: { admin: true }, constructor: { prototype: {} } }) },
  { payload: "x".repeat(2 * 1024 * 1024), contentType: "application/json" },
  { payload: "email=a&password=b", contentType: "application/x-www-form-urlencoded" },
];

const me = async () => (await t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } })).json();
const list = async (url: string) => (await t.app.inject({ method: "GET", url, headers: { cookie } })).json();
const ingredients = () => list("/api/ingredients");
const recipes = () => list("/api/recipes");

describe("every documented REST path", () => {
  it("is declared by a feature and served by the app", () => {
    expect(documentedKeys.filter((route) => !declaredKeys.has(route))).toEqual([]);
    const missing = routes.filter((r) => !t.app.hasRoute({ method: r.method, url: r.url })).map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
  });

  it("answers bad input with a 4xx JSON error, never a 500, and leaves the data as it was", async () => {
    const userBefore = await me();
    expect(userBefore).toMatchObject({ email: "fuzz@example.com", firstName: null, role: "user" });
    expect(await ingredients()).toEqual([]);
    expect(await recipes()).toEqual([]);
    const failures: string[] = [];
    const statuses = new Set<number>();
    for (const route of routes) {
      const urls = route.url.includes(":") ? pathValues.map((v) => route.url.replace(/:[a-z]+/i, v)) : [route.url];
      for (const url of urls) {
        // Signed in and out; logout only signed out, or it would end the session the rest of the run uses.
        // Admin paths also as an admin, so their input checks are reached, not only the 403.
        const cookies = route.url.startsWith("/api/admin/") ? [{ cookie }, { cookie: adminCookie }, {}] : [{ cookie }, {}];
        for (const headers of route.url === "/api/logout" ? [{}] : cookies) {
          const attempts = route.method === "GET" || route.method === "DELETE" ? [undefined] : bodies;
          for (const [i, body] of attempts.entries()) {
            // Every other attempt carries an Idempotency-Key, as the web app's creates and stock changes do.
            const key = i % 2 === 1 ? { "idempotency-key": crypto.randomUUID() } : {};
            const res = await t.app.inject({
              method: route.method as "GET",
              url,
              remoteAddress: freshAddress(),
              headers: { ...headers, ...key, ...(body ? { "content-type": body.contentType ?? "application/json" } : {}) },
              ...(body ? { payload: body.payload } : {}),
            });
            statuses.add(res.statusCode);
            const label = `${route.method} ${url.slice(0, 60)} ${body?.payload.slice(0, 40) ?? ""}`;
            if (res.statusCode >= 500) failures.push(`${res.statusCode} ${label}: ${res.body.slice(0, 200)}`);
            else if (res.statusCode >= 400 && !res.headers["content-type"]?.toString().includes("application/json")) {
              failures.push(`${res.statusCode} not JSON ${label}`);
            } else if (res.statusCode >= 400 && typeof res.json().message !== "string") {
              failures.push(`${res.statusCode} without a message ${label}`);
            }
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect([...statuses]).toEqual(expect.arrayContaining([400, 401, 404, 413, 415]));
    expect(await ingredients()).toEqual([]);
    expect(await recipes()).toEqual([]);
    // `{}` is a valid, empty profile update: it may touch updatedAt, and nothing else.
    expect(await me()).toEqual({ ...userBefore, updatedAt: expect.any(String) });
    expect(off.requests).toEqual([]);
  }, 120_000);
});

describe("a person outside a household", () => {
  /** What stands in for each path's id: the household's own thing of that kind. */
  type Things = Record<string, string>;
  const inside = async () => {
    const owner = await createUser(t, { email: `owner-${Date.now()}@example.com` });
    const member = await createUser(t, { email: `member-${Date.now()}@example.com` });
    // The member joins the owner's household, so its id is no one's user id.
    await t.deps.db
      .updateTable("householdMembers")
      .set({ householdId: owner.householdId, role: "member" })
      .where("userId", "=", member.id)
      .execute();
    const send = (method: "POST" | "GET", url: string, payload?: object) =>
      t.app.inject({ method, url, headers: { cookie: member.cookie }, ...(payload ? { payload } : {}) });
    const ingredient = (await send("POST", "/api/ingredients", { name: "Flour", quantity: 2, unit: "kg", category: "Pantry" })).json();
    const recipe = (
      await send("POST", "/api/recipes", {
        title: "Bread",
        ingredients: [{ name: "Flour", quantity: 1, unit: "kg" }],
        instructions: "Bake.",
      })
    ).json();
    const meal = (await send("POST", "/api/meal-plans", { recipeId: recipe.id, date: "2026-11-30", mealType: "dinner" })).json();
    const list = (await send("POST", "/api/shopping-lists", {})).json();
    const things: Things = {
      ingredients: ingredient.id,
      recipes: recipe.id,
      "meal-plans": meal.id,
      "shopping-lists": list.id,
      household: member.id,
      // Imports go by the key their sender gave; another person's key is unknown to the outsider.
      transfer: "an-import-of-the-owner",
    };
    const snapshot = async () =>
      Promise.all(
        ["/api/ingredients", "/api/recipes", "/api/meal-plans?from=2026-11-30&to=2026-11-30", "/api/shopping-lists", "/api/household"].map(
          async (url) => (await send("GET", url)).body,
        ),
      );
    return { owner, member, things, recipe, snapshot };
  };
  /** A body the path would take from one of the household: only the id is wrong for the outsider. */
  const bodyFor = (url: string, things: Things): object | undefined =>
    ({
      "/api/ingredients/:id": { quantity: 0 },
      "/api/recipes/:id": { title: "Taken" },
      "/api/shopping-lists/:id": { items: [{ name: "Mine", quantity: 1, unit: "units" }], version: 1 },
    })[url] ?? (url.includes(":") ? undefined : { recipeId: things.recipes, servings: 1, date: "2026-11-30", mealType: "lunch" });

  it("gets 404 on every path naming the household's things, on REST, tRPC and in a batch, and nothing changes", async () => {
    const { things, recipe, snapshot } = await inside();
    const outsider = await createUser(t, { email: `outsider-${Date.now()}@example.com` });
    const before = await snapshot();
    const idPaths = restRoutes.filter((r) => r.url.includes(":") && !r.url.startsWith("/api/admin/") && !r.url.startsWith("/api/barcode/"));
    const failures: string[] = [];
    for (const route of idPaths) {
      const kind = route.url.split("/")[2]!;
      const url = route.url.replace(/:[a-z]+/i, things[kind] ?? "");
      const payload = route.method === "GET" || route.method === "DELETE" ? undefined : bodyFor(route.url, things);
      const res = await t.app.inject({
        method: route.method as "GET",
        url,
        headers: { cookie: outsider.cookie },
        ...(payload ? { payload } : {}),
      });
      if (res.statusCode !== 404) failures.push(`${route.method} ${route.url}: ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    // Paths that name the household's recipe in their body.
    for (const url of ["/api/meal-plans", "/api/meal-plans/cook"]) {
      const res = await t.app.inject({ method: "POST", url, headers: { cookie: outsider.cookie }, payload: bodyFor(url, things) });
      if (res.statusCode !== 404) failures.push(`POST ${url}: ${res.statusCode}`);
    }
    const restock = await t.app.inject({
      method: "POST",
      url: "/api/meal-plans/restock",
      headers: { cookie: outsider.cookie },
      payload: { items: [{ id: things.ingredients, quantity: 5 }] },
    });
    expect(restock.json()).toEqual({ restocked: [] });
    expect(failures).toEqual([]);

    const trpc = await t.app.inject({
      method: "GET",
      url: `/trpc/recipes.get?input=${encodeURIComponent(JSON.stringify({ id: recipe.id }))}`,
      headers: { cookie: outsider.cookie },
    });
    expect(trpc.statusCode).toBe(404);
    const batch = await t.app.inject({
      method: "POST",
      url: "/trpc/inventory.delete,recipes.delete,mealPlans.delete?batch=1",
      headers: { cookie: outsider.cookie, "content-type": "application/json" },
      payload: { 0: { id: things.ingredients }, 1: { id: things.recipes }, 2: { id: things["meal-plans"] } },
    });
    expect((batch.json() as { error?: { data: { httpStatus: number } } }[]).map((r) => r.error?.data.httpStatus)).toEqual([404, 404, 404]);
    const lists = await t.app.inject({ method: "GET", url: "/api/ingredients", headers: { cookie: outsider.cookie } });
    expect(lists.json()).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });
});
