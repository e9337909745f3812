import { randomUUID } from "node:crypto";
import { HOUSEHOLD_MAX_MEMBERS, HOUSEHOLD_TEXTS, MAX_MEALS_PER_SLOT, mergeRefusal, QUOTAS, takeRecipesRefusal } from "@kim/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseKind } from "@kim/db/testing";
import { hashToken } from "../../sessions/sessions";
import { createTestApp, createUser, type TestApp } from "../../testing/test-app";
import { INVITE_LIMITS } from "./service";

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
const mailsTo = async (email: string) =>
  (await t.deps.db.selectFrom("emailOutbox").select("id").where("toAddress", "=", email).execute()).length;
/** `n` recipes put straight into the household, as a kitchen built up over years would hold. */
async function fillRecipes(householdId: string, n: number) {
  const ingredients = JSON.stringify([{ name: "Salt", quantity: 1, unit: "g" }]);
  await t.deps.db
    .insertInto("recipes")
    .values(Array.from({ length: n }, (_, i) => ({ householdId, title: `Old ${i}`, ingredients, instructions: "Mix." })))
    .execute();
}
const recipeCount = async (householdId: string) =>
  (await t.deps.db.selectFrom("recipes").select("id").where("householdId", "=", householdId).execute()).length;
const plan = (who: Person, recipeId: string, mealType: string, servings = 1) =>
  send(who, "POST", "/api/meal-plans", { recipeId, date: "2027-03-01", mealType, servings });
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

  /** Ann's household, handed to Bob, who leaves it (with "Bob's tea" added after Ann left) behind to join Cy's. */
  async function leftBehindByBob() {
    const ann = await person();
    await addItem(ann, "Ann's rice");
    const bob = await person();
    await join(ann, bob);
    expect((await send(ann, "POST", "/api/household/owner", { userId: bob.id })).statusCode).toBe(200);
    expect((await send(ann, "POST", "/api/household/leave", {})).statusCode).toBe(200);
    await addItem(bob, "Bob's tea");
    const cy = await person();
    await join(cy, bob, "leave-behind");
    return { ann, bob };
  }

  it("give a kitchen left behind back to the person who left it, never to one who made it and left before", async () => {
    const { ann, bob } = await leftBehindByBob();
    // Ann, in a household of her own again, joins Dave's and leaves it: she gets a new kitchen, not Bob's.
    const dave = await person();
    await join(dave, ann);
    const annLeft = await send(ann, "POST", "/api/household/leave", {});
    expect(annLeft.json().householdId).not.toBe(ann.householdId);
    expect(await names(ann)).toEqual([]);
    const bobLeft = await send(bob, "POST", "/api/household/leave", {});
    expect(bobLeft.json()).toEqual({ householdId: ann.householdId });
    expect(await names(bob)).toEqual(["Ann's rice", "Bob's tea"]);
  });

  it("refuse to leave a second kitchen behind while one already waits, so neither is stranded", async () => {
    // Ann leaves her own kitchen behind to join Bob's, which Bob hands her and leaves: she is alone in a second one.
    const ann = await person();
    await addItem(ann, "Ann's rice");
    const bob = await person();
    await join(bob, ann, "leave-behind");
    expect((await send(bob, "POST", "/api/household/owner", { userId: ann.id })).statusCode).toBe(200);
    expect((await send(bob, "POST", "/api/household/leave", {})).statusCode).toBe(200);
    await addItem(ann, "Ann's tea");
    const cy = await person();
    const token = await invite(cy, ann.email);
    const refused = await send(ann, "POST", "/api/household/join", { token, choice: "leave-behind" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(HOUSEHOLD_TEXTS.oneLeftBehind);
    expect(await names(ann)).toEqual(["Ann's tea"]);
    // Bringing it along joins; leaving later goes back to her first kitchen.
    expect((await send(ann, "POST", "/api/household/join", { token, choice: "merge" })).statusCode).toBe(200);
    expect((await send(ann, "POST", "/api/household/leave", {})).statusCode).toBe(200);
    expect(await names(ann)).toEqual(["Ann's rice"]);
  });

  it("keep a kitchen left behind when someone who left it before deletes their account; it goes with its own person's", async () => {
    const { ann, bob } = await leftBehindByBob();
    const admin = await person({ role: "admin" });
    expect((await send(admin, "DELETE", `/api/admin/users/${ann.id}`)).statusCode).toBe(200);
    expect((await send(bob, "POST", "/api/household/leave", {})).json()).toEqual({ householdId: ann.householdId });
    expect(await names(bob)).toEqual(["Ann's rice", "Bob's tea"]);
  });

  it("name no one as a shared household's person to come back to once its maker has handed it over and left", async () => {
    const ann = await person();
    const bob = await person();
    await join(ann, bob);
    expect((await send(ann, "POST", "/api/household/owner", { userId: bob.id })).statusCode).toBe(200);
    expect((await send(ann, "POST", "/api/household/leave", {})).statusCode).toBe(200);
    const household = await t.deps.db.selectFrom("households").select("homeOf").where("id", "=", ann.householdId).executeTakeFirst();
    expect(household).toEqual({ homeOf: null });
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
    // The address the link was for stays unsaid.
    expect([stranger.statusCode, stranger.json().message]).toEqual([403, HOUSEHOLD_TEXTS.otherAddress]);
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

  it("refuse a change of household sent in a tRPC batch, so the calls beside it can't act on the household left", async () => {
    const ann = await person();
    const bob = await person();
    await addItem(bob, "Tea");
    const token = await invite(ann, bob.email);
    const recipe = { title: "Soup", ingredients: [{ name: "Salt", quantity: 1, unit: "g" }], instructions: "Mix." };
    const res = await t.app.inject({
      method: "POST",
      url: "/trpc/households.accept,recipes.create?batch=1",
      headers: { cookie: bob.cookie, "content-type": "application/json" },
      payload: { 0: { token, choice: "merge" }, 1: recipe },
    });
    const [joined] = res.json() as { error?: { message: string; data: { httpStatus: number } } }[];
    expect([joined?.error?.data.httpStatus, joined?.error?.message]).toEqual([400, HOUSEHOLD_TEXTS.notInBatch]);
    expect((await get(bob, "/api/household")).id).toBe(bob.householdId);
    // Sent alone, the same link works.
    expect((await send(bob, "POST", "/api/household/join", { token, choice: "merge" })).statusCode).toBe(200);
    expect(await names(ann)).toEqual(["Tea"]);
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

  it("limit invitation mail to one address: a few an hour from one owner, refused with 429 before anything is queued", async () => {
    const ann = await person();
    const victim = `victim-${randomUUID()}@example.com`;
    const { max } = INVITE_LIMITS.perRecipient;
    // Sent at once, as a script would: the count is taken before the work, so no more than the limit get through.
    const results = await Promise.all(
      Array.from({ length: max + 5 }, () => send(ann, "POST", "/api/household/invites", { email: victim })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([...Array(max).fill(201), ...Array(5).fill(429)]);
    const refused = results.find((r) => r.statusCode === 429)!;
    expect(refused.json().message).toMatch(new RegExp(`^${HOUSEHOLD_TEXTS.tooManyInvitesTo} Try again in \\d+ minutes?\\.$`));
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(await mailsTo(victim)).toBe(max);
    // Another address is still open to the same owner.
    expect((await send(ann, "POST", "/api/household/invites", { email: `friend-${randomUUID()}@example.com` })).statusCode).toBe(201);
  });

  it("limit invitation mail to one address from every household together, and from one owner in a day", async () => {
    const victim = `target-${randomUUID()}@example.com`;
    const owners = await Promise.all(Array.from({ length: INVITE_LIMITS.perAddress.max + 1 }, () => person()));
    const statuses: number[] = [];
    for (const owner of owners) statuses.push((await send(owner, "POST", "/api/household/invites", { email: victim })).statusCode);
    expect(statuses).toEqual([...Array(INVITE_LIMITS.perAddress.max).fill(201), 429]);
    expect(await mailsTo(victim)).toBe(INVITE_LIMITS.perAddress.max);

    // Cancelling keeps the household under its 12 people, yet every mail counts.
    const ann = await person();
    for (let i = 0; i < INVITE_LIMITS.perSender.max; i++) {
      const email = `guest${i}-${randomUUID()}@example.com`;
      expect((await send(ann, "POST", "/api/household/invites", { email })).statusCode).toBe(201);
      const [open] = (await get(ann, "/api/household")).invites;
      expect((await send(ann, "DELETE", `/api/household/invites/${open.id}`)).statusCode).toBe(200);
    }
    const over = await send(ann, "POST", "/api/household/invites", { email: `one-more-${randomUUID()}@example.com` });
    expect([over.statusCode, over.json().message]).toEqual([429, expect.stringMatching(/^Too many invitations sent\. Try again in/)]);
  });

  it("count no refused invitation against an address: a member's tries and one owner's past their own limit leave it open", async () => {
    const victim = `blocked-${randomUUID()}@example.com`;
    const ann = await person();
    const member = await person();
    await join(ann, member);
    for (let i = 0; i < INVITE_LIMITS.perAddress.max + 1; i++) {
      expect((await send(member, "POST", "/api/household/invites", { email: victim })).statusCode).toBe(403);
    }
    const eve = await person();
    const tries = INVITE_LIMITS.perAddress.max + 1;
    const statuses: number[] = [];
    for (let i = 0; i < tries; i++) statuses.push((await send(eve, "POST", "/api/household/invites", { email: victim })).statusCode);
    const sent = INVITE_LIMITS.perRecipient.max;
    expect(statuses).toEqual([...Array(sent).fill(201), ...Array(tries - sent).fill(429)]);
    // Only Eve's mails counted: the address takes the rest of its day's invitations from others.
    for (let i = sent; i < INVITE_LIMITS.perAddress.max; i++) {
      expect((await send(await person(), "POST", "/api/household/invites", { email: victim })).statusCode).toBe(201);
    }
    expect(await mailsTo(victim)).toBe(INVITE_LIMITS.perAddress.max);
  });

  it("let the owner cancel an open invitation: its link stops working; nobody else can cancel it", async () => {
    const ann = await person();
    const bob = await person();
    const token = await invite(ann, bob.email);
    const [open] = (await get(ann, "/api/household")).invites;
    const cy = await person();
    await join(ann, cy);
    const byMember = await send(cy, "DELETE", `/api/household/invites/${open.id}`);
    expect([byMember.statusCode, byMember.json().message]).toEqual([403, HOUSEHOLD_TEXTS.ownerOnly]);
    const eve = await person();
    expect((await send(eve, "DELETE", `/api/household/invites/${open.id}`)).statusCode).toBe(404);

    const cancelled = await t.app.inject({
      method: "POST",
      url: "/trpc/households.cancelInvite",
      headers: { cookie: ann.cookie, "content-type": "application/json" },
      payload: { inviteId: open.id },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await get(ann, "/api/household")).invites).toEqual([]);
    const used = await send(bob, "POST", "/api/household/join", { token });
    expect([used.statusCode, used.json().message]).toEqual([404, HOUSEHOLD_TEXTS.inviteUnknown]);
    const again = await send(ann, "DELETE", `/api/household/invites/${open.id}`);
    expect([again.statusCode, again.json().message]).toEqual([404, HOUSEHOLD_TEXTS.inviteNotOpen]);
  });

  it("tell an owner alone in the household that they are the only person when they remove themselves", async () => {
    const ann = await person();
    const res = await send(ann, "DELETE", `/api/household/members/${ann.id}`);
    expect([res.statusCode, res.json().message]).toEqual([409, HOUSEHOLD_TEXTS.alone]);
    const bob = await person();
    await join(ann, bob);
    const shared = await send(ann, "DELETE", `/api/household/members/${ann.id}`);
    expect([shared.statusCode, shared.json().message]).toEqual([409, HOUSEHOLD_TEXTS.ownerLeaves]);
  });

  it("refuse a merge that would take the household past a quota, naming it and changing nothing", async () => {
    const ann = await person();
    await fillRecipes(ann.householdId, QUOTAS.recipes.max - 1);
    const bob = await person();
    await addRecipe(bob, "Chili");
    await addRecipe(bob, "Stew");
    await addItem(bob, "Beans");
    const token = await invite(ann, bob.email);
    const refused = await send(bob, "POST", "/api/household/join", { token, choice: "merge" });
    expect([refused.statusCode, refused.json().message]).toEqual([403, mergeRefusal(["2,000 recipes"])]);
    expect((await get(bob, "/api/household")).id).toBe(bob.householdId);
    expect(await names(bob)).toEqual(["Beans"]);
    expect(await recipeCount(ann.householdId)).toBe(QUOTAS.recipes.max - 1);
    expect(await recipeCount(bob.householdId)).toBe(2);

    // A list's items count too: one list stays, and it holds at most 500.
    const items = (n: number, name: string) => Array.from({ length: n }, (_, i) => ({ name: `${name} ${i}`, quantity: 1, unit: "units" }));
    const cy = await person();
    const dan = await person();
    for (const [who, n] of [
      [cy, 400],
      [dan, 101],
    ] as const) {
      const list = (await send(who, "POST", "/api/shopping-lists", {})).json();
      expect((await send(who, "PATCH", `/api/shopping-lists/${list.id}`, { items: items(n, who.email), version: 1 })).statusCode).toBe(200);
    }
    const tooLong = await send(dan, "POST", "/api/household/join", { token: await invite(cy, dan.email), choice: "merge" });
    expect([tooLong.statusCode, tooLong.json().message]).toEqual([403, mergeRefusal(["500 items on its shopping list"])]);
    // The same link still works for leaving the kitchen behind.
    const behind = await send(bob, "POST", "/api/household/join", { token, choice: "leave-behind" });
    expect(behind.statusCode, behind.body).toBe(200);
  });

  it("refuse the second of two merges racing for the household's last room", async () => {
    const ann = await person();
    await fillRecipes(ann.householdId, QUOTAS.recipes.max - 2);
    const [bob, cy] = [await person(), await person()];
    const tokens: string[] = [];
    for (const who of [bob, cy]) {
      await addRecipe(who, "Two");
      await addRecipe(who, "More");
      tokens.push(await invite(ann, who.email));
    }
    const results = await Promise.all(
      [bob, cy].map((who, i) => send(who, "POST", "/api/household/join", { token: tokens[i], choice: "merge" }, randomUUID())),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 403]);
    expect(await recipeCount(ann.householdId)).toBe(QUOTAS.recipes.max);
  });

  it("refuse a leave whose copies of recipes would take the leaver's own kitchen past its quota; leaving without them works", async () => {
    const ann = await person();
    const dan = await person();
    await fillRecipes(dan.householdId, QUOTAS.recipes.max - 1);
    await join(ann, dan, "leave-behind");
    await addRecipe(dan, "Porridge");
    await addRecipe(dan, "Pancakes");
    const refused = await send(dan, "POST", "/api/household/leave", { takeRecipes: true });
    expect([refused.statusCode, refused.json().message]).toEqual([403, takeRecipesRefusal]);
    expect((await get(dan, "/api/household")).id).toBe(ann.householdId);
    expect(await recipeCount(dan.householdId)).toBe(QUOTAS.recipes.max - 1);
    expect((await send(dan, "POST", "/api/household/leave", { takeRecipes: false })).statusCode).toBe(200);
    expect(await recipeCount(dan.householdId)).toBe(QUOTAS.recipes.max - 1);
  });

  it("on a merge, put the joiner's shopping items on the household's list: one list, nothing lost, each item still signed", async () => {
    const ann = await person();
    const bob = await person();
    const save = async (who: Person, name: string, items: object[]) => {
      const list = (await send(who, "POST", "/api/shopping-lists", { name })).json();
      expect((await send(who, "PATCH", `/api/shopping-lists/${list.id}`, { items, version: list.version })).statusCode).toBe(200);
    };
    const item = (name: string) => ({ name, quantity: 1, unit: "units", checked: false });
    await save(ann, "Ann's", [item("Milk")]);
    await save(bob, "Bob's", [item("Eggs")]);
    await save(bob, "Bob's party", [item("Crisps")]);
    await join(ann, bob, "merge");
    const lists = await get(ann, "/api/shopping-lists");
    expect(lists).toHaveLength(1);
    expect(lists[0]).toMatchObject({ name: "Ann's", version: 3, updatedBy: bob.id });
    expect(lists[0].items).toEqual([
      { ...item("Milk"), changedBy: ann.id },
      { ...item("Eggs"), changedBy: bob.id },
      { ...item("Crisps"), changedBy: bob.id },
    ]);

    // A household without a list takes the joiner's, with the items of their others.
    const cy = await person();
    const dan = await person();
    await save(dan, "Dan's", [item("Tea")]);
    await save(dan, "Dan's other", [item("Rice")]);
    await join(cy, dan, "merge");
    const theirs = await get(cy, "/api/shopping-lists");
    expect(theirs.map((l: { name: string; items: { name: string }[] }) => [l.name, l.items.map((i) => i.name)])).toEqual([
      ["Dan's", ["Tea", "Rice"]],
    ]);
  });

  it("on a merge, keep a meal slot's limit: the household's meals stay, the joiner's fill the room left and the rest are answered", async () => {
    const ann = await person();
    const bob = await person();
    const annsSoup = (await addRecipe(ann, "Soup")).json().id;
    for (let i = 0; i < 2; i++) expect((await plan(ann, annsSoup, "dinner")).statusCode).toBe(201);
    const bobsPie = (await addRecipe(bob, "Pie")).json().id;
    for (let servings = 1; servings <= MAX_MEALS_PER_SLOT; servings++)
      expect((await plan(bob, bobsPie, "dinner", servings)).statusCode).toBe(201);
    expect((await plan(bob, bobsPie, "lunch")).statusCode).toBe(201);

    const joined = await join(ann, bob, "merge");
    expect(joined.leftOut).toEqual([
      { date: "2027-03-01", mealType: "dinner", recipe: "Pie" },
      { date: "2027-03-01", mealType: "dinner", recipe: "Pie" },
    ]);
    const meals = await get(ann, "/api/meal-plans?from=2027-03-01&to=2027-03-01");
    const dinners = meals.filter((m: { mealType: string }) => m.mealType === "dinner");
    expect(dinners.map((m: { recipe: { title: string }; servings: number }) => [m.recipe.title, m.servings])).toEqual([
      ["Soup", 1],
      ["Soup", 1],
      ["Pie", 1],
    ]);
    expect(meals.filter((m: { mealType: string }) => m.mealType === "lunch")).toHaveLength(1);
  });

  it.skipIf(testDatabaseKind() !== "postgres")(
    "take a merge and a meal planned into the same slot at once one after the other: the slot holds 3 (PostgreSQL: real concurrency)",
    async () => {
      const ann = await person();
      const bob = await person();
      const soup = (await addRecipe(ann, "Soup")).json().id;
      for (let i = 0; i < MAX_MEALS_PER_SLOT - 1; i++) expect((await plan(ann, soup, "dinner")).statusCode).toBe(201);
      const pie = (await addRecipe(bob, "Pie")).json().id;
      expect((await plan(bob, pie, "dinner")).statusCode).toBe(201);
      const token = await invite(ann, bob.email);
      const [joined, planned] = await Promise.all([
        send(bob, "POST", "/api/household/join", { token, choice: "merge" }, randomUUID()),
        plan(ann, soup, "dinner", 2),
      ]);
      expect(joined.statusCode, joined.body).toBe(200);
      // Whichever came first took the last place: the meal planned (Bob's left out) or Bob's (the plan refused).
      expect([planned.statusCode, joined.json().leftOut.length]).toEqual(planned.statusCode === 201 ? [201, 1] : [409, 0]);
      const meals = await get(ann, "/api/meal-plans?from=2027-03-01&to=2027-03-01");
      expect(meals.filter((m: { mealType: string }) => m.mealType === "dinner")).toHaveLength(MAX_MEALS_PER_SLOT);
    },
  );

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
