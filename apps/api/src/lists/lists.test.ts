import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gunzipSync } from "node:zlib";
import { sql } from "kysely";
import { jsonBuildObject } from "kysely/helpers/postgres";
import type { Db } from "@kim/db";
import { createTestDatabase } from "@kim/db/testing";
import { ListCache, listVersionsOf, readList, type ListVersions, type UserListQuery } from ".";
import { RawJson } from "./raw-json";

const json = (text: string) => new RawJson<unknown>(text);

describe("ListCache", () => {
  it("answers what was stored under its version", () => {
    const cache = new ListCache();
    const first = json("[1]");
    cache.set("a", 3, first);
    expect(cache.get("a")).toMatchObject({ version: 3, value: first });
    cache.set("a", 4, json("[1,2]"));
    expect(cache.get("a")?.version).toBe(4);
    expect(cache.get("b")).toBeUndefined();
  });

  it("drops the least recently used entries beyond its size", () => {
    const cache = new ListCache(12);
    cache.set("a", 1, json("aaaaa"));
    cache.set("b", 1, json("bbbbb"));
    cache.get("a");
    cache.set("c", 1, json("ccccc"));
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")?.value.text).toBe("aaaaa");
    expect(cache.get("c")?.value.text).toBe("ccccc");
    cache.set("huge", 1, json("x".repeat(100)));
    expect(cache.get("huge")).toBeUndefined();
    expect(cache.get("a")).toBeDefined();
  });

  it("counts a kept list at its gzip's size once compressed", async () => {
    const cache = new ListCache(450);
    const first = json(`[${"1,".repeat(99)}1]`);
    cache.set("a", 1, first);
    await first.gzip("plain");
    expect(first.size).toBeLessThan(50);
    cache.set("b", 1, json(`[${"2,".repeat(99)}2]`));
    cache.set("c", 1, json(`[${"3,".repeat(99)}3]`));
    expect(cache.get("a")?.value).toBe(first);
  });

  it("keeps at most its number of entries, however small they are", () => {
    const cache = new ListCache(1024 * 1024, 3);
    for (let n = 0; n < 20_000; n++) cache.set(`user ${n}`, 1, json("[]"));
    expect(cache.get("user 19996")).toBeUndefined();
    expect(["user 19997", "user 19998", "user 19999"].map((key) => cache.get(key)?.value.text)).toEqual(["[]", "[]", "[]"]);
  });
});

describe("RawJson", () => {
  it("serializes as its parsed value outside a response", () => {
    expect(JSON.stringify({ list: json('[{"a":1}]') })).toBe('{"list":[{"a":1}]}');
  });

  it("keeps one gzip per envelope, made once, and lets its text go once compressed", async () => {
    const value = json('[{"a":"x"}]');
    const [batch, again] = await Promise.all([value.gzip("trpc-batch"), value.gzip("trpc-batch")]);
    expect(again).toBe(batch);
    expect(gunzipSync(batch).toString()).toBe('[{"result":{"data":[{"a":"x"}]}}]');
    expect(value.size).toBe(batch.length);
    // The text, when still asked for, comes back from the gzip.
    expect(value.text).toBe('[{"a":"x"}]');
    expect(gunzipSync(await value.gzip("plain")).toString()).toBe('[{"a":"x"}]');
    expect(JSON.stringify(value)).toBe('[{"a":"x"}]');
  });
});

