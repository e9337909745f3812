import { HOUSEHOLD_MAX_MEMBERS, HOUSEHOLD_TEXTS } from "@kim/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseKind } from "@kim/db/testing";
import { hashToken } from "../../sessions/sessions";
import { createTestApp, createUser, type TestApp } from "../../testing/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Person = Awaited<ReturnType<typeof createUser>>;
let counter = 0;
const person = (fields: Parameters<typeof createUser>[1] = {}) =>
  createUser(t, { email: `cook${++counter}-${Date.now()}@example.com`, ...fields });

function send(who: Person, method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object, key?: string) {
  return t.app.inject({
    method,
    url,
    headers: { cookie: who.cookie, ...(key ? { "idempotency-key": key } : {}) },
    ...(payload ? { payload } : {}),
  });
}
const get = async (who: Person, url: string) => (await send(who, "GET", url)).json();

/** The token of the last invitation queued for `email` in the outbox, read from the mail as the invitee would. */
async function tokenMailedTo(email: string): Promise<string> {
  const mails = await t.deps.db
    .selectFrom("emailOutbox")
    .select("textBody")
    .where("toAddress", "=", email)
    .orderBy("createdAt", "desc")
    .execute();
  const mail = mails.find((m) => m.textBody.includes("/household/join?token="));
  if (!mail) throw new Error(`no invitation mailed to ${email}`);
  return decodeURIComponent(/\/household\/join\?token=([^\s"&]+)/.exec(mail.textBody)![1]!);
}

async function invite(owner: Person, email: string): Promise<string> {
  const res = await send(owner, "POST", "/api/household/invites", { email });
  expect(res.statusCode, res.body).toBe(201);
  return await tokenMailedTo(email);
}

/** `owner` invites `who`, who joins (with `choice` when their kitchen holds anything). */
async function join(owner: Person, who: Person, choice?: "merge" | "leave-behind") {
  const token = await invite(owner, who.email);
  const res = await send(who, "POST", "/api/household/join", { token, ...(choice && { choice }) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const addItem = (who: Person, name: string) =>
  send(who, "POST", "/api/ingredients", { name, quantity: 1, unit: "units", category: "Pantry" });
const addRecipe = (who: Person, title: string) =>
  send(who, "POST", "/api/recipes", { title, ingredients: [{ name: "Salt", quantity: 1, unit: "g" }], instructions: "Mix." });
const names = async (who: Person) => ((await get(who, "/api/ingredients")) as { name: string }[]).map((i) => i.name).sort();

describe("households", () => {
  it("start as one person's own: a new account owns its household, alone", async () => {
    const ann = await person({ firstName: "Ann" });
    const household = await get(ann, "/api/household");
    expect(household).toMatchObject({ id: ann.householdId, role: "owner", invites: [], maxMembers: HOUSEHOLD_MAX_MEMBERS });
    expect(household.members).toEqual([expect.objectContaining({ userId: ann.id, name: "Ann", role: "owner" })]);
  });

  it("invite by a mailed link; a new account joins and shares the kitchen, each thing signed by who added or changed it", async () => {
    const ann = await person({ firstName: "Ann" });
    await addItem(ann, "Flour");
    const bob = await person({ firstName: "Bob" });
    const token = await invite(ann, bob.email);
    const preview = await t.app.inject({ method: "POST", url: "/api/household/invites/preview", payload: { token } });
    expect(preview.json()).toMatchObject({ email: bob.email, invitedBy: "Ann", members: 1 });
    expect((await send(bob, "POST", "/api/household/join", { token })).statusCode).toBe(200);

    expect(await names(bob)).toEqual(["Flour"]);
    const flour = (await get(bob, "/api/ingredients"))[0];
    expect(flour).toMatchObject({ createdBy: ann.id, updatedBy: ann.id });
    await send(bob, "PATCH", `/api/ingredients/${flour.id}`, { quantity: 3 });
    expect((await get(ann, "/api/ingredients"))[0]).toMatchObject({ quantity: 3, createdBy: ann.id, updatedBy: bob.id });
    const recipe = (await addRecipe(bob, "Bread")).json();
    expect(recipe).toMatchObject({ createdBy: bob.id, updatedBy: bob.id });
    expect((await get(ann, "/api/recipes")).map((r: { title: string }) => r.title)).toEqual(["Bread"]);
    const meal = await send(ann, "POST", "/api/meal-plans", { recipeId: recipe.id, date: "2026-11-30", mealType: "dinner", servings: 2 });
    expect(meal.json()).toMatchObject({ createdBy: ann.id, userId: ann.id });
    expect(await get(bob, "/api/meal-plans?from=2026-11-30&to=2026-11-30")).toEqual([
      expect.objectContaining({ id: meal.json().id, createdBy: ann.id }),
    ]);
    const members = (await get(ann, "/api/household")).members;
    expect(members.map((m: { name: string; role: string }) => [m.name, m.role])).toEqual([
      ["Ann", "owner"],
      ["Bob", "member"],
    ]);
  });

  it("ask an account with a kitchen of its own to choose; merging brings it in", async () => {
    const ann = await person();
    await addItem(ann, "Rice");
    const cy = await person();
    await addItem(cy, "Beans");
    await addRecipe(cy, "Chili");
    const token = await invite(ann, cy.email);
    const unchosen = await send(cy, "POST", "/api/household/join", { token });
    expect(unchosen.statusCode).toBe(409);
    expect(unchosen.json().message).toBe(HOUSEHOLD_TEXTS.choose);
    expect(await names(cy)).toEqual(["Beans"]);

    expect((await send(cy, "POST", "/api/household/join", { token, choice: "merge" })).statusCode).toBe(200);
    expect(await names(ann)).toEqual(["Beans", "Rice"]);
    expect((await get(ann, "/api/recipes"))[0]).toMatchObject({ title: "Chili", createdBy: cy.id });
    // The merged rows count in the household's quota and versions.
    const counts = await t.deps.db
      .selectFrom("listVersions")
      .select(["list", "rowCount"])
      .where("householdId", "=", ann.householdId)
      .execute();
    expect(Object.fromEntries(counts.map((c) => [c.list, Number(c.rowCount)]))).toMatchObject({ ingredients: 2, recipes: 1 });
    const gone = await t.deps.db.selectFrom("households").select("id").where("id", "=", cy.householdId).execute();
    expect(gone).toEqual([]);
  });

  it("leave a kitchen behind, nothing lost: leaving the household brings its owner back to it, with copies of their recipes", async () => {
    const ann = await person();
    await addItem(ann, "Rice");
    const dan = await person();
    await addItem(dan, "Oats");
    await join(ann, dan, "leave-behind");
    expect(await names(dan)).toEqual(["Rice"]);
    await addRecipe(dan, "Porridge");
    await addRecipe(ann, "Pilaf");

    const left = await send(dan, "POST", "/api/household/leave", { takeRecipes: true });
    expect(left.statusCode, left.body).toBe(200);
    expect(left.json()).toEqual({ householdId: dan.householdId });
    expect(await names(dan)).toEqual(["Oats"]);
    expect((await get(dan, "/api/recipes")).map((r: { title: string }) => r.title)).toEqual(["Porridge"]);
    // The household keeps its own: the recipe Dan added stays, and the kitchen is Ann's alone again.
    expect((await get(ann, "/api/recipes")).map((r: { title: string }) => r.title).sort()).toEqual(["Pilaf", "Porridge"]);
    expect((await get(ann, "/api/household")).members).toHaveLength(1);
    expect((await get(dan, "/api/household")).role).toBe("owner");
  });

  it("refuse leaving to the owner of a shared household and to someone alone", async () => {
    const ann = await person();
    const res = await send(ann, "POST", "/api/household/leave", {});
    expect([res.statusCode, res.json().message]).toEqual([409, HOUSEHOLD_TEXTS.alone]);
    const bob = await person();
    await join(ann, bob);
    const owner = await send(ann, "POST", "/api/household/leave", {});
    expect([owner.statusCode, owner.json().message]).toEqual([409, HOUSEHOLD_TEXTS.ownerLeaves]);
  });

  it("let the owner remove a member, who goes to a kitchen of their own; a member can't remove anyone", async () => {
    const ann = await person();
    await addItem(ann, "Rice");
    const bob = await person();
    const cy = await person();
    await join(ann, bob);
    await join(ann, cy);
    const byMember = await send(bob, "DELETE", `/api/household/members/${cy.id}`);
    expect([byMember.statusCode, byMember.json().message]).toEqual([403, HOUSEHOLD_TEXTS.ownerOnly]);
    expect((await send(ann, "DELETE", `/api/household/members/${bob.id}`)).statusCode).toBe(200);
    expect(await names(bob)).toEqual([]);
    expect(await names(cy)).toEqual(["Rice"]);
    expect((await get(ann, "/api/household")).members.map((m: { userId: string }) => m.userId)).toEqual([ann.id, cy.id]);
    expect((await send(ann, "DELETE", `/api/household/members/${bob.id}`)).statusCode).toBe(404);
  });

  it("hand ownership over: the new owner invites and removes, the old one is a member who may leave", async () => {
    const ann = await person();
    const bob = await person();
    await join(ann, bob);
    expect((await send(bob, "POST", "/api/household/owner", { userId: bob.id })).statusCode).toBe(403);
    expect((await send(ann, "POST", "/api/household/owner", { userId: bob.id })).statusCode).toBe(200);
    expect((await get(ann, "/api/household")).role).toBe("member");
    expect((await get(bob, "/api/household")).role).toBe("owner");
    expect((await send(ann, "POST", "/api/household/invites", { email: "x@example.com" })).statusCode).toBe(403);
    expect((await send(ann, "POST", "/api/household/leave", {})).statusCode).toBe(200);
  });

  it(`hold at most ${HOUSEHOLD_MAX_MEMBERS} people, open invitations counted`, async () => {
    const ann = await person();
    const people = await Promise.all(Array.from({ length: HOUSEHOLD_MAX_MEMBERS - 2 }, () => person()));
    for (const p of people) await join(ann, p);
    const last = await person();
    const token = await invite(ann, last.email);
    const over = await send(ann, "POST", "/api/household/invites", { email: "one-too-many@example.com" });
    expect([over.statusCode, over.json().message]).toEqual([409, HOUSEHOLD_TEXTS.full]);
    expect((await send(last, "POST", "/api/household/join", { token })).statusCode).toBe(200);
    expect((await get(ann, "/api/household")).members).toHaveLength(HOUSEHOLD_MAX_MEMBERS);
    const full = await send(ann, "POST", "/api/household/invites", { email: "thirteenth@example.com" });
    expect(full.statusCode).toBe(409);
  });

  it("refuse expired, reused, unknown and someone else's links with clear errors, changing nothing", async () => {
    const ann = await person();
    const bob = await person();
    const token = await invite(ann, bob.email);
    const eve = await person();
    const stranger = await send(eve, "POST", "/api/household/join", { token });
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().message).toContain(bob.email);
    const unknown = await send(bob, "POST", "/api/household/join", { token: "not-a-real-token" });
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, HOUSEHOLD_TEXTS.inviteUnknown]);

    await t.deps.db
      .updateTable("householdInvites")
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where("email", "=", bob.email)
      .execute();
    const expired = await send(bob, "POST", "/api/household/join", { token });
    expect([expired.statusCode, expired.json().message]).toEqual([409, HOUSEHOLD_TEXTS.inviteExpired]);
    expect((await get(bob, "/api/household")).id).toBe(bob.householdId);

    const fresh = await invite(ann, bob.email);
    expect((await send(bob, "POST", "/api/household/join", { token: fresh })).statusCode).toBe(200);
    const cy = await person();
    await t.deps.db.updateTable("householdInvites").set({ email: cy.email }).where("email", "=", bob.email).execute();
    const reused = await send(cy, "POST", "/api/household/join", { token: fresh });
    expect([reused.statusCode, reused.json().message]).toEqual([409, HOUSEHOLD_TEXTS.inviteUsed]);
    expect((await get(cy, "/api/household")).id).toBe(cy.householdId);
  });

  it("apply a double-clicked join once, with or without an idempotency key", async () => {
    const ann = await person();
    const bob = await person();
    await addItem(bob, "Tea");
    const token = await invite(ann, bob.email);
    const body = { token, choice: "merge" };
    const [a, b] = await Promise.all([send(bob, "POST", "/api/household/join", body), send(bob, "POST", "/api/household/join", body)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json()).toEqual(b.json());
    const key = crypto.randomUUID();
    const cy = await person();
    const again = await invite(ann, cy.email);
    const [c, d] = await Promise.all([
      send(cy, "POST", "/api/household/join", { token: again }, key),
      send(cy, "POST", "/api/household/join", { token: again }, key),
    ]);
    expect([c.statusCode, d.statusCode]).toEqual([200, 200]);
    expect(await names(ann)).toEqual(["Tea"]);
    expect((await get(ann, "/api/household")).members).toHaveLength(3);
  });

  it("send an invitation once per idempotency key, as the web app sends it, its mail queued in the call's transaction", async () => {
    const ann = await person();
    const email = `keyed-${Date.now()}@example.com`;
    const key = crypto.randomUUID();
    // On PGlite's one connection, a mail queued outside the keyed call's transaction waited for it forever.
    const [a, b] = await Promise.all([
      send(ann, "POST", "/api/household/invites", { email }, key),
      send(ann, "POST", "/api/household/invites", { email }, key),
    ]);
    expect([a.statusCode, b.statusCode], a.body).toEqual([201, 201]);
    const mailed = await t.deps.db.selectFrom("emailOutbox").select("id").where("toAddress", "=", email).execute();
    expect(mailed).toHaveLength(1);
    // The duplicate was rolled back with its mail and its wake-up: one mail goes out.
    await t.app.mailSender.runOnce();
    expect(t.mails.filter((text) => text.includes(`mail to ${email}`))).toHaveLength(1);
  });

  it("keep the list's version rule between members: of two saves on one version, the second is refused (409), nothing lost", async () => {
    const ann = await person();
    const bob = await person();
    await join(ann, bob);
    const list = (await send(ann, "POST", "/api/shopping-lists", {})).json();
    const milk = { name: "Milk", quantity: 1, unit: "L", checked: false };
    const eggs = { name: "Eggs", quantity: 6, unit: "units", checked: false };
    const [first, second] = await Promise.all([
      send(ann, "PATCH", `/api/shopping-lists/${list.id}`, { items: [milk], version: 1 }),
      send(bob, "PATCH", `/api/shopping-lists/${list.id}`, { items: [eggs], version: 1 }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const winner = first.statusCode === 200 ? { who: ann, item: milk } : { who: bob, item: eggs };
    const loser = first.statusCode === 200 ? { who: bob, item: eggs } : { who: ann, item: milk };
    // The refused member reloads, re-applies on the newer list, and saves: both changes stand, each signed.
    const [current] = await get(loser.who, "/api/shopping-lists");
    const saved = await send(loser.who, "PATCH", `/api/shopping-lists/${list.id}`, {
      items: [...current.items, loser.item],
      version: current.version,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().items).toEqual([
      { ...winner.item, changedBy: winner.who.id },
      { ...loser.item, changedBy: loser.who.id },
    ]);
    expect(saved.json()).toMatchObject({ version: 3, createdBy: ann.id, updatedBy: loser.who.id });
  });

  it("on deleting an owner's account, hand the household to the member who joined first, or delete it when alone", async () => {
    const admin = await person({ role: "admin" });
    const ann = await person();
    await addItem(ann, "Rice");
    const bob = await person();
    const cy = await person();
    await join(ann, bob);
    await join(ann, cy);
    const users = await get(admin, `/api/admin/users?search=${encodeURIComponent(ann.email)}`);
    expect(users.items[0]).toMatchObject({ household: { id: ann.householdId, role: "owner", members: 3 } });
    expect((await send(admin, "DELETE", `/api/admin/users/${ann.id}`)).statusCode).toBe(200);
    expect((await get(bob, "/api/household")).role).toBe("owner");
    expect((await get(cy, "/api/household")).role).toBe("member");
    expect((await get(bob, "/api/ingredients"))[0]).toMatchObject({ name: "Rice", createdBy: null });

    const dan = await person();
    await addItem(dan, "Oats");
    expect((await send(admin, "DELETE", `/api/admin/users/${dan.id}`)).statusCode).toBe(200);
    expect(await t.deps.db.selectFrom("households").select("id").where("id", "=", dan.householdId).execute()).toEqual([]);
    expect(await t.deps.db.selectFrom("ingredients").select("id").where("householdId", "=", dan.householdId).execute()).toEqual([]);
  });

  it.skipIf(testDatabaseKind() !== "postgres")(
    "take two joins racing for the last place one at a time (PostgreSQL: real concurrency)",
    async () => {
      const ann = await person();
      const people = await Promise.all(Array.from({ length: HOUSEHOLD_MAX_MEMBERS - 2 }, () => person()));
      for (const p of people) await join(ann, p);
      const x = await person();
      const y = await person();
      const tokens = [await invite(ann, x.email), "second-link-" + crypto.randomUUID()];
      // A second open link, as one sent before the household filled up would be.
      await t.deps.db
        .insertInto("householdInvites")
        .values({
          householdId: ann.householdId,
          email: y.email,
          tokenHash: hashToken(tokens[1]!),
          invitedBy: ann.id,
          expiresAt: new Date(Date.now() + 86_400_000),
        })
        .execute();
      const results = await Promise.all([
        send(x, "POST", "/api/household/join", { token: tokens[0] }),
        send(y, "POST", "/api/household/join", { token: tokens[1] }),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect((await get(ann, "/api/household")).members).toHaveLength(HOUSEHOLD_MAX_MEMBERS);
    },
  );
});
