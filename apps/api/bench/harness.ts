import { spawn } from "node:child_process";
import { gzipSync } from "node:zlib";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { createDb, migrateToLatest, openPglite, PreparingClient, type Database, type Db } from "@kim/db";
import Fastify, { type FastifyInstance } from "fastify";
import { sql, type Insertable, type Kysely } from "kysely";
import pg from "pg";
import { buildApp } from "../src/app";
import { loadConfig } from "../src/config";
import { createSession, hashToken, newToken } from "../src/sessions/sessions";
import { consoleTransport } from "../src/lib/email";
import type { ListName } from "../src/lists";

/**
 * What the list benches share: GET one user's list at 50 connections on the two paths clients use, the REST path
 * and the tRPC call the web app makes, beside a bare Fastify + driver route doing the same work: the same two
 * statements (session, then the list with its version), the same per-process cache checked against that version,
 * and the same gzip kept with the cached list. The load comes from another process (wrk if installed, else
 * autocannon), so it doesn't share the server's event loop, and asks for compression as browsers do.
 *
 * Environment: BENCH_SECONDS (per run, default 6), BENCH_ROUNDS (default 5), BENCH_ONLY=postgres (skip PGlite),
 * TEST_DATABASE_URL (the PostgreSQL server to create the bench database on).
 */
export interface ListBench {
  /** The list's name in list_versions; also its table (with _ for -), its REST path (/api/<list>) and the title's noun. */
  list: ListName;
  /** The tRPC procedure the web app calls for the list ("inventory.list"). */
  procedure: string;
  /** How many rows `seed` writes. */
  rows: number;
  /**
   * The list as Kim's queries.ts builds it, written out for the plain driver: json_build_object's arguments (use
   * `jsonTimestamp` for timestamps) and the json_agg order.
   */
  fields: string;
  orderBy: string;
  /** Writes the user's `rows` rows. */
  /** Fills the kitchen of a cook alone in their own household (whose id is theirs, decision 0036). */
  seed(db: Kysely<Database>, householdId: string): Promise<void>;
}

/** A timestamptz as Kim's lists/ jsonTimestamp writes it (2026-11-21T05:57:00.123Z), for `fields`. */
export const jsonTimestamp = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const DATABASE_URL = process.env.TEST_DATABASE_URL ?? "postgres://root@127.0.0.1:5432/postgres";
const autocannonBin = createRequire(import.meta.url).resolve("autocannon/autocannon.js");

// What Kim runs for the session, written out for the plain driver.
export const SESSION_SQL = `select u.id, u.email, u.first_name, u.last_name, u.profile_image_url, u.role, u.is_pro, u.is_beta_tester,
  u.plan, u.subscription_status, u.trial_ends_at, u.current_period_end, u.created_at, u.updated_at, s.expire
  , m.household_id from sessions s join users u on u.id = s.user_id join household_members m on m.user_id = s.user_id
  where s.sid = $1 and s.expire > now()`;

/** Kim's userList statement around the list's own: the version, and the list only when it differs from $2. */
const versionedListSql = (bench: ListBench) => `select v.version, case when v.version is distinct from $2::bigint then (
    select coalesce(json_agg(json_build_object(${bench.fields}) order by ${bench.orderBy}), '[]')::text
    from ${bench.list.replaceAll("-", "_")} where household_id = $1) end as json
  from (select coalesce((select version from list_versions where household_id = $1 and list = '${bench.list}'), 0) as version) v`;

const restPath = (bench: ListBench) => `/api/${bench.list}`;

