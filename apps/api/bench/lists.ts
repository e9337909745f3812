import { request } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { gzip, gzipSync } from "node:zlib";
import { createDb, migrateToLatest, PreparingClient } from "@kim/db";
import { CATEGORIES, UNITS } from "@kim/domain";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import { sql } from "kysely";
import pg from "pg";
import { buildApp } from "../src/app";
import { loadConfig } from "../src/config";
import { hashToken } from "../src/sessions/sessions";
import { consoleTransport } from "../src/lib/email";
import {
  addCooks,
  alternatingRounds,
  benchDatabase,
  cooksScript,
  jsonTimestamp,
  listen,
  luaGet,
  printRounds,
  SESSION_SQL,
  warmedLoad,
  wrk,
  wrkLoad,
} from "./harness";
import { benchRecipe } from "./recipe-rows";

/**
 * Lists at many cooks (issue 30), on PostgreSQL, wrk at 50 connections, each figure beside a bare Fastify + pg route
 * doing the same work in the same run:
 * 1. 2,000 users of 200 ingredients, a random user per request (inventory.list as the web app asks for it): Kim
 *    against a bare route with a per-process cache of every list (gzip made once per version) and a bare route with
 *    no cache (the list's JSON from PostgreSQL and its gzip on every request).
 * 2. 10,000 ingredients: the first read after a write (a change, then the list), twenty times, and another cook's p99
 *    (4 connections asking for a 200-item list) with and without those reads, on Kim and on the bare route.
 * 3. mealPlans.list (a week, 21 meals) and shoppingLists.list (3 lists of 60 items) against bare routes.
 *
 * Environment: BENCH_SECONDS, BENCH_ROUNDS (see harness.ts), TEST_DATABASE_URL, BENCH_PARTS (which of 1, 2, 3 to run,
 * comma-separated; all by default).
 */
const USERS = 2000;
const ITEMS = 200;
const BIG = 10_000;
const SAMPLES = 20;
const PARTS = new Set((process.env.BENCH_PARTS ?? "1,2,3").split(",").map((part) => part.trim()));

if (!wrk) throw new Error("bench/lists.ts needs wrk (/usr/bin/wrk)");

const gzipAsync = promisify(gzip);
const database = await benchDatabase();
const dataDir = mkdtempSync(path.join(tmpdir(), "kim-bench-"));
const handle = createDb({ databaseUrl: database.url, dataDir });
const { db } = handle;
await migrateToLatest(db);

// --- Seed: 2,000 cooks of 200 ingredients, one of 10,000, one with a week of meals and three shopping lists.
const ingredientFields = `'id', id, 'name', name, 'quantity', quantity, 'unit', unit, 'category', category,
  'expirationDate', expiration_date, 'notes', notes, 'createdBy', created_by, 'updatedBy', updated_by,
  'createdAt', ${jsonTimestamp("created_at")}, 'updatedAt', ${jsonTimestamp("updated_at")}`;
const ingredientOrder = "expiration_date asc nulls last, name";

const addUsers = (count: number, prefix: string) => addCooks(db, count, prefix);

async function addIngredients(userIds: string[], perUser: number): Promise<void> {
  const units = UNITS.map((u) => `'${u}'`).join(",");
  const categories = CATEGORIES.map((c) => `'${c}'`).join(",");
  for (let i = 0; i < userIds.length; i += 100) {
    await sql`insert into ingredients (household_id, name, quantity, unit, category, expiration_date, notes)
      select u, 'Ingredient ' || lpad(g::text, 5, '0'), (g % 50) / 4.0,
        (array[${sql.raw(units)}])[1 + g % ${UNITS.length}], (array[${sql.raw(categories)}])[1 + g % ${CATEGORIES.length}],
        case when g % 5 = 0 then null else current_date + (g % 60) end,
        case when g % 3 = 0 then 'Bought at the market' end
      from unnest(${userIds.slice(i, i + 100)}::uuid[]) u, generate_series(1, ${perUser}) g`.execute(db);
  }
}

const seedStart = Date.now();
const many = await addUsers(USERS, "cook");
await addIngredients(many.ids, ITEMS);
const big = await addUsers(1, "big");
await addIngredients(big.ids, BIG);
const planner = await addUsers(1, "planner");
const plannerId = planner.ids[0]!;
const recipes = await db
  .insertInto("recipes")
  .values(
    Array.from({ length: 30 }, (_, i) => {
      const { ingredients, tags, ...recipe } = benchRecipe(i);
      return { ...recipe, householdId: plannerId, ingredients: JSON.stringify(ingredients), tags: JSON.stringify(tags) };
    }),
  )
  .returning("id")
  .execute();
