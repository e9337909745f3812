import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createDb, migrateToLatest, PreparingClient } from "@kim/db";
import Fastify, { type FastifyInstance } from "fastify";
import pg from "pg";
import { hashToken } from "../src/sessions/sessions";
import {
  addCooks,
  alternatingRounds,
  benchDatabase,
  cooksScript,
  jsonTimestamp,
  listen,
  luaPost,
  median,
  printRounds,
  SESSION_SQL,
  startKim,
  warmedLoad,
  wrk,
  wrkLoad,
} from "./harness";

/**
 * Writes at 50 connections on PostgreSQL: "Add Ingredient" as the web app sends it (tRPC `inventory.create` with its
 * intent's Idempotency-Key, alone), the same without a key (as a script may), over REST (`POST /api/ingredients`),
 * and a bare Fastify + pg route doing the session and the INSERT ... RETURNING, alone or with what Kim adds for a
 * keyed call: the quota's row count and the key with its answer, in the insert's statement. Requests cycle through 200 cooks, so
 * no one's kitchen reaches its quota. Load from wrk (required: it sends the POST bodies from a Lua script), median of
 * alternating rounds (see harness.ts; BENCH_SECONDS, BENCH_ROUNDS, TEST_DATABASE_URL).
 */
const COOKS = 200;

const ingredient = { name: "Flour", quantity: 1.5, unit: "kg", category: "Pantry", expirationDate: "2027-03-01", notes: null };

// What Kim runs for the insert, written out for the plain driver.
const INSERT_SQL = `insert into ingredients (name, quantity, unit, category, expiration_date, notes, household_id, created_by, updated_by)
  values ($1, $2, $3, $4, $5, $6, $8, $7, $7)
  returning id, name, quantity, unit, category, expiration_date as "expirationDate", notes, created_by as "createdBy", updated_by as "updatedBy", created_at as "createdAt", updated_at as "updatedAt"`;

// What Kim runs for a keyed create, written out: one statement inserts the row when the cook is under the quota and
// the key is new, and the key with the row's JSON answer (lib/idempotency createOnce).
const KEYED_SQL = `with created as (
    insert into ingredients (household_id, created_by, updated_by, name, quantity, unit, category, expiration_date, notes)
    select $10, $1, $1, $2, $3, $4, $5, $6, $7
    where coalesce((select row_count from list_versions where household_id = $10 and list = 'ingredients'), 0) < 5000
      and not exists (select 1 from idempotency_keys where user_id = $1 and key = $8)
    returning *),
  answered as (select json_build_object('id', id, 'name', name, 'quantity', quantity, 'unit', unit, 'category', category,
    'expirationDate', expiration_date, 'notes', notes, 'createdBy', created_by, 'updatedBy', updated_by, 'createdAt', ${jsonTimestamp("created_at")},
    'updatedAt', ${jsonTimestamp("updated_at")})::text as answer from created),
  recorded as (insert into idempotency_keys (user_id, key, fingerprint, answer) select $1, $8, $9, answer::json from answered)
  select answer from answered`;