export interface Result {
  rps: number;
  p99: number;
  /**
   * The server process's CPU time per request, in ms (all its threads; PGlite's work included, PostgreSQL's not):
   * what each path costs the server, whichever process the machine's cores go to at the time.
   */
  cpu: number;
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
export const wrk = existsSync("/usr/bin/wrk") ? "/usr/bin/wrk" : null;

/** Runs wrk (`-t1`, 50 connections, --latency) with `args` and reads its figures. */
export async function wrkLoad(seconds: number, args: string[]): Promise<Omit<Result, "cpu">> {
  const out = await run(wrk!, ["-t1", `-c${CONNECTIONS}`, `-d${seconds}s`, "--latency", ...args]);
  const ms = (value: string, unit: string) => Number(value) * ({ us: 0.001, ms: 1, s: 1000 }[unit] ?? 1);
  const p99 = /^\s*99%\s+([\d.]+)(us|ms|s)/m.exec(out);
  const rps = /Requests\/sec:\s+([\d.]+)/.exec(out);
  if (!p99 || !rps) throw new Error(`unexpected wrk output:\n${out}`);
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const errors = non2xx + (socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0);
  return { rps: Number(rps[1]), p99: Math.round(ms(p99[1]!, p99[2]!)), errors };
}

async function loadWithWrk(url: string, cookie: string, seconds: number): Promise<Result> {
  return { ...(await wrkLoad(seconds, [...HEADERS(cookie).flatMap((h) => ["-H", h]), url])), cpu: 0 };
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
  return { rps: r.requests.average, p99: r.latency.p99, cpu: 0, errors: r.non2xx + r.errors };
}

/** A load's figures after a 1 s warm-up (JIT, connection pools, caches), with the server process's CPU per request. */
export async function warmedLoad(measure: (seconds: number) => Promise<Omit<Result, "cpu">>): Promise<Result> {
  await measure(1);
  const before = process.cpuUsage();
  const result = await measure(SECONDS);
  const used = process.cpuUsage(before);
  return { ...result, cpu: (used.user + used.system) / 1000 / (result.rps * SECONDS) };
}

function load(url: string, cookie: string): Promise<Result> {
  const measure = wrk ? loadWithWrk : loadWithAutocannon;
  return warmedLoad((seconds) => measure(url, cookie, seconds));
}

/** A new database on the PostgreSQL server for one bench run (`kim_bench_<kind>_<time>`), and how to drop it after. */
export async function benchDatabase(kind = ""): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `kim_bench_${kind ? `${kind}_` : ""}${Date.now()}`;
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS ${name}`);
      await admin.end();
    },
  };
}

/** `count` cooks, each with a session; answers their ids and session cookies. */
export async function addCooks(db: Kysely<Database>, count: number, prefix = "cook"): Promise<{ ids: string[]; cookies: string[] }> {
  const { rows } = await sql<{ id: string }>`insert into users (email)
    select ${prefix} || g || '@example.com' from generate_series(1, ${count}) g returning id`.execute(db);
  const ids = rows.map((r) => r.id);
  const tokens = ids.map(() => newToken());
  const expire = new Date(Date.now() + 30 * 86_400_000);
  for (let i = 0; i < ids.length; i += 500) {
    await db
      .insertInto("sessions")
      .values(ids.slice(i, i + 500).map((userId, j) => ({ sid: hashToken(tokens[i + j]!), userId, expire })))
      .execute();
  }
  return { ids, cookies: tokens.map((t) => `kim_session=${t}`) };
}

/** Lua for one wrk request sent as the script's `cookie`: `headers` (a Lua table's entries) beside the cookie. */
export function luaRequest(method: "GET" | "POST", path: string | null, headers = "", body?: string): string {
  const table = `{ ["cookie"] = cookie${headers ? `, ${headers}` : ""} }`;
  return `return wrk.format("${method}", ${path === null ? "nil" : JSON.stringify(path)}, ${table}${body === undefined ? "" : `, ${JSON.stringify(body)}`})`;
}

/** Lua for a JSON POST of `body` to `path`, with `headers` (a Lua table's entries) beside its content type and cookie. */
export const luaPost = (path: string, body: string, headers = "") =>
  luaRequest("POST", path, `["content-type"] = "application/json"${headers ? `, ${headers}` : ""}`, body);

/** Lua for a GET of `path` (nil: wrk's URL) asking for gzip as browsers do. */
export const luaGet = (path: string | null) => luaRequest("GET", path, `["accept-encoding"] = "gzip, deflate, br"`);

let scriptSeed = 0;
/**
 * A wrk script (written to `file`) whose requests are sent as one cook after another (`pick: "turn"`: each once
 * before any comes again) or at random; `request` is Lua that returns the request, seeing `cookie` and `n` (the
 * request's number). Each script draws its own random sequence.
 */
export function cooksScript(file: string, cookies: string[], request: string, pick: "turn" | "random" = "turn"): string {
  const cookie = pick === "turn" ? "i = i % #cookies + 1\n  local cookie = cookies[i]" : "local cookie = cookies[math.random(#cookies)]";
  writeFileSync(
    file,
    `local cookies = {${cookies.map((c) => JSON.stringify(c)).join(",")}}
local i = 0
local n = 0
math.randomseed(os.time() * 100 + ${scriptSeed++})
request = function()
  n = n + 1
  ${cookie}
  ${request}
end
`,
  );
  return file;
}

/** A user with a session and the bench's rows; answers the session cookie. */
async function seed(handle: Db, bench: ListBench): Promise<string> {
  const { db } = handle;
  await migrateToLatest(db);
  const user = await db
    .insertInto("users")
    .values({ email: `bench-${Date.now()}@example.com` })
    .returning("id")
    .executeTakeFirstOrThrow();
  await bench.seed(db, user.id);
  return `kim_session=${await createSession(db, user.id)}`;
}

/** Inserts rows 250 to a statement. */
export async function insertInBatches<T extends keyof Database & string>(
  db: Kysely<Database>,
  table: T,
  rows: Insertable<Database[T]>[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += 250)
    await db
      .insertInto(table)
      .values(rows.slice(i, i + 250) as never)
      .execute();
}

type Query = (sql: string, params: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

function bareApp(bench: ListBench, query: Query): FastifyInstance {
  const app = Fastify({ logger: false });
  const cache = new Map<string, { version: number; text: string; gzip: Buffer }>();
  const listSql = versionedListSql(bench);
  app.get(restPath(bench), async (req, reply) => {
    const token = /kim_session=([^;]+)/.exec(req.headers.cookie ?? "")?.[1];
    const session = token ? (await query(SESSION_SQL, [hashToken(token)])).rows[0] : undefined;
    if (!session) return reply.code(401).send({ message: "Unauthorized" });
    const householdId = String(session.household_id);
    const cached = cache.get(householdId);
    const row = (await query(listSql, [householdId, cached?.version ?? null])).rows[0]!;
    let entry = cached;
    if (!entry || row.json !== null) {
      const text = String(row.json ?? "[]");
      entry = { version: Number(row.version), text, gzip: gzipSync(text) };
      cache.set(householdId, entry);
    }
    reply.type("application/json; charset=utf-8");
    if (/gzip/.test(req.headers["accept-encoding"] ?? "")) return reply.header("content-encoding", "gzip").send(entry.gzip);
    return reply.send(entry.text);
  });
  return app;
}

/** Listens on a free loopback port; answers the base URL. */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: "127.0.0.1" });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** The bare route and Kim must answer the same list, or the comparison is void (queries.ts changed, say). */
async function checkSameAnswer(bareUrl: string, kimUrl: string, cookie: string): Promise<{ json: number; gzip: number }> {
  const text = async (url: string) => {
    const response = await fetch(url, { headers: { cookie } });
    if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
    return response.text();
  };
  const [bare, kim] = await Promise.all([text(bareUrl), text(kimUrl)]);
  if (bare !== kim)
    throw new Error(`the bare route's list differs from Kim's (${bare.length} and ${kim.length} characters): update its statement`);
  return { json: Buffer.byteLength(bare), gzip: gzipSync(bare).length };
}

async function measure(bench: ListBench, kind: "pglite" | "postgres"): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "kim-bench-"));
  let handle: Db;
  let bare: FastifyInstance;
  let closeBare = async () => {};
  let cleanup = async () => {};
  if (kind === "postgres") {
    const { url, drop } = await benchDatabase();
    handle = createDb({ databaseUrl: url, dataDir });
    const pool = new pg.Pool({ connectionString: url, max: 10, Client: PreparingClient });
    bare = bareApp(bench, (sql, params) => pool.query(sql, params));
    closeBare = () => pool.end();
    cleanup = drop;
  } else {
    const pglite = openPglite(dataDir);
    handle = createDb({ dataDir, pglite });
    bare = bareApp(bench, (sql, params) => pglite.query(sql, params));
  }
  const cookie = await seed(handle, bench);
  const { app: kim, url: kimUrl } = await startKim(handle);
  const bareUrl = await listen(bare);

  const targets = { bare: `${bareUrl}${restPath(bench)}`, rest: `${kimUrl}${restPath(bench)}`, trpc: `${kimUrl}${trpcPath(bench)}` };
  const size = await checkSameAnswer(targets.bare, targets.rest, cookie);
  const runs = await alternatingRounds(["bare", "rest", "trpc"], (name) => load(targets[name], cookie));
  await bare.close();
  await closeBare();
  await kim.close();
  await handle.close();
  await cleanup();
  rmSync(dataDir, { recursive: true, force: true });

  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log(`${kind} (median of ${ROUNDS} alternating rounds; the answer is ${kb(size.json)} of JSON, ${kb(size.gzip)} gzipped):`);
  printRounds({ bare: "bare Fastify + driver", rest: "Kim REST", trpc: "Kim tRPC (web app)" }, runs);
  console.log(`  target: each >= 0.80 of bare${kind === "postgres" ? ", p99 < 50 ms" : ""} (CPU: the server process's, per request)`);
}

/**
 * Runs each target's load ROUNDS times, the rounds alternating the targets, so drift on this shared machine (other
 * work, PostgreSQL's own) hits each alike; each round starts one further along, so no target always runs first, or
 * always right after the same other.
 */
export async function alternatingRounds<K extends string>(names: K[], load: (name: K) => Promise<Result>): Promise<Record<K, Result[]>> {
  const runs = Object.fromEntries(names.map((name) => [name, [] as Result[]])) as Record<K, Result[]>;
  for (let round = 0; round < ROUNDS; round++) {
    for (const name of [...names.slice(round % names.length), ...names.slice(0, round % names.length)]) runs[name].push(await load(name));
  }
  return runs;
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Nearest rank, over sorted values. */
export const percentile = (sorted: number[], q: number) => sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)]!;

