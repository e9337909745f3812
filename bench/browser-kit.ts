/**
 * What the browser benches share (bench/browser.ts, bench/lighthouse-ab.ts): seeding a cook's kitchen through the public
 * API, and one Lighthouse run signed in or out.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import lighthouse from "lighthouse";
import type { Browser } from "playwright-core";
import { CATEGORIES, localDate, UNITS } from "../packages/domain/src/index";

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Every MATCH_EVERY-th ingredient is saffron; no other name contains "saffron". */
export const MATCH_EVERY = 200;

const FOODS =
  "Milk,Cheddar,Butter,Yogurt,Spinach,Carrots,Onions,Garlic,Tomatoes,Potatoes,Apples,Lemons,Chicken Thighs,Ground Beef,Pork Chops,Salmon,Shrimp,Cod,Rice,Pasta,Flour,Sugar,Oats,Lentils,Black Beans,Cumin,Paprika,Oregano,Cinnamon,Peas,Sweetcorn,Berries,Orange Juice,Coffee Beans,Green Tea,Olive Oil,Honey,Soy Sauce,Mustard,Eggs".split(
    ",",
  );
const KINDS = "Organic,Fresh,Smoked,Dried,Frozen,Whole,Sliced,Wild,Local,Spicy,Sweet,Plain".split(",");

/** The bench's ingredient number `i`: varied names, units, categories and dates; every MATCH_EVERY-th is saffron. */
export function ingredient(i: number) {
  const date = new Date();
  date.setDate(date.getDate() + ((i * 7) % 120) - 20);
  const saffron = i % MATCH_EVERY === 7;
  return {
    name: saffron ? `Saffron Threads ${i}` : `${KINDS[i % KINDS.length]} ${FOODS[(i * 7) % FOODS.length]} ${i}`,
    quantity: (i % 9) + 0.5,
    unit: UNITS[i % UNITS.length]!,
    category: saffron ? "Spices" : CATEGORIES[i % CATEGORIES.length]!,
    expirationDate: i % 5 === 0 ? null : localDate(date),
    notes: i % 3 === 0 ? `Shelf ${i % 4}, bought in batch ${Math.floor(i / 50)}` : null,
  };
}

