import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { localDate } from "../packages/domain/src/index";
import { ROUTE_LISTS, routeBatch } from "../apps/web/src/lib/list-routes";
import { artifacts, baseURL, nextFrames, openPage, useBrowser } from "./browser";
import { addIngredients, createUser, setSessionCookie, type FixtureUser, type IngredientRow } from "./fixtures";

useBrowser();

const COUNT = 1000;
const CATEGORIES = ["Dairy", "Produce", "Meat", "Pantry", "Spices", "Other"];

function daysFromToday(offset: number): string {
  const date = new Date();
  date.setDate(date.getDate() + offset);
  return localDate(date);
}

/** Names sort in insertion order (the list is ordered by name or date, never at random), numbered so each is unique. */
const nameOf = (n: number) => `Pantry item ${String(n).padStart(4, "0")}`;

// Every third item has a date from 3 days ago to 16 days ahead; quantities cycle 0..6, so 0, 1 and 2 are low stock.
const rows: IngredientRow[] = Array.from({ length: COUNT }, (_, n) => ({
  name: nameOf(n),
  quantity: n % 7,
  unit: "units",
  category: CATEGORIES[n % CATEGORIES.length],
  expirationDate: n % 3 === 0 ? daysFromToday((n % 20) - 3) : null,
  notes: n % 4 === 0 ? "Second shelf, behind the flour" : null,
}));
const expected = {
  total: COUNT,
  // Dated within the week ahead, and not used up (quantity 0 is nothing left to expire).
  expiringSoon: rows.filter((_, n) => n % 3 === 0 && (n % 20) - 3 >= 0 && (n % 20) - 3 <= 7 && n % 7 !== 0).length,
  lowStock: rows.filter((r) => (r.quantity ?? 0) <= 2).length,
};

let cook: FixtureUser;

beforeAll(async () => {
  cook = await createUser({ firstName: "Mara" });
  await addIngredients(cook.userId, rows);
});

async function signedInPage(width = 1280): Promise<Page> {
  const page = await openPage({ width });
  await setSessionCookie(page.context(), cook.token);
  return page;
}

const cards = (page: Page) => page.getByTestId("ingredient-card");

/** What the window shows (a full-page shot of a 50,000 px list would only show the estimate of its height). */
async function keepWindowShot(page: Page, name: string): Promise<void> {
  mkdirSync(path.join(artifacts, "screens"), { recursive: true });
  await page.screenshot({ path: path.join(artifacts, "screens", `${name}.png`) });
}