const week = { from: "2026-11-23", to: "2026-11-29" };
const meals = ["breakfast", "lunch", "dinner"] as const;
await db
  .insertInto("mealPlans")
  .values(
    Array.from({ length: 21 }, (_, i) => ({
      householdId: plannerId,
      recipeId: recipes[i % recipes.length]!.id,
      date: `2026-11-${23 + Math.floor(i / 3)}`,
      mealType: meals[i % 3]!,
      servings: 2 + (i % 3),
      notes: i % 4 === 0 ? "Double it for lunch tomorrow" : null,
    })),
  )
  .execute();
for (let l = 0; l < 3; l++) {
  const items = Array.from({ length: 60 }, (_, i) => ({
    name: `Item ${l}-${i}`,
    quantity: 1 + (i % 7),
    unit: UNITS[i % UNITS.length]!,
    checked: i % 4 === 0,
    category: CATEGORIES[i % CATEGORIES.length]!,
    ...(i % 2 === 0 && { plan: week }),
  }));
  await db
    .insertInto("shoppingLists")
    .values({ householdId: plannerId, name: `List ${l + 1}`, items: JSON.stringify(items) })
    .execute();
}
await sql`analyze`.execute(db);
console.log(
  `seeded ${USERS} cooks of ${ITEMS} ingredients, one of ${BIG}, a planner, in ${((Date.now() - seedStart) / 1000).toFixed(1)} s`,
);

// --- The bare routes: Fastify and pg, the same session statement, the list's JSON written by PostgreSQL.
const pool = new pg.Pool({ connectionString: database.url, max: 10, Client: PreparingClient });
const GZIP = /gzip/;

async function sessionUser(req: FastifyRequest): Promise<string | null> {
  const token = /kim_session=([^;]+)/.exec(req.headers.cookie ?? "")?.[1];
  const row = token ? (await pool.query(SESSION_SQL, [hashToken(token)])).rows[0] : undefined;
  return row ? String((row as { household_id: string }).household_id) : null;
}

/** Sends JSON text as Kim does: gzipped off the main thread from 1 KB on, when the client takes it. */
async function sendText(req: FastifyRequest, reply: FastifyReply, text: string) {
  reply.type("application/json; charset=utf-8");
  if (text.length < 1024 || !GZIP.test(req.headers["accept-encoding"] ?? "")) return reply.send(text);
  return reply.header("content-encoding", "gzip").send(await gzipAsync(text));
}

const ingredientsJson = `select coalesce(json_agg(json_build_object(${ingredientFields}) order by ${ingredientOrder}), '[]')::text as json
  from ingredients where household_id = $1`;
const versionedIngredients = `select v.version, case when v.version is distinct from $2::bigint then (${ingredientsJson.replace(" as json", "")}) end as json
  from (select coalesce((select version from list_versions where household_id = $1 and list = 'ingredients'), 0) as version) v`;
const mealPlansJson = `select coalesce(json_agg(json_build_object(
    'id', mp.id, 'userId', mp.created_by, 'createdBy', mp.created_by, 'date', mp.date, 'mealType', mp.meal_type, 'servings', mp.servings, 'notes', mp.notes,
    'recipeId', r.id, 'recipe', case when r.id is null then null else json_build_object('id', r.id, 'title', r.title) end,
    'createdAt', ${jsonTimestamp("mp.created_at")})
  order by mp.date, array_position(array['breakfast', 'lunch', 'dinner'], mp.meal_type), mp.created_at, mp.id), '[]')::text as json
  from meal_plans mp left join recipes r on r.id = mp.recipe_id and r.household_id = $1
  where mp.household_id = $1 and mp.date >= $2 and mp.date <= $3`;
const shoppingListsJson = `select coalesce(json_agg(json_build_object('id', id, 'name', name, 'items', items, 'version', version, 'createdBy', created_by, 'updatedBy', updated_by,
    'createdAt', ${jsonTimestamp("created_at")}, 'updatedAt', ${jsonTimestamp("updated_at")}) order by created_at, id), '[]')::text as json
  from shopping_lists where household_id = $1`;

