/**
 * Browser figures for a user with 1,000 ingredients and one with 2,000 recipes (run by `pnpm bench` after page-weight.ts;
 * it prints, it does not assert). BENCH_BROWSER_ONLY=inventory, recipes or lighthouse measures only that (1, 2 or 3 below).
 *
 * 1. /inventory in Chromium (1280×800) with the CPU slowed 4× (CDP Emulation.setCPUThrottlingRate): the DOM size once the
 *    list shows, and "search to paint": the time from the search box's input event to the first frame painted after the
 *    list shows the narrowed result (5 of 1,000), then the same for clearing the search back to the full list. Median of
 *    RUNS runs, target under 100 ms.
 *
 *    How: the query arrives as one trusted input event (Playwright's fill, i.e. CDP Input.insertText, as when pasted).
 *    A capture listener in the page keeps that event's timeStamp (when the renderer created it: the main thread's work
 *    from then on counts, a wait in the browser-to-renderer queue before it does not). A MutationObserver waits for the commit that shows the expected number of cards; then a
 *    requestAnimationFrame callback (which runs just before that frame paints) posts a MessageChannel message, which runs
 *    as the first task after the paint: performance.now() there is the paint time, at most a task late. This measures
 *    the list update itself, which the Event Timing API alone does not: the page filters with useDeferredValue, so the
 *    paint after the input event (what Event Timing's duration ends at) may show only the typed text over the old list.
 *    The Event Timing duration of the same input event (input to next paint, 8 ms granularity, reported only from 16 ms)
 *    is printed beside it, as "input responsiveness".
 *
 * 2. /recipes for another user with 2,000 recipes (bench recipes from apps/api/bench/recipe-rows.ts): the time from the
 *    start of navigation to the first recipe card (`[data-recipe-card]`) painted, on a cold page load (a new context: no
 *    HTTP cache), at CPU 1× (target under 1 s) and 4×, median of RUNS, with when the page asked for the list, when the
 *    answer arrived and the first contentful paint beside it. "card" is when the main thread painted the card's frame,
 *    found as for /inventory; FCP is a presentation time, so it reads a little later than a main-thread paint of the
 *    same frame. The baseline, loaded interleaved with it: a bare page (plain HTML answered by the bench) that fetches
 *    /api/recipes and draws the first 12 recipes with plain DOM calls. One unmeasured load of each comes first, so the
 *    server's list cache is warm, as for a user's second visit.
 *
 * 3. Lighthouse 12's default mobile performance category (simulated slow 4G, 4× CPU) for the landing page ("/" signed
 *    out), the dashboard ("/" signed in) and /inventory with the 1,000
 *    ingredients: score, FCP, LCP, TBT, CLS, median of LH_RUNS runs each (pages interleaved), target 95. Signed-in runs
 *    find the session cookie in the browser's cookie jar, set (or cleared, for the landing page) before each run over
 *    the browser's CDP session; Lighthouse's storage reset leaves cookies alone. Its `extraHeaders: { Cookie }` flag
 *    was tried first and failed the dashboard now and then with NO_NAVSTART. BENCH_LH_REPORTS=<dir> keeps each run's
 *    report there (JSON) to see where a page's time goes.
 */
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { chromiumLaunchOptions } from "../e2e/chromium";
import { freePort, startServer, type RunningServer } from "../e2e/server";
import { ingredient, lighthouseRun, MATCH_EVERY, median, postAll, signUp, type LhFigures } from "./browser-kit";
import { benchRecipe, RECIPE_IMAGE_HOST } from "../apps/api/bench/recipe-rows";

const root = path.resolve(import.meta.dirname, "..");
const LIGHTHOUSE_VERSION = (
  JSON.parse(readFileSync(path.join(root, "node_modules/lighthouse/package.json"), "utf8")) as { version: string }
).version;
const INGREDIENTS = 1000;
const RECIPES = 2000;
const RECIPE_CARD = "[data-recipe-card]";
const FIRST_CARD_TARGET_MS = 1000;
const QUERY = "saffron";
const MATCHES = INGREDIENTS / MATCH_EVERY;
const RUNS = 5;
const LH_RUNS = 3;
const SEARCH_TARGET_MS = 100;
const LH_TARGET = 95;
const WATCHDOG_MS = 6 * 60_000;

const BENCH_CHROMIUM_ARGS = [
  "--headless",
  // The bench recipes' images are on a host that resolves to nothing, at once: no figure waits on the network.
  `--host-resolver-rules=MAP ${RECIPE_IMAGE_HOST} ~NOTFOUND`,
];

