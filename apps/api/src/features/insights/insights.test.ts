import { testDatabaseKind } from "@kim/db/testing";
import { stockEventKind, zonedDate, type StockEventKind } from "@kim/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callerFor, createTestApp, createUser, type TestApp } from "../../testing/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function send(cookie: string, method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object) {
  return t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function addItem(cookie: string, item: { name: string; quantity: number; category?: string; expirationDate?: string | null }) {
  const res = await send(cookie, "POST", "/api/ingredients", { category: "Dairy", unit: "units", ...item });
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}

type Cook = Awaited<ReturnType<typeof createUser>>;

const events = (userId: string) =>
  t.deps.db
    .selectFrom("stockEvents")
    .select(["name", "category", "kind", "reason", "ingredientId"])
    .where("createdBy", "=", userId)
    .orderBy("occurredAt")
    .orderBy("name")
    .execute();

describe("stock events", () => {
  it("records an item deleted after its date as wasted, and nothing for one deleted in date or another user's", async () => {
    const ann = await createUser(t);
    const eve = await createUser(t);
    const old = await addItem(ann.cookie, { name: "Old milk", quantity: 1, expirationDate: day(-2) });
    const fresh = await addItem(ann.cookie, { name: "Fresh milk", quantity: 1, expirationDate: day(5) });
    // Someone else's id: 404, and nothing recorded for anyone.
    expect((await send(eve.cookie, "DELETE", `/api/ingredients/${old}`)).statusCode).toBe(404);
    expect(await events(eve.id)).toEqual([]);
    expect((await send(ann.cookie, "DELETE", `/api/ingredients/${old}`)).statusCode).toBe(200);
    expect((await send(ann.cookie, "DELETE", `/api/ingredients/${fresh}`)).statusCode).toBe(200);
    expect(await events(ann.id)).toEqual([{ name: "Old milk", category: "Dairy", kind: "wasted", reason: "deleted", ingredientId: old }]);
  });

  it("records an item set to 0 after its date as wasted, before it as used, once, and none for other changes", async () => {
    const ann = await createUser(t);
    const old = await addItem(ann.cookie, { name: "Yogurt", quantity: 2, expirationDate: day(-1) });
    const fresh = await addItem(ann.cookie, { name: "Carrots", quantity: 5, category: "Produce", expirationDate: day(3) });
    const undated = await addItem(ann.cookie, { name: "Rice", quantity: 1, category: "Pantry" });
    for (const id of [old, fresh, undated]) {
      expect((await send(ann.cookie, "PATCH", `/api/ingredients/${id}`, { quantity: 0 })).statusCode).toBe(200);
    }
    // Already at 0: not counted again. A change of another field records nothing.
    await send(ann.cookie, "PATCH", `/api/ingredients/${old}`, { quantity: 0 });
    await send(ann.cookie, "PATCH", `/api/ingredients/${fresh}`, { notes: "bought more" });
    // Deleting an item already at 0 records nothing either: it was counted when it got there.
    await send(ann.cookie, "DELETE", `/api/ingredients/${old}`);
    expect((await events(ann.id)).map((e) => [e.name, e.kind, e.reason])).toEqual([
      ["Yogurt", "wasted", "emptied"],
      ["Carrots", "used", "emptied"],
      ["Rice", "used", "emptied"],
    ]);
  });

  it("records nothing for another user's item set to 0", async () => {
    const ann = await createUser(t);
    const eve = await createUser(t);
    const milk = await addItem(ann.cookie, { name: "Milk", quantity: 1, expirationDate: day(-3) });
    expect((await send(eve.cookie, "PATCH", `/api/ingredients/${milk}`, { quantity: 0 })).statusCode).toBe(404);
    expect([...(await events(ann.id)), ...(await events(eve.id))]).toEqual([]);
  });

  it.skipIf(testDatabaseKind() !== "postgres")(
    "counts an item once when it is set to 0 and deleted by several requests at once (PostgreSQL only: PGlite has one connection)",
    async () => {
      const ann = await createUser(t);
      const milk = await addItem(ann.cookie, { name: "Milk", quantity: 1, expirationDate: day(-3) });
      const results = await Promise.all([
        ...Array.from({ length: 4 }, () => send(ann.cookie, "PATCH", `/api/ingredients/${milk}`, { quantity: 0 })),
        send(ann.cookie, "DELETE", `/api/ingredients/${milk}`),
      ]);
      expect(results.every((r) => r.statusCode === 200 || r.statusCode === 404)).toBe(true);
      expect((await events(ann.id)).map((e) => e.kind)).toEqual(["wasted"]);
    },
  );

  it("records items used up by cooking as used, and forgets them when the cook is undone", async () => {
    const ann = await createUser(t);
    const recipe = await send(ann.cookie, "POST", "/api/recipes", {
      title: "Omelette",
      servings: 1,
      ingredients: [
        { name: "Eggs", quantity: 2, unit: "" },
        { name: "Butter", quantity: 10, unit: "g" },
      ],
      instructions: "Whisk and fry.",
    });
    const eggs = await addItem(ann.cookie, { name: "Eggs", quantity: 2, expirationDate: day(4) });
    await send(ann.cookie, "POST", "/api/ingredients", { name: "Butter", quantity: 250, unit: "g", category: "Dairy" });
    const cook = await send(ann.cookie, "POST", "/api/meal-plans/cook", { recipeId: recipe.json().id, servings: 1 });
    expect(cook.statusCode).toBe(200);
    // The eggs are used up; the butter only used from.
    expect(await events(ann.id)).toEqual([{ name: "Eggs", category: "Dairy", kind: "used", reason: "cooked", ingredientId: eggs }]);
    const taken = cook.json().taken as { id: string; before: number; after: number }[];
    const undo = await send(ann.cookie, "POST", "/api/meal-plans/restock", {
      items: taken.map((x) => ({ id: x.id, quantity: x.before - x.after })),
    });
    expect(undo.statusCode).toBe(200);
    expect(Object.keys(undo.json().restocked[0]).sort()).toEqual(["id", "name", "quantity", "unit"]);
    expect(await events(ann.id)).toEqual([]);
  });
});

describe("insights", () => {
  it("answers the figures, the categories wasted most, advice and expiring items with recipes, for a seeded history", async () => {
    const pro = await createUser(t, { isPro: true });
    const at = (iso: string) => new Date(iso);
    const seed = [
      ["Milk", "Dairy", "wasted", "2026-10-03T09:00:00Z"],
      ["Cream", "Dairy", "wasted", "2026-10-10T09:00:00Z"],
      ["Cheese", "Dairy", "wasted", "2026-10-17T09:00:00Z"],
      ["Butter", "Dairy", "wasted", "2026-10-28T09:00:00Z"],
      ["Kale", "Produce", "wasted", "2026-11-17T09:00:00Z"],
      ["Rice", "Pantry", "used", "2026-11-18T09:00:00Z"],
      ["Chicken", "Meat", "used", "2026-11-24T09:00:00Z"],
      // 23:30 UTC on the 22nd is already Monday the 23rd in Paris: it counts in this week there.
      ["Beef", "Meat", "used", "2026-11-22T23:30:00Z"],
    ] as const;
    await t.deps.db
      .insertInto("stockEvents")
      .values(
        seed.map(([name, category, kind, when]) => ({
          householdId: pro.householdId,
          name,
          category,
          kind,
          reason: "emptied" as const,
          occurredAt: at(when),
        })),
      )
      .execute();
    const other = await createUser(t);
    await t.deps.db
      .insertInto("stockEvents")
      .values({ householdId: other.householdId, name: "Not mine", category: "Meat", kind: "wasted", reason: "deleted" })
      .execute();
    await t.deps.db
      .insertInto("ingredients")
      .values([
        { householdId: pro.householdId, name: "Spinach", quantity: 1, category: "Produce", expirationDate: "2026-11-26" },
        { householdId: pro.householdId, name: "Milk", quantity: 1, category: "Dairy", expirationDate: "2026-11-25" },
        { householdId: pro.householdId, name: "Rice", quantity: 1, category: "Pantry", expirationDate: "2027-05-01" },
      ])
      .execute();
    for (const [title, names] of [
      ["Spinach soup", ["spinach", "stock"]],
      ["Creamed spinach", ["Spinach", "milk"]],
      ["Toast", ["bread"]],
    ] as const) {
      await t.deps.db
        .insertInto("recipes")
        .values({
          householdId: pro.householdId,
          title,
          instructions: "",
          ingredients: JSON.stringify(names.map((name) => ({ name, quantity: 1, unit: "" }))),
        })
        .execute();
    }

    const { caller } = callerFor(t, pro, { now: () => new Date("2026-11-25T10:00:00Z") });
    const insights = await caller.insights.get({ timeZone: "Europe/Paris" });
    expect(insights.today).toBe("2026-11-25");
    expect(insights.figures.weeks.at(-1)).toMatchObject({ start: "2026-11-23", wasted: 0, used: 2 });
    expect(insights.figures.weeks.at(-2)).toMatchObject({ start: "2026-11-16", wasted: 1, used: 1 });
    expect(insights.figures.months.slice(-2).map((m) => [m.label, m.wasted, m.used])).toEqual([
      ["Oct", 4, 0],
      ["Nov", 1, 3],
    ]);
    expect(insights.figures.wastedByCategory).toEqual([
      { category: "Dairy", count: 4 },
      { category: "Produce", count: 1 },
    ]);
    expect(insights.advice).toBe("You threw away 4 dairy items in October; buy smaller packs.");
    expect(insights.expiring.map((i) => [i.name, i.days, i.recipes.map((r) => r.title)])).toEqual([
      ["Milk", 0, ["Creamed spinach"]],
      ["Spinach", 1, ["Creamed spinach", "Spinach soup"]],
    ]);
    // The first zone the browser sent is kept, for the cook's dates in stock events and the morning mail.
    const zone = async () =>
      (await t.deps.db.selectFrom("userSettings").select("timeZone").where("userId", "=", pro.id).executeTakeFirst())?.timeZone;
    expect(await zone()).toBe("Europe/Paris");
    // A read (which a cross-site link can send) never changes a kept zone.
    await caller.insights.get({ timeZone: "Asia/Tokyo" });
    expect(await zone()).toBe("Europe/Paris");
  });

  describe("judges what became of an item on the reader's date, not the server's", () => {
    // 07:00 UTC on Monday 7 December is still Sunday the 6th, 20:00, in Pago Pago (UTC-11), and already the 7th,
    // 21:00, in Kiritimati (UTC+14). 20:00 UTC on the 6th is already the 7th, 10:00, in Kiritimati.
    const monday = { now: () => new Date("2026-12-07T07:00:00Z") };
    const sunday = { now: () => new Date("2026-12-06T20:00:00Z") };
    const totals = async (cook: Cook, timeZone: string) =>
      (await callerFor(t, cook, monday).caller.insights.get({ timeZone })).figures.totals;

    it("counts yogurt set to 0 on its last day in Pago Pago as used, and cream thrown away that day as nothing", async () => {
      const dave = await createUser(t, { isPro: true });
      const { caller } = callerFor(t, dave, monday);
      const yogurt = await addItem(dave.cookie, { name: "Yogurt", quantity: 1, expirationDate: "2026-12-06" });
      const cream = await addItem(dave.cookie, { name: "Cream", quantity: 1, expirationDate: "2026-12-06" });
      // Before Dave has ever opened Insights, so the server has no zone of his.
      await caller.inventory.update({ id: yogurt, data: { quantity: 0 } });
      await caller.inventory.delete({ id: cream });
      expect(await totals(dave, "Pacific/Pago_Pago")).toEqual({ wasted: 0, used: 1 });
    });

    it("counts yogurt set to 0 and cream thrown away the day after their date in Kiritimati as wasted", async () => {
      const kate = await createUser(t, { isPro: true });
      const { caller } = callerFor(t, kate, sunday);
      const yogurt = await addItem(kate.cookie, { name: "Yogurt", quantity: 1, expirationDate: "2026-12-06" });
      const cream = await addItem(kate.cookie, { name: "Cream", quantity: 1, expirationDate: "2026-12-06" });
      const milk = await addItem(kate.cookie, { name: "Milk", quantity: 1, expirationDate: "2026-12-07" });
      await caller.inventory.update({ id: yogurt, data: { quantity: 0 } });
      await caller.inventory.delete({ id: cream });
      await caller.inventory.update({ id: milk, data: { quantity: 0 } });
      expect(await totals(kate, "Pacific/Kiritimati")).toEqual({ wasted: 2, used: 1 });
    });

    it("judges history already recorded as the domain's stockEventKind does on the reader's date", async () => {
      const dave = await createUser(t, { isPro: true });
      const when = monday.now();
      // As recorded before Insights judged on the reader's date: on the server's (UTC, Monday the 7th).
      const recorded = (["deleted", "emptied", "cooked"] as const).flatMap((reason) =>
        [null, "2026-12-05", "2026-12-06", "2026-12-07"].flatMap((expirationDate) => {
          const kind = stockEventKind({ reason, before: 1, expirationDate, today: "2026-12-07" });
          return kind ? [{ reason, expirationDate, kind }] : [];
        }),
      );
      await t.deps.db
        .insertInto("stockEvents")
        .values(recorded.map((e) => ({ ...e, householdId: dave.householdId, name: "Milk", category: "Dairy", occurredAt: when })))
        .execute();
      const onDavesDate = recorded.map((e) => stockEventKind({ ...e, before: 1, today: zonedDate(when, "Pacific/Pago_Pago") }));
      const count = (kind: StockEventKind) => onDavesDate.filter((k) => k === kind).length;
      expect(await totals(dave, "Pacific/Pago_Pago")).toEqual({ wasted: count("wasted"), used: count("used") });
      // The milk of the 6th, deleted or set to 0 on Dave's 6th, was recorded wasted: now nothing and used.
      expect(await totals(dave, "Pacific/Pago_Pago")).toEqual({ wasted: 2, used: 7 });
    });

    it("reads a household's shared history on each cook's own clock, whichever cook made the change", async () => {
      const dave = await createUser(t, { isPro: true });
      const kate = await createUser(t, { isPro: true });
      await t.deps.db
        .updateTable("householdMembers")
        .set({ householdId: dave.householdId, role: "member" })
        .where("userId", "=", kate.id)
        .execute();
      const kitchenKate = { ...kate, householdId: dave.householdId };
      // Both have opened Insights before, so the server keeps each one's zone.
      await totals(dave, "Pacific/Pago_Pago");
      await totals(kitchenKate, "Pacific/Kiritimati");
      const yogurt = await addItem(dave.cookie, { name: "Yogurt", quantity: 1, expirationDate: "2026-12-06" });
      const cream = await addItem(dave.cookie, { name: "Cream", quantity: 1, expirationDate: "2026-12-06" });
      // Dave uses up the yogurt on his 6th; Kate throws the cream away on her 7th.
      await callerFor(t, dave, monday).caller.inventory.update({ id: yogurt, data: { quantity: 0 } });
      await callerFor(t, kitchenKate, monday).caller.inventory.delete({ id: cream });
      expect(await totals(dave, "Pacific/Pago_Pago")).toEqual({ wasted: 0, used: 1 });
      expect(await totals(kitchenKate, "Pacific/Kiritimati")).toEqual({ wasted: 2, used: 0 });
    });
  });

  it("is Pro only: others get 403 'Pro feature'; a bad time zone is 400 naming it", async () => {
    const basic = await createUser(t);
    const res = await send(basic.cookie, "GET", "/api/insights?timeZone=UTC");
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain("Pro feature");
    const pro = await createUser(t, { isBetaTester: true });
    expect((await send(pro.cookie, "GET", "/api/insights?timeZone=UTC")).statusCode).toBe(200);
    for (const zone of ["Mars%2FOlympus", "a%00b", ""]) {
      const bad = await send(pro.cookie, "GET", `/api/insights?timeZone=${zone}`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toMatch(/Time zone/);
    }
  });
});