function bareApp(): FastifyInstance {
  const app = Fastify({ logger: false });
  const cache = new Map<string, { version: number; text: string; gzip: Buffer }>();
  // Every list kept, each with its gzip made once per version: what a per-process cache without a bound gives.
  app.get("/cached/ingredients", async (req, reply) => {
    const userId = await sessionUser(req);
    if (!userId) return reply.code(401).send({ message: "Unauthorized" });
    const cached = cache.get(userId);
    const row = (await pool.query(versionedIngredients, [userId, cached?.version ?? null])).rows[0] as {
      version: string;
      json: string | null;
    };
    let entry = cached;
    if (!entry || row.json !== null) {
      const text = row.json ?? "[]";
      entry = { version: Number(row.version), text, gzip: gzipSync(text) };
      cache.set(userId, entry);
    }
    reply.type("application/json; charset=utf-8");
    if (GZIP.test(req.headers["accept-encoding"] ?? "")) return reply.header("content-encoding", "gzip").send(entry.gzip);
    return reply.send(entry.text);
  });
  const uncached = (statement: string, params: (req: FastifyRequest, userId: string) => unknown[]) =>
    async function (req: FastifyRequest, reply: FastifyReply) {
      const userId = await sessionUser(req);
      if (!userId) return reply.code(401).send({ message: "Unauthorized" });
      const row = (await pool.query(statement, params(req, userId))).rows[0] as { json: string };
      return sendText(req, reply, row.json);
    };
  app.get(
    "/uncached/ingredients",
    uncached(ingredientsJson, (_req, userId) => [userId]),
  );
  app.get(
    "/meal-plans",
    uncached(mealPlansJson, (_req, userId) => [userId, week.from, week.to]),
  );
  app.get(
    "/shopping-lists",
    uncached(shoppingListsJson, (_req, userId) => [userId]),
  );
  return app;
}

const config = { ...loadConfig({ LOG_LEVEL: "silent" }), webDistDir: null };
const kim = await buildApp({ config, db, mailTransport: consoleTransport() });
const bare = bareApp();
const kimUrl = await listen(kim);
const bareUrl = await listen(bare);
const trpc = (procedure: string, input: unknown) => `/trpc/${procedure}?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: input }))}`;
const inventoryPath = trpc("inventory.list", {});

/** The answer's data, from a bare route's text or a tRPC batch's envelope: the comparison is void if they differ. */
async function data(url: string, cookie: string): Promise<unknown> {
  const response = await fetch(url, { headers: { cookie } });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  const body: unknown = await response.json();
  return url.includes("/trpc/") ? (body as [{ result: { data: unknown } }])[0].result.data : body;
}

async function checkSame(bareTarget: string, kimTarget: string, cookie: string): Promise<void> {
  const [a, b] = await Promise.all([data(bareTarget, cookie), data(kimTarget, cookie)]);
  if (JSON.stringify(a) !== JSON.stringify(b))
    throw new Error(`${bareTarget} and ${kimTarget} answer differently: update the bare statement`);
}

await checkSame(`${bareUrl}/uncached/ingredients`, `${kimUrl}${inventoryPath}`, many.cookies[0]!);
await checkSame(`${bareUrl}/cached/ingredients`, `${kimUrl}${inventoryPath}`, many.cookies[0]!);
await checkSame(`${bareUrl}/meal-plans`, `${kimUrl}${trpc("mealPlans.list", week)}`, planner.cookies[0]!);
await checkSame(`${bareUrl}/shopping-lists`, `${kimUrl}${trpc("shoppingLists.list", {})}`, planner.cookies[0]!);

const scriptDir = mkdtempSync(path.join(tmpdir(), "kim-bench-lua-"));
const headers = (cookie: string) => ["-H", `cookie: ${cookie}`, "-H", "accept-encoding: gzip, deflate, br"];

// --- 1. 2,000 cooks, a random one per request, every list kept; then every request a miss.
const randomScript = cooksScript(path.join(scriptDir, "random-cookie.lua"), many.cookies, luaGet(null), "random");
// The cooks in order, each once before any comes again: after every list's version moved on, each request is a miss
// for Kim until the pass is over (2,000 requests).
const passScript = cooksScript(path.join(scriptDir, "in-order.lua"), many.cookies, luaGet(null));
const randomTargets = {
  cached: `${bareUrl}/cached/ingredients`,
  uncached: `${bareUrl}/uncached/ingredients`,
  kim: `${kimUrl}${inventoryPath}`,
};
/** The cooks in order for `seconds`, with the server's CPU per request. */
const inOrder = async (url: string, seconds: number) => {
  const before = process.cpuUsage();
  const result = await wrkLoad(seconds, ["-s", passScript, url]);
  const used = process.cpuUsage(before);
  return { ...result, cpu: (used.user + used.system) / 1000 / (result.rps * seconds) };
};
if (PARTS.has("1")) {
  // Both caches hold every list before the rounds.
  await inOrder(randomTargets.cached, 6);
  await inOrder(randomTargets.kim, 6);
  console.log(`\n1. ${USERS} cooks of ${ITEMS} ingredients, a random cook per request, 50 connections (median of the rounds)`);
  const random = await alternatingRounds(["cached", "uncached", "kim"] as const, (name) =>
    warmedLoad((seconds) => wrkLoad(seconds, ["-s", randomScript, randomTargets[name]])),
  );
  printRounds({ cached: "bare, every list cached", uncached: "bare, no cache", kim: "Kim tRPC inventory.list" }, random);
  console.log(`   the cooks in order for 1 s, every list changed just before (fewer than ${USERS} requests: each a miss for Kim)`);
  const misses = await alternatingRounds(["uncached", "kim"] as const, async (name) => {
    await sql`update list_versions set version = version + 1 where list = 'ingredients'`.execute(db);
    return inOrder(randomTargets[name], 1);
  });
  printRounds({ uncached: "bare, no cache", kim: "Kim tRPC, every request a miss" }, misses);
}