// ---------------------------------------------------------------------------------------------------------------------
// Helpers

const ms = (n: number) => `${Math.round(n)} ms`;
const seconds = (n: number) => `${(n / 1000).toFixed(2)} s`;
const sleep = (n: number) => new Promise((r) => setTimeout(r, n));

function checkBuild(): void {
  const missing = ["apps/api/dist/main.js", "apps/web/dist/index.html"].filter((f) => !existsSync(path.join(root, f)));
  if (missing.length)
    throw new Error(
      `The build is missing (${missing.join(", ")}): run \`pnpm exec turbo run build --filter=@kim/api... --filter=@kim/web\` first (\`pnpm bench\` does).`,
    );
}

function git(...args: string[]): string {
  try {
    return execFileSync("git", args, { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return "unknown";
  }
}

/**
 * Copies the built web app into `dir`, so a rebuild elsewhere in the working tree during the run (which replaces the
 * hashed assets) cannot break pages mid-measurement; answers the copy's path.
 */
function snapshotWebBuild(dir: string): string {
  const web = path.join(dir, "web");
  cpSync(path.join(root, "apps/web/dist"), web, { recursive: true });
  for (const html of readdirSync(web, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".html")))
    for (const [, asset] of readFileSync(path.join(web, html), "utf8").matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g))
      if (!existsSync(path.join(web, asset!)))
        throw new Error(`apps/web/dist/${html} names ${asset}, which is missing: was the web app being rebuilt? Run again.`);
  return web;
}

/** The end of what the server printed, for error messages (the data directory is removed afterwards). */
function serverOutputTail(dir: string, lines = 15): string {
  try {
    const logs = readdirSync(dir).filter((f) => f.startsWith("server-output-"));
    const text = logs.map((f) => readFileSync(path.join(dir, f), "utf8")).join("\n");
    const tail = text.trimEnd().split("\n").slice(-lines).join("\n");
    return tail ? `\nlast lines the server printed:\n${tail}` : "";
  } catch {
    return "";
  }
}

/** Node processes this script spawned (used when startServer fails before handing its child back). */
function ownServerChildren(): number[] {
  try {
    return execFileSync("ps", ["-o", "pid=,args=", "--ppid", String(process.pid)], { encoding: "utf8" })
      .split("\n")
      .filter((line) => line.includes("apps/api/dist/main.js"))
      .map((line) => Number(line.trim().split(/\s+/)[0]))
      .filter((pid) => Number.isInteger(pid) && pid > 0);
  } catch {
    return [];
  }
}

// ---------------------------------------------------------------------------------------------------------------------
// Seeding through the public API: a signup and 1,000 ingredients in parallel batches, another signup and 2,000 recipes.

/**
 * Two users: one with the ingredients (for /inventory, the dashboard and Lighthouse, as before the recipes came), one
 * with the recipes. Answers their session tokens.
 */
async function seed(url: string): Promise<{ inventory: string; recipes: string }> {
  const inventory = await signUp(url, "bench-browser@example.com");
  await postAll(url, inventory, "/api/ingredients", INGREDIENTS, ingredient);
  const recipes = await signUp(url, "bench-recipes@example.com");
  await postAll(url, recipes, "/api/recipes", RECIPES, benchRecipe);
  return { inventory, recipes };
}

/** A fresh context (empty cache and storage) at 1280×800, signed in as `session`. */
async function signedInContext(browser: Browser, url: string, session: string): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addCookies([{ name: "kim_session", value: session, url }]);
  // tsx (esbuild keepNames) wraps named functions in __name(...), which the page lacks: give it one.
  await context.addInitScript({ content: "globalThis.__name ??= (f) => f;" });
  return context;
}

// ---------------------------------------------------------------------------------------------------------------------
// 1. /inventory: DOM size and search-to-paint with the CPU slowed 4×

interface Probe {
  /** Event Timing entries for input events: [startTime, duration]. */
  eventTimings: [number, number][];
  result?: Promise<{ start: number; painted: number }>;
}
declare global {
  interface Window {
    __kimBench: Probe;
  }
}

const CARD = '[data-testid="ingredient-card"]';
const cardCount = (page: Page) => page.locator(CARD).count();

/**
 * Arms the probe for the next input event, makes it with `fill`, and answers [input-to-paint, Event Timing duration?].
 * The list counts as updated at the first commit that shows exactly `cards` cards (`exact`), or more than `cards`.
 */