/** Signs a new user up; answers their session token. */
export async function signUp(url: string, email: string): Promise<string> {
  const signup = await fetch(`${url}/api/signup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: "bench the browser", firstName: "Bea", lastName: "Bench" }),
  });
  if (signup.status !== 201) throw new Error(`POST /api/signup answered ${signup.status}: ${await signup.text()}`);
  const session = signup.headers
    .getSetCookie()
    .map((c) => /^kim_session=([^;]+)/.exec(c)?.[1])
    .find(Boolean);
  if (!session) throw new Error("POST /api/signup set no kim_session cookie");
  return session;
}

/** POSTs `count` bodies to `path` as the user, BATCH at a time. */
export async function postAll(url: string, session: string, path: string, count: number, body: (i: number) => unknown): Promise<void> {
  const BATCH = 50;
  for (let start = 0; start < count; start += BATCH) {
    await Promise.all(
      Array.from({ length: Math.min(BATCH, count - start) }, async (_, k) => {
        const response = await fetch(`${url}${path}`, {
          method: "POST",
          headers: { "content-type": "application/json", cookie: `kim_session=${session}` },
          body: JSON.stringify(body(start + k)),
        });
        if (response.status !== 201) throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
      }),
    );
  }
}

// Lighthouse

export interface LhFigures {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Speed index. */
  si: number;
}

/** One Lighthouse run on the browser at `port`, signed in as `session` (through the default context's cookie jar) or out. */
export async function lighthouseRun(browser: Browser, port: number, url: string, session: string | undefined): Promise<LhFigures> {
  const cdp = await browser.newBrowserCDPSession();
  try {
    await cdp.send("Storage.clearCookies", {});
    if (session)
      await cdp.send("Storage.setCookies", { cookies: [{ name: "kim_session", value: session, url, httpOnly: true, sameSite: "Lax" }] });
  } finally {
    await cdp.detach();
  }
  const result = await lighthouse(url, { port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
  if (!result) throw new Error(`Lighthouse answered nothing for ${url}`);
  const { lhr } = result;
  const reports = process.env.BENCH_LH_REPORTS;
  if (reports) {
    mkdirSync(reports, { recursive: true });
    const name = `${session ? "in" : "out"}${new URL(url).pathname.replaceAll("/", "-")}-${Date.now()}.json`;
    writeFileSync(path.join(reports, name), JSON.stringify(lhr));
  }
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  // The page must have been what we meant: the signed-in app (it asks /trpc for the user) or the signed-out landing page.
  const requests = (lhr.audits["network-requests"]?.details as { items?: { url?: string }[] } | undefined)?.items ?? [];
  const askedApi = requests.some((r) => r.url?.includes("/trpc/"));
  const finalPath = new URL(lhr.finalDisplayedUrl).pathname;
  if (askedApi !== !!session || finalPath !== new URL(url).pathname)
    throw new Error(
      `Lighthouse measured ${finalPath} ${askedApi ? "signed in" : "signed out"}, not ${url} ${session ? "signed in" : "signed out"}`,
    );
  const audit = (id: string) => {
    const value = lhr.audits[id]?.numericValue;
    if (value === undefined) throw new Error(`Lighthouse gave no ${id} for ${url}`);
    return value;
  };
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcp: audit("first-contentful-paint"),
    lcp: audit("largest-contentful-paint"),
    tbt: audit("total-blocking-time"),
    cls: audit("cumulative-layout-shift"),
    si: audit("speed-index"),
  };
}

// Slow 3G

/**
 * WebPageTest's "3G Slow" (the shell e2e uses the same figures): 400 ms round trips, 400 kbit/s (50 KB/s) each way,
 * with the CPU slowed 4x (SLOW_3G_CPU) as Lighthouse does for a phone. Chrome DevTools' own "Slow 3G" adds 2 s to every round trip, so
 * no page could draw anything in 2 s there.
 */
export const SLOW_3G = { latency: 400, downloadThroughput: 50_000, uploadThroughput: 50_000 };
const SLOW_3G_CPU = 4;

export interface SlowPaint {
  /** When something was first visible: the loading bar (shown a second after the page can first paint) or the app's first contentful paint, whichever came first, in ms from the navigation's start. */
  drew: number;
  /** The first contentful paint (text or an image of the app itself). */
  fcp: number;
}

declare global {
  interface Window {
    __kimBootShown?: number;
  }
}

/**
 * Runs in the page before its scripts: notes when the loading bar of index.html / landing.html becomes visible (its
 * show animation's start plus its delay), if React has not replaced it by then.
 */
function watchBootBar(): void {
  const note = () => {
    const bar = document.querySelector(".kim-boot");
    const show = bar?.getAnimations().find((a) => a instanceof CSSAnimation && a.animationName === "kim-boot-show");
    if (!bar || !show) return void requestAnimationFrame(note);
    void show.finished.then(() => {
      if (bar.isConnected) window.__kimBootShown = performance.now();
    });
  };
  note();
}

/** One cold load of `url` over SLOW_3G in a fresh context (empty cache), signed in as `session` or out. */
export async function slowFirstPaint(browser: Browser, url: string, session: string | undefined): Promise<SlowPaint> {
  const context = await browser.newContext({ viewport: { width: 375, height: 667 } });
  try {
    if (session) await context.addCookies([{ name: "kim_session", value: session, url }]);
    // tsx (esbuild keepNames) wraps named functions in __name(...), which the page lacks: give it one.
    await context.addInitScript({ content: "globalThis.__name ??= (f) => f;" });
    await context.addInitScript(watchBootBar);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", { offline: false, ...SLOW_3G });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: SLOW_3G_CPU });
    await page.goto(url, { waitUntil: "commit", timeout: 60_000 });
    const fcp = await page.waitForFunction(() => performance.getEntriesByName("first-contentful-paint")[0]?.startTime, null, {
      timeout: 60_000,
      polling: 100,
    });
    const first = (await fcp.jsonValue()) as number;
    const shown = await page.evaluate(() => window.__kimBootShown);
    return { fcp: first, drew: Math.min(first, shown ?? Infinity) };
  } finally {
    await context.close();
  }
}
