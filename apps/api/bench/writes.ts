import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { createDb, migrateToLatest, PreparingClient } from "@kim/db";
import Fastify, { type FastifyInstance } from "fastify";
import pg from "pg";
import { buildApp } from "../src/app";
import { loadConfig } from "../src/config";
import { createSession, hashToken } from "../src/features/auth/sessions";
import { consoleTransport } from "../src/lib/email";

/**
 * Writes at 50 connections on PostgreSQL: "Add Ingredient" as the web app sends it (tRPC `inventory.create` in a
 * batch of one), the same over REST (`POST /api/ingredients`), and a bare Fastify + pg route doing the same two
 * statements (the session, then the INSERT ... RETURNING). Requests cycle through 200 cooks, so no one's kitchen
 * fills. Load from wrk (required: it sends the POST bodies from a Lua script), median of alternating rounds.
 *
 * Environment: BENCH_SECONDS (per run, default 6), BENCH_ROUNDS (default 5), TEST_DATABASE_URL.
 */
const CONNECTIONS = 50;
const COOKS = 200;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const DATABASE_URL = process.env.TEST_DATABASE_URL ?? "postgres://root@127.0.0.1:5432/postgres";
const WRK = "/usr/bin/wrk";

const ingredient = { name: "Flour", quantity: 1.5, unit: "kg", category: "Pantry", expirationDate: "2027-03-01", notes: null };

// What Kim runs for the session and the insert, written out for the plain driver.
const SESSION_SQL = `select u.id, u.email, u.first_name, u.last_name, u.profile_image_url, u.role, u.is_pro, u.is_beta_tester,
  u.plan, u.subscription_status, u.trial_ends_at, u.current_period_end, u.created_at, u.updated_at, s.expire
  from sessions s join users u on u.id = s.user_id where s.sid = $1 and s.expire > now()`;
const INSERT_SQL = `insert into ingredients (name, quantity, unit, category, expiration_date, notes, user_id)
  values ($1, $2, $3, $4, $5, $6, $7)
  returning id, name, quantity, unit, category, expiration_date as "expirationDate", notes, created_at as "createdAt", updated_at as "updatedAt"`;

function bareApp(pool: pg.Pool): FastifyInstance {
  const app = Fastify({ logger: false });
  app.post("/api/ingredients", async (req, reply) => {
    const token = /kim_session=([^;]+)/.exec(req.headers.cookie ?? "")?.[1];
    const session = token ? (await pool.query(SESSION_SQL, [hashToken(token)])).rows[0] : undefined;
    if (!session) return reply.code(401).send({ message: "Unauthorized" });
    const b = req.body as typeof ingredient;
    const { rows } = await pool.query(INSERT_SQL, [b.name, b.quantity, b.unit, b.category, b.expirationDate, b.notes, session.id]);
    return reply.code(201).send(rows[0]);
  });
  return app;
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: "127.0.0.1" });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** A wrk script that POSTs `body` to `path`, each request as the next cook. */
function wrkScript(dir: string, name: string, path: string, body: string, cookies: string[]): string {
  const file = `${dir}/${name}.lua`;
  writeFileSync(
    file,
    `local cookies = {${cookies.map((c) => JSON.stringify(c)).join(",")}}
local i = 0
request = function()
  i = i % #cookies + 1
  return wrk.format("POST", ${JSON.stringify(path)}, { ["content-type"] = "application/json", ["cookie"] = cookies[i] }, ${JSON.stringify(body)})
end
`,
  );
  return file;
}

interface Result {
  rps: number;
  p99: number;
  cpu: number;
  errors: number;
}

function wrk(url: string, script: string, seconds: number): Promise<Omit<Result, "cpu">> {
  return new Promise((resolve, reject) => {
    const child = spawn(WRK, ["-t1", `-c${CONNECTIONS}`, `-d${seconds}s`, "--latency", "-s", script, url], {
      stdio: ["ignore", "pipe", "ignore"],
    });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.on("error", reject);
    child.on("exit", () => {
      const ms = (value: string, unit: string) => Number(value) * ({ us: 0.001, ms: 1, s: 1000 }[unit] ?? 1);
      const p99 = /^\s*99%\s+([\d.]+)(us|ms|s)/m.exec(out);
      const rps = /Requests\/sec:\s+([\d.]+)/.exec(out);
      if (!p99 || !rps) return reject(new Error(`unexpected wrk output:\n${out}`));
      const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
      const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
      const errors = non2xx + (socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0);
      resolve({ rps: Number(rps[1]), p99: Math.round(ms(p99[1]!, p99[2]!)), errors });
    });
  });
}

