import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type Locator, type Page, type Request, type Route } from "playwright-core";
import { afterAll, afterEach, beforeAll, inject, onTestFailed, vi } from "vitest";
import { chromiumLaunchOptions } from "./chromium";

export const artifacts = path.resolve(import.meta.dirname, "artifacts");

export const baseURL = () => inject("baseURL");

/** The newest link the console mail transport printed for `email`, waited for (up to 10 s) as the server writes it. */
export function mailedLink(email: string): Promise<string> {
  return vi.waitFor(
    () => {
      const output = readFileSync(inject("serverOutputFile"), "utf8");
      const link = output
        .split(`--- mail to ${email} ---`)
        .slice(1)
        .at(-1)
        ?.match(/https?:\/\/\S+/)?.[0];
      if (!link) throw new Error(`no mail with a link reached ${email}`);
      return link;
    },
    { timeout: 10_000, interval: 100 },
  );
}

let browser: Browser;
const contexts: BrowserContext[] = [];

/** One Chromium per test file; each test opens pages in fresh contexts (no shared cookies or storage). */
export function useBrowser(): void {
  beforeAll(async () => {
    browser = await chromium.launch(chromiumLaunchOptions());
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
  });
  afterAll(async () => {
    await browser?.close();
  });
}

export async function openPage(
  options: { width?: number; height?: number; colorScheme?: "light" | "dark"; locale?: string; serviceWorkers?: "allow" | "block" } = {},
): Promise<Page> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    serviceWorkers: options.serviceWorkers ?? "allow",
    locale: options.locale ?? "en-US",
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    colorScheme: options.colorScheme ?? "light",
  });
  contexts.push(context);
  const page = await context.newPage();
  onTestFailed(async ({ task }) => {
    mkdirSync(path.join(artifacts, "failures"), { recursive: true });
    const name = task.name.replace(/[^a-z0-9]+/gi, "-").toLowerCase();
    await page.screenshot({ path: path.join(artifacts, "failures", `${name}.png`), fullPage: true }).catch(() => {});
  });
  return page;
}

/** Waits for the page to lay out and paint twice, as after a resize or a scroll, instead of a fixed pause. */
export async function nextFrames(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/**
 * Holds back the page's requests to the addresses `matches` takes, as a slow line would, until `release` lets them all
 * through; later ones go straight on. `started` resolves once the first is held; `release` answers once each has
 * finished or failed (one the page called off meanwhile is aborted) and the page has drawn what followed.
 */
export async function holdRequests(page: Page, matches: (url: URL) => boolean) {
  const held: (() => Promise<void>)[] = [];
  const settled: Promise<void>[] = [];
  let firstHeld!: () => void;
  const started = new Promise<void>((resolve) => (firstHeld = resolve));
  const hold = (route: Route) => {
    settled.push(settledRequest(page, route.request()));
    firstHeld();
    return new Promise<void>((resolve) =>
      held.push(() =>
        route
          .continue()
          .catch(() => undefined)
          .then(resolve),
      ),
    );
  };
  await page.route(matches, hold);
  return {
    started,
    async release() {
      await page.unroute(matches, hold);
      await Promise.all(held.splice(0).map((go) => go()));
      await Promise.all(settled);
      await nextFrames(page);
    },
  };
}

/** Resolves once `request` has finished or failed. */
function settledRequest(page: Page, request: Request): Promise<void> {
  return new Promise((resolve) => {
    const settled = (other: Request) => {
      if (other !== request) return;
      page.off("requestfinished", settled).off("requestfailed", settled);
      resolve();
    };
    page.on("requestfinished", settled).on("requestfailed", settled);
  });
}

/** Keeps a screenshot of a screen for people to look at (e2e/artifacts/screens). */
export async function keepScreenshot(page: Page, name: string): Promise<void> {
  mkdirSync(path.join(artifacts, "screens"), { recursive: true });
  await page.screenshot({ path: path.join(artifacts, "screens", `${name}.png`), fullPage: true });
}

/** Screenshots of the whole page at 1280 and 375 px wide, back at 1280 after. */
export async function keepBothWidths(page: Page, name: string): Promise<void> {
  await keepScreenshot(page, `${name}-1280`);
  await page.setViewportSize({ width: 375, height: 800 });
  await nextFrames(page);
  await keepScreenshot(page, `${name}-375`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** An address no other test uses. */
export const uniqueEmail = (name: string) => `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/**
 * Waits (30 s at most) for a toast whose text includes `title`. Polled from the test: a toast shown for the last
 * 500 ms before the page leaves (the sign-out toast) was missed by `waitFor`'s polling inside the page, while
 * `isVisible` saw it the whole time.
 */
export async function toast(page: Page, title: string): Promise<void> {
  const shown = page.locator('[data-slot="toast"]').filter({ hasText: title }).first();
  const deadline = Date.now() + 30_000;
  while (!(await shown.isVisible().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`no toast "${title}" within 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** How light an element's colour property is drawn, 0 (black) to 255 (white), whatever colour syntax the CSS uses. */
export const lightness = (element: Locator, property: "backgroundColor" | "color") =>
  element.evaluate((node, name) => {
    const context = document.createElement("canvas").getContext("2d", { willReadFrequently: true });
    if (!context) throw new Error("no 2D canvas");
    context.fillStyle = getComputedStyle(node)[name];
    context.fillRect(0, 0, 1, 1);
    const [red = 0, green = 0, blue = 0] = context.getImageData(0, 0, 1, 1).data;
    return (red + green + blue) / 3;
  }, property);