async function measure(page: Page, value: string, cards: number, exact: boolean): Promise<[number, number | undefined]> {
  await page.evaluate(
    ([selector, expected, exactly]) => {
      const updated = (n: number) => (exactly ? n === expected : n > expected);
      const probe = window.__kimBench;
      probe.result = new Promise((resolve, reject) => {
        let start: number | undefined;
        let done = false;
        const check = () => {
          if (start === undefined || done || !updated(document.querySelectorAll(selector).length)) return;
          done = true;
          observer.disconnect();
          clearTimeout(timer);
          requestAnimationFrame(() => {
            const channel = new MessageChannel();
            channel.port1.onmessage = () => resolve({ start: start!, painted: performance.now() });
            channel.port2.postMessage(null);
          });
        };
        const observer = new MutationObserver(check);
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
        window.addEventListener(
          "input",
          (event) => {
            start = event.timeStamp;
            check();
          },
          { capture: true, once: true },
        );
        const timer = setTimeout(() => {
          observer.disconnect();
          reject(new Error(`the list did not show ${exactly ? "" : "more than "}${expected} cards within 30 s of the input`));
        }, 30_000);
      });
    },
    [CARD, cards, exact] as const,
  );
  await page.getByRole("searchbox", { name: "Search ingredients" }).fill(value);
  const { start, painted } = await page.evaluate(() => window.__kimBench.result!);
  // Event Timing entries arrive after the paint; give the observer a moment.
  await page.waitForTimeout(300);
  const timings = await page.evaluate(() => window.__kimBench.eventTimings);
  const eventTiming = timings.find(([startTime]) => Math.abs(startTime - start) < 1)?.[1];
  return [painted - start, eventTiming];
}

async function inventoryInteraction(browser: Browser, url: string, session: string): Promise<void> {
  const context = await signedInContext(browser, url, session);
  try {
    await context.addInitScript(() => {
      const probe: Probe = { eventTimings: [] };
      window.__kimBench = probe;
      try {
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) if (entry.name === "input") probe.eventTimings.push([entry.startTime, entry.duration]);
        }).observe({ type: "event", durationThreshold: 16, buffered: true } as PerformanceObserverInit);
      } catch {
        // no Event Timing API: the column stays empty
      }
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });

    await page.goto(`${url}/inventory`);
    await page.locator(CARD).first().waitFor({ timeout: 60_000 });
    // Let a virtualised list measure itself and settle before counting.
    await page.waitForTimeout(1000);
    const domSize = await page.evaluate(() => document.getElementsByTagName("*").length);
    const fullCards = await cardCount(page);

    const search: number[] = [];
    const clear: number[] = [];
    const searchEt: (number | undefined)[] = [];
    const clearEt: (number | undefined)[] = [];
    for (let run = 0; run < RUNS; run++) {
      const [s, se] = await measure(page, QUERY, MATCHES, true);
      search.push(s);
      searchEt.push(se);
      await page.waitForTimeout(300);
      const [c, ce] = await measure(page, "", MATCHES, false);
      clear.push(c);
      clearEt.push(ce);
      await page.waitForTimeout(300);
    }
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });

    const eventTiming = (values: (number | undefined)[]) => {
      const m = median(values.map((v) => v ?? 0));
      return m < 16 ? "< 16 ms" : ms(m);
    };
    const verdict = (m: number) => (m < SEARCH_TARGET_MS ? "within" : "OVER");
    console.log(
      `/inventory with ${INGREDIENTS.toLocaleString("en-US")} ingredients (Chromium 1280×800, CPU 4× slower), median of ${RUNS}:`,
    );
    const all = INGREDIENTS.toLocaleString("en-US");
    console.log(`  DOM elements once the list shows: ${domSize.toLocaleString("en-US")} (${fullCards} ingredient cards in the DOM)`);
    console.log(
      `  search "${QUERY}" (${all} → ${MATCHES} matches), input to paint: ${ms(median(search))} ` +
        `(target < ${SEARCH_TARGET_MS} ms: ${verdict(median(search))}); input responsiveness (Event Timing): ${eventTiming(searchEt)}`,
    );
    console.log(`    runs: ${search.map((v) => Math.round(v)).join(", ")} ms`);
    console.log(
      `  clear the search (${MATCHES} → ${all}), input to paint: ${ms(median(clear))} ` +
        `(target < ${SEARCH_TARGET_MS} ms: ${verdict(median(clear))}); input responsiveness (Event Timing): ${eventTiming(clearEt)}`,
    );
    console.log(`    runs: ${clear.map((v) => Math.round(v)).join(", ")} ms`);
  } finally {
    await context.close();
  }
}