function bareApp(pool: pg.Pool): FastifyInstance {
  const app = Fastify({ logger: false });
  app.post("/api/ingredients", async (req, reply) => {
    const token = /kim_session=([^;]+)/.exec(req.headers.cookie ?? "")?.[1];
    const session = token ? (await pool.query(SESSION_SQL, [hashToken(token)])).rows[0] : undefined;
    if (!session) return reply.code(401).send({ message: "Unauthorized" });
    const b = req.body as typeof ingredient;
    const { rows } = await pool.query(INSERT_SQL, [
      b.name,
      b.quantity,
      b.unit,
      b.category,
      b.expirationDate,
      b.notes,
      session.id,
      session.household_id,
    ]);
    return reply.code(201).send(rows[0]);
  });
  // The statement Kim runs for a keyed create: the quota, the insert, and the key with its answer, in one.
  app.post("/api/ingredients/keyed", async (req, reply) => {
    const token = /kim_session=([^;]+)/.exec(req.headers.cookie ?? "")?.[1];
    const session = token ? (await pool.query(SESSION_SQL, [hashToken(token)])).rows[0] : undefined;
    if (!session) return reply.code(401).send({ message: "Unauthorized" });
    const b = req.body as typeof ingredient;
    const fingerprint = createHash("sha256").update(JSON.stringify(b)).digest("base64url");
    const values = [
      session.id,
      b.name,
      b.quantity,
      b.unit,
      b.category,
      b.expirationDate,
      b.notes,
      req.headers["idempotency-key"],
      fingerprint,
      session.household_id,
    ];
    const { rows } = await pool.query(KEYED_SQL, values);
    return reply.code(201).type("application/json").send(rows[0].answer);
  });
  return app;
}

/** A wrk script that POSTs `body` to `path`, each request as the next cook, with a new Idempotency-Key when `keyed`. */
function wrkScript(dir: string, name: string, path: string, body: string, cookies: string[], keyed: boolean): string {
  // A new sequence of keys for each target and run: keys already recorded would be answered as retries.
  const key = keyed
    ? `["idempotency-key"] = string.format("%08x-%04x-4%03x-8%03x-%012x", math.random(0, 0xffffffff), math.random(0, 0xffff), math.random(0, 0xfff), math.random(0, 0xfff), n)`
    : "";
  return cooksScript(`${dir}/${name}.lua`, cookies, luaPost(path, body, key));
}

if (!wrk) {
  console.log("writes: needs wrk (apt-get install wrk), skipped");
  process.exit(0);
}

const database = await benchDatabase();
const dataDir = mkdtempSync(path.join(tmpdir(), "kim-bench-"));
const handle = createDb({ databaseUrl: database.url, dataDir });
await migrateToLatest(handle.db);
const { cookies } = await addCooks(handle.db, COOKS);
const pool = new pg.Pool({ connectionString: database.url, max: 10, Client: PreparingClient });
const bare = bareApp(pool);
const { app: kim, url: kimUrl } = await startKim(handle);
const bareUrl = await listen(bare);