if (PARTS.has("2")) {
  // --- 2. 10,000 ingredients: the first read after a write, and another cook's p99 meanwhile.
  /** Milliseconds from sending GET to the last byte, taken gzipped and not decoded. */
  function timedGet(url: string, cookie: string): Promise<number> {
    return new Promise((resolve, reject) => {
      const start = performance.now();
      const req = request(url, { headers: { cookie, "accept-encoding": "gzip" } }, (res) => {
        res.on("data", () => {});
        res.on("end", () => resolve(performance.now() - start));
      });
      req.on("error", reject);
      req.end();
    });
  }

  const writer = new pg.Client({ connectionString: database.url });
  await writer.connect();
  const bigId = big.ids[0]!;
  async function writeThenRead(url: string): Promise<number[]> {
    const times: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      await writer.query(
        "update ingredients set quantity = quantity + 1 where id = (select id from ingredients where household_id = $1 limit 1)",
        [bigId],
      );
      times.push(await timedGet(url, big.cookies[0]!));
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    return times;
  }

  const other = many.cookies[1]!;
  const otherSeconds = Math.ceil(SAMPLES * 0.35 + 2);
  async function otherCook(url: string, during: ((url: string) => Promise<number[]>) | null, bigUrl: string) {
    const load = wrkLoad(otherSeconds, ["-c4", ...headers(other), url]);
    const times = during ? await during(bigUrl) : [];
    return { other: await load, times };
  }
  const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
  const pct = (xs: number[], p: number) => sorted(xs)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!;
  console.log(
    `\n2. ${BIG} ingredients: the first read after a write (${SAMPLES} times), another cook's p99 (wrk, 4 connections, ${ITEMS} items)`,
  );
  for (const [name, base, otherPath, bigPath] of [
    ["Kim", kimUrl, inventoryPath, inventoryPath],
    ["bare, no cache", bareUrl, "/uncached/ingredients", "/uncached/ingredients"],
  ] as const) {
    await timedGet(`${base}${bigPath}`, big.cookies[0]!);
    const quiet = await otherCook(`${base}${otherPath}`, null, "");
    const busy = await otherCook(`${base}${otherPath}`, writeThenRead, `${base}${bigPath}`);
    const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
    console.log(
      `  ${name.padEnd(16)} first read after a write: median ${fmt(pct(busy.times, 50))}, max ${fmt(Math.max(...busy.times))}   other cook's p99: ${busy.other.p99} ms during, ${quiet.other.p99} ms without`,
    );
  }
  await writer.end();
}

// --- 3. Meal plans and shopping lists.
if (PARTS.has("3"))
  for (const [title, barePath, kimPath] of [
    ["mealPlans.list (a week, 21 meals)", "/meal-plans", trpc("mealPlans.list", week)],
    ["shoppingLists.list (3 lists of 60 items)", "/shopping-lists", trpc("shoppingLists.list", {})],
  ] as const) {
    console.log(`\n3. ${title}, one cook, 50 connections`);
    const targets = { bare: `${bareUrl}${barePath}`, kim: `${kimUrl}${kimPath}` };
    const runs = await alternatingRounds(["bare", "kim"] as const, (name) =>
      warmedLoad((seconds) => wrkLoad(seconds, [...headers(planner.cookies[0]!), targets[name]])),
    );
    printRounds({ bare: "bare Fastify + pg", kim: "Kim tRPC" }, runs);
  }

await kim.close();
await bare.close();
await pool.end();
await handle.close();
await database.drop();
rmSync(dataDir, { recursive: true, force: true });
rmSync(scriptDir, { recursive: true, force: true });
