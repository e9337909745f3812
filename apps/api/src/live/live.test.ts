import { randomUUID } from "node:crypto";
import { createDb } from "@kim/db";
import { testDatabaseKind } from "@kim/db/testing";
import type { FastifyInstance } from "fastify";
import { sql, type KyselyPlugin } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "../app";
import { createSession, hashToken, SESSION_COOKIE } from "../sessions/sessions";
import { openEventStream, type EventStream } from "../testing/event-stream";
import { createTestApp, createUser, type TestApp } from "../testing/test-app";
import { HEARTBEAT_MS, MAX_STREAM_AGE_MS } from "./hub";
import { LIVE_ID_HEADER, LIVE_KINDS } from "@kim/domain";
import { publishChanges } from "./index";

let t: TestApp;
let port: number;
const streams: EventStream[] = [];

beforeAll(async () => {
  t = await createTestApp();
  port = await listen(t.app);
});
afterEach(() => {
  for (const stream of streams.splice(0)) stream.close();
});
afterAll(() => t.close());

async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  if (!address || typeof address === "string") throw new Error("not listening");
  return address.port;
}

async function open(cookie: string, headers: Record<string, string> = {}, path?: string, on = port): Promise<EventStream> {
  const stream = await openEventStream(on, { cookie, ...headers }, path);
  streams.push(stream);
  return stream;
}

/** A stream that has said it is ready, and the id it is ready at. */
async function ready(cookie: string, headers: Record<string, string> = {}, path?: string, on = port) {
  const stream = await open(cookie, headers, path, on);
  expect(stream.status).toBe(200);
  const first = await stream.nextEvent(0, "ready");
  return { stream, id: first.id!, after: first.index + 1 };
}

const change = (event: { data: string }) => JSON.parse(event.data) as { kind: string; version: number; by: string | null };

function send(app: FastifyInstance, cookie: string, method: "POST" | "PATCH" | "DELETE", url: string, payload?: object, key = true) {
  return app.inject({
    method,
    url,
    headers: { cookie, ...(key ? { "idempotency-key": randomUUID() } : {}) },
    ...(payload ? { payload } : {}),
  });
}

async function newList(app: FastifyInstance, cookie: string) {
  const res = await send(app, cookie, "POST", "/api/shopping-lists", { name: "Groceries" });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; version: number };
}

const checkMilk = (app: FastifyInstance, cookie: string, list: { id: string; version: number }) =>
  send(app, cookie, "PATCH", `/api/shopping-lists/${list.id}`, {
    items: [{ name: "Milk", quantity: 1, unit: "L", checked: true }],
    version: list.version,
  });

