import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { baseURL, keepScreenshot, openPage, useBrowser } from "./browser";
import { addRecipes, createUser, setSessionCookie } from "./fixtures";
import { startTestServer } from "./server";

useBrowser();

interface Item {
  name: string;
  quantity: number;
  unit: string;
  checked: boolean;
}
interface List {
  id: string;
  items: Item[];
  version: number;
}

const item = (name: string): Item => ({ name, quantity: 1, unit: "units", checked: false });

/** The API as another device of the same cook sees it (never offline: it is not the browser). */
function api(token: string) {
  const call = async <T>(method: string, path: string, body?: object): Promise<T> => {
    const response = await fetch(`${baseURL()}${path}`, {
      method,
      headers: { cookie: `kim_session=${token}`, "content-type": "application/json" },
      body: body && JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return JSON.parse(text) as T;
  };
  return {
    list: async () => (await call<List[]>("GET", "/api/shopping-lists"))[0]!,
    create: (name: string) => call<List>("POST", "/api/shopping-lists", { name }),
    save: (list: List, items: Item[]) => call<List>("PATCH", `/api/shopping-lists/${list.id}`, { items, version: list.version }),
  };
}

/** A cook signed in on a fresh browser (375 px wide, a phone), with their session token for the API. */
async function cookOnPhone(token?: string) {
  const created = token ? null : await createUser({ firstName: "Shopper" });
  const session = token ?? created!.token;
  const page = await openPage({ width: 375, height: 740 });
  await setSessionCookie(page.context(), session);
  return { page, context: page.context(), token: session };
}

/**
 * Waits until the service worker controls the page (activated) and the page has kept the answers of `procedures` for offline use
 * (lib/offline/kept-answers.ts writes them a second after they change).
 */
async function readyOffline(page: Page, procedures: string[]) {
  const ready = () =>
    page.evaluate(async (names) => {
      if (navigator.serviceWorker.controller?.state !== "activated") return false;
      const keys = await (await caches.open("kim-data")).keys();
      return names.every((name) => keys.some((request) => new URL(request.url).pathname === `/kim-answer/${name}`));
    }, procedures);
  await expect.poll(ready, { timeout: 20_000 }).toBe(true);
}

/** The rows as "Name, amount" with " [x]" when checked, sorted. */
const rowNames = async (page: Page) => {
  const boxes = page.getByTestId("shopping-item").getByRole("checkbox");
  const names: string[] = [];
  for (const box of await boxes.all()) names.push(`${await box.getAttribute("aria-label")}${(await box.isChecked()) ? " [x]" : ""}`);
  return names.sort();
};
const status = (page: Page) => page.getByTestId("offline-status");

async function addOnScreen(page: Page, name: string) {
  await page.getByRole("button", { name: "Add Item" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Item" });
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByRole("button", { name: "Add Item" }).click();
  await dialog.waitFor({ state: "detached" });
}

/** The first timer's time left ("06:59") in seconds. */
const secondsLeft = async (page: Page) => {
  const [minutes = 0, seconds = 0] = (await page.getByTestId("timer-time").first().innerText()).split(":").map(Number);
  return minutes * 60 + seconds;
};

const goOffline = (context: BrowserContext) => context.setOffline(true);
/**
 * A reload by the page itself: offline, Playwright's own page.reload reports the emulated disconnection
 * (ERR_INTERNET_DISCONNECTED) even when the service worker answers and the page loads.
 */
const reload = (page: Page) => Promise.all([page.waitForEvent("load"), page.evaluate(() => window.location.reload())]);

describe("offline", () => {
  it("opens the list offline after one visit, keeps changes on the device and saves them once when back", async () => {
    const { page, context, token } = await cookOnPhone();
    const server = api(token);
    await server.save(await server.create("Shopping List"), ["Milk", "Eggs", "Bread", "Apples"].map(item));
    await page.goto("/shopping-list");
    await page.getByTestId("shopping-item").first().waitFor();
    await readyOffline(page, ["auth.user", "shoppingLists.list"]);

    await goOffline(context);
    await reload(page);
    await page.getByTestId("shopping-item").first().waitFor();
    await expect(status(page).innerText()).resolves.toBe("Offline");

    for (const name of ["Milk", "Eggs", "Bread"]) await page.getByRole("checkbox", { name: `${name}, 1 unit` }).click();
    await addOnScreen(page, "Butter");
    await expect.poll(() => status(page).innerText()).toBe("Offline: 4 changes waiting");
    await keepScreenshot(page, "offline-list-changes-waiting-375");
    // The changes are on the device, not in the page: a reload offline still shows and counts them.
    await reload(page);
    await expect.poll(() => status(page).innerText()).toBe("Offline: 4 changes waiting");
    await expect
      .poll(() => rowNames(page))
      .toEqual(["Apples, 1 unit", "Bread, 1 unit [x]", "Butter, 1 unit", "Eggs, 1 unit [x]", "Milk, 1 unit [x]"].sort());

    // Meanwhile the cook's other phone adds cheese on the server.
    const before = await server.list();
    await server.save(before, [...before.items, item("Cheese")]);

    await context.setOffline(false);
    await status(page).waitFor({ state: "detached" });
    const saved = await server.list();
    expect(saved.items.map((i) => `${i.name}${i.checked ? " [x]" : ""}`).sort()).toEqual(
      ["Milk [x]", "Eggs [x]", "Bread [x]", "Apples", "Cheese", "Butter"].sort(),
    );
    // One save for the four changes, after the other phone's.
    expect(saved.version).toBe(before.version + 2);

    // Back online twice more (a flaky bar of signal) and a reload send nothing again.
    await context.setOffline(true);
    await context.setOffline(false);
    await reload(page);
    await page.getByTestId("shopping-item").first().waitFor();
    expect((await server.list()).version).toBe(saved.version);

    const second = await cookOnPhone(token);
    await second.page.goto("/shopping-list");
    await expect
      .poll(() => rowNames(second.page))
      .toEqual(["Apples, 1 unit", "Bread, 1 unit [x]", "Butter, 1 unit", "Cheese, 1 unit", "Eggs, 1 unit [x]", "Milk, 1 unit [x]"].sort());
  });

  it("keeps cooking-mode timers running across a reload offline", async () => {
    const { userId, token } = await createUser({ firstName: "Stove" });
    const [recipeId] = await addRecipes(userId, [
      {
        title: "Boiled Eggs",
        servings: 2,
        ingredients: [{ name: "eggs", quantity: 4, unit: "" }],
        instructions: "Boil the eggs for 8 minutes.",
      },
    ]);
    const { page, context } = await cookOnPhone(token);
    await page.clock.install();
    await page.goto(`/cooking/${recipeId}`);
    await page.getByRole("heading", { name: "Boiled Eggs" }).waitFor();
    await readyOffline(page, ["auth.user", "recipes.get"]);

    await goOffline(context);
    await reload(page);
    await page.getByRole("heading", { name: "Boiled Eggs" }).waitFor();
    await page.getByRole("region", { name: "Instructions" }).getByRole("button", { name: "Start 8 min timer" }).click();
    await page.getByTestId("timer-time").waitFor();
    await page.clock.runFor(60_000);
    const before = await secondsLeft(page);
    expect(before).toBeLessThanOrEqual(7 * 60);
    await reload(page);
    await keepScreenshot(page, "offline-cooking-timer-375");
    await page.clock.runFor(60_000);
    // Still counting from where it was, a minute on (and the second or so the reload took).
    await expect.poll(() => secondsLeft(page)).toBeLessThanOrEqual(before - 60);
    expect(await secondsLeft(page)).toBeGreaterThanOrEqual(before - 65);
    await expect(status(page).innerText()).resolves.toBe("Offline");
  });

  it("is installable: manifest with name, start URL, theme colour, any and maskable icons, and a service worker", async () => {
    const { page } = await cookOnPhone();
    await page.goto("/");
    await readyOffline(page, ["auth.user"]);
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    // Every test context is a private (incognito) one, where Chromium never installs apps: nothing else stands in the way.
    expect(installabilityErrors.map((error) => error.errorId)).toEqual(["in-incognito"]);
    const { url } = await cdp.send("Page.getAppManifest");
    const manifest = (await (await page.request.get(url)).json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      theme_color: string;
      icons: { sizes: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({ short_name: "Kim", start_url: "/", display: "standalone", theme_color: "#16a34a" });
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(["192x192 any", "512x512 any", "512x512 maskable"]);
    // The page's own theme colour (the themed address bar) matches the manifest's.
    expect(await page.locator('meta[name="theme-color"]').getAttribute("content")).toBe(manifest.theme_color);
  });

  it("takes up a new deploy without breaking an open page: the old code runs on, and a prompt offers the reload", async () => {
    // Its own server on a copy of the build, so this test can deploy over it.
    const web = mkdtempSync(path.join(tmpdir(), "kim-deploy-"));
    cpSync(path.resolve(import.meta.dirname, "../apps/web/dist"), web, { recursive: true });
    const server = await startTestServer({ WEB_DIST_DIR: web });
    try {
      const page = await openPage({ width: 375, height: 740 });
      const signup = await page.request.post(`${server.url}/api/signup`, {
        data: { email: "deploy@example.com", password: "a new version", firstName: "Dee" },
      });
      expect(signup.status()).toBe(201);
      await page.goto(`${server.url}/shopping-list`);
      await readyOffline(page, ["auth.user", "shoppingLists.list"]);
      const codeCaches = () => page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith("kim-code-")));
      const [before] = await codeCaches();
      await page.evaluate(() => Reflect.set(window, "oldPage", true));

      // The deploy: a new build's service worker (another version of the same files) in place of the old one.
      const sw = path.join(web, "sw.js");
      const next = readFileSync(sw, "utf8").replace(/const VERSION = "[0-9a-f]+";/, 'const VERSION = "0123456789abcdef";');
      writeFileSync(sw, next);
      writeFileSync(`${sw}.gz`, gzipSync(next));
      writeFileSync(`${sw}.br`, brotliCompressSync(next));
      // The page looks for a new version when the cook comes back to it; the test asks at once.
      await page.evaluate(async () => void (await navigator.serviceWorker.getRegistration())?.update());

      const prompt = page.getByRole("status").filter({ hasText: "A new version of Kim is ready." });
      await prompt.waitFor();
      expect(await page.evaluate(() => Reflect.get(window, "oldPage"))).toBe(true);
      await page.getByText("Your shopping list is empty").waitFor();
      await keepScreenshot(page, "offline-new-version-prompt-375");

      await Promise.all([page.waitForEvent("load"), prompt.getByRole("button", { name: "Reload" }).click()]);
      await page.getByRole("heading", { name: "Shopping List", level: 1 }).waitFor();
      expect(await page.evaluate(() => Reflect.get(window, "oldPage"))).toBeUndefined();
      await expect.poll(codeCaches).toEqual(["kim-code-0123456789abcdef"]);
      expect(before).not.toBe("kim-code-0123456789abcdef");
    } finally {
      await server.stop();
      rmSync(web, { recursive: true, force: true });
    }
  });
});