// ---------------------------------------------------------------------------------------------------------------------
// 2. /recipes: navigation to the first recipe card, beside a bare page

interface FirstCard {
  /** When the first recipe card was painted, in ms from the start of the navigation. */
  card: number;
  /** First contentful paint, from the same start. */
  fcp?: number;
  /** When the page asked for the list (its request's startTime), from the same start. */
  listAsked?: number;
  /** When the list's answer had arrived (its responseEnd), from the same start. */
  list?: number;
  /** The list answer's body over the wire (gzipped), in bytes. */
  listBytes?: number;
}

declare global {
  interface Window {
    __kimFirstCard?: Promise<number>;
  }
}

/**
 * Runs in the page before its own scripts: __kimFirstCard resolves with the time the first `selector` element was
 * painted (a MutationObserver sees the commit; requestAnimationFrame runs just before that frame paints and posts a
 * message, which runs as the first task after the paint), in the page's clock, whose zero is the navigation's start.
 */
function watchFirstCard(selector: string): void {
  window.__kimFirstCard = new Promise((resolve) => {
    let seen = false;
    const observer = new MutationObserver(() => {
      if (seen || !document.querySelector(selector)) return;
      seen = true;
      observer.disconnect();
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve(performance.now());
        channel.port2.postMessage(null);
      });
    });
    observer.observe(document, { childList: true, subtree: true });
  });
}

/**
 * The baseline: the least a page can do for the same first card. Plain HTML (answered by the bench itself, through
 * Playwright's route) that fetches /api/recipes from Kim, parses it and draws the first 12 recipes as plain
 * elements: no framework, no bundle, no session check.
 */
