import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { createDb, migrateToLatest, type Db } from "@kim/db";
import { BUG_PRIORITIES, BUG_STATUSES } from "@kim/domain";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { createSession } from "../src/sessions/sessions";
import { benchDatabase, insertInBatches, percentile, postgresReachable, startKim } from "./harness";

/**
 * The admin dashboard's lists with 20,000 users and 5,000 bug reports, on PostgreSQL: GET /api/admin/users (the
 * first page, and searches for a common name and for one email), the same first page as the web app calls it
 * (GET /trpc/admin.users?batch=1&input=...), and the first page of GET /api/admin/bug-reports, beside
 * GET /api/auth/user (the session lookup alone) as the floor the machine allows at the time. Each call is one
 * request at a time over HTTP to Kim built as the other benches build it, the paths alternating, after a warm-up.
 *
 * Environment: BENCH_CALLS (timed calls per path, default 300), BENCH_WARMUP (default 30), TEST_DATABASE_URL.
 */
const CALLS = Number(process.env.BENCH_CALLS ?? 300);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 30);
const USERS = 20_000;
const REPORTS = 5_000;
const TARGET_P99_MS = 50;

const FIRST = "Anna,Ben,Chloe,David,Emma,Felix,Grace,Hugo,Isla,Jack,Kara,Liam,Maya,Noah,Olga,Pia,Quinn,Rosa,Sam,Tara".split(",");
const LAST =
  "Smith,Jones,Brown,Garcia,Miller,Davis,Wilson,Moore,Taylor,Thomas,Martin,Lee,Walker,Hall,Young,King,Wright,Lopez,Hill,Green,Baker,Adams,Nelson,Carter,Mitchell".split(
    ",",
  );
const DOMAINS = ["example.com", "mail.example", "kitchen.example", "cooks.example"];

/** 20,000 users (one admin), created over a year; 5,000 reports from the first 2,000. Answers the admin's cookie. */
async function seed({ db }: Db): Promise<string> {
  await migrateToLatest(db);
  const start = Date.UTC(2025, 10, 1);
  const users = Array.from({ length: USERS }, (_, i) => {
    const firstName = FIRST[i % FIRST.length]!;
    const lastName = LAST[Math.floor(i / FIRST.length) % LAST.length]!;
    return {
      email: `${firstName}.${lastName}.${i}@${DOMAINS[i % DOMAINS.length]}`.toLowerCase(),
      firstName,
      lastName,
      role: i === 0 ? ("admin" as const) : ("user" as const),
      isPro: i % 7 === 0,
      isBetaTester: i % 11 === 0,
    };
  });
  await insertInBatches(db, "users", users);
  // Spread the sign-up times over a year, as a real list has them.
  await sql`update users set created_at = ${new Date(start).toISOString()}::timestamptz + (random() * interval '365 days')`.execute(db);
  const ids = await db.selectFrom("users").select(["id", "role"]).orderBy("email").limit(2000).execute();
  const reports = Array.from({ length: REPORTS }, (_, i) => ({
    userId: ids[i % ids.length]!.id,
    title: `Report ${i}: something went wrong on screen ${i % 13}`,
    description: "Steps: open the screen, press the button. Expected: it works. Actual: it does not. ".repeat(3),
    priority: BUG_PRIORITIES[i % BUG_PRIORITIES.length]!,
    status: BUG_STATUSES[i % BUG_STATUSES.length]!,
  }));
  await insertInBatches(db, "bugReports", reports);
  // As autovacuum would have by now: the planner knows the tables, and counts can read the indexes alone.
  await sql`vacuum analyze`.execute(db);
  const admin = await db.selectFrom("users").select("id").where("role", "=", "admin").executeTakeFirstOrThrow();
  return `kim_session=${await createSession(db, admin.id)}`;
}

interface Path {
  label: string;
  url: string;
  /** Held to the target (the issue's: the first page and a search). */
  target?: boolean;
  /** How many users or reports the answer says match ("275+" when the count stopped), to show the search did real work. */
  total?: string;
}