describe("a kitchen with 1,000 ingredients", () => {
  it("renders only the cards near the window, and scrolling reaches the last one", async () => {
    const page = await signedInPage();
    await page.goto("/inventory");
    await cards(page).first().waitFor();
    const rendered = await cards(page).count();
    expect(rendered).toBeGreaterThan(0);
    expect(rendered).toBeLessThan(60);
    expect(await page.evaluate(() => document.getElementsByTagName("*").length)).toBeLessThan(2000);
    // Still a list of all 1,000 to assistive technology.
    const list = page.getByRole("list", { name: "Ingredients" });
    expect(await list.getByRole("listitem").first().getAttribute("aria-setsize")).toBe(String(COUNT));
    await keepWindowShot(page, "inventory-1000-1280");

    // Rows are measured as they appear, so the page may grow while scrolling: scroll until the bottom holds still.
    for (let i = 0, still = 0; i < 100 && still < 3; i++) {
      const atBottom = await page.evaluate(() => {
        // Instant: the page's CSS asks for smooth scrolling.
        window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" });
        return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
      });
      still = atBottom ? still + 1 : 0;
      await nextFrames(page);
    }
    const lastItem = list.locator(`[role="listitem"][aria-posinset="${COUNT}"]`);
    await lastItem.waitFor();
    expect(await lastItem.isVisible()).toBe(true);
    // Whatever order the list comes in, the card at position 1,000 is one of the cook's ingredients.
    const lastName = await lastItem.getByRole("heading").innerText();
    expect(rows.map((r) => r.name)).toContain(lastName);
    expect(await cards(page).count()).toBeLessThan(60);
    await keepWindowShot(page, "inventory-1000-1280-bottom");
  });

  it("finds an ingredient deep in the list by name", async () => {
    const page = await signedInPage();
    await page.goto("/inventory");
    await cards(page).first().waitFor();
    const deep = nameOf(987);
    expect(await page.getByRole("heading", { name: deep, exact: true }).count()).toBe(0);
    await page.getByLabel("Search ingredients").fill("item 0987");
    await page.getByRole("heading", { name: deep, exact: true }).waitFor();
    expect(await cards(page).count()).toBe(1);
    // Clearing the search brings back the windowed list, not 1,000 cards.
    await page.getByLabel("Search ingredients").fill("");
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="ingredient-card"]').length > 1);
    expect(await cards(page).count()).toBeLessThan(60);
  });

  it("keeps the grid inside a 375px screen", async () => {
    const page = await signedInPage(375);
    await page.goto("/inventory");
    await cards(page).first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await cards(page).count()).toBeLessThan(30);
    await keepWindowShot(page, "inventory-1000-375");
  });

  it("counts the inventory on the dashboard without downloading the whole list", async () => {
    const page = await signedInPage();
    const calls: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith("/trpc/") || url.pathname.startsWith("/api/")) calls.push(url.pathname);
    });
    await page.goto("/");
    await page.getByRole("heading", { name: "Welcome back, Mara!" }).waitFor();
    await page.getByTestId("stat-value").nth(3).waitFor();
    const stat = (title: string) => page.getByTestId("stat-card").filter({ hasText: title }).getByTestId("stat-value").innerText();
    expect(await stat("Total Ingredients")).toBe(String(expected.total));
    expect(await stat("Expiring Soon")).toBe(String(expected.expiringSoon));
    expect(await stat("Low Stock")).toBe(String(expected.lowStock));
    expect(await page.getByTestId("expiring-item").count()).toBe(5);
    await page.waitForLoadState("networkidle");

    const procedures = calls.flatMap((path) => (path.startsWith("/trpc/") ? path.slice("/trpc/".length).split(",") : [path]));
    expect(procedures).toContain("inventory.summary");
    expect(procedures).not.toContain("inventory.list");
    expect(procedures).not.toContain("/api/ingredients");
  });

  it("loads /inventory's shell ahead of its page and list, and compiles its start-up code as it streams in", async () => {
    const page = await signedInPage();
    const scripts = new Map<string, Promise<string>>();
    page.on("response", (response) => {
      const script = new URL(response.url()).pathname;
      // The built chunks (theme-init.js, a few lines run before paint, is written by hand).
      if (!script.startsWith("/assets/") || response.request().resourceType() !== "script") return;
      const body = response.text();
      // Bodies the test never reads (chunks that arrive as the page closes) must not fail the run; the ones it awaits
      // still throw there.
      body.catch(() => {});
      scripts.set(script, body);
    });
    const listReads: string[] = [];
    page.on("request", (request) => void (request.url().includes("inventory.list") && listReads.push(request.url())));
    await page.goto("/inventory");
    await cards(page).first().waitFor();
    await page.waitForLoadState("networkidle");
    // Read once, in the batch the page preloaded (the loader's, list and household); the live stream, starting from
    // the versions the list was read at, reads nothing again.
    expect(listReads.map((url) => new URL(url).pathname)).toEqual(["/trpc/inventory.list,households.get"]);

    // The page as served: the shell's files (the entry's imports, the session check) at their default priority, the
    // page's own code and its list after them, at low priority.
    const html = await (await fetch(`${baseURL()}/inventory`, { headers: { cookie: `kim_session=${cook.token}` } })).text();
    const links = [...html.matchAll(/<link rel="(?:modulepreload|preload)"[^>]*>/g)].map(([tag]) => tag);
    const low = (tag: string) => tag.includes('fetchpriority="low"');
    const href = (tag: string) => /href="([^"]+)"/.exec(tag)?.[1] ?? "";
    expect(links.filter((tag) => href(tag).includes("inventory.list")).map(low)).toEqual([true]);
    expect(links.filter((tag) => href(tag).includes("auth.user")).map(low)).toEqual([false]);
    expect(links.filter((tag) => /\/assets\/(react|shell)-/.test(href(tag))).map(low)).toEqual([false, false]);
    expect(links.filter((tag) => /\/assets\/inventory-/.test(href(tag))).map(low)).toEqual([true]);
    // Nothing of the dialog, select and tooltip libraries: the filter is a native select and the dialogs load when
    // first wanted (the shell fetches its own parts, the phone's sidebar panel and the tooltips, at idle).
    expect(links.map(href).filter((file) => /\/assets\/(widgets|sidebar-sheet|sidebar-tooltips|toaster)-/.test(file))).toEqual([]);

    // Every chunk the page ran to draw carries V8's compile hint; a dialog's code, loaded when first wanted, does not.
    const HINT = "//# allFunctionsCalledOnLoad";
    expect(scripts.size).toBeGreaterThan(3);
    for (const [script, body] of scripts) expect(`${script}: ${(await body).split("\n", 1)[0]}`).toBe(`${script}: ${HINT}`);
    scripts.clear();
    await page.getByRole("button", { name: "Add Ingredient" }).hover();
    const formDialog = () => [...scripts].filter(([script]) => script.includes("ingredient-form-dialog"));
    await expect.poll(() => formDialog().length).toBe(1);
    // Read by its name: other chunks may arrive meanwhile (the shell's own, fetched at idle).
    const [[, dialogScript]] = formDialog() as [[string, Promise<string>]];
    expect((await dialogScript).startsWith(HINT)).toBe(false);
  });

  it.each(Object.keys(ROUTE_LISTS) as (keyof typeof ROUTE_LISTS)[])(
    "/%s reads its list once, in the batch its page preloads",
    async (route) => {
      const page = await signedInPage();
      const reads: string[] = [];
      page.on("request", (request) => void (request.url().includes(ROUTE_LISTS[route]) && reads.push(new URL(request.url()).pathname)));
      await page.goto(`/${route}`);
      await page.waitForLoadState("networkidle");
      expect(reads).toEqual([`/trpc/${routeBatch(route)}`]);
      const html = await (await fetch(`${baseURL()}/${route}`, { headers: { cookie: `kim_session=${cook.token}` } })).text();
      expect(html).toContain(`href="/trpc/${routeBatch(route)}?batch=1&amp;input=%7B%7D"`);
    },
  );
});