const BARE_PAGE_PATH = "/__bench/bare-recipes";
const BARE_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Recipes</title></head><body><main></main><script>
fetch("/api/recipes").then((r) => r.json()).then((recipes) => {
  const main = document.querySelector("main");
  for (const recipe of recipes.slice(0, 12)) {
    const card = document.createElement("article");
    card.setAttribute("data-recipe-card", "");
    const title = document.createElement("h2");
    title.textContent = recipe.title;
    const description = document.createElement("p");
    description.textContent = recipe.description ?? "";
    card.append(title, description);
    main.append(card);
  }
});
</script></body></html>`;

/** One cold load (a new context: empty cache) of /recipes or the bare page, with the CPU slowed `cpu`×. */
async function firstCardRun(browser: Browser, url: string, session: string, bare: boolean, cpu: number): Promise<FirstCard> {
  const context = await signedInContext(browser, url, session);
  try {
    await context.addInitScript(watchFirstCard, RECIPE_CARD);
    const target = `${url}${bare ? BARE_PAGE_PATH : "/recipes"}`;
    if (bare) await context.route(target, (route) => route.fulfill({ contentType: "text/html", body: BARE_PAGE }), { times: 1 });
    const page = await context.newPage();
    if (cpu !== 1) await (await context.newCDPSession(page)).send("Emulation.setCPUThrottlingRate", { rate: cpu });
    await page.goto(target, { waitUntil: "commit" });
    const card = await page.evaluate(() =>
      Promise.race([
        window.__kimFirstCard!,
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error(`no recipe card within 30 s on ${location.pathname}`)), 30_000),
        ),
      ]),
    );
    // The paint entry is queued after the paint the card was in: wait for it a moment.
    await page
      .waitForFunction(() => performance.getEntriesByName("first-contentful-paint").length, null, { timeout: 2000 })
      .catch(() => {});
    const figures = await page.evaluate(() => {
      const list = performance.getEntriesByType("resource").find((entry) => /recipes\.list|\/api\/recipes/.test(entry.name)) as
        PerformanceResourceTiming | undefined;
      return {
        fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
        listAsked: list?.startTime,
        list: list?.responseEnd,
        listBytes: list?.encodedBodySize,
      };
    });
    return { card, ...figures };
  } finally {
    await context.close();
  }
}

async function recipesFirstCard(browser: Browser, url: string, session: string): Promise<void> {
  const variants = [1, 4].flatMap((cpu) => [
    { cpu, bare: false, name: `Kim /recipes, CPU ${cpu}×` },
    { cpu, bare: true, name: `bare page, CPU ${cpu}×` },
  ]);
  // One unmeasured load of each: the server's list cache and its gzip are then warm, as for any user's second visit.
  for (const bare of [false, true]) await firstCardRun(browser, url, session, bare, 1);
  const runs: FirstCard[][] = variants.map(() => []);
  // Interleaved, so a noisy moment on the machine does not land on one variant's runs only.
  for (let run = 0; run < RUNS; run++)
    for (const [i, v] of variants.entries()) runs[i]!.push(await firstCardRun(browser, url, session, v.bare, v.cpu));

  const optional = (values: (number | undefined)[]) => {
    const known = values.filter((v): v is number => v !== undefined);
    return known.length ? ms(median(known)) : "n/a";
  };
  console.log(
    `/recipes with ${RECIPES.toLocaleString("en-US")} recipes, navigation to the first recipe card painted ` +
      `(Chromium 1280×800, cold page load in a new context; median of ${RUNS}, target < ${FIRST_CARD_TARGET_MS} ms at CPU 1×):`,
  );
  console.log(
    `  ${"".padEnd(26)} ${"list asked".padStart(10)} ${"list in".padStart(8)} ${"FCP".padStart(8)} ${"card".padStart(8)}  runs (card)`,
  );
  for (const [i, v] of variants.entries()) {
    const r = runs[i]!;
    const card = median(r.map((f) => f.card));
    const verdict = v.cpu === 1 && !v.bare ? (card < FIRST_CARD_TARGET_MS ? "  within target" : "  OVER target") : "";
    console.log(
      `  ${v.name.padEnd(26)} ${optional(r.map((f) => f.listAsked)).padStart(10)} ${optional(r.map((f) => f.list)).padStart(8)} ` +
        `${optional(r.map((f) => f.fcp)).padStart(8)} ` +
        `${ms(card).padStart(8)}  ${r.map((f) => Math.round(f.card)).join(", ")}${verdict}`,
    );
  }
  const bytes = (bare: boolean) => `${((runs[variants.findIndex((v) => v.bare === bare)]![0]!.listBytes ?? 0) / 1024).toFixed(0)} KB`;
  console.log(
    `  bare page: plain HTML from the bench, fetch("/api/recipes"), first 12 recipes as plain elements. ` +
      `List answer over the wire: ${bytes(false)} (tRPC) and ${bytes(true)} (REST), gzipped.`,
  );
}

// ---------------------------------------------------------------------------------------------------------------------
// 3. Lighthouse mobile performance

async function lighthouseScores(browser: Browser, port: number, url: string, session: string): Promise<void> {
  const pages = [
    { name: "landing (/ signed out)", url: `${url}/`, session: undefined },
    { name: "dashboard (/ signed in)", url: `${url}/`, session },
    { name: `/inventory (${INGREDIENTS.toLocaleString("en-US")} items)`, url: `${url}/inventory`, session },
  ];
  const runs: LhFigures[][] = pages.map(() => []);
  // Interleaved, so a noisy moment on the machine does not land on one page's runs only.
  const failures: string[][] = pages.map(() => []);
  for (let round = 0; round < LH_RUNS; round++)
    for (const [i, p] of pages.entries()) {
      // A run can fail on a busy machine (NO_FCP and the like): one retry, then the page reports the failure.
      for (let attempt = 0; attempt < 2; attempt++) {
        try {
          runs[i]!.push(await lighthouseRun(browser, port, p.url, p.session));
          break;
        } catch (error) {
          failures[i]!.push(error instanceof Error ? error.message : String(error));
        }
      }
    }

  console.log(
    `Lighthouse ${LIGHTHOUSE_VERSION} mobile performance (default config), median of ${LH_RUNS} runs each (target ${LH_TARGET}):`,
  );
  console.log(
    `  ${"page".padEnd(26)} ${"score".padStart(5)} ${"FCP".padStart(8)} ${"LCP".padStart(8)} ${"TBT".padStart(8)} ${"CLS".padStart(6)}  scores`,
  );
  for (const [i, p] of pages.entries()) {
    const r = runs[i]!;
    const failed = failures[i]!.length ? `  (${failures[i]!.length} failed run(s): ${failures[i]!.at(-1)})` : "";
    if (!r.length) {
      console.log(`  ${p.name.padEnd(26)} no successful run${failed}`);
      continue;
    }
    const m = (key: keyof LhFigures) => median(r.map((f) => f[key]));
    const score = m("score");
    console.log(
      `  ${p.name.padEnd(26)} ${String(score).padStart(5)} ${seconds(m("fcp")).padStart(8)} ${seconds(m("lcp")).padStart(8)} ` +
        `${ms(m("tbt")).padStart(8)} ${m("cls").toFixed(3).padStart(6)}  ${r.map((f) => f.score).join("/")}` +
        `${score >= LH_TARGET ? "" : "  (below target)"}${failed}`,
    );
  }
}

// ---------------------------------------------------------------------------------------------------------------------
// Main: always stop the browser and the server, whatever happens.

let server: RunningServer | undefined;
let browser: Browser | undefined;
let dataDir: string | undefined;
let cleaning: Promise<void> | undefined;

function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    await browser?.close().catch(() => {});
    if (server) {
      const child = server.process;
      await Promise.race([server.stop(), sleep(10_000).then(() => child.exitCode === null && child.kill("SIGKILL"))]);
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  })();
  return cleaning;
}

// Last resort if the process ends without the finally below (an uncaught error): the server must not outlive us.
// (Playwright kills its browsers on exit by itself.)
process.on("exit", () => {
  if (server && server.process.exitCode === null) server.process.kill("SIGKILL");
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});
// A closed stdout (`pnpm bench | head`) must not end the run before the cleanup.
process.stdout.on("error", () => {});
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const)
  process.once(signal, () => {
    console.error(`\nbench/browser.ts: ${signal}, stopping the browser and the server`);
    void cleanup().finally(() => process.exit(130));
  });
const watchdog = setTimeout(() => {
  console.error(`bench/browser.ts: gave up after ${WATCHDOG_MS / 60_000} minutes`);
  void cleanup().finally(() => process.exit(1));
}, WATCHDOG_MS);

try {
  checkBuild();
  const launchOptions = chromiumLaunchOptions(BENCH_CHROMIUM_ARGS);
  const started = Date.now();
  dataDir = mkdtempSync(path.join(tmpdir(), "kim-bench-browser-"));
  try {
    server = await startServer({ DATA_DIR: dataDir, WEB_DIST_DIR: snapshotWebBuild(dataDir) });
  } catch (error) {
    for (const pid of ownServerChildren()) process.kill(pid, "SIGKILL");
    throw new Error(`the built server did not start: ${(error as Error).message}`, { cause: error });
  }
  const serverUp = Date.now();
  console.log(
    `Browser figures at ${git("log", "-1", "--format=%h %<(72,trunc)%s").trimEnd()}${git("status", "--porcelain").length ? " (working tree has uncommitted changes)" : ""}`,
  );
  const sessions = await seed(server.url);
  const seeded = Date.now();
  browser = await chromium.launch(launchOptions);
  console.log(
    `Chromium ${browser.version()}; server started in ${seconds(serverUp - started)}, ${INGREDIENTS.toLocaleString("en-US")} ingredients and ` +
      `${RECIPES.toLocaleString("en-US")} recipes (another user's) seeded through POST /api/ingredients and /api/recipes in ${seconds(seeded - serverUp)}`,
  );
  const only = process.env.BENCH_BROWSER_ONLY;
  const measures = (part: "inventory" | "recipes" | "lighthouse") => !only || only === part;
  if (measures("inventory")) await inventoryInteraction(browser, server.url, sessions.inventory);
  const interacted = Date.now();
  if (measures("recipes")) await recipesFirstCard(browser, server.url, sessions.recipes);
  await browser.close();
  const recipesDone = Date.now();

  if (measures("lighthouse")) {
    // Lighthouse gets a browser of its own (it opens its tab through the debugging port).
    const debuggingPort = await freePort();
    browser = await chromium.launch(chromiumLaunchOptions([...BENCH_CHROMIUM_ARGS, `--remote-debugging-port=${debuggingPort}`]));
    await lighthouseScores(browser, debuggingPort, server.url, sessions.inventory);
  }
  console.log(
    `browser bench took ${seconds(Date.now() - started)} (server and seeding ${seconds(seeded - started)}, /inventory ${seconds(interacted - seeded)}, ` +
      `/recipes ${seconds(recipesDone - interacted)}, Lighthouse ${seconds(Date.now() - recipesDone)})`,
  );
} catch (error) {
  console.error(
    `bench/browser.ts failed: ${error instanceof Error ? error.message : String(error)}${dataDir ? serverOutputTail(dataDir) : ""}`,
  );
  process.exitCode = 1;
} finally {
  clearTimeout(watchdog);
  const stopping = Date.now();
  await cleanup();
  if (process.env.BENCH_DEBUG) console.error(`cleanup took ${seconds(Date.now() - stopping)}`);
  // Lighthouse's and fetch's idle connections would hold the process for several more seconds.
  process.exit();
}
