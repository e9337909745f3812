import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { CATEGORIES, UNITS } from "@kim/domain";
import { createDb, type Db } from "@kim/db";
import { freePort } from "../../../e2e/server";
import { addCooks, benchDatabase, cooksScript, luaGet, luaPost, median, postgresReachable, wrk, wrkLoad, type Result } from "./harness";

/**
 * The embedded default as a new user meets it, beside PostgreSQL in the same run: the built API (`node
 * apps/api/dist/main.js`, what `pnpm start` runs) started as a process of its own, timed from its start to the first
 * 200 on /healthz, with its resident memory (VmRSS then, and the peak VmHWM) at the first start on an empty folder, at
 * the second, and with data (200 cooks with 100 ingredients each, the ingredients added through the server's API by a
 * start between the second and this one); then wrk at 50 connections on a list read (each request the next cook's
 * ingredients) and on a mixed load (one request in five adds an ingredient).
 *
 * `--baseline path/to/dist/main.js` measures another build beside this one (say main's, built in a second checkout),
 * each round taking the targets in turn; that build migrates and fills its own database, so its schema may differ. Environment: BENCH_SECONDS (per load, default 6), BENCH_ROUNDS (default 3),
 * TEST_DATABASE_URL (the PostgreSQL server; skipped when unreachable).
 */
const COOKS = 200;
const ITEMS = 100;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const root = path.resolve(import.meta.dirname, "../../..");

interface Target {
  label: string;
  main: string;
  postgres: boolean;
}

interface Start {
  ms: number;
  /** MB resident at the first 200, and the peak until then. */
  rss: number;
  peak: number;
}

interface Figures {
  empty: Start;
  second: Start;
  data: Start;
  read: Omit<Result, "cpu">;
  mixed: Omit<Result, "cpu">;
  /** MB resident after the loads, and the peak of the whole life. */
  loadedRss: number;
  loadedPeak: number;
}

/** VmRSS and VmHWM of a process, in MB. */
function memory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const mb = (field: string) => Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)![1]) / 1024);
  return { rss: mb("VmRSS"), peak: mb("VmHWM") };
}

interface Server {
  url: string;
  child: ChildProcess;
  start: Start;
  stop(): Promise<void>;
}

/** The web build beside a target's API build: each build serves its own. */
const webDist = (target: Target) => path.resolve(path.dirname(target.main), "../../web/dist");

