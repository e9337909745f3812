import { gunzipSync } from "node:zlib";
import { addDays, matchesStockFilter } from "@kim/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { anotherProcess, createTestApp, createUser, type TestApp } from "../../testing/test-app";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A fresh signed-in user's Cookie header, so no test depends on rows another test left. */
const someone = async () => (await createUser(t)).cookie;

const milk = { name: "Milk", quantity: 1.5, unit: "L", category: "Dairy", expirationDate: "2026-11-25", notes: "Organic" };

function send(cookie: string, method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object) {
  return t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
}

describe("ingredients", () => {
  it("creates, lists, updates and deletes the user's own ingredients", async () => {
    const ann = await someone();
    const created = await send(ann, "POST", "/api/ingredients", milk);
    expect(created.statusCode).toBe(201);
    const row = created.json();
    expect(row).toMatchObject(milk);
    expect(row.id).toMatch(/^[0-9a-f-]{36}$/);

    const list = await send(ann, "GET", "/api/ingredients");
    expect(list.json()).toEqual([row]);

    const updated = await send(ann, "PATCH", `/api/ingredients/${row.id}`, { ...milk, quantity: 0.5, notes: "" });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ quantity: 0.5, notes: null, name: "Milk" });

    const partial = await send(ann, "PATCH", `/api/ingredients/${row.id}`, { expirationDate: null });
    expect(partial.json()).toMatchObject({ expirationDate: null, quantity: 0.5 });

    const deleted = await send(ann, "DELETE", `/api/ingredients/${row.id}`);
    expect(deleted.statusCode).toBe(200);
    expect((await send(ann, "GET", "/api/ingredients")).json()).toEqual([]);
    expect((await send(ann, "DELETE", `/api/ingredients/${row.id}`)).statusCode).toBe(404);
  });

  it("lists soonest expiry first, then by name, undated last", async () => {
    const bob = await someone();
    for (const [name, expirationDate] of [
      ["Yogurt", "2026-12-01"],
      ["Apples", null],
      ["Butter", "2026-11-22"],
      ["Cream", "2026-12-01"],
      ["Bread", null],
    ] as const) {
      await send(bob, "POST", "/api/ingredients", { ...milk, name, expirationDate });
    }
    const names = (await send(bob, "GET", "/api/ingredients")).json().map((i: { name: string }) => i.name);
    expect(names).toEqual(["Butter", "Cream", "Yogurt", "Apples", "Bread"]);
  });

  it("answers the same list through REST and tRPC, timestamps and numbers included", async () => {
    const bob = await someone();
    for (const name of ["Eggs", "Flour"]) await send(bob, "POST", "/api/ingredients", { ...milk, name });
    const rest = (await send(bob, "GET", "/api/ingredients")).json();
    const trpc = (await send(bob, "GET", "/trpc/inventory.list")).json().result.data;
    expect(rest).toHaveLength(2);
    expect(trpc).toEqual(rest);
    expect(rest[0].createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(rest[0].quantity).toBe(1.5);
  });

  it("sends the list gzipped to clients that accept it", async () => {
    const bob = await someone();
    for (let i = 0; i < 20; i++) await send(bob, "POST", "/api/ingredients", { ...milk, name: `Bulk ${i}` });
    const plain = await send(bob, "GET", "/api/ingredients");
    const zipped = await t.app.inject({
      method: "GET",
      url: "/api/ingredients",
      headers: { cookie: bob, "accept-encoding": "br;q=0.9, gzip" },
    });
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(zipped.headers.vary).toContain("accept-encoding");
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
    expect(zipped.rawPayload.length).toBeLessThan(plain.body.length / 3);
    const refused = await t.app.inject({ method: "GET", url: "/api/ingredients", headers: { cookie: bob, "accept-encoding": "gzip;q=0" } });
    expect(refused.headers["content-encoding"]).toBeUndefined();
  });

  it("makes the signed-in user the owner, whatever userId the client sends", async () => {
    const ann = await someone();
    const { id: bobId, cookie: bob } = await createUser(t);
    const res = await send(ann, "POST", "/api/ingredients", { ...milk, name: "Sneaky", userId: bobId });
    expect(res.statusCode).toBe(201);
    const bobs = (await send(bob, "GET", "/api/ingredients")).json().map((i: { name: string }) => i.name);
    expect(bobs).not.toContain("Sneaky");
    const anns = (await send(ann, "GET", "/api/ingredients")).json().map((i: { name: string }) => i.name);
    expect(anns).toContain("Sneaky");
  });

  it("keeps other users' rows invisible and untouchable (404, unchanged)", async () => {
    const ann = await someone();
    const bob = await someone();
    const bobsRow = (await send(bob, "POST", "/api/ingredients", milk)).json();
    expect((await send(ann, "GET", "/api/ingredients")).json()).toEqual([]);
    const patch = await send(ann, "PATCH", `/api/ingredients/${bobsRow.id}`, { name: "Stolen" });
    expect(patch.statusCode).toBe(404);
    expect(patch.json()).toMatchObject({ code: "NOT_FOUND", message: "Ingredient not found" });
    expect((await send(ann, "DELETE", `/api/ingredients/${bobsRow.id}`)).statusCode).toBe(404);
    expect((await send(bob, "GET", "/api/ingredients")).json()).toEqual([bobsRow]);
  });

  it.each([
    [{ name: "" }, "name", "Name is required"],
    [{ name: "x".repeat(201) }, "name", "Name must be at most 200 characters"],
    [{ quantity: -0.1 }, "quantity", "Quantity must be 0 or more"],
    [{ quantity: 1_000_001 }, "quantity", "Quantity must be at most 1,000,000"],
    [{ quantity: "lots" }, "quantity", "Quantity must be a number"],
    [{ unit: "bushel" }, "unit", "Unit must be one of"],
    [{ category: "Candy" }, "category", "Category must be one of"],
    [{ expirationDate: "2026-02-30" }, "expirationDate", "Expiration date must be a date written yyyy-MM-dd"],
    [{ expirationDate: "25/11/2026" }, "expirationDate", "Expiration date must be a date written yyyy-MM-dd"],
    [{ quantity: -1 }, "quantity", "Quantity must be 0 or more"],
    [{ expirationDate: "1900-01-01" }, "expirationDate", "Expiration date must be between Jan 1, 2000 and 30 years from today"],
    [{ expirationDate: "9999-12-31" }, "expirationDate", "Expiration date must be between Jan 1, 2000 and 30 years from today"],
    [{ notes: "x".repeat(2001) }, "notes", "Notes must be at most 2,000 characters"],
  ])("answers 400 naming the field for %o, and saves nothing", async (change, field, message) => {
    const ann = await someone();
    const res = await send(ann, "POST", "/api/ingredients", { ...milk, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect(res.json().issues[0].path).toBe(field);
    expect((await send(ann, "GET", "/api/ingredients")).json()).toEqual([]);
  });

  it("refuses a bad update without changing the row", async () => {
    const ann = await someone();
    const row = (await send(ann, "POST", "/api/ingredients", { ...milk, name: "Keep me" })).json();
    const res = await send(ann, "PATCH", `/api/ingredients/${row.id}`, { quantity: -5 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Quantity must be 0 or more");
    expect((await send(ann, "GET", "/api/ingredients")).json()).toEqual([row]);
  });

  it("answers 400 for malformed ids, never 500", async () => {
    const ann = await someone();
    for (const id of ["not-a-uuid", "1", "00000000-0000-0000-0000-00000000000g", "%27%20or%201=1"]) {
      for (const method of ["PATCH", "DELETE"] as const) {
        const res = await send(ann, method, `/api/ingredients/${id}`, method === "PATCH" ? { name: "x" } : undefined);
        expect(res.statusCode, `${method} ${id}`).toBe(400);
        expect(res.json().message).toContain("id");
      }
    }
    const unknown = await send(ann, "PATCH", "/api/ingredients/00000000-0000-4000-8000-000000000000", { name: "x" });
    expect(unknown.statusCode).toBe(404);
  });

  it("answers 401 when signed out, and 400 for a body that is not an object", async () => {
    const ann = await someone();
    expect((await t.app.inject({ method: "GET", url: "/api/ingredients" })).statusCode).toBe(401);
    const array = await t.app.inject({ method: "POST", url: "/api/ingredients", headers: { cookie: ann }, payload: [1, 2] });
    expect(array.statusCode).toBe(400);
    expect((await send(ann, "GET", "/api/ingredients")).json()).toEqual([]);
  });
});

describe("Add Ingredient over tRPC, its one statement checking the session", () => {
  const create = (cookie: string | undefined, key = crypto.randomUUID()) =>
    t.app.inject({
      method: "POST",
      url: "/trpc/inventory.create",
      headers: { ...(cookie ? { cookie } : {}), "content-type": "application/json", "idempotency-key": key },
      payload: JSON.stringify(milk),
    });
  const rowsOf = (householdId: string) =>
    t.deps.db.selectFrom("ingredients").select("createdBy").where("householdId", "=", householdId).execute();

  it("creates as the session's cook, in their household, answering what the list then serves", async () => {
    const cook = await createUser(t);
    const res = await create(cook.cookie);
    expect(res.statusCode).toBe(200);
    const row = res.json().result.data;
    expect(row).toMatchObject({ ...milk, createdBy: cook.id, updatedBy: cook.id });
    expect((await send(cook.cookie, "GET", "/api/ingredients")).json()).toEqual([row]);
    expect(await rowsOf(cook.householdId)).toEqual([{ createdBy: cook.id }]);
  });

  it("answers 401 and creates nothing for no session, a forged one, an expired one, a signed-out one and a deleted cook", async () => {
    const forged = await createUser(t);
    const expired = await createUser(t);
    await t.deps.db
      .updateTable("sessions")
      .set({ expire: new Date(Date.now() - 1000) })
      .where("userId", "=", expired.id)
      .execute();
    const signedOut = await createUser(t);
    expect((await send(signedOut.cookie, "POST", "/api/logout", {})).statusCode).toBe(200);
    const deleted = await createUser(t);
    const { householdId } = deleted;
    await t.deps.db.deleteFrom("users").where("id", "=", deleted.id).execute();
    for (const [cookie, household] of [
      [undefined, null],
      [`kim_session=${"x".repeat(43)}`, forged.householdId],
      [expired.cookie, expired.householdId],
      [signedOut.cookie, signedOut.householdId],
      [deleted.cookie, householdId],
    ] as const) {
      const res = await create(cookie);
      expect(res.statusCode, cookie).toBe(401);
      expect(res.json().error.message).toBe("Unauthorized");
      if (household) expect(await rowsOf(household)).toEqual([]);
    }
  });

  it("renews a session used over a day ago and sends its cookie again, as every request does", async () => {
    const cook = await createUser(t);
    const inDays = (days: number) => new Date(Date.now() + days * 86_400_000);
    await t.deps.db
      .updateTable("sessions")
      .set({ expire: inDays(20) })
      .where("userId", "=", cook.id)
      .execute();
    const renewed = await create(cook.cookie);
    expect(renewed.statusCode).toBe(200);
    expect(`kim_session=${renewed.cookies.find((c) => c.name === "kim_session")?.value}`).toBe(cook.cookie);
    const { expire } = await t.deps.db.selectFrom("sessions").select("expire").where("userId", "=", cook.id).executeTakeFirstOrThrow();
    expect(expire.getTime()).toBeGreaterThan(inDays(29.9).getTime());
    expect((await create(cook.cookie)).cookies.find((c) => c.name === "kim_session")).toBeUndefined();
  });

  it("answers a retry of its key with the first answer, from a signed-in cook only", async () => {
    const cook = await createUser(t);
    const key = crypto.randomUUID();
    const first = await create(cook.cookie, key);
    expect(first.statusCode).toBe(200);
    const again = await create(cook.cookie, key);
    expect([again.statusCode, again.body]).toEqual([200, first.body]);
    expect(await rowsOf(cook.householdId)).toHaveLength(1);
    await t.deps.db.deleteFrom("sessions").where("userId", "=", cook.id).execute();
    expect((await create(cook.cookie, key)).statusCode).toBe(401);
  });

  it("creates in a batch with another call, the session then read before both, as for any batch", async () => {
    const cook = await createUser(t);
    const res = await t.app.inject({
      method: "POST",
      url: "/trpc/inventory.create,inventory.delete?batch=1",
      headers: { cookie: cook.cookie, "content-type": "application/json" },
      payload: JSON.stringify({ 0: milk, 1: { id: crypto.randomUUID() } }),
    });
    const [created, missing] = res.json();
    expect(created.result.data).toMatchObject({ ...milk, createdBy: cook.id });
    expect(missing.error.data.httpStatus).toBe(404);
  });
});

describe("the list cache", () => {
  it("never serves a stale list, even when another process changed the data", async () => {
    const ann = await someone();
    await send(ann, "POST", "/api/ingredients", { ...milk, name: "Already there" });
    const other = await anotherProcess(t);
    try {
      const list = async (app: TestApp["app"]) =>
        (await app.inject({ method: "GET", url: "/api/ingredients", headers: { cookie: ann } }))
          .json()
          .map((i: { name: string }) => i.name);
      const before = await list(t.app);
      expect(before).toEqual(["Already there"]);
      expect(await list(t.app)).toEqual(before);
      await other.inject({
        method: "POST",
        url: "/api/ingredients",
        headers: { cookie: ann },
        payload: { ...milk, name: "From elsewhere" },
      });
      expect(await list(t.app)).toContain("From elsewhere");
      await t.deps.db.deleteFrom("ingredients").where("name", "=", "From elsewhere").execute();
      expect(await list(t.app)).toEqual(before);
      expect(await list(other)).toEqual(before);
    } finally {
      await other.close();
    }
  });
});

describe("text PostgreSQL cannot store", () => {
  it.each([
    ["name", { name: "Mi\u0000lk" }, "Name contains a character that can't be saved"],
    ["notes", { notes: "Organic\u0000" }, "Notes contains a character that can't be saved"],
    ["name", { name: "Milk \uD83D" }, "Name contains a character that can't be saved"],
  ])("answers 400 naming %s for %j, on create and update, and changes nothing", async (field, change, message) => {
    const cook = await someone();
    const created = await send(cook, "POST", "/api/ingredients", { ...milk, ...change });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toMatchObject({ code: "BAD_REQUEST", message });
    expect(created.json().issues[0].path).toBe(field);
    expect((await send(cook, "GET", "/api/ingredients")).json()).toEqual([]);

    const row = (await send(cook, "POST", "/api/ingredients", milk)).json();
    const updated = await send(cook, "PATCH", `/api/ingredients/${row.id}`, change);
    expect(updated.statusCode).toBe(400);
    expect(updated.json()).toMatchObject({ code: "BAD_REQUEST", message });
    expect((await send(cook, "GET", "/api/ingredients")).json()).toEqual([row]);
  });

  it("keeps emoji, accents, CJK and right-to-left names exactly as sent", async () => {
    const cook = await someone();
    const names = [
      "Crème fraîche",
      "Cre\u0300me frai\u0302che", // the same words with combining accents: kept, not normalized
      "🥛 Milk 👩‍🍳🏽",
      "豆腐 (木綿)",
      "牛乳 우유",
      "חלב 3%",
      "لبن زبادي",
      "Ｏａｔ ｍｉｌｋ",
      "𝔘𝔫𝔦𝔠𝔬𝔡𝔢 𠮷",
    ];
    const created = [];
    for (const name of names) {
      const res = await send(cook, "POST", "/api/ingredients", { ...milk, name, notes: `${name} — notes`, expirationDate: null });
      expect(res.statusCode, name).toBe(201);
      expect(res.json().name).toBe(name);
      created.push(res.json());
    }
    const listed = (await send(cook, "GET", "/api/ingredients")).json() as { id: string; name: string; notes: string }[];
    expect(listed.map((i) => i.name).sort()).toEqual([...names].sort());
    for (const row of listed) expect(row.notes).toBe(`${row.name} — notes`);
    const viaTrpc = (await send(cook, "GET", "/trpc/inventory.list")).json().result.data;
    expect(viaTrpc).toEqual(listed);

    const renamed = await send(cook, "PATCH", `/api/ingredients/${created[0].id}`, { name: "🧀 Käse 奶酪 גבינה" });
    expect(renamed.json().name).toBe("🧀 Käse 奶酪 גבינה");
    const stored = await t.deps.db.selectFrom("ingredients").select("name").where("id", "=", created[0].id).executeTakeFirstOrThrow();
    expect(stored.name).toBe("🧀 Käse 奶酪 גבינה");
  });
});

describe("dashboard summary", () => {
  it("counts what the web's inventory filters show, on the cook's date, and lists the soonest five", async () => {
    const cook = await someone();
    const today = "2026-11-28";
    const items = [
      { name: "yesterday", expirationDate: "2026-11-27", quantity: 5 },
      { name: "no date", expirationDate: null, quantity: 0 },
      { name: "a week on", expirationDate: "2026-12-05", quantity: 2 },
      { name: "eight days on", expirationDate: "2026-12-06", quantity: 2.1 },
      ...[0, 1, 2, 3, 4].map((d) => ({ name: `day ${d}`, expirationDate: addDays(today, d), quantity: 9 })),
      // Used up, as "I cooked this" leaves it: low stock, but nothing left to expire.
      { name: "day 1 used up", expirationDate: addDays(today, 1), quantity: 0 },
    ];
    for (const item of items) expect((await send(cook, "POST", "/api/ingredients", { ...milk, ...item })).statusCode).toBe(201);

    const input = encodeURIComponent(JSON.stringify({ today }));
    const summary = (await send(cook, "GET", `/trpc/inventory.summary?input=${input}`)).json().result.data;
    const shown = (filter: "expiring" | "low-stock") => items.filter((item) => matchesStockFilter(item, filter, today)).length;
    expect(summary).toMatchObject({ total: 10, expiringSoonCount: shown("expiring"), lowStockCount: shown("low-stock") });
    expect([summary.expiringSoonCount, summary.lowStockCount]).toEqual([6, 3]);
    expect(summary.expiringSoon.map((e: { name: string; days: number }) => [e.name, e.days])).toEqual([
      ["day 0", 0],
      ["day 1", 1],
      ["day 2", 2],
      ["day 3", 3],
      ["day 4", 4],
    ]);
  });

  it.each(["9999-12-31", "0001-01-01", "2026-02-30"])("refuses the date %s with 400, not a 500", async (today) => {
    const cook = await someone();
    const res = await send(cook, "GET", `/trpc/inventory.summary?input=${encodeURIComponent(JSON.stringify({ today }))}`);
    expect(res.statusCode).toBe(400);
  });
});
