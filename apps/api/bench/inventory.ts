import { spawn } from "node:child_process";
import { gzipSync } from "node:zlib";
import { existsSync, mkdtempSync } from "node:fs";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { CATEGORIES, UNITS } from "@kim/domain";
import { createDb, migrateToLatest, openPglite, type Db } from "@kim/db";
import Fastify, { type FastifyInstance } from "fastify";
import pg from "pg";
import { buildApp } from "../src/app";
import { loadConfig } from "../src/config";
import { createSession, hashToken } from "../src/features/auth/sessions";
import { consoleTransport } from "../src/lib/email";

/**
 * GET ingredients for a user with 1,000 of them, at 50 connections, on the two paths clients use: the REST path
 * and the tRPC call the web app makes, beside a bare Fastify + driver route doing the same work: the same two
 * statements (session, then the list with its version), the same per-process cache checked against that version,
 * and the same gzip kept with the cached list. The load comes from another process (wrk if installed, else
 * autocannon), so it doesn't share the server's event loop, and asks for compression as browsers do.
 */
const ROWS = 1000;
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const autocannonBin = createRequire(import.meta.url).resolve("autocannon/autocannon.js");
const TRPC_PATH = `/trpc/inventory.list?batch=1&input=${encodeURIComponent("{}")}`;

// What Kim runs, written out for the plain driver.
const SESSION_SQL = `select u.id, u.email, u.first_name, u.last_name, u.profile_image_url, u.role, u.is_pro, u.is_beta_tester,
  u.plan, u.subscription_status, u.trial_ends_at, u.current_period_end, u.created_at, u.updated_at, s.expire
  from sessions s join users u on u.id = s.user_id where s.sid = $1 and s.expire > now()`;
const LIST_SQL = `select v.version, case when v.version is distinct from $2::bigint then (
    select coalesce(json_agg(json_build_object(
      'id', id, 'name', name, 'quantity', quantity, 'unit', unit, 'category', category,
      'expirationDate', expiration_date, 'notes', notes,
      'createdAt', to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'updatedAt', to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
    ) order by expiration_date asc nulls last, name), '[]')::text
    from ingredients where user_id = $1) end as json
  from (select coalesce((select version from list_versions where user_id = $1 and list = 'ingredients'), 0) as version) v`;

interface Result {
  rps: number;
  p99: number;
  /** Requests that failed or timed out (autocannon gives up after 10 s). */
  errors: number;
}

function run(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "ignore"] });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.on("error", reject);
    child.on("exit", () => resolve(out));
  });
}

const HEADERS = (cookie: string) => [`cookie: ${cookie}`, "accept-encoding: gzip, deflate, br"];

/** wrk (C) when installed: it leaves the two cores to the server; autocannon (JS) costs about as much as the server. */
const wrk = existsSync("/usr/bin/wrk") ? "/usr/bin/wrk" : null;

async function loadWithWrk(url: string, cookie: string, seconds: number): Promise<Result> {
  const args = ["-t1", `-c${CONNECTIONS}`, `-d${seconds}s`, "--latency", ...HEADERS(cookie).flatMap((h) => ["-H", h]), url];
  const out = await run(wrk!, args);
  const ms = (value: string, unit: string) => Number(value) * ({ us: 0.001, ms: 1, s: 1000 }[unit] ?? 1);
  const p99 = /^\s*99%\s+([\d.]+)(us|ms|s)/m.exec(out);
  const rps = /Requests\/sec:\s+([\d.]+)/.exec(out);
  if (!p99 || !rps) throw new Error(`unexpected wrk output:\n${out}`);
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const errors = non2xx + (socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0);
  return { rps: Number(rps[1]), p99: Math.round(ms(p99[1]!, p99[2]!)), errors };
}

async function loadWithAutocannon(url: string, cookie: string, seconds: number): Promise<Result> {
  const args = [
    "-c",
    String(CONNECTIONS),
    "-d",
    String(seconds),
    "-j",
    ...HEADERS(cookie).flatMap((h) => ["-H", h.replace(": ", "=")]),
    url,
  ];
  const r = JSON.parse(await run(process.execPath, [autocannonBin, ...args])) as {
    requests: { average: number };
    latency: { p99: number };
    non2xx: number;
    errors: number;
  };
  return { rps: r.requests.average, p99: r.latency.p99, errors: r.non2xx + r.errors };
}

async function load(url: string, cookie: string): Promise<Result> {
  const measure = wrk ? loadWithWrk : loadWithAutocannon;
  await measure(url, cookie, 1); // warm-up: JIT, connection pools, caches
  return measure(url, cookie, SECONDS);
}

async function seed(handle: Db): Promise<string> {
  const { db } = handle;
  await migrateToLatest(db);
  const user = await db
    .insertInto("users")
    .values({ email: `bench-${Date.now()}@example.com` })
    .returning("id")
    .executeTakeFirstOrThrow();
  const today = Date.now();
  const rows = Array.from({ length: ROWS }, (_, i) => ({
    userId: user.id,
    name: `Ingredient ${String(i).padStart(4, "0")}`,
    quantity: (i % 50) / 4,
    unit: UNITS[i % UNITS.length]!,
    category: CATEGORIES[i % CATEGORIES.length]!,
    expirationDate: i % 5 === 0 ? null : new Date(today + (i % 60) * 86_400_000).toISOString().slice(0, 10),
    notes: i % 3 === 0 ? "Bought at the market" : null,
  }));
  for (let i = 0; i < rows.length; i += 250)
    await db
      .insertInto("ingredients")
      .values(rows.slice(i, i + 250))
      .execute();
  return `kim_session=${await createSession(db, user.id)}`;
}