async function get(baseUrl: string, cookie: string, url: string): Promise<{ ms: number; body: unknown }> {
  const start = performance.now();
  const response = await fetch(`${baseUrl}${url}`, { headers: { cookie, "accept-encoding": "gzip" } });
  const text = await response.text();
  const ms = performance.now() - start;
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${text.slice(0, 300)}`);
  return { ms, body: JSON.parse(text) };
}

async function main(): Promise<void> {
  if (!(await postgresReachable())) {
    console.log("admin users: PostgreSQL not reachable (set TEST_DATABASE_URL), skipped");
    return;
  }
  const database = await benchDatabase("admin");
  const dataDir = mkdtempSync(path.join(tmpdir(), "kim-bench-"));
  const handle = createDb({ databaseUrl: database.url, dataDir });
  let app: FastifyInstance | undefined;
  try {
    const cookie = await seed(handle);
    const kim = await startKim(handle);
    app = kim.app;
    const trpcInput = encodeURIComponent(JSON.stringify({ 0: { page: 1, pageSize: 25 } }));
    const paths: Path[] = [
      // The floor: the session lookup and an answer, no list; what the machine's load adds shows here too.
      { label: "GET /api/auth/user (baseline: the session only)", url: "/api/auth/user" },
      { label: "GET /api/admin/users (first page)", url: "/api/admin/users", target: true },
      { label: "GET /api/admin/users?search=anna (common name)", url: "/api/admin/users?search=anna", target: true },
      {
        label: "GET /api/admin/users?search=felix.lopez.12345 (one email)",
        url: "/api/admin/users?search=felix.lopez.12345",
        target: true,
      },
      { label: "GET /api/admin/users?search=aker (part of a surname)", url: "/api/admin/users?search=aker", target: true },
      { label: "GET /api/admin/users?search=itchen (part of a domain)", url: "/api/admin/users?search=itchen", target: true },
      { label: "GET /api/admin/users?search=ra (two letters: no trigram)", url: "/api/admin/users?search=ra", target: true },
      { label: "GET /api/admin/users?page=800 (the last page)", url: "/api/admin/users?page=800" },
      { label: "tRPC admin.users first page, as the web calls it", url: `/trpc/admin.users?batch=1&input=${trpcInput}`, target: true },
      { label: "GET /api/admin/bug-reports (first page)", url: "/api/admin/bug-reports" },
    ];
    for (let i = 0; i < WARMUP; i++) for (const p of paths) await get(kim.url, cookie, p.url);
    for (const p of paths.filter((p) => p.url.startsWith("/api/admin/"))) {
      const { total, totalIsExact } = (await get(kim.url, cookie, p.url)).body as { total: number; totalIsExact: boolean };
      p.total = `${total.toLocaleString("en-US")}${totalIsExact ? "" : "+"}`;
    }
    const times = new Map<Path, number[]>(paths.map((p) => [p, []]));
    // Alternating, the order reversed every other round: drift on the shared machine hits every path alike.
    for (let i = 0; i < CALLS; i++) {
      for (const p of i % 2 ? [...paths].reverse() : paths) times.get(p)!.push((await get(kim.url, cookie, p.url)).ms);
    }

    console.log(
      `admin lists: ${USERS.toLocaleString("en-US")} users, ${REPORTS.toLocaleString("en-US")} bug reports, PostgreSQL, pages of 25 (reports 25); ` +
        `${CALLS} sequential calls per path (alternating) after ${WARMUP} warm-up`,
    );
    const f = (ms: number) => `${ms.toFixed(1).padStart(5)} ms`;
    let slowest = 0;
    for (const p of paths) {
      const sorted = times.get(p)!.sort((a, b) => a - b);
      const p99 = percentile(sorted, 0.99);
      if (p.target) slowest = Math.max(slowest, p99);
      const total = p.total === undefined ? "" : `   (${p.total} match)`;
      console.log(`  ${p.label.padEnd(58)} median ${f(percentile(sorted, 0.5))}   p99 ${f(p99)}   max ${f(sorted.at(-1)!)}${total}`);
    }
    console.log(`  target: users first page and searches p99 < ${TARGET_P99_MS} ms: ${slowest < TARGET_P99_MS ? "met" : "NOT MET"}`);
  } finally {
    await app?.close();
    await handle.close();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