async function startKim(target: Target, env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = "";
  const began = performance.now();
  const child = spawn(process.execPath, [target.main], {
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn", WEB_DIST_DIR: webDist(target) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${target.label} exited (${child.exitCode}) before answering:\n${output}`);
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (performance.now() - began > 60_000) throw new Error(`${target.label} did not answer /healthz in 60 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const start = { ms: Math.round(performance.now() - began), ...memory(child.pid!) };
  return {
    url,
    child,
    start,
    async stop() {
      child.kill("SIGTERM");
      await exited;
      if (child.exitCode !== 0) throw new Error(`${target.label} stopped with ${child.exitCode}:\n${output}`);
    },
  };
}

/**
 * 200 cooks with a session each, as rows: the users and sessions tables are the same in every build this bench
 * measures, and sign-up through the API is rate-limited. Answers their cookies.
 */
async function addCooksTo(database: { url: string } | null, dataDir: string): Promise<string[]> {
  const handle: Db = createDb(database ? { databaseUrl: database.url, dataDir } : { dataDir });
  try {
    return (await addCooks(handle.db, COOKS)).cookies;
  } finally {
    await handle.close();
  }
}

/**
 * 100 ingredients for each cook, added through the server's own POST /api/ingredients: each build writes its rows as
 * its own schema wants them (households moved the kitchen's rows), a few requests at a time, one cook after another.
 */
async function addIngredients(url: string, cookies: string[]): Promise<void> {
  const rows = Array.from({ length: ITEMS }, (_, i) => ({
    name: `Ingredient ${String(i).padStart(3, "0")}`,
    quantity: (i % 50) / 4,
    unit: UNITS[i % UNITS.length]!,
    category: CATEGORIES[i % CATEGORIES.length]!,
    expirationDate: i % 5 === 0 ? null : `2027-0${1 + (i % 9)}-1${i % 10}`,
    notes: i % 3 === 0 ? "Bought at the market" : null,
  }));
  const posts = cookies.flatMap((cookie) => rows.map((row) => ({ cookie, body: JSON.stringify(row) })));
  let next = 0;
  const sender = async () => {
    for (let post = posts[next++]; post; post = posts[next++]) {
      const res = await fetch(`${url}/api/ingredients`, {
        method: "POST",
        headers: { cookie: post.cookie, "content-type": "application/json" },
        body: post.body,
      });
      if (!res.ok) throw new Error(`seeding: POST /api/ingredients answered ${res.status}: ${await res.text()}`);
      await res.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: 8 }, sender));
}

/** A wrk script: each request as the next cook; with `writeEvery`, every so many requests adds an ingredient. */
function wrkScript(dir: string, name: string, cookies: string[], writeEvery: number | null): string {
  const body = JSON.stringify({ name: "Flour", quantity: 1.5, unit: "kg", category: "Pantry", expirationDate: null, notes: null });
  const write = writeEvery ? `if n % ${writeEvery} == 0 then ${luaPost("/api/ingredients", body)} end\n  ` : "";
  return cooksScript(path.join(dir, `${name}.lua`), cookies, `${write}${luaGet("/api/ingredients")}`);
}

async function load(url: string, script: string): Promise<Omit<Result, "cpu">> {
  await wrkLoad(1, ["-s", script, url]);
  return wrkLoad(SECONDS, ["-s", script, url]);
}

async function measure(target: Target): Promise<Figures> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "kim-bench-pglite-"));
  const database = target.postgres ? await benchDatabase() : null;
  const env: Record<string, string> = database ? { DATA_DIR: dataDir, DATABASE_URL: database.url } : { DATA_DIR: dataDir };
  try {
    const first = await startKim(target, env);
    await first.stop();
    const second = await startKim(target, env);
    await second.stop();

    const cookies = await addCooksTo(database, dataDir);
    const seeding = await startKim(target, env);
    await addIngredients(seeding.url, cookies);
    await seeding.stop();

    const withData = await startKim(target, env);
    const read = await load(withData.url, wrkScript(dataDir, "read", cookies, null));
    const mixed = await load(withData.url, wrkScript(dataDir, "mixed", cookies, 5));
    const loaded = memory(withData.child.pid!);
    await withData.stop();
    return {
      empty: first.start,
      second: second.start,
      data: withData.start,
      read,
      mixed,
      loadedRss: loaded.rss,
      loadedPeak: loaded.peak,
    };
  } finally {
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function print(target: Target, runs: Figures[]): void {
  const m = (pick: (f: Figures) => number) => median(runs.map(pick));
  const start = (name: string, pick: (f: Figures) => Start) =>
    `  ${name.padEnd(26)}${String(m((f) => pick(f).ms)).padStart(6)} ms   RSS ${String(m((f) => pick(f).rss)).padStart(4)} MB   peak ${String(m((f) => pick(f).peak)).padStart(4)} MB`;
  const wrkLine = (name: string, pick: (f: Figures) => Omit<Result, "cpu">) => {
    const errors = runs.reduce((sum, f) => sum + pick(f).errors, 0);
    return `  ${name.padEnd(26)}${m((f) => pick(f).rps)
      .toFixed(0)
      .padStart(
        6,
      )} req/s   p99 ${String(m((f) => pick(f).p99)).padStart(5)} ms   ${errors} failed or timed out   rounds: ${runs.map((f) => `${pick(f).rps.toFixed(0)}/${pick(f).p99}`).join(", ")}`;
  };
  console.log(`${target.label} (${target.main}, median of ${runs.length}):`);
  console.log(start("first start, empty folder", (f) => f.empty));
  console.log(start("second start", (f) => f.second));
  console.log(start(`start with ${COOKS}x${ITEMS} ingredients`, (f) => f.data));
  console.log(wrkLine("GET ingredients", (f) => f.read));
  console.log(wrkLine("mixed, 1 in 5 a POST", (f) => f.mixed));
  console.log(`  ${"after the loads".padEnd(26)}RSS ${m((f) => f.loadedRss)} MB   peak ${m((f) => f.loadedPeak)} MB`);
}

if (!wrk) {
  console.log("pglite: needs wrk (apt-get install wrk), skipped");
  process.exit(0);
}
const main = path.join(root, "apps/api/dist/main.js");
const baselineAt = process.argv.indexOf("--baseline");
const targets: Target[] = [
  ...(baselineAt > 0 ? [{ label: "PGlite, baseline build", main: path.resolve(process.argv[baselineAt + 1]!), postgres: false }] : []),
  { label: "PGlite, this build", main, postgres: false },
];
if (await postgresReachable()) targets.push({ label: "PostgreSQL, this build", main, postgres: true });
else console.log("postgres: not reachable (set TEST_DATABASE_URL), skipped");

console.log(
  `Start to the first 200 on /healthz, resident memory, and wrk at 50 connections for ${SECONDS} s (${COOKS} cooks, each request the next cook's)`,
);
const runs = new Map<Target, Figures[]>(targets.map((t) => [t, []]));
for (let round = 0; round < ROUNDS; round++) {
  for (const target of [...targets.slice(round % targets.length), ...targets.slice(0, round % targets.length)])
    runs.get(target)!.push(await measure(target));
}
for (const target of targets) print(target, runs.get(target)!);
console.log("target (PGlite): every start under 2 s, RSS under 300 MB, no request failed or timed out");
