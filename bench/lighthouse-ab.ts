/**
 * Lighthouse A/B: two builds of the web app measured in the same run, their runs interleaved, because this machine's
 * speed changes from minute to minute (the same build scored 65 and 75 in back-to-back runs) and a figure is only
 * worth comparing with one taken beside it.
 *
 *   pnpm exec tsx bench/lighthouse-ab.ts <web build A> <web build B> [rounds, default 3] [pages, default all ten]
 *
 * A build is a folder like apps/web/dist (`pnpm --filter @kim/web exec vite build --outDir /tmp/b` makes one). Both are
 * served by the built API (apps/api/dist) against one PostgreSQL database (TEST_DATABASE_URL, default the local
 * server), seeded once: a Pro cook with 1,000 ingredients, 40 recipes, a week of meals planned and the week's shopping
 * list, and an admin with 2,000 other users. Pages: landing (signed out), dashboard, inventory, recipes, recipe (one
 * recipe), cooking, planner, list, insights, admin. Prints, for each page and build, the median Lighthouse mobile score,
 * FCP, LCP, TBT, CLS and speed index with every run's score, then the first thing drawn on slow 3G (SLOW_3G in
 * browser-kit.ts: the loading bar or the first contentful paint, median of the same rounds, target under 2 s).
 */
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { chromium, type Browser } from "playwright-core";
import { chromiumLaunchOptions } from "../e2e/chromium";
import { freePort, startServer, type RunningServer } from "../e2e/server";
import { benchRecipe } from "../apps/api/bench/recipe-rows";
import { localDate, MEAL_TYPES } from "../packages/domain/src/index";
import { ingredient, lighthouseRun, median, postAll, signUp, slowFirstPaint, type LhFigures, type SlowPaint } from "./browser-kit";

const [buildA, buildB, roundsArg, pagesArg] = process.argv.slice(2);
if (!buildA || !buildB) {
  console.error("usage: tsx bench/lighthouse-ab.ts <web build A> <web build B> [rounds] [landing,dashboard,inventory]");
  process.exit(2);
}
const ROUNDS = Number(roundsArg ?? 3);
const RECIPES = 40;
const OTHER_USERS = 2000;
const SLOW_TARGET_MS = 2000;
/** Who views each page: nobody (signed out), the cook or the admin; `$recipe` is one of the cook's recipes. */
const PAGES = {
  landing: { path: "/", as: undefined },
  dashboard: { path: "/", as: "cook" },
  inventory: { path: "/inventory", as: "cook" },
  recipes: { path: "/recipes", as: "cook" },
  recipe: { path: "/recipes/$recipe", as: "cook" },
  cooking: { path: "/cooking/$recipe", as: "cook" },
  planner: { path: "/meal-planner", as: "cook" },
  list: { path: "/shopping-list", as: "cook" },
  insights: { path: "/insights", as: "cook" },
  admin: { path: "/admin", as: "admin" },
} as const;
type PageName = keyof typeof PAGES;
const pages = (pagesArg?.split(",") ?? Object.keys(PAGES)) as PageName[];
const unknown = pages.filter((p) => !(p in PAGES));
if (unknown.length) throw new Error(`unknown page(s) ${unknown.join(", ")}: use ${Object.keys(PAGES).join(", ")}`);

const adminUrl = process.env.TEST_DATABASE_URL ?? "postgres://root@127.0.0.1:5432/postgres";
const database = `kim_lighthouse_ab_${Date.now()}`;
const work = mkdtempSync(path.join(tmpdir(), "kim-lighthouse-ab-"));
const admin = new pg.Client({ connectionString: adminUrl });
const servers: RunningServer[] = [];
let browser: Browser | undefined;

/** A run can fail on a busy machine (Lighthouse's NO_NAVSTART and the like): one retry. */
async function twice<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    console.error(`retrying after: ${error instanceof Error ? error.message : String(error)}`);
    return run();
  }
}

/**
 * The cook (Pro, so /insights shows its figures): 1,000 ingredients, RECIPES recipes, this week's breakfasts, lunches
 * and dinners planned and the week's shopping list made from them; and an admin among OTHER_USERS users. Users, roles
 * and the insights' history go straight into the database (signups are rate-limited), the rest through the public API.
 */
