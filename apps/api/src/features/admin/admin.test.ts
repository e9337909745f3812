import { testDatabaseKind } from "@kim/db/testing";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { anotherProcess, createTestApp, createUser, freshAddress, type TestApp } from "../../testing/test-app";
import { stripeStandIn } from "../../testing/stripe-stand-in";
import { STRIPE_UNREACHABLE } from "../billing/service";
import { EXACT_TOTAL_MAX } from "./queries";
import { LAST_ADMIN, NOT_YOURSELF_DELETE, NOT_YOURSELF_DEMOTE } from "./service";

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { email: "boss@example.com", role: "admin", firstName: "Bea", lastName: "Boss" });
});
afterAll(() => t.close());

type Method = "GET" | "POST" | "PATCH" | "DELETE";
const call = (method: Method, url: string, cookie: string | undefined, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    remoteAddress: freshAddress(),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const asAdmin = (method: Method, url: string, payload?: unknown) => call(method, url, admin.cookie, payload);
const userRow = (id: string) => t.deps.db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
const sessionCount = async (userId: string) =>
  (await t.deps.db.selectFrom("sessions").select("sid").where("userId", "=", userId).execute()).length;
const auditOf = async (targetUserId: string) => (await asAdmin("GET", `/api/admin/audit?userId=${targetUserId}`)).json().items;
const lastMailTo = async (email: string) => {
  await t.app.mailSender.runOnce();
  return t.mails.filter((m) => m.includes(`mail to ${email} `)).at(-1);
};
const UNKNOWN = "00000000-0000-4000-8000-000000000000";

describe("who may use the admin paths", () => {
  const paths: [Method, string, unknown?][] = [
    ["GET", "/api/admin/summary"],
    ["GET", "/api/admin/users"],
    ["POST", "/api/admin/users", { email: "new@example.com" }],
    ["PATCH", `/api/admin/users/${UNKNOWN}/role`, { role: "admin" }],
    ["PATCH", `/api/admin/users/${UNKNOWN}/email`, { email: "x@example.com" }],
    ["PATCH", `/api/admin/users/${UNKNOWN}/pro`, { isPro: true }],
    ["PATCH", `/api/admin/users/${UNKNOWN}/beta`, { isBetaTester: true }],
    ["POST", `/api/admin/users/${UNKNOWN}/password-reset`, {}],
    ["DELETE", `/api/admin/users/${UNKNOWN}`],
    ["GET", "/api/admin/bug-reports"],
    ["PATCH", `/api/admin/bug-reports/${UNKNOWN}`, { status: "closed" }],
    ["GET", "/api/admin/audit"],
  ];

  it("answers 403 'Admins only' to a signed-in user, Pro and beta tester included, and 401 signed out", async () => {
    const plain = await createUser(t);
    const pro = await createUser(t, { isPro: true, isBetaTester: true });
    for (const [method, url, payload] of paths) {
      for (const cookie of [plain.cookie, pro.cookie]) {
        const res = await call(method, url, cookie, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json()).toMatchObject({ code: "FORBIDDEN", message: "Admins only" });
      }
      expect((await call(method, url, undefined, payload)).statusCode, `${method} ${url}`).toBe(401);
    }
    expect(await t.deps.db.selectFrom("users").select("id").where("email", "=", "new@example.com").execute()).toEqual([]);
  });

  it("answers 404 to an admin for an unknown id, and 400 for an id that is not one", async () => {
    for (const [method, url, payload] of paths.filter(([, url]) => url.includes(UNKNOWN))) {
      const res = await asAdmin(method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().message).toMatch(/^(User|Bug report) not found$/);
      expect((await asAdmin(method, url.replace(UNKNOWN, "42"), payload)).statusCode, `${method} ${url}`).toBe(400);
    }
  });
});

describe("GET /api/admin/users", () => {
  it("pages newest first with the total, and searches emails, domains and names in any case", async () => {
    const tag = `pager${Date.now()}`;
    // Made a second apart: rows written within one tick of the database's clock would tie, and ties go by id.
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await createUser(t, { email: `${tag}-${i}@example.com`, firstName: i === 3 ? "Zelda" : "Pat" }));
    made.push(await createUser(t, { email: "someone@else.example", firstName: "Olga", lastName: `${tag.toUpperCase()} Smith` }));
    for (const [i, user] of made.entries()) {
      await sql`update users set created_at = now() - ${`${60 - i} seconds`}::interval where id = ${user.id}`.execute(t.deps.db);
    }

    const first = (await asAdmin("GET", `/api/admin/users?search=${tag}&pageSize=4`)).json();
    expect(first).toMatchObject({ total: 6, totalIsExact: true, page: 1, pageSize: 4 });
    expect(first.items.map((u: { email: string }) => u.email)).toEqual([
      "someone@else.example",
      `${tag}-4@example.com`,
      `${tag}-3@example.com`,
      `${tag}-2@example.com`,
    ]);
    expect(first.items[0]).toEqual({
      id: expect.any(String),
      email: "someone@else.example",
      firstName: "Olga",
      lastName: `${tag.toUpperCase()} Smith`,
      profileImageUrl: "User",
      role: "user",
      isPro: false,
      isBetaTester: false,
      createdAt: expect.any(String),
      household: { id: expect.any(String), role: "owner", members: 1 },
    });
    const next = (await asAdmin("GET", `/api/admin/users?search=${tag}&pageSize=4&page=2`)).json();
    expect(next.items.map((u: { email: string }) => u.email)).toEqual([`${tag}-1@example.com`, `${tag}-0@example.com`]);

    const byName = (await asAdmin("GET", `/api/admin/users?search=${encodeURIComponent(`olga ${tag}`)}`)).json();
    expect(byName.items.map((u: { firstName: string }) => u.firstName)).toEqual(["Olga"]);
    const zelda = (await asAdmin("GET", `/api/admin/users?search=zELDa`)).json();
    expect(zelda.items.map((u: { email: string }) => u.email)).toContain(`${tag}-3@example.com`);
    const domain = (await asAdmin("GET", `/api/admin/users?search=ELSE.exa`)).json();
    expect(domain.items.map((u: { email: string }) => u.email)).toEqual(["someone@else.example"]);
  });

  it("finds any part of an email or a name, as admins type it ('gmail', part of a surname)", async () => {
    const tag = `mid${Date.now()}`;
    const gmail = await createUser(t, { email: `cook.${tag}@gmail.com`, firstName: "Ann", lastName: "Fairweather" });
    const other = await createUser(t, { email: `chef.${tag}@kitchen.example`, firstName: "Bo", lastName: "Weatherby" });
    const found = async (search: string) =>
      (await asAdmin("GET", `/api/admin/users?search=${encodeURIComponent(search)}&pageSize=100`))
        .json()
        .items.map((u: { id: string }) => u.id)
        .filter((id: string) => id === gmail.id || id === other.id);
    expect(await found("GMAIL")).toEqual([gmail.id]);
    expect(await found(tag.slice(3))).toEqual([other.id, gmail.id]);
    expect(await found("weather")).toEqual([other.id, gmail.id]);
    expect(await found("airweath")).toEqual([gmail.id]);
    expect(await found("ann fair")).toEqual([gmail.id]);
    expect(await found("itchen.ex")).toEqual([other.id]);
    expect(await found("nobody-has-this")).toEqual([]);
  });

  it("counts all users exactly on every page while there are fewer than some thousands", async () => {
    const tag = `many${Date.now()}`;
    for (let i = 0; i < 12; i++) await createUser(t, { email: `${tag}-${i}@example.com` });
    const everyone = (await asAdmin("GET", "/api/admin/summary")).json().totalUsers;
    expect(everyone).toBeGreaterThan(11);
    expect(everyone).toBeLessThan(EXACT_TOTAL_MAX);
    // Pages of 1: the first page counts them all, not "11+".
    expect((await asAdmin("GET", "/api/admin/users?pageSize=1")).json()).toMatchObject({ total: everyone, totalIsExact: true });
    const late = (await asAdmin("GET", `/api/admin/users?pageSize=1&page=${everyone - 5}`)).json();
    expect(late).toMatchObject({ total: everyone, totalIsExact: true });
    expect(late.items).toHaveLength(1);
    expect((await asAdmin("GET", `/api/admin/users?search=${tag}&pageSize=1`)).json()).toMatchObject({ total: 12, totalIsExact: true });
  });

  it("treats % and _ in a search as themselves", async () => {
    await createUser(t, { email: "under_score@example.com" });
    await createUser(t, { email: "underXscore@example.com" });
    const res = (await asAdmin("GET", "/api/admin/users?search=%25")).json();
    expect(res.total).toBe(0);
    const underscore = (await asAdmin("GET", "/api/admin/users?search=under_s")).json();
    expect(underscore.items.map((u: { email: string }) => u.email)).toEqual(["under_score@example.com"]);
  });

  it("answers 400 for a bad page, page size or search", async () => {
    for (const query of ["page=0", "page=x", "pageSize=101", "pageSize=0", "page=1.5", `search=${"x".repeat(201)}`, "search=%00"]) {
      const res = await asAdmin("GET", `/api/admin/users?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toMatch(/^(Page|Page size|Search) /);
    }
  });
});

describe("POST /api/admin/users", () => {
  it("creates an account without a password and mails a set-password link that works for 7 days", async () => {
    const res = await asAdmin("POST", "/api/admin/users", {
      email: " New.Cook@Example.com ",
      firstName: "New",
      lastName: "Cook",
      role: "user",
      isPro: true,
      isBetaTester: false,
    });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({ email: "new.cook@example.com", firstName: "New", role: "user", isPro: true, isBetaTester: false });
    const row = await userRow(created.id);
    expect(row?.password).toBeNull();
    const days = (row!.passwordResetExpires!.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);

    const mail = await lastMailTo("new.cook@example.com");
    expect(mail).toContain("An administrator created a Kim account for you.");
    expect(mail).toContain("expires in 7 days");
    // The link opens the welcome screen, not "Reset your password".
    expect(mail).toMatch(/http:\/\/localhost:3000\/reset-password\?token=[\w-]+&welcome=1\n/);
    const token = mail?.match(/token=([\w-]+)/)?.[1];
    const confirm = await call("POST", "/api/password-reset/confirm", undefined, { token, newPassword: "my first password" });
    expect(confirm.statusCode).toBe(200);
    const login = await call("POST", "/api/login", undefined, { email: "new.cook@example.com", password: "my first password" });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ email: "new.cook@example.com", hasProAccess: true });

    expect(await auditOf(created.id)).toMatchObject([
      {
        action: "user.create",
        actorEmail: "boss@example.com",
        targetEmail: "new.cook@example.com",
        before: null,
        after: { isPro: true, role: "user" },
      },
    ]);
  });

  it("keeps the welcome link working when anyone asks for a password reset for the address", async () => {
    const res = await asAdmin("POST", "/api/admin/users", { email: "invited@example.com" });
    expect(res.statusCode).toBe(201);
    const welcome = (await lastMailTo("invited@example.com"))?.match(/token=([\w-]+)/)?.[1];
    const unknown = await call("POST", "/api/password-reset/request", undefined, { email: "nobody-invited@example.com" });
    const reset = await call("POST", "/api/password-reset/request", undefined, { email: "invited@example.com" });
    // The same answer as for an unknown address, and no reset mail: the welcome mail's link is the one that works.
    expect(reset.body).toBe(unknown.body);
    expect(await lastMailTo("invited@example.com")).toContain("An administrator created a Kim account for you.");
    const confirm = await call("POST", "/api/password-reset/confirm", undefined, { token: welcome, newPassword: "my first password" });
    expect(confirm.statusCode).toBe(200);
  });

  it("takes only the email, defaulting the rest", async () => {
    const res = await asAdmin("POST", "/api/admin/users", { email: "bare@example.com" });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ firstName: null, lastName: null, role: "user", isPro: false, isBetaTester: false });
  });

  it("answers 409 for a taken email and 400 for bad fields, creating nothing", async () => {
    const before = (await asAdmin("GET", "/api/admin/summary")).json().totalUsers;
    const taken = await asAdmin("POST", "/api/admin/users", { email: "BOSS@example.com" });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe("That email is already used by another account");
    for (const payload of [
      {},
      { email: "nope" },
      { email: "a@example.com", role: "owner" },
      { email: "a@example.com", isPro: "yes" },
      { email: "a@example.com", firstName: "x".repeat(101) },
      { email: "a@example.com", lastName: "\u0000" },
    ]) {
      expect((await asAdmin("POST", "/api/admin/users", payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await asAdmin("GET", "/api/admin/summary")).json().totalUsers).toBe(before);
  });
});

describe("PATCH /api/admin/users/{id}/role", () => {
  it("promotes and demotes; a demoted admin's sessions end at once", async () => {
    const other = await createUser(t, { firstName: "Otto" });
    const promoted = await asAdmin("PATCH", `/api/admin/users/${other.id}/role`, { role: "admin" });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json()).toMatchObject({ id: other.id, role: "admin" });
    expect((await call("GET", "/api/admin/summary", other.cookie)).statusCode).toBe(200);

    const demoted = await asAdmin("PATCH", `/api/admin/users/${other.id}/role`, { role: "user" });
    expect(demoted.json()).toMatchObject({ role: "user" });
    expect(await sessionCount(other.id)).toBe(0);
    expect((await call("GET", "/api/auth/user", other.cookie)).statusCode).toBe(401);

    expect(await auditOf(other.id)).toMatchObject([
      { action: "user.role", before: { role: "admin" }, after: { role: "user" } },
      { action: "user.role", before: { role: "user" }, after: { role: "admin" } },
    ]);
  });

  it("refuses with 409 when an admin demotes themselves, and when the last admin would go", async () => {
    const second = await createUser(t, { role: "admin" });
    const self = await call("PATCH", `/api/admin/users/${second.id}/role`, second.cookie, { role: "user" });
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe(NOT_YOURSELF_DEMOTE);
    // Remove the second admin; the first is now the last.
    expect((await asAdmin("DELETE", `/api/admin/users/${second.id}`)).statusCode).toBe(200);
    const last = await asAdmin("PATCH", `/api/admin/users/${admin.id}/role`, { role: "user" });
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toBe(LAST_ADMIN);
    expect((await userRow(admin.id))?.role).toBe("admin");
    expect(await sessionCount(admin.id)).toBeGreaterThan(0);
  });

  it("answers 400 for an unknown role", async () => {
    const other = await createUser(t);
    for (const payload of [{ role: "owner" }, {}, { role: null }]) {
      expect((await asAdmin("PATCH", `/api/admin/users/${other.id}/role`, payload)).statusCode).toBe(400);
    }
  });

  it.skipIf(testDatabaseKind() !== "postgres")(
    "keeps one admin when two admins demote each other at once, from two processes (PostgreSQL only)",
    async () => {
      const a = await createUser(t, { role: "admin" });
      const b = await createUser(t, { role: "admin" });
      // Leave only a and b as admins, so both demotions would leave none.
      await t.deps.db.updateTable("users").set({ role: "user" }).where("id", "not in", [a.id, b.id]).where("role", "=", "admin").execute();
      const second = await anotherProcess(t);
      try {
        const [ab, ba] = await Promise.all([
          t.app.inject({ method: "PATCH", url: `/api/admin/users/${b.id}/role`, headers: { cookie: a.cookie }, payload: { role: "user" } }),
          second.inject({
            method: "PATCH",
            url: `/api/admin/users/${a.id}/role`,
            headers: { cookie: b.cookie },
            payload: { role: "user" },
          }),
        ]);
        // The loser is no admin by the time its change runs: 403 when its session was read before the winner's commit,
        // 401 when after (a demotion ends the demoted admin's sessions at once).
        const [won, lost] = [ab.statusCode, ba.statusCode].sort();
        expect(won).toBe(200);
        expect([401, 403]).toContain(lost);
        const admins = await t.deps.db.selectFrom("users").select("id").where("role", "=", "admin").execute();
        expect(admins).toHaveLength(1);
      } finally {
        await second.close();
        await t.deps.db.updateTable("users").set({ role: "admin" }).where("id", "=", admin.id).execute();
      }
    },
  );
});

describe("PATCH /api/admin/users/{id}/email, /pro, /beta", () => {
  it("changes the email, tells the old address, and answers 409 for a taken one", async () => {
    const other = await createUser(t, { email: "old.address@example.com" });
    const res = await asAdmin("PATCH", `/api/admin/users/${other.id}/email`, { email: "New.Address@example.com" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: "new.address@example.com" });
    expect(await lastMailTo("old.address@example.com")).toContain("changed to new.address@example.com");

    const taken = await asAdmin("PATCH", `/api/admin/users/${other.id}/email`, { email: "boss@example.com" });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: "CONFLICT", message: "That email is already used by another account" });
    for (const payload of [{ email: "nope" }, {}, { email: "a\u0000@example.com" }]) {
      expect((await asAdmin("PATCH", `/api/admin/users/${other.id}/email`, payload)).statusCode).toBe(400);
    }
    expect((await userRow(other.id))?.email).toBe("new.address@example.com");
    expect(await auditOf(other.id)).toMatchObject([
      { action: "user.email", before: { email: "old.address@example.com" }, after: { email: "new.address@example.com" } },
    ]);
  });

  it("toggles Pro and Beta independently, and the user's Pro access follows", async () => {
    const other = await createUser(t);
    expect((await asAdmin("PATCH", `/api/admin/users/${other.id}/pro`, { isPro: true })).json()).toMatchObject({
      isPro: true,
      isBetaTester: false,
    });
    expect((await call("GET", "/api/auth/user", other.cookie)).json()).toMatchObject({ hasProAccess: true });
    expect((await asAdmin("PATCH", `/api/admin/users/${other.id}/beta`, { isBetaTester: true })).json()).toMatchObject({
      isPro: true,
      isBetaTester: true,
    });
    expect((await asAdmin("PATCH", `/api/admin/users/${other.id}/pro`, { isPro: false })).json()).toMatchObject({
      isPro: false,
      isBetaTester: true,
    });
    for (const [path, payload] of [
      ["pro", { isPro: "true" }],
      ["pro", {}],
      ["beta", { isBetaTester: 1 }],
    ] as const) {
      expect((await asAdmin("PATCH", `/api/admin/users/${other.id}/${path}`, payload)).statusCode).toBe(400);
    }
    expect((await auditOf(other.id)).map((a: { action: string; after: object }) => [a.action, a.after])).toEqual([
      ["user.pro", { isPro: false }],
      ["user.beta", { isBetaTester: true }],
      ["user.pro", { isPro: true }],
    ]);
  });
});

describe("POST /api/admin/users/{id}/password-reset", () => {
  it("mails the user a reset link that works", async () => {
    const other = await createUser(t, { email: "forgetful@example.com", password: "old password 1" });
    const res = await asAdmin("POST", `/api/admin/users/${other.id}/password-reset`, {});
    expect(res.statusCode).toBe(200);
    const token = (await lastMailTo("forgetful@example.com"))?.match(/token=([\w-]+)/)?.[1];
    expect(token).toBeTruthy();
    const confirm = await call("POST", "/api/password-reset/confirm", undefined, { token, newPassword: "new password 2" });
    expect(confirm.statusCode).toBe(200);
    expect(await auditOf(other.id)).toMatchObject([{ action: "user.password-reset", targetEmail: "forgetful@example.com" }]);
  });
});

describe("DELETE /api/admin/users/{id}", () => {
  it("removes the user with their ingredients, recipes, plans, lists, reports and sessions; the audit stays", async () => {
    const victim = await createUser(t, { email: "leaving@example.com" });
    const headers = { cookie: victim.cookie };
    const recipe = await t.app.inject({
      method: "POST",
      url: "/api/recipes",
      headers,
      payload: { title: "Soup", ingredients: [{ name: "Water", quantity: 1, unit: "L" }], instructions: "Boil" },
    });
    expect(recipe.statusCode).toBe(201);
    await t.app.inject({
      method: "POST",
      url: "/api/ingredients",
      headers,
      payload: { name: "Milk", quantity: 1, unit: "L", category: "Dairy" },
    });
    await t.app.inject({
      method: "POST",
      url: "/api/meal-plans",
      headers,
      payload: { date: "2026-11-25", mealType: "lunch", recipeId: recipe.json().id },
    });
    await t.app.inject({ method: "POST", url: "/api/shopping-lists", headers, payload: {} });
    await t.app.inject({ method: "POST", url: "/api/bug-reports", headers, payload: { title: "Bug", description: "d" } });
    // Alone, the victim's kitchen is the household a new account starts, whose id is theirs.
    const kitchen = ["ingredients", "recipes", "mealPlans", "shoppingLists"] as const;
    const own = ["bugReports", "sessions"] as const;
    const counts = () =>
      Promise.all([
        ...kitchen.map(
          async (table) => (await t.deps.db.selectFrom(table).select("id").where("householdId", "=", victim.id).execute()).length,
        ),
        ...own.map(async (table) => (await t.deps.db.selectFrom(table).select("userId").where("userId", "=", victim.id).execute()).length),
      ]);
    expect(
      (await counts()).every((n) => n > 0),
      String(await counts()),
    ).toBe(true);

    const res = await asAdmin("DELETE", `/api/admin/users/${victim.id}`);
    expect(res.statusCode).toBe(200);
    expect(await userRow(victim.id)).toBeUndefined();
    expect(await counts()).toEqual([...kitchen, ...own].map(() => 0));
    expect((await t.app.inject({ method: "GET", url: "/api/auth/user", headers })).statusCode).toBe(401);
    expect(await auditOf(victim.id)).toMatchObject([
      { action: "user.delete", targetEmail: "leaving@example.com", before: { email: "leaving@example.com" }, after: null },
    ]);
    expect((await asAdmin("DELETE", `/api/admin/users/${victim.id}`)).statusCode).toBe(404);
  });

  it("refuses with 409 when an admin deletes themselves", async () => {
    const res = await asAdmin("DELETE", `/api/admin/users/${admin.id}`);
    expect(res.statusCode).toBe(409);
    expect([LAST_ADMIN, NOT_YOURSELF_DELETE]).toContain(res.json().message);
    const second = await createUser(t, { role: "admin" });
    const self = await call("DELETE", `/api/admin/users/${second.id}`, second.cookie);
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe(NOT_YOURSELF_DELETE);
    expect(await userRow(second.id)).toBeDefined();
  });
});

describe("DELETE /api/admin/users/{id} of a subscriber (Stripe stand-in)", () => {
  const stripe = stripeStandIn();
  let s: TestApp;
  let boss: Awaited<ReturnType<typeof createUser>>;
  beforeAll(async () => {
    await stripe.start();
    s = await createTestApp({ stripe: stripe.config() });
    boss = await createUser(s, { role: "admin" });
  });
  afterAll(async () => {
    await s.close();
    await stripe.stop();
  });

  /** A user whose Pro checkout completed and whose subscription Kim stored from the webhook. */
  async function subscriber() {
    const user = await createUser(s);
    const opened = await s.app.inject({
      method: "POST",
      url: "/api/stripe/create-checkout-session",
      headers: { cookie: user.cookie },
      payload: { plan: "pro" },
    });
    const { subscription } = stripe.completeCheckout(opened.json().url.split("/").at(-1));
    const { payload, headers } = stripe.signed(stripe.event("customer.subscription.created", subscription));
    expect((await s.app.inject({ method: "POST", url: "/api/stripe/webhook", payload, headers })).statusCode).toBe(200);
    return { user, subscription };
  }
  const remove = (id: string) => s.app.inject({ method: "DELETE", url: `/api/admin/users/${id}`, headers: { cookie: boss.cookie } });

  it("cancels the subscription at Stripe, then deletes the user", async () => {
    const { user, subscription } = await subscriber();
    expect((await remove(user.id)).statusCode).toBe(200);
    expect(stripe.subscriptions.get(subscription.id)?.status).toBe("canceled");
    expect(await s.deps.db.selectFrom("users").select("id").where("id", "=", user.id).executeTakeFirst()).toBeUndefined();
  });

  it("deletes nothing and answers 502 when Stripe can't be reached", async () => {
    const { user, subscription } = await subscriber();
    stripe.setMode("down");
    try {
      const res = await remove(user.id);
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toBe(STRIPE_UNREACHABLE);
    } finally {
      stripe.setMode("ok");
    }
    expect(stripe.subscriptions.get(subscription.id)?.status).toBe("trialing");
    expect(await s.deps.db.selectFrom("users").select("id").where("id", "=", user.id).executeTakeFirst()).toBeDefined();
  });
});

describe("bug report triage", () => {
  it("lists reports newest first with the reporter, updates status and notes, and counts them on the summary", async () => {
    const reporter = await createUser(t, { email: "reporter@example.com" });
    const file = (title: string, priority: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/bug-reports",
        headers: { cookie: reporter.cookie },
        payload: { title, description: `${title} details`, priority },
      });
    const summaryBefore = (await asAdmin("GET", "/api/admin/summary")).json();
    await file("Older", "high");
    const newer = (await file("Newer", "low")).json();

    const list = (await asAdmin("GET", "/api/admin/bug-reports?pageSize=2")).json();
    expect(list.items.map((r: { title: string }) => r.title)).toEqual(["Newer", "Older"]);
    // The spec's fields of a report, the reporter's id among them, and the reporter's email beside.
    expect(list.items[0]).toEqual({
      id: newer.id,
      userId: reporter.id,
      title: "Newer",
      description: "Newer details",
      priority: "low",
      status: "open",
      adminNotes: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      reporterEmail: "reporter@example.com",
      pageUrl: null,
      userAgent: null,
      prioritySupport: false,
    });
    const summary = (await asAdmin("GET", "/api/admin/summary")).json();
    expect(summary).toEqual({
      totalUsers: summaryBefore.totalUsers,
      openBugReports: summaryBefore.openBugReports + 2,
      highPriority: summaryBefore.highPriority + 1,
    });

    const status = await asAdmin("PATCH", `/api/admin/bug-reports/${newer.id}`, { status: "in-progress" });
    expect(status.json()).toMatchObject({ id: newer.id, status: "in-progress", adminNotes: null });
    const notes = await asAdmin("PATCH", `/api/admin/bug-reports/${newer.id}`, { status: "in-progress", adminNotes: "Looking into it" });
    expect(notes.json()).toMatchObject({ status: "in-progress", adminNotes: "Looking into it" });
    // A status change alone keeps the notes.
    expect((await asAdmin("PATCH", `/api/admin/bug-reports/${newer.id}`, { status: "resolved" })).json()).toMatchObject({
      adminNotes: "Looking into it",
    });
    const inProgress = (await asAdmin("GET", "/api/admin/bug-reports?status=resolved")).json();
    expect(inProgress.items.map((r: { id: string }) => r.id)).toEqual([newer.id]);

    for (const payload of [
      {},
      { status: "done" },
      { status: "open", adminNotes: "x".repeat(10_001) },
      { status: "open", adminNotes: "\u0000" },
    ]) {
      expect((await asAdmin("PATCH", `/api/admin/bug-reports/${newer.id}`, payload)).statusCode, JSON.stringify(payload).slice(0, 40)).toBe(
        400,
      );
    }
    expect((await asAdmin("GET", "/api/admin/bug-reports?status=nope")).statusCode).toBe(400);

    const audit = (await asAdmin("GET", "/api/admin/audit?pageSize=3")).json();
    expect(audit.items.map((a: { action: string; bugReportId: string }) => [a.action, a.bugReportId])).toEqual([
      ["bug-report.update", newer.id],
      ["bug-report.update", newer.id],
      ["bug-report.update", newer.id],
    ]);
    expect(audit.items[1]).toMatchObject({
      targetEmail: "reporter@example.com",
      before: { adminNotes: null },
      after: { adminNotes: "Looking into it" },
    });
  });

  it("lists priority support first: reports sent with Pro access (Pro, trial, beta, admin), then the newest", async () => {
    const file = async (cookie: string, title: string) =>
      (
        await t.app.inject({
          method: "POST",
          url: "/api/bug-reports",
          headers: { cookie },
          payload: { title, description: `${title} details` },
        })
      ).json();
    const pro = await createUser(t, { isPro: true });
    const trial = await createUser(t, { plan: "pro", subscriptionStatus: "trialing", trialEndsAt: new Date(Date.now() + 86_400_000) });
    const ended = await createUser(t, { plan: "pro", subscriptionStatus: "trialing", trialEndsAt: new Date(Date.now() - 86_400_000) });
    const free = await createUser(t);

    const proReport = await file(pro.cookie, "From Pro");
    const trialReport = await file(trial.cookie, "From a Pro trial");
    expect([proReport.prioritySupport, trialReport.prioritySupport]).toEqual([true, true]);
    // Newer than both, but without Pro access: after them.
    expect((await file(ended.cookie, "From an ended trial")).prioritySupport).toBe(false);
    expect((await file(free.cookie, "From a free user")).prioritySupport).toBe(false);

    const titles = (await asAdmin("GET", "/api/admin/bug-reports?pageSize=100")).json().items.map((r: { title: string }) => r.title);
    const order = ["From a Pro trial", "From Pro", "From a free user", "From an ended trial"].map((title) => titles.indexOf(title));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    // Every priority report comes before every other one, whatever its age.
    const items = (await asAdmin("GET", "/api/admin/bug-reports?pageSize=100")).json().items as { prioritySupport: boolean }[];
    const firstOther = items.findIndex((r) => !r.prioritySupport);
    expect(items.slice(firstOther).some((r) => r.prioritySupport)).toBe(false);
  });

  it("the reporter cannot triage their own report", async () => {
    const reporter = await createUser(t);
    const report = (
      await t.app.inject({
        method: "POST",
        url: "/api/bug-reports",
        headers: { cookie: reporter.cookie },
        payload: { title: "Mine", description: "d" },
      })
    ).json();
    const res = await call("PATCH", `/api/admin/bug-reports/${report.id}`, reporter.cookie, { status: "closed", adminNotes: "done" });
    expect(res.statusCode).toBe(403);
    const row = await t.deps.db.selectFrom("bugReports").select(["status", "adminNotes"]).where("id", "=", report.id).executeTakeFirst();
    expect(row).toEqual({ status: "open", adminNotes: null });
  });
});