describe("GET /api/events", () => {
  it("answers 401 without a session, or with a forged one, holding nothing", async () => {
    for (const cookie of ["", "kim_session=forged"]) {
      const stream = await open(cookie);
      expect(stream.status).toBe(401);
      expect(JSON.parse(await stream.text())).toEqual({ message: "Unauthorized", code: "UNAUTHORIZED" });
    }
  });

  it("tells a signed-in person's open streams of each change, after it is saved, by kind, version and who", async () => {
    const ann = await createUser(t);
    const { stream, after, id } = await ready(ann.cookie);
    expect(stream.headers["content-type"]).toBe("text/event-stream; charset=utf-8");
    expect(stream.headers["cache-control"]).toBe("private, no-store");
    expect(id).toBe("0.0.0.0");

    // A keyed change runs in a transaction (NOTIFY at commit); a keyed create is one statement (sent by the hub).
    const list = await newList(t.app, ann.cookie);
    const created = await stream.nextEvent(after);
    expect(change(created)).toEqual({ kind: "shoppingList", version: 1, by: ann.id });
    expect((await checkMilk(t.app, ann.cookie, list)).statusCode).toBe(200);
    const checked = await stream.nextEvent(created.index + 1);
    expect(change(checked)).toEqual({ kind: "shoppingList", version: 2, by: ann.id });
    expect(checked.id).toBe("2.0.0.0");

    const item = { name: "Eggs", quantity: 6, unit: "units", category: "Dairy" };
    expect((await send(t.app, ann.cookie, "POST", "/api/ingredients", item)).statusCode).toBe(201);
    const stocked = await stream.nextEvent(checked.index + 1);
    expect(change(stocked)).toEqual({ kind: "inventory", version: 1, by: ann.id });

    const recipe = { title: "Toast", ingredients: [{ name: "Bread", quantity: 1, unit: "slice" }], instructions: "Toast it." };
    const recipeId = (await send(t.app, ann.cookie, "POST", "/api/recipes", recipe)).json().id;
    const meal = { date: "2026-11-24", mealType: "breakfast", recipeId, servings: 1 };
    // Without an Idempotency-Key too (a script's call): applied, and told.
    expect((await send(t.app, ann.cookie, "POST", "/api/meal-plans", meal, false)).statusCode).toBe(201);
    const kinds = await stream.until(() => {
      const seen = stream.events.slice(stocked.index + 1).map((e) => change(e).kind);
      return seen.length >= 2 && seen;
    });
    expect(kinds).toEqual(["recipes", "mealPlan"]);
    expect(stream.events.at(-1)!.id).toBe("2.1.1.1");
  });

  it("gives each tRPC answer the event id of the versions its reads started from, as a stream's ready does", async () => {
    const ann = await createUser(t);
    const read = () =>
      t.app.inject({ method: "GET", url: "/trpc/shoppingLists.list,auth.user?batch=1&input={}", headers: { cookie: ann.cookie } });
    const first = await read();
    expect(first.statusCode).toBe(200);
    expect(first.headers[LIVE_ID_HEADER.toLowerCase()]).toBe((await ready(ann.cookie)).id);

    const list = await newList(t.app, ann.cookie);
    expect((await checkMilk(t.app, ann.cookie, list)).statusCode).toBe(200);
    const later = await read();
    expect(later.headers[LIVE_ID_HEADER.toLowerCase()]).toBe("2.0.0.0");
    expect(later.headers[LIVE_ID_HEADER.toLowerCase()]).toBe((await ready(ann.cookie)).id);
    // Nobody's versions for a stranger.
    expect(
      (await t.app.inject({ method: "GET", url: "/trpc/auth.user?batch=1&input={}" })).headers[LIVE_ID_HEADER.toLowerCase()],
    ).toBeUndefined();
  });

  it("tells nothing of a change refused or rolled back, and nothing to anyone else", async () => {
    const ann = await createUser(t);
    const bob = await createUser(t);
    const list = await newList(t.app, ann.cookie);
    const anns = await ready(ann.cookie);
    const bobs = await ready(bob.cookie);
    expect((await checkMilk(t.app, ann.cookie, list)).statusCode).toBe(200);
    // A save on an old version (409) and another user's list (404) change nothing.
    expect((await checkMilk(t.app, ann.cookie, list)).statusCode).toBe(409);
    expect((await checkMilk(t.app, bob.cookie, { ...list, version: 2 })).statusCode).toBe(404);
    expect((await checkMilk(t.app, ann.cookie, { ...list, version: 2 })).statusCode).toBe(200);
    // Ann hears her two saved changes, one after the other; Bob's first event is his own, so he heard none of Ann's.
    const versions = await anns.stream.until(() => anns.stream.events.length >= anns.after + 2 && anns.stream.events.slice(anns.after));
    expect(versions.map((e) => change(e).version)).toEqual([2, 3]);
    await newList(t.app, bob.cookie);
    const bobsFirst = await bobs.stream.nextEvent(bobs.after);
    expect(change(bobsFirst)).toEqual({ kind: "shoppingList", version: 1, by: bob.id });
    expect(anns.stream.events).toHaveLength(anns.after + 2);
  });

  it("tells a household's open streams when someone joins with their kitchen merged in", async () => {
    const ann = await createUser(t);
    const bob = await createUser(t);
    const item = { name: "Tea", quantity: 1, unit: "units", category: "Pantry" };
    expect((await send(t.app, bob.cookie, "POST", "/api/ingredients", item)).statusCode).toBe(201);
    const anns = await ready(ann.cookie);
    expect((await send(t.app, ann.cookie, "POST", "/api/household/invites", { email: bob.email })).statusCode).toBe(201);
    const mail = await t.deps.db.selectFrom("emailOutbox").select("textBody").where("toAddress", "=", bob.email).executeTakeFirstOrThrow();
    const token = decodeURIComponent(/\/household\/join\?token=([^\s"&]+)/.exec(mail.textBody)![1]!);
    expect((await send(t.app, bob.cookie, "POST", "/api/household/join", { token, choice: "merge" })).statusCode).toBe(200);
    const told = await anns.stream.until(() => anns.stream.events.length >= anns.after + 4 && anns.stream.events.slice(anns.after));
    expect(told.map((e) => change(e)).sort((a, b) => a.kind.localeCompare(b.kind))).toEqual(
      ["inventory", "mealPlan", "recipes", "shoppingList"].map((kind) => ({ kind, version: expect.any(Number), by: bob.id })),
    );
  });

  it("ends a person's streams when they move household (join, removal), so they reconnect in the new one; others' stay", async () => {
    const ann = await createUser(t);
    const bob = await createUser(t);
    const item = { name: "Tea", quantity: 1, unit: "units", category: "Pantry" };
    expect((await send(t.app, bob.cookie, "POST", "/api/ingredients", item)).statusCode).toBe(201);
    const anns = await ready(ann.cookie);
    const alone = await ready(bob.cookie);
    expect((await send(t.app, ann.cookie, "POST", "/api/household/invites", { email: bob.email })).statusCode).toBe(201);
    const mail = await t.deps.db.selectFrom("emailOutbox").select("textBody").where("toAddress", "=", bob.email).executeTakeFirstOrThrow();
    const token = decodeURIComponent(/\/household\/join\?token=([^\s"&]+)/.exec(mail.textBody)![1]!);
    expect((await send(t.app, bob.cookie, "POST", "/api/household/join", { token, choice: "merge" })).statusCode).toBe(200);
    await alone.stream.until(() => alone.stream.ended);
    // It leaves the browser an id with no versions: the stream it reconnects with tells of every kind.
    expect(await alone.stream.text()).toMatch(/event: moved\nid: moved\ndata: \{\}\n\n$/);
    const joined = await open(bob.cookie, { "last-event-id": "moved" });
    const caughtUp = await joined.until(() => joined.events.length >= 5 && joined.events);
    expect(
      caughtUp
        .slice(0, 4)
        .map((e) => change(e).kind)
        .sort(),
    ).toEqual(["inventory", "mealPlan", "recipes", "shoppingList"]);
    const list = await newList(t.app, ann.cookie);
    expect(change(await joined.nextEvent(5))).toMatchObject({ kind: "shoppingList", by: ann.id });

    // Removed, Bob's stream ends; the one he opens then hears his own kitchen, not Ann's.
    expect((await send(t.app, ann.cookie, "DELETE", `/api/household/members/${bob.id}`)).statusCode).toBe(200);
    await joined.until(() => joined.ended);
    const home = await ready(bob.cookie);
    expect((await checkMilk(t.app, ann.cookie, list)).statusCode).toBe(200);
    await newList(t.app, bob.cookie);
    expect(change(await home.stream.nextEvent(home.after))).toEqual({ kind: "shoppingList", version: 1, by: bob.id });
    // Ann's stream, in the household throughout, is still open and heard both of her changes.
    expect(anns.stream.ended).toBe(false);
    const annsLists = await anns.stream.until(() => {
      const seen = anns.stream.events.slice(anns.after).filter((e) => change(e).by === ann.id);
      return seen.length >= 2 && seen;
    });
    expect(annsLists.map((e) => change(e).kind)).toEqual(["shoppingList", "shoppingList"]);
  });

  it("ends a person's streams when a session of theirs ends (sign-out, password reset): that one can't reopen, others go on", async () => {
    const cy = await createUser(t);
    const other = `${SESSION_COOKIE}=${await createSession(t.deps.db, cy.id)}`;
    const signedOut = await ready(cy.cookie);
    const elsewhere = await ready(other);
    const logout = await t.app.inject({ method: "POST", url: "/api/logout", headers: { cookie: cy.cookie }, payload: {} });
    expect(logout.statusCode).toBe(200);
    await signedOut.stream.until(() => signedOut.stream.ended);
    expect((await open(cy.cookie)).status).toBe(401);
    // The browser still signed in reconnects where it was and goes on hearing changes.
    await elsewhere.stream.until(() => elsewhere.stream.ended);
    const back = await ready(other, { "last-event-id": elsewhere.id });
    await newList(t.app, other);
    expect(change(await back.stream.nextEvent(back.after))).toMatchObject({ kind: "shoppingList", by: cy.id });

    await t.deps.db
      .updateTable("users")
      .set({ passwordResetToken: hashToken("reset-token"), passwordResetExpires: new Date(Date.now() + 60_000) })
      .where("id", "=", cy.id)
      .execute();
    const reset = await t.app.inject({
      method: "POST",
      url: "/api/password-reset/confirm",
      payload: { token: "reset-token", newPassword: "a new password" },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    await back.stream.until(() => back.stream.ended);
    expect((await open(other)).status).toBe(401);
  });

  it("tells of several kinds changed in one transaction with one NOTIFY statement, sent at its commit", async () => {
    const ann = await createUser(t);
    const anns = await ready(ann.cookie);
    const statements: string[] = [];
    const counting: KyselyPlugin = {
      transformQuery: ({ node }) => (statements.push(node.kind), node),
      transformResult: async ({ result }) => result,
    };
    await t.deps.db.transaction().execute(async (trx) => {
      // Each of the household's lists moves to version 1, as a write's trigger moves it.
      const lists = ["ingredients", "meal-plans", "recipes", "shopping-lists"];
      await trx
        .insertInto("listVersions")
        .values(lists.map((list) => ({ householdId: ann.householdId, list, version: 1 })))
        .execute();
      await publishChanges({ db: trx.withPlugin(counting), user: ann }, LIVE_KINDS);
    });
    expect(statements).toHaveLength(1);
    const told = await anns.stream.until(() => anns.stream.events.length >= anns.after + 4 && anns.stream.events.slice(anns.after));
    expect(told.map((e) => change(e)).sort((a, b) => a.kind.localeCompare(b.kind))).toEqual(
      ["inventory", "mealPlan", "recipes", "shoppingList"].map((kind) => ({ kind, version: 1, by: ann.id })),
    );
  });

  it("catches a reconnecting stream up on what changed while it was away (Last-Event-ID or ?since)", async () => {
    const ann = await createUser(t);
    const list = await newList(t.app, ann.cookie);
    const first = await ready(ann.cookie);
    first.stream.close();
    await checkMilk(t.app, ann.cookie, list);
    for (const [headers, path] of [
      [{ "last-event-id": first.id }, undefined],
      [{}, `/api/events?since=${first.id}`],
    ] as const) {
      const again = await open(ann.cookie, headers, path);
      const caught = await again.nextEvent(0);
      expect(change(caught)).toEqual({ kind: "shoppingList", version: 2, by: null });
      const back = await again.nextEvent(0, "ready");
      // Only the kind that moved, and the stream is then up to date.
      expect(back.index).toBe(1);
      expect(back.id).toBe("2.0.0.0");
    }
    // Up to date: nothing to catch up on. An id it can't read: every kind, to be safe.
    const current = await open(ann.cookie, { "last-event-id": "2.0.0.0" });
    expect((await current.nextEvent(0, "ready")).index).toBe(0);
    const unreadable = await open(ann.cookie, { "last-event-id": "x".repeat(5000) });
    const told = await unreadable.nextEvent(0, "ready");
    expect(unreadable.events.slice(0, told.index).map((e) => change(e).kind)).toEqual(["shoppingList", "mealPlan", "inventory", "recipes"]);
  });

  it("holds at most 10 streams a person and the configured number a process, refusing more with 429", async () => {
    const ann = await createUser(t);
    const held: EventStream[] = [];
    for (let i = 0; i < 10; i++) held.push((await ready(ann.cookie)).stream);
    const refused = await open(ann.cookie);
    expect(refused.status).toBe(429);
    expect(refused.headers["retry-after"]).toBe("30");
    expect(JSON.parse(await refused.text())).toMatchObject({ code: "TOO_MANY_REQUESTS", message: expect.stringContaining("10") });
    // A closed one is let go.
    held[0]!.close();
    await held[0]!.until(() => held[0]!.ended);
    const openedAgain = await vi.waitUntil(async () => {
      const stream = await open(ann.cookie);
      return stream.status === 200 || (stream.close(), false);
    });
    expect(openedAgain).toBe(true);

    const small = await createTestApp({ liveMaxStreams: 2 });
    try {
      const smallPort = await listen(small.app);
      const users = [await createUser(small), await createUser(small), await createUser(small)];
      await ready(users[0]!.cookie, {}, undefined, smallPort);
      await ready(users[1]!.cookie, {}, undefined, smallPort);
      const full = await open(users[2]!.cookie, {}, undefined, smallPort);
      expect(full.status).toBe(429);
      expect(JSON.parse(await full.text()).message).toContain("Too many live update streams");
    } finally {
      for (const stream of streams.splice(0)) stream.close();
      await small.close();
    }
  });

  it("ends its streams and refuses new ones (503) once the process is stopping", async () => {
    const other = await createTestApp();
    try {
      const otherPort = await listen(other.app);
      const ann = await createUser(other);
      const { stream } = await ready(ann.cookie, {}, undefined, otherPort);
      other.app.startDraining();
      await stream.until(() => stream.ended);
      expect((await open(ann.cookie, {}, undefined, otherPort)).status).toBe(503);
      // A stream opened again would have held app.close() up for good.
    } finally {
      await other.close();
    }
  });
});

describe("a stream over time (fake clock)", () => {
  it("sends a heartbeat every 25 s and ends after 15 minutes, so a browser reconnects with its session checked", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] });
    const other = await createTestApp();
    try {
      const otherPort = await listen(other.app);
      const ann = await createUser(other);
      const { stream } = await ready(ann.cookie, {}, undefined, otherPort);
      expect(stream.comments).toBe(0);
      vi.advanceTimersByTime(HEARTBEAT_MS);
      await stream.until(() => stream.comments === 1);
      vi.advanceTimersByTime(MAX_STREAM_AGE_MS - HEARTBEAT_MS);
      await stream.until(() => stream.ended);
      expect(stream.comments).toBe(MAX_STREAM_AGE_MS / HEARTBEAT_MS - 1);
    } finally {
      vi.useRealTimers();
      await other.close();
    }
  });
});

describe.skipIf(testDatabaseKind() !== "postgres")("across API processes on PostgreSQL", () => {
  it("tells a stream opened on one process of a change made on another, both ways", async () => {
    const pool = createDb({ databaseUrl: t.databaseUrl, dataDir: "" });
    const second = await buildApp({ ...t.deps, config: { ...t.deps.config, logLevel: "silent" }, db: pool.db });
    try {
      const secondPort = await listen(second);
      const ann = await createUser(t);
      const onSecond = await ready(ann.cookie, {}, undefined, secondPort);
      const onFirst = await ready(ann.cookie);
      const list = await newList(t.app, ann.cookie);
      expect(change(await onSecond.stream.nextEvent(onSecond.after))).toEqual({ kind: "shoppingList", version: 1, by: ann.id });
      await checkMilk(second, ann.cookie, list);
      const heard = await onFirst.stream.nextEvent(onFirst.after + 1);
      expect(change(heard)).toEqual({ kind: "shoppingList", version: 2, by: ann.id });
    } finally {
      for (const stream of streams.splice(0)) stream.close();
      await second.close();
      await pool.close();
    }
  });

  it("listens again when its connection is lost, and tells of what changed meanwhile", async () => {
    const ann = await createUser(t);
    const list = await newList(t.app, ann.cookie);
    const { stream, after } = await ready(ann.cookie);
    const cut = await sql<{ cut: boolean }>`select pg_terminate_backend(pid) as cut from pg_stat_activity
      where application_name = 'kim-live' and datname = current_database()`.execute(t.deps.db);
    expect(cut.rows).toEqual([{ cut: true }]);
    // Saved while nobody listens: heard by the catch-up once the listener is back.
    await checkMilk(t.app, ann.cookie, list);
    expect(change(await stream.nextEvent(after))).toMatchObject({ kind: "shoppingList", version: 2 });
    // And listening: the next change comes as it happens.
    await checkMilk(t.app, ann.cookie, { ...list, version: 2 });
    expect(change(await stream.until(() => stream.events.find((e) => e.event === "message" && change(e).version === 3)))).toEqual({
      kind: "shoppingList",
      version: 3,
      by: ann.id,
    });
  });
});