async function seed(server: string, databaseUrl: string): Promise<{ sessions: Record<"cook" | "admin", string>; recipe: string }> {
  const cook = await signUp(server, "lighthouse-cook@example.com");
  const adminSession = await signUp(server, "lighthouse-admin@example.com");
  const send = async <T>(method: string, path: string, body: unknown): Promise<T> => {
    const response = await fetch(`${server}${path}`, {
      method,
      headers: { "content-type": "application/json", cookie: `kim_session=${cook}` },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  };
  await postAll(server, cook, "/api/ingredients", 1000, ingredient);
  await postAll(server, cook, "/api/recipes", RECIPES, benchRecipe);
  const recipes = await (await fetch(`${server}/api/recipes`, { headers: { cookie: `kim_session=${cook}` } })).json();
  const ids = (recipes as { id: string }[]).map((r) => r.id);
  const today = new Date();
  const week = Array.from({ length: 7 }, (_, d) => localDate(new Date(today.getFullYear(), today.getMonth(), today.getDate() + d)));
  const meals = week.flatMap((date) => MEAL_TYPES.map((mealType) => ({ date, mealType })));
  await postAll(server, cook, "/api/meal-plans", meals.length, (i) => ({ ...meals[i], recipeId: ids[i % ids.length], servings: 2 }));
  const { items } = await send<{ items: unknown[] }>("POST", "/api/shopping-lists/generate-from-meal-plan", {
    from: week[0],
    to: week[6],
  });
  const list = await send<{ id: string; version: number }>("POST", "/api/shopping-lists", {});
  await send("PATCH", `/api/shopping-lists/${list.id}`, { items, version: list.version });

  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query("UPDATE users SET is_pro = true WHERE email = 'lighthouse-cook@example.com'");
    await db.query("UPDATE users SET role = 'admin' WHERE email = 'lighthouse-admin@example.com'");
    await db.query(
      `INSERT INTO users (email, first_name, last_name) SELECT 'cook' || n || '@example.com', 'Cook', 'Number ' || n FROM generate_series(1, $1) n`,
      [OTHER_USERS],
    );
    await db.query(
      `INSERT INTO stock_events (household_id, created_by, name, category, kind, reason, occurred_at)
       SELECT m.household_id, u.id, 'Item ' || n, (ARRAY['Dairy','Produce','Meat'])[1 + n % 3], CASE WHEN n % 4 = 0 THEN 'wasted' ELSE 'used' END,
              CASE WHEN n % 4 = 0 THEN 'deleted' ELSE 'emptied' END, now() - (n || ' days')::interval
       FROM users u JOIN household_members m ON m.user_id = u.id, generate_series(1, 90) n
       WHERE u.email = 'lighthouse-cook@example.com'`,
    );
  } finally {
    await db.end();
  }
  return { sessions: { cook, admin: adminSession }, recipe: ids[0]! };
}

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
  const { sessions, recipe } = await seed(servers[0]!.url, url.toString());
  const port = await freePort();
  browser = await chromium.launch(chromiumLaunchOptions(["--headless", `--remote-debugging-port=${port}`]));
  const targets = pages.flatMap((page) =>
    servers.map((server, i) => {
      const { path: pagePath, as } = PAGES[page];
      return { label: `${page} ${"AB"[i]}`, url: `${server.url}${pagePath.replace("$recipe", recipe)}`, session: as && sessions[as] };
    }),
  );
  const runs = new Map<string, LhFigures[]>(targets.map((t) => [t.label, []]));
  const slow = new Map<string, SlowPaint[]>(targets.map((t) => [t.label, []]));
  // Every other round runs backwards, so neither build always goes first.
  for (let round = 0; round < ROUNDS; round++)
    for (const target of round % 2 ? [...targets].reverse() : targets) {
      runs.get(target.label)!.push(await twice(() => lighthouseRun(browser!, port, target.url, target.session)));
      slow.get(target.label)!.push(await twice(() => slowFirstPaint(browser!, target.url, target.session)));
    }
  console.log(`Lighthouse mobile performance, A = ${buildA}, B = ${buildB}, median of ${ROUNDS} interleaved runs:`);
  for (const [label, figures] of runs) {
    const m = (key: keyof LhFigures) =>
      median(figures.map((f) => f[key]))
        .toFixed(0)
        .padStart(5);
    const cls = median(figures.map((f) => f.cls)).toFixed(3);
    console.log(
      `  ${label.padEnd(12)} score ${m("score")}  FCP ${m("fcp")} ms  LCP ${m("lcp")} ms  TBT ${m("tbt")} ms  CLS ${cls}  SI ${m("si")} ms  (${figures.map((f) => f.score).join("/")})`,
    );
  }
  console.log(
    `First thing drawn on slow 3G (400 ms round trips, 50 KB/s, CPU 4x, 375 px, cold cache), median of ${ROUNDS} (target < ${SLOW_TARGET_MS} ms):`,
  );
  for (const [label, figures] of slow) {
    const drew = median(figures.map((f) => f.drew));
    console.log(
      `  ${label.padEnd(12)} drew ${drew.toFixed(0).padStart(5)} ms  FCP ${median(figures.map((f) => f.fcp))
        .toFixed(0)
        .padStart(5)} ms  (${figures.map((f) => f.drew.toFixed(0)).join("/")})${drew < SLOW_TARGET_MS ? "" : "  OVER"}`,
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