function bareApp(query: (sql: string, params: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>): FastifyInstance {
  const app = Fastify({ logger: false });
  const cache = new Map<string, { version: number; text: string; gzip: Buffer }>();
  app.get("/api/ingredients", async (req, reply) => {
    const token = /kim_session=([^;]+)/.exec(req.headers.cookie ?? "")?.[1];
    const session = token ? (await query(SESSION_SQL, [hashToken(token)])).rows[0] : undefined;
    if (!session) return reply.code(401).send({ message: "Unauthorized" });
    const userId = String(session.id);
    const cached = cache.get(userId);
    const row = (await query(LIST_SQL, [userId, cached?.version ?? null])).rows[0]!;
    let entry = cached;
    if (!entry || row.json !== null) {
      const text = String(row.json ?? "[]");
      entry = { version: Number(row.version), text, gzip: gzipSync(text) };
      cache.set(userId, entry);
    }
    reply.type("application/json; charset=utf-8");
    if (/gzip/.test(req.headers["accept-encoding"] ?? "")) return reply.header("content-encoding", "gzip").send(entry.gzip);
    return reply.send(entry.text);
  });
  return app;
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: "127.0.0.1" });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

async function measure(kind: "pglite" | "postgres"): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "kim-bench-"));
  let handle: Db;
  let bare: FastifyInstance;
  let closeBare = async () => {};
  let cleanup = async () => {};
  if (kind === "postgres") {
    const adminUrl = process.env.TEST_DATABASE_URL ?? "postgres://root@127.0.0.1:5432/postgres";
    const name = `kim_bench_${Date.now()}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    handle = createDb({ databaseUrl: url.toString(), dataDir });
    const pool = new pg.Pool({ connectionString: url.toString(), max: 10 });
    bare = bareApp((sql, params) => pool.query(sql, params));
    closeBare = () => pool.end();
    cleanup = async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name}`);
      await admin.end();
    };
  } else {
    const pglite = openPglite(dataDir);
    handle = createDb({ dataDir, pglite });
    bare = bareApp((sql, params) => pglite.query(sql, params));
  }
  const cookie = await seed(handle);
  const config = { ...loadConfig({ LOG_LEVEL: "silent" }), webDistDir: null };
  const kim = await buildApp({ config, db: handle.db, mailTransport: consoleTransport() });
  const bareUrl = await listen(bare);
  const kimUrl = await listen(kim);

  // Rounds alternate the three targets, so drift on this shared machine (other work, PostgreSQL's own) hits each
  // alike; each figure is the median of its rounds.
  const targets = { bare: `${bareUrl}/api/ingredients`, rest: `${kimUrl}/api/ingredients`, trpc: `${kimUrl}${TRPC_PATH}` };
  const runs: Record<keyof typeof targets, Result[]> = { bare: [], rest: [], trpc: [] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const name of Object.keys(targets) as (keyof typeof targets)[]) runs[name].push(await load(targets[name], cookie));
  }
  await bare.close();
  await closeBare();
  await kim.close();
  await handle.close();
  await cleanup();

  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const summary = (rs: Result[]): Result => ({
    rps: median(rs.map((r) => r.rps)),
    p99: median(rs.map((r) => r.p99)),
    errors: rs.reduce((sum, r) => sum + r.errors, 0),
  });
  const [bareResult, restResult, trpcResult] = [summary(runs.bare), summary(runs.rest), summary(runs.trpc)];
  const f = (r: Result) =>
    `${r.rps.toFixed(0).padStart(6)} req/s   p99 ${String(r.p99).padStart(5)} ms${r.errors ? `   ${r.errors} failed or timed out` : ""}`;
  const ratio = (r: Result) => (r.rps / bareResult.rps).toFixed(2);
  console.log(`${kind} (median of ${ROUNDS} alternating rounds):`);
  console.log(`  bare Fastify + driver   ${f(bareResult)}`);
  console.log(`  Kim REST                ${f(restResult)}   ${ratio(restResult)} of bare`);
  console.log(`  Kim tRPC (web app)      ${f(trpcResult)}   ${ratio(trpcResult)} of bare`);
  console.log(`  target: each >= 0.80 of bare${kind === "postgres" ? ", p99 < 50 ms" : ""}`);
}

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL ?? "postgres://root@127.0.0.1:5432/postgres" });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

console.log(
  `GET ingredients (REST and ${TRPC_PATH}), ${ROWS} ingredients, ${CONNECTIONS} connections, ${SECONDS} s per run, load from ${wrk ? "wrk" : "autocannon (install wrk for figures less disturbed by the load generator)"}`,
);
if (process.env.BENCH_ONLY !== "postgres") await measure("pglite");
if (await postgresReachable()) await measure("postgres");
else console.log("postgres: not reachable (set TEST_DATABASE_URL), skipped");