async function load(url: string, script: string): Promise<Result> {
  await wrk(url, script, 1);
  const before = process.cpuUsage();
  const result = await wrk(url, script, SECONDS);
  const used = process.cpuUsage(before);
  return { ...result, cpu: (used.user + used.system) / 1000 / (result.rps * SECONDS) };
}

if (!existsSync(WRK)) {
  console.log("writes: needs wrk (apt-get install wrk), skipped");
  process.exit(0);
}

const name = `kim_bench_${Date.now()}`;
const admin = new pg.Client({ connectionString: DATABASE_URL });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(DATABASE_URL);
url.pathname = `/${name}`;
const dataDir = mkdtempSync(path.join(tmpdir(), "kim-bench-"));
const handle = createDb({ databaseUrl: url.toString(), dataDir });
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
const pool = new pg.Pool({ connectionString: url.toString(), max: 10, Client: PreparingClient });
const bare = bareApp(pool);
const config = { ...loadConfig({ LOG_LEVEL: "silent" }), webDistDir: null };
const kim = await buildApp({ config, db: handle.db, mailTransport: consoleTransport() });
const [bareUrl, kimUrl] = [await listen(bare), await listen(kim)];

const body = JSON.stringify(ingredient);
const targets = {
  bare: { url: bareUrl, script: wrkScript(dataDir, "bare", "/api/ingredients", body, cookies) },
  rest: { url: kimUrl, script: wrkScript(dataDir, "rest", "/api/ingredients", body, cookies) },
  trpc: { url: kimUrl, script: wrkScript(dataDir, "trpc", "/trpc/inventory.create?batch=1", JSON.stringify({ 0: ingredient }), cookies) },
};
// Each path must create the ingredient, or the comparison is void.
for (const [target, { url: base }] of Object.entries(targets)) {
  const trpc = target === "trpc";
  const response = await fetch(`${base}${trpc ? "/trpc/inventory.create?batch=1" : "/api/ingredients"}`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie: cookies[0]! },
    body: trpc ? JSON.stringify({ 0: ingredient }) : body,
  });
  if (!response.ok) throw new Error(`${target} answered ${response.status}: ${await response.text()}`);
}
const names = Object.keys(targets) as (keyof typeof targets)[];
const runs: Record<keyof typeof targets, Result[]> = { bare: [], rest: [], trpc: [] };
for (let round = 0; round < ROUNDS; round++) {
  for (const target of [...names.slice(round % names.length), ...names.slice(0, round % names.length)])
    runs[target].push(await load(targets[target].url, targets[target].script));
}
await bare.close();
await pool.end();
await kim.close();
await handle.close();
await admin.query(`DROP DATABASE IF EXISTS ${name}`);
await admin.end();
rmSync(dataDir, { recursive: true, force: true });

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const summary = (rs: Result[]): Result => ({
  rps: median(rs.map((r) => r.rps)),
  p99: median(rs.map((r) => r.p99)),
  cpu: median(rs.map((r) => r.cpu)),
  errors: rs.reduce((sum, r) => sum + r.errors, 0),
});
const results = { bare: summary(runs.bare), rest: summary(runs.rest), trpc: summary(runs.trpc) };
const f = (r: Result) =>
  `${r.rps.toFixed(0).padStart(6)} req/s   p99 ${String(r.p99).padStart(5)} ms   CPU ${r.cpu.toFixed(2)} ms/req` +
  `${r.errors ? `   ${r.errors} failed` : ""}`;
console.log(
  `POST an ingredient, ${CONNECTIONS} connections, ${COOKS} cooks, PostgreSQL, median of ${ROUNDS} alternating ${SECONDS} s rounds:`,
);
console.log(`  bare Fastify + pg INSERT   ${f(results.bare)}`);
console.log(`  Kim REST                   ${f(results.rest)}   ${(results.rest.rps / results.bare.rps).toFixed(2)} of bare`);
console.log(`  Kim tRPC (web app)         ${f(results.trpc)}   ${(results.trpc.rps / results.bare.rps).toFixed(2)} of bare`);
for (const target of names)
  console.log(`    ${target.padEnd(5)} rounds: ${runs[target].map((r) => `${r.rps.toFixed(0)} req/s`).join(", ")}`);
console.log("  target: tRPC >= 0.80 of bare (CPU: the server process's, per request)");
