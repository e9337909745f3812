/**
 * Lighthouse A/B: two builds of the web app measured in the same run, their runs interleaved, because this machine's
 * speed changes from minute to minute (the same build scored 65 and 75 in back-to-back runs) and a figure is only
 * worth comparing with one taken beside it.
 *
 *   pnpm exec tsx bench/lighthouse-ab.ts <web build A> <web build B> [rounds, default 4] [pages, default dashboard,inventory]
 *
 * A build is a folder like apps/web/dist (`pnpm --filter @kim/web exec vite build --outDir /tmp/b` makes one). Both are
 * served by the built API (apps/api/dist) against one PostgreSQL database (TEST_DATABASE_URL, default the local
 * server), seeded once with a user and 1,000 ingredients. Pages: landing (signed out), dashboard, inventory. Prints the
 * median score, FCP, LCP, TBT and speed index of each, with every run's score.
 */
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { chromium, type Browser } from "playwright-core";
import { CHROMIUM_ARGS, chromiumPath } from "../e2e/chromium";
import { freePort, startServer, type RunningServer } from "../e2e/server";
import { ingredient, lighthouseRun, median, postAll, signUp, type LhFigures } from "./browser-kit";

const [buildA, buildB, roundsArg, pagesArg] = process.argv.slice(2);
if (!buildA || !buildB) {
  console.error("usage: tsx bench/lighthouse-ab.ts <web build A> <web build B> [rounds] [landing,dashboard,inventory]");
  process.exit(2);
}
const ROUNDS = Number(roundsArg ?? 4);
const PAGES = {
  landing: { path: "/", signedIn: false },
  dashboard: { path: "/", signedIn: true },
  inventory: { path: "/inventory", signedIn: true },
};
type PageName = keyof typeof PAGES;
const pages = (pagesArg ?? "dashboard,inventory").split(",") as PageName[];
const unknown = pages.filter((p) => !(p in PAGES));
if (unknown.length) throw new Error(`unknown page(s) ${unknown.join(", ")}: use ${Object.keys(PAGES).join(", ")}`);

const adminUrl = process.env.TEST_DATABASE_URL ?? "postgres://root@127.0.0.1:5432/postgres";
const database = `kim_lighthouse_ab_${Date.now()}`;
const work = mkdtempSync(path.join(tmpdir(), "kim-lighthouse-ab-"));
const admin = new pg.Client({ connectionString: adminUrl });
const servers: RunningServer[] = [];
let browser: Browser | undefined;

try {
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  // Copies, so a rebuild meanwhile cannot change a build under measurement.
  for (const [name, build] of [
    ["a", buildA],
    ["b", buildB],
  ] as const) {
    const web = path.join(work, name);
    cpSync(build, web, { recursive: true });
    servers.push(
      await startServer({ DATABASE_URL: url.toString(), WEB_DIST_DIR: web, DATA_DIR: mkdtempSync(path.join(work, `data-${name}-`)) }),
    );
  }
  const session = await signUp(servers[0]!.url, "lighthouse-ab@example.com");
  await postAll(servers[0]!.url, session, "/api/ingredients", 1000, ingredient);
  const port = await freePort();
  browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: ["--headless", ...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
  });
  const targets = pages.flatMap((page) =>
    servers.map((server, i) => ({ label: `${page} ${"AB"[i]}`, url: `${server.url}${PAGES[page].path}`, signedIn: PAGES[page].signedIn })),
  );
  const runs = new Map<string, LhFigures[]>(targets.map((t) => [t.label, []]));
  // Every other round runs backwards, so neither build always goes first.
  for (let round = 0; round < ROUNDS; round++)
    for (const target of round % 2 ? [...targets].reverse() : targets)
      runs.get(target.label)!.push(await lighthouseRun(browser, port, target.url, target.signedIn ? session : undefined));
  console.log(`Lighthouse mobile performance, A = ${buildA}, B = ${buildB}, median of ${ROUNDS} interleaved runs:`);
  for (const [label, figures] of runs) {
    const m = (key: keyof LhFigures) =>
      median(figures.map((f) => f[key]))
        .toFixed(0)
        .padStart(5);
    console.log(
      `  ${label.padEnd(12)} score ${m("score")}  FCP ${m("fcp")} ms  LCP ${m("lcp")} ms  TBT ${m("tbt")} ms  SI ${m("si")} ms  (${figures.map((f) => f.score).join("/")})`,
    );
  }
} finally {
  await browser?.close();
  for (const server of servers) await server.stop();
  await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => {});
  await admin.end();
  rmSync(work, { recursive: true, force: true });
}
process.exit();
