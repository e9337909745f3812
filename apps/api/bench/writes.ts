import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { createDb, migrateToLatest, PreparingClient } from "@kim/db";
import Fastify, { type FastifyInstance } from "fastify";
import pg from "pg";
import { buildApp } from "../src/app";
import { loadConfig } from "../src/config";
import { createSession, hashToken } from "../src/sessions/sessions";
import { consoleTransport } from "../src/lib/email";
import { alternatingRounds, benchDatabase, jsonTimestamp, SESSION_SQL, printRounds, warmedLoad, wrk, wrkLoad } from "./harness";

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
  answered as (select row_to_json(a)::text as answer from (select id, name, quantity, unit, category,
    expiration_date as "expirationDate", notes, created_by as "createdBy", updated_by as "updatedBy", ${jsonTimestamp("created_at")} as "createdAt",
    ${jsonTimestamp("updated_at")} as "updatedAt" from created) a),
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

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: "127.0.0.1" });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** A wrk script that POSTs `body` to `path`, each request as the next cook, with a new Idempotency-Key when `keyed`. */
let seed = 0;
function wrkScript(dir: string, name: string, path: string, body: string, cookies: string[], keyed: boolean): string {
  const file = `${dir}/${name}.lua`;
  const key = keyed
    ? `, ["idempotency-key"] = string.format("%08x-%04x-4%03x-8%03x-%012x", math.random(0, 0xffffffff), math.random(0, 0xffff), math.random(0, 0xfff), math.random(0, 0xfff), n)`
    : "";
  writeFileSync(
    file,
    `local cookies = {${cookies.map((c) => JSON.stringify(c)).join(",")}}
local i = 0
local n = 0
-- A new sequence of keys for each target and run: keys already recorded would be answered as retries.
math.randomseed(os.time() * 100 + ${seed++})
request = function()
  i = i % #cookies + 1
  n = n + 1
  return wrk.format("POST", ${JSON.stringify(path)}, { ["content-type"] = "application/json", ["cookie"] = cookies[i]${key} }, ${JSON.stringify(body)})
end
`,
  );
  return file;
}

if (!wrk) {
  console.log("writes: needs wrk (apt-get install wrk), skipped");
  process.exit(0);
}

const database = await benchDatabase();
const dataDir = mkdtempSync(path.join(tmpdir(), "kim-bench-"));
const handle = createDb({ databaseUrl: database.url, dataDir });
await migrateToLatest(handle.db);
const cookies: string[] = [];
for (let i = 0; i < COOKS; i++) {
  const user = await handle.db
    .insertInto("users")
    .values({ email: `cook-${i}@example.com` })
    .returning("id")
    .executeTakeFirstOrThrow();
  cookies.push(`kim_session=${await createSession(handle.db, user.id)}`);
}
const pool = new pg.Pool({ connectionString: database.url, max: 10, Client: PreparingClient });
const bare = bareApp(pool);
const config = { ...loadConfig({ LOG_LEVEL: "silent" }), webDistDir: null };
const kim = await buildApp({ config, db: handle.db, mailTransport: consoleTransport() });
const [bareUrl, kimUrl] = [await listen(bare), await listen(kim)];

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