describe("readList", () => {
  let handle: Db;
  let householdId: string;
  /** A kitchen of its own: lists are read by household (decision 0036). */
  const newHousehold = async () =>
    (await handle.db.insertInto("households").values({ homeOf: null }).returning("id").executeTakeFirstOrThrow()).id;
  beforeAll(async () => {
    handle = await createTestDatabase();
    householdId = await newHousehold();
  });
  afterAll(() => handle.close());

  const query: UserListQuery<{ name: string }> = (db, household) =>
    db
      .selectFrom("ingredients")
      .select((eb) =>
        eb.fn
          .jsonAgg(jsonBuildObject({ name: eb.ref("name") }))
          .orderBy("name")
          .as("list"),
      )
      .where("householdId", "=", household);
  const names = (lists: ListCache) => readList(handle.db, lists, { householdId, lists: ["ingredients"], query });

  it("serves the kept list while the version holds, and the new one after any change", async () => {
    const lists = new ListCache();
    expect((await names(lists)).toJSON()).toEqual([]);
    await handle.db.insertInto("ingredients").values({ householdId, name: "Milk", category: "Dairy" }).execute();
    const first = await names(lists);
    expect(first.toJSON()).toEqual([{ name: "Milk" }]);
    expect(await names(lists)).toBe(first);
    // Another process changes the list: this one notices through the version, not its own writes.
    await handle.db.updateTable("ingredients").set({ name: "Oat milk" }).where("householdId", "=", householdId).execute();
    expect((await names(lists)).toJSON()).toEqual([{ name: "Oat milk" }]);
  });

  it("compiles a statement given for every household once, and answers each household its own list", async () => {
    const other = await newHousehold();
    await handle.db.insertInto("ingredients").values({ householdId: other, name: "Flour", category: "Baking" }).execute();
    const lists = new ListCache();
    const list = (id: string) => readList(handle.db, lists, { householdId: id, lists: ["ingredients"], query });
    expect((await list(householdId)).toJSON()).toEqual([{ name: "Oat milk" }]);
    expect((await list(other)).toJSON()).toEqual([{ name: "Flour" }]);
    const kept = await list(other);
    expect(await list(other)).toBe(kept);
    await handle.db.insertInto("ingredients").values({ householdId: other, name: "Yeast", category: "Baking" }).execute();
    expect((await list(other)).toJSON()).toEqual([{ name: "Flour" }, { name: "Yeast" }]);
    expect((await list(householdId)).toJSON()).toEqual([{ name: "Oat milk" }]);
  });

  it("serves a kept list with no statement at the versions the request's session read, never another household's", async () => {
    // What the session lookup reads for its household, at the time of each request.
    const versionsNow = async (id = householdId): Promise<ListVersions | null> =>
      (await handle.db.selectNoFrom(listVersionsOf(sql.val(id)).as("versions")).executeTakeFirstOrThrow()).versions;
    let statements = 0;
    const counted = handle.db.withPlugin({
      transformQuery: (args) => args.node,
      transformResult: async (args) => (statements++, args.result),
    });
    const lists = new ListCache();
    const read = async (id: string, versions: ListVersions | null) =>
      readList(counted, lists, { householdId: id, lists: ["ingredients"], query, versions });
    const first = await read(householdId, await versionsNow());
    expect(statements).toBe(1);
    expect(await read(householdId, await versionsNow())).toBe(first);
    expect(statements).toBe(1);
    // The same versions for another household: a list of its own, read.
    const other = await newHousehold();
    expect((await read(other, await versionsNow())).toJSON()).toEqual([]);
    expect(statements).toBe(2);
    // A change before the request: its session reads the new version, and the list follows.
    await handle.db.insertInto("ingredients").values({ householdId, name: "Rice", category: "Grains" }).execute();
    expect((await read(householdId, await versionsNow())).toJSON()).toEqual([{ name: "Oat milk" }, { name: "Rice" }]);
    expect(statements).toBe(3);
    await handle.db.deleteFrom("ingredients").where("name", "=", "Rice").execute();
    // Each list's version under its own name, as readList sums them (a name changed on the way would sum short).
    await handle.db.insertInto("shoppingLists").values({ householdId, name: "Week", items: "[]" }).execute();
    expect(await versionsNow()).toMatchObject({ ingredients: expect.any(Number), "shopping-lists": 1 });
  });

  it("gives requests that missed together one value, so its gzip is made once", async () => {
    const lists = new ListCache();
    const [first, ...others] = await Promise.all(Array.from({ length: 5 }, () => names(lists)));
    for (const value of others) expect(value).toBe(first);
  });

  it("keeps a list drawn from several under the sum of their versions, each request's values apart", async () => {
    const lists = new ListCache();
    const titled: UserListQuery<{ name: string; title: string }> = (db, household, [prefix]) =>
      db
        .selectFrom("ingredients as i")
        .crossJoin("recipes as r")
        .select((eb) => eb.fn.jsonAgg(jsonBuildObject({ name: eb.ref("i.name"), title: eb.ref("r.title") })).as("list"))
        .where("i.householdId", "=", household)
        .where("r.householdId", "=", household)
        .where("i.name", "like", sql<string>`${prefix!} || '%'`);
    const list = (prefix: string) =>
      readList(handle.db, lists, { householdId, lists: ["ingredients", "recipes"], query: titled, values: [prefix] });
    expect((await list("Oat")).toJSON()).toEqual([]);
    await handle.db.insertInto("recipes").values({ householdId, title: "Porridge", ingredients: "[]", instructions: "." }).execute();
    const first = await list("Oat");
    expect(first.toJSON()).toEqual([{ name: "Oat milk", title: "Porridge" }]);
    expect(await list("Oat")).toBe(first);
    expect((await list("Rye")).toJSON()).toEqual([]);
    // A change to either list is seen.
    await handle.db.updateTable("recipes").set({ title: "Oats" }).where("householdId", "=", householdId).execute();
    expect((await list("Oat")).toJSON()).toEqual([{ name: "Oat milk", title: "Oats" }]);
  });
});