/** Kim on `handle`, quiet and without the web app, listening on a free port. */
export async function startKim(handle: Db): Promise<{ app: FastifyInstance; url: string }> {
  const config = { ...loadConfig({ LOG_LEVEL: "silent" }), webDistDir: null };
  const app = await buildApp({ config, db: handle.db, mailTransport: consoleTransport() });
  return { app, url: await listen(app) };
}

/**
 * Prints each target's medians, the first target's (the bare route) as the others' baseline, then every round: on this
 * shared machine one slow round shows as such rather than hiding in a median.
 */
export function printRounds<K extends string>(labels: Record<K, string>, runs: Record<K, Result[]>): Record<K, Result> {
  const names = Object.keys(labels) as K[];
  const summary = (rs: Result[]): Result => ({
    rps: median(rs.map((r) => r.rps)),
    p99: median(rs.map((r) => r.p99)),
    cpu: median(rs.map((r) => r.cpu)),
    errors: rs.reduce((sum, r) => sum + r.errors, 0),
  });
  const medians = Object.fromEntries(names.map((name) => [name, summary(runs[name])])) as Record<K, Result>;
  const bare = medians[names[0]!];
  const width = Math.max(...names.map((name) => labels[name].length)) + 3;
  for (const [i, name] of names.entries()) {
    const r = medians[name];
    const figures = `${r.rps.toFixed(0).padStart(6)} req/s   p99 ${String(r.p99).padStart(5)} ms   CPU ${r.cpu.toFixed(2)} ms/req`;
    const failed = r.errors ? `   ${r.errors} failed or timed out` : "";
    console.log(`  ${labels[name].padEnd(width)}${figures}${failed}${i > 0 ? `   ${(r.rps / bare.rps).toFixed(2)} of bare` : ""}`);
  }
  for (const name of names)
    console.log(`    ${name.padEnd(5)} rounds: ${runs[name].map((r) => `${r.rps.toFixed(0)} req/s p99 ${r.p99} ms`).join(", ")}`);
  return medians;
}

