import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { createDb, migrateToLatest, openPglite } from "@kim/db";
import { buildApp } from "../src/app";
import { loadConfig } from "../src/config";
import { createSession } from "../src/sessions/sessions";
import { consoleTransport } from "../src/lib/email";
import { pollHealth, type HealthCheck } from "../src/testing/health-poller";
import { headingsPage } from "../src/testing/hostile-page";
import { recipeSiteStandIn } from "../src/testing/recipe-site-stand-in";

/**
 * /healthz while URL imports read issue 24's 5 MB page of repeated "Ingredients" / "Method" headings, beside the idle
 * baseline: a check every 20 ms from another thread (as a load balancer's), its median and worst time; each import's
 * status and time; the process's RSS before and at its peak (worker threads' heaps included). Kim on PGlite, the page
 * served on loopback (FETCH_ALLOW_PRIVATE_NETWORK). Environment: BENCH_IDLE_SECONDS (default 3).
 */

const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 3);
const MB = 1024 * 1024;

const dataDir = mkdtempSync(path.join(tmpdir(), "kim-import-health-"));
const handle = createDb({ dataDir, pglite: openPglite(dataDir) });
await migrateToLatest(handle.db);
const user = await handle.db
  .insertInto("users")
  .values({ email: `bench-${Date.now()}@example.com`, isPro: true })
  .returning("id")
  .executeTakeFirstOrThrow();
const cookie = `kim_session=${await createSession(handle.db, user.id)}`;
const config = { ...loadConfig({ LOG_LEVEL: "silent", FETCH_ALLOW_PRIVATE_NETWORK: "1" }), webDistDir: null };
const kim = await buildApp({ config, db: handle.db, mailTransport: consoleTransport() });
await kim.listen({ port: 0, host: "127.0.0.1" });
const origin = `http://127.0.0.1:${(kim.server.address() as AddressInfo).port}`;
const site = recipeSiteStandIn();
await site.start();
const html = headingsPage(5_000_000);
const pageUrl = site.page("/everything", html);

let peakRss = 0;
// process.memoryUsage.rss() alone: memoryUsage() walks the heap, costing the main thread milliseconds a call.
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 25);

async function importPage(): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const res = await fetch(`${origin}/api/recipes/extract-from-url`, {
    method: "POST",
    headers: { cookie, "content-type": "application/json" },
    body: JSON.stringify({ url: pageUrl }),
  });
  await res.text();
  return { status: res.status, ms: performance.now() - started };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};
const summary = (checks: HealthCheck[]) => {
  const ms = checks.map((check) => check.ms);
  const failed = checks.filter((check) => check.status !== 200).length;
  return `${median(ms).toFixed(1).padStart(7)} ${Math.max(...ms)
    .toFixed(1)
    .padStart(8)} ${String(checks.length).padStart(7)}${failed ? `  (${failed} not 200)` : ""}`;
};

const rows: string[] = [];
const rssBefore = process.memoryUsage.rss();
{
  const poller = pollHealth(`${origin}/healthz`);
  await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
  rows.push(`${"idle".padEnd(34)} ${summary(await poller.stop())}`);
}
for (const imports of [1, 3]) {
  const poller = pollHealth(`${origin}/healthz`);
  const results = await Promise.all(Array.from({ length: imports }, importPage));
  const checks = await poller.stop();
  const answers = results.map((r) => `${r.status} in ${(r.ms / 1000).toFixed(1)} s`).join(", ");
  rows.push(`${`during ${imports} import${imports > 1 ? "s" : ""} of the 5 MB page`.padEnd(34)} ${summary(checks)}  imports: ${answers}`);
}
clearInterval(sampler);

console.log(`/healthz during URL import of a ${(html.length / MB).toFixed(1)} MB page of repeated headings (ms)\n`);
console.log(`${"".padEnd(34)} ${"median".padStart(7)} ${"max".padStart(8)} ${"checks".padStart(7)}`);
for (const row of rows) console.log(row);
console.log(`\nRSS ${(rssBefore / MB).toFixed(0)} MB before, ${(peakRss / MB).toFixed(0)} MB at the peak (worker threads included)`);

site.stop();
await kim.close();
await handle.close();
rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
