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
import lighthouse from "lighthouse";
import pg from "pg";
import { chromium } from "playwright-core";
import { CATEGORIES, localDate, UNITS } from "../packages/domain/src/index";
import { startServer, type RunningServer } from "../e2e/server";

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
let browser: Awaited<ReturnType<typeof chromium.launch>> | undefined;

interface Figures {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  si: number;
}

async function seed(url: string): Promise<string> {
  const signup = await fetch(`${url}/api/signup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "lighthouse-ab@example.com", password: "compare two builds", firstName: "Abe" }),
  });
  const session = /kim_session=([^;]+)/.exec(signup.headers.getSetCookie().join(";"))?.[1];
  if (!session) throw new Error(`POST /api/signup answered ${signup.status}: ${await signup.text()}`);
  for (let start = 0; start < 1000; start += 50)
    await Promise.all(
      Array.from({ length: 50 }, async (_, k) => {
        const i = start + k;
        const date = new Date();
        date.setDate(date.getDate() + ((i * 7) % 120) - 20);
        const response = await fetch(`${url}/api/ingredients`, {
          method: "POST",
          headers: { "content-type": "application/json", cookie: `kim_session=${session}` },
          body: JSON.stringify({
            name: `Item ${i}`,
            quantity: (i % 9) + 0.5,
            unit: UNITS[i % UNITS.length],
            category: CATEGORIES[i % CATEGORIES.length],
            expirationDate: i % 5 === 0 ? null : localDate(date),
            notes: i % 3 === 0 ? `Shelf ${i % 4}` : null,
          }),
        });
        if (response.status !== 201) throw new Error(`POST /api/ingredients answered ${response.status}`);
      }),
    );
  return session;
}

async function measure(port: number, url: string, session: string | null): Promise<Figures> {
  const cdp = await browser!.newBrowserCDPSession();
  await cdp.send("Storage.clearCookies", {});
  if (session)
    await cdp.send("Storage.setCookies", { cookies: [{ name: "kim_session", value: session, url, httpOnly: true, sameSite: "Lax" }] });
  await cdp.detach();
  const result = await lighthouse(url, { port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
  if (!result || result.lhr.runtimeError)
    throw new Error(`Lighthouse failed on ${url}: ${result?.lhr.runtimeError?.message ?? "no result"}`);
  const value = (id: string) => result.lhr.audits[id]?.numericValue ?? NaN;
  return {
    score: Math.round((result.lhr.categories.performance?.score ?? 0) * 100),
    fcp: value("first-contentful-paint"),
    lcp: value("largest-contentful-paint"),
    tbt: value("total-blocking-time"),
    si: value("speed-index"),
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

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
  const session = await seed(servers[0]!.url);
  const port = 9300 + Math.floor(Math.random() * 500);
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      `--remote-debugging-port=${port}`,
    ],
  });
  const targets = pages.flatMap((page) =>
    servers.map((server, i) => ({ label: `${page} ${"AB"[i]}`, url: `${server.url}${PAGES[page].path}`, signedIn: PAGES[page].signedIn })),
  );
  const runs = new Map<string, Figures[]>(targets.map((t) => [t.label, []]));
  // Every other round runs backwards, so neither build always goes first.
  for (let round = 0; round < ROUNDS; round++)
    for (const target of round % 2 ? [...targets].reverse() : targets)
      runs.get(target.label)!.push(await measure(port, target.url, target.signedIn ? session : null));
  console.log(`Lighthouse mobile performance, A = ${buildA}, B = ${buildB}, median of ${ROUNDS} interleaved runs:`);
  for (const [label, figures] of runs) {
    const m = (key: keyof Figures) =>
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