/** Whether the PostgreSQL server (TEST_DATABASE_URL) answers. */
export async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

const trpcPath = (bench: ListBench) => `/trpc/${bench.procedure}?batch=1&input=${encodeURIComponent("{}")}`;

/** Measures the list on PGlite (unless BENCH_ONLY=postgres) and on PostgreSQL when reachable, and prints both. */
export async function runListBench(bench: ListBench): Promise<void> {
  console.log(
    `GET ${bench.list} (REST and ${trpcPath(bench)}), ${bench.rows} ${bench.list}, ${CONNECTIONS} connections, ${SECONDS} s per run, load from ${wrk ? "wrk" : "autocannon (install wrk for figures less disturbed by the load generator)"}`,
  );
  if (process.env.BENCH_ONLY !== "postgres") await measure(bench, "pglite");
  if (await postgresReachable()) await measure(bench, "postgres");
  else console.log("postgres: not reachable (set TEST_DATABASE_URL), skipped");
}

/** The resident memory (RSS) of process `pid`, in MB (Linux: /proc). */
export const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]) / 1024;

/** The peak RSS of `pid` while `work` runs, sampled every 20 ms. */
export async function peakWhile<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = rssMb(pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 20);
  try {
    const result = await work();
    peak = Math.max(peak, rssMb(pid));
    return { result, peak };
  } finally {
    clearInterval(sampler);
  }
}

/**
 * Kim's production build in a process of its own on `port` (`pnpm --filter @kim/api build` first), as deployed: its
 * workers start from their built files, not through tsx (seconds slower).
 */
export function startBuiltKim(port: number, env: Record<string, string>) {
  const built = path.join(import.meta.dirname, "..", "dist", "main.js");
  if (!existsSync(built)) throw new Error("build the API first: pnpm --filter @kim/api build");
  const server = spawn(process.execPath, [built], {
    cwd: path.join(import.meta.dirname, ".."),
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "inherit", "inherit"],
  });
  return { server, pid: server.pid! };
}

/** Resolves once Kim on `port` answers /healthz (30 s at most). */
export async function kimStarted(port: number): Promise<void> {
  for (let tries = 0; ; tries++) {
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (tries > 300) throw new Error("Kim did not start");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