const body = JSON.stringify(ingredient);
const trpcPath = "/trpc/inventory.create";
const targets = {
  bare: { url: bareUrl, script: wrkScript(dataDir, "bare", "/api/ingredients", body, cookies, false) },
  bareKeyed: { url: bareUrl, script: wrkScript(dataDir, "bareKeyed", "/api/ingredients/keyed", body, cookies, true) },
  rest: { url: kimUrl, script: wrkScript(dataDir, "rest", "/api/ingredients", body, cookies, false) },
  trpc: { url: kimUrl, script: wrkScript(dataDir, "trpc", trpcPath, body, cookies, true) },
  unkeyed: { url: kimUrl, script: wrkScript(dataDir, "unkeyed", `${trpcPath}?batch=1`, JSON.stringify({ 0: ingredient }), cookies, false) },
};
// Each path must create the ingredient, or the comparison is void.
for (const [target, { url: base }] of Object.entries(targets)) {
  const path = { bare: "/api/ingredients", bareKeyed: "/api/ingredients/keyed", rest: "/api/ingredients" }[target] ?? trpcPath;
  const response = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie: cookies[0]!, "idempotency-key": crypto.randomUUID() },
    body,
  });
  if (!response.ok) throw new Error(`${target} answered ${response.status}: ${await response.text()}`);
}
// BENCH_COUNT=N: instead of wrk, N requests a target sent in this process (app.inject, 20 at a time), and the process's
// CPU per request: counted work, which a loaded machine moves far less than req/s (no sockets: what each app adds).
const counted = Number(process.env.BENCH_COUNT ?? 0);
if (counted) {
  const apps = { bare, bareKeyed: bare, trpc: kim, rest: kim };
  const paths = { bare: "/api/ingredients", bareKeyed: "/api/ingredients/keyed", trpc: trpcPath, rest: "/api/ingredients" };
  const cpu: Record<keyof typeof apps, number[]> = { bare: [], bareKeyed: [], trpc: [], rest: [] };
  const send = async (name: keyof typeof apps, n: number) => {
    let sent = 0;
    const worker = async () => {
      while (sent < n) {
        const headers = { "content-type": "application/json", cookie: cookies[sent++ % COOKS]!, "idempotency-key": crypto.randomUUID() };
        const res = await apps[name].inject({ method: "POST", url: paths[name], headers, payload: body });
        if (res.statusCode >= 300) throw new Error(`${name} answered ${res.statusCode}: ${res.body}`);
      }
    };
    await Promise.all(Array.from({ length: 20 }, worker));
  };
  // BENCH_TARGETS=trpc counts only those (for a profile of one path: node --cpu-prof).
  const chosen = process.env.BENCH_TARGETS?.split(",");
  const names = (Object.keys(apps) as (keyof typeof apps)[]).filter((name) => !chosen || chosen.includes(name));
  for (const name of names) await send(name, 500);
  for (let round = 0; round < Number(process.env.BENCH_ROUNDS ?? 5); round++) {
    for (const name of [...names.slice(round % names.length), ...names.slice(0, round % names.length)]) {
      const before = process.cpuUsage();
      await send(name, counted);
      const used = process.cpuUsage(before);
      cpu[name].push((used.user + used.system) / 1000 / counted);
    }
  }
  console.log(`POST an ingredient, ${counted} requests a round through app.inject, CPU per request (median of rounds):`);
  for (const name of names)
    console.log(`  ${name.padEnd(10)} ${median(cpu[name]).toFixed(3)} ms   rounds: ${cpu[name].map((c) => c.toFixed(3)).join(", ")}`);
  if (cpu.trpc.length && cpu.bareKeyed.length)
    console.log(`  Kim tRPC keyed over the bare keyed route: ${(median(cpu.trpc) / median(cpu.bareKeyed)).toFixed(2)}x (target <= 1.25)`);
  await Promise.all([bare.close(), kim.close()]);
  await pool.end();
  await handle.close();
  await database.drop();
  process.exit(0);
}
// BENCH_TARGETS=trpc,bare runs only those (for a profile of one path: node --cpu-prof).
const chosen = process.env.BENCH_TARGETS?.split(",");
const names = (["bare", "bareKeyed", "rest", "trpc", "unkeyed"] as const).filter((name) => !chosen || chosen.includes(name));
const runs = await alternatingRounds([...names], (name) =>
  warmedLoad((seconds) => wrkLoad(seconds, ["-s", targets[name].script, targets[name].url])),
);
await bare.close();
await pool.end();
await kim.close();
await handle.close();
await database.drop();
rmSync(dataDir, { recursive: true, force: true });

console.log(`POST an ingredient, 50 connections, ${COOKS} cooks, PostgreSQL, median of alternating rounds:`);
if (chosen) {
  for (const name of names) console.log(`  ${name}: ${runs[name].map((r) => `${r.rps} req/s, CPU ${r.cpu.toFixed(2)} ms/req`).join("; ")}`);
  process.exit(0);
}
const medians = printRounds(
  {
    bare: "bare Fastify + pg INSERT",
    bareKeyed: "bare, with the quota and the key in its statement",
    rest: "Kim REST",
    trpc: "Kim tRPC as the web app sends it (keyed)",
    unkeyed: "Kim tRPC without a key, batched",
  },
  runs,
);
console.log(`  keyed tRPC against the bare keyed route: ${(medians.trpc.rps / medians.bareKeyed.rps).toFixed(2)}`);
console.log("  target: tRPC >= 0.80 of bare (CPU: the server process's, per request); the keyed call does the bare keyed route's work");
