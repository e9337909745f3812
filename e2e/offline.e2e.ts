import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { artifacts, baseURL, keepScreenshot, openPage, useBrowser } from "./browser";
import { addRecipes, createUser, setPro, setSessionCookie } from "./fixtures";
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

interface Ingredient {
  id: string;
  name: string;
  quantity: number;
  unit: string;
  category: string;
  notes: string | null;
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
    ingredients: () => call<Ingredient[]>("GET", "/api/ingredients"),
    addIngredient: (fields: Partial<Ingredient> & { name: string }) =>
      call<Ingredient>("POST", "/api/ingredients", { quantity: 1, unit: "units", category: "Other", ...fields }),
    changeIngredient: (id: string, data: Partial<Ingredient>) => call<Ingredient>("PATCH", `/api/ingredients/${id}`, data),
    deleteIngredient: (id: string) => call<unknown>("DELETE", `/api/ingredients/${id}`),
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

const cards = (page: Page) => page.getByTestId("ingredient-card");
const card = (page: Page, name: string) => cards(page).filter({ has: page.getByRole("heading", { name, exact: true }) });
/** The cards as "Name amount", sorted. */
const cardNames = async (page: Page) => {
  const names: string[] = [];
  for (const one of await cards(page).all())
    names.push(`${await one.getByRole("heading").innerText()} ${await one.locator("span.font-medium").first().innerText()}`);
  return names.sort();
};
/** The server's ingredients as "Name quantity unit" (with notes after a slash), sorted. */
const stock = (ingredients: Ingredient[]) =>
  ingredients.map((i) => `${i.name} ${i.quantity} ${i.unit}${i.notes ? ` / ${i.notes}` : ""}`).sort();

/** Fills the open add or edit dialog's fields and saves. */
async function fillIngredient(page: Page, button: string, fields: { Name?: string; Quantity?: string }) {
  const dialog = page.getByRole("dialog");
  for (const [label, value] of Object.entries(fields)) await dialog.getByLabel(label).fill(value);
  await dialog.getByRole("button", { name: button }).click();
  await dialog.waitFor({ state: "detached" });
}
const addIngredientOnScreen = async (page: Page, name: string, quantity: string) => {
  await page.getByRole("button", { name: "Add Ingredient" }).click();
  await fillIngredient(page, "Add Ingredient", { Name: name, Quantity: quantity });
};
/** Only the cards near the window are drawn (a virtual grid): the search brings the one wanted into view. */
async function findCard(page: Page, name: string) {
  await page.getByLabel("Search ingredients").fill(name);
  await card(page, name).waitFor();
}
const editIngredientOnScreen = async (page: Page, name: string, quantity: string) => {
  await findCard(page, name);
  await page.getByRole("button", { name: `Edit ${name}` }).click();
  await fillIngredient(page, "Save Changes", { Quantity: quantity });
  await page.getByLabel("Search ingredients").fill("");
};
const toastShown = (page: Page, title: string) => page.locator('[data-slot="toast"]').filter({ hasText: title }).first().waitFor();

/**
 * Scrolled to the foot of the page, the last row ends above the offline note: the note never covers it. Kept as the
 * screen shows it (a whole-page screenshot draws the fixed note in the middle of the page).
 */
async function lastRowClearOfNote(page: Page, rows: Locator, screenshot: string) {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const last = await rows.last().boundingBox();
  const note = await status(page).boundingBox();
  expect(last!.y + last!.height).toBeLessThanOrEqual(note!.y);
  await page.screenshot({ path: path.join(artifacts, "screens", `${screenshot}.png`) });
  await page.evaluate(() => window.scrollTo(0, 0));
}

const goOffline = (context: BrowserContext) => context.setOffline(true);
/**
 * A reload by the page itself: offline, Playwright's own page.reload reports the emulated disconnection
 * (ERR_INTERNET_DISCONNECTED) even when the service worker answers and the page loads.
 */
const reload = (page: Page) => Promise.all([page.waitForEvent("load"), page.evaluate(() => window.location.reload())]);

describe("offline", () => {
  it("opens the list offline after one visit, keeps changes on the device, saves them once when back, and says what clashed", async () => {
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
    await lastRowClearOfNote(page, page.getByTestId("shopping-item"), "offline-list-foot-375");
    await keepScreenshot(page, "offline-list-changes-waiting-375");
    // The changes are on the device, not in the page: a reload offline still shows and counts them.
    await reload(page);
    await expect.poll(() => status(page).innerText()).toBe("Offline: 4 changes waiting");
    await expect
      .poll(() => rowNames(page))
      .toEqual(["Apples, 1 unit", "Bread, 1 unit [x]", "Butter, 1 unit", "Eggs, 1 unit [x]", "Milk, 1 unit [x]"].sort());

    // Meanwhile the cook's other phone adds cheese, makes it 2 milks and takes bread off, on the server.
    const before = await server.list();
    const others = before.items.filter((i) => i.name !== "Bread").map((i) => (i.name === "Milk" ? { ...i, quantity: 2 } : i));
    await server.save(before, [...others, item("Cheese")]);

    await context.setOffline(false);
    await status(page).waitFor({ state: "detached" });
    const saved = await server.list();
    expect(saved.items.map((i) => `${i.name}${i.checked ? " [x]" : ""}`).sort()).toEqual(
      ["Milk [x]", "Eggs [x]", "Apples", "Cheese", "Butter"].sort(),
    );
    // One save for the four changes, after the other phone's.
    expect(saved.version).toBe(before.version + 2);
    // The bread's check found no bread: said, not dropped.
    await expect
      .poll(() => page.getByTestId("offline-outcome").allInnerTexts())
      .toEqual(["Bread was not checked off. It was removed or changed on another device meanwhile."]);

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
      .toEqual(["Apples, 1 unit", "Butter, 1 unit", "Cheese, 1 unit", "Eggs, 1 unit [x]", "Milk, 2 units [x]"].sort());
  });

  it("keeps inventory changes made offline on the device, saves each once when back, and says what clashed", async () => {
    const { page, context, token } = await cookOnPhone();
    const server = api(token);
    for (const [name, quantity] of [
      ["Milk", 2],
      ["Eggs", 12],
      ["Flour", 1],
      ["Butter", 1],
    ] as const)
      await server.addIngredient({ name, quantity });
    const ids = Object.fromEntries((await server.ingredients()).map((i) => [i.name, i.id]));
    await page.goto("/inventory");
    await card(page, "Milk").waitFor();
    await readyOffline(page, ["auth.user", "inventory.list"]);

    await goOffline(context);
    await reload(page);
    await card(page, "Milk").waitFor();
    await expect(status(page).innerText()).resolves.toBe("Offline");
    // Barcode lookups need the network: disabled, and the page says so.
    expect(await page.getByRole("button", { name: "Scan Barcode" }).isDisabled()).toBe(true);
    await page.getByTestId("needs-network").waitFor();

    await addIngredientOnScreen(page, "Cheese", "2");
    await toastShown(page, "Ingredient added on this device");
    // An ingredient added offline can be changed before it was ever sent.
    await editIngredientOnScreen(page, "Cheese", "3");
    for (const [name, quantity] of [
      ["Milk", "1"],
      ["Eggs", "6"],
      ["Flour", "2"],
    ] as const)
      await editIngredientOnScreen(page, name, quantity);
    await findCard(page, "Butter");
    await page.getByRole("button", { name: "Delete Butter" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await page.getByRole("alertdialog").waitFor({ state: "detached" });
    await page.getByLabel("Search ingredients").fill("");
    await expect.poll(() => status(page).innerText()).toBe("Offline: 6 changes waiting");
    // On the device, not in the page: a reload offline still shows and counts them.
    await reload(page);
    await expect.poll(() => status(page).innerText()).toBe("Offline: 6 changes waiting");
    await expect.poll(() => cardNames(page)).toEqual(["Cheese 3 units", "Eggs 6 units", "Flour 2 units", "Milk 1 unit"]);
    await lastRowClearOfNote(page, cards(page), "offline-inventory-foot-375");
    await keepScreenshot(page, "offline-inventory-changes-waiting-375");

    // Meanwhile another device changes Milk's notes (another field), Eggs' quantity (the same field), deletes Flour
    // (which the cook edited) and changes Butter (which the cook deleted).
    await server.changeIngredient(ids.Milk!, { notes: "Oat" });
    await server.changeIngredient(ids.Eggs!, { quantity: 10 });
    await server.deleteIngredient(ids.Flour!);
    await server.changeIngredient(ids.Butter!, { quantity: 4 });

    // The first answer to the add is lost on its way back (the server applied it), and the cook opens the home screen:
    // the add goes again with its key, and is applied once; the rest go too, from whichever screen is open.
    let sent = 0;
    let lost = false;
    await page.route("**/trpc/inventory.create**", async (route) => {
      if (sent++ > 0) return route.continue();
      await route.fetch();
      await route.abort("connectionreset");
      lost = true;
    });
    await context.setOffline(false);
    await expect.poll(() => lost).toBe(true);
    await Promise.all([page.waitForEvent("load"), page.evaluate(() => window.location.assign("/"))]);
    await expect
      .poll(async () => stock(await server.ingredients()), { timeout: 20_000 })
      .toEqual(["Butter 4 units", "Cheese 3 units", "Eggs 6 units", "Milk 1 units / Oat"]);
    expect(sent).toBe(2);
    await status(page).waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Toggle Sidebar" }).click();
    await page.getByRole("dialog", { name: "Navigation" }).getByRole("link", { name: "Inventory" }).click();
    // Nothing was lost without a word: what clashed is told, all of it, until dismissed.
    const told = page.getByTestId("offline-outcome");
    await expect.poll(() => told.allInnerTexts()).toHaveLength(3);
    const texts = await told.allInnerTexts();
    expect(texts[1]).toMatch(/^Flour was not updated\. It was deleted on another device .* Your change \(quantity 2\) was not saved/);
    expect(texts[0]).toMatch(/^Eggs was also changed on another device\. .*its quantity too: yours replaced theirs\./);
    expect(texts[2]).toMatch(/^Butter was not deleted\. It was changed on another device/);
    await keepScreenshot(page, "offline-inventory-clashes-told-375");
    await page.getByRole("alert", { name: "Changes made offline" }).getByRole("button", { name: "Dismiss" }).click();
    await told.first().waitFor({ state: "detached" });

    // A flaky bar of signal and a reload send nothing again.
    await context.setOffline(true);
    await context.setOffline(false);
    await reload(page);
    await card(page, "Cheese").waitFor();
    expect(stock(await server.ingredients())).toEqual(["Butter 4 units", "Cheese 3 units", "Eggs 6 units", "Milk 1 units / Oat"]);

    const second = await cookOnPhone(token);
    await second.page.goto("/inventory");
    await expect.poll(() => cardNames(second.page)).toEqual(["Butter 4 units", "Cheese 3 units", "Eggs 6 units", "Milk 1 unit"]);
  });

  it("keeps cooking-mode timers and progress across a reload offline", async () => {
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
    const ingredientBox = page.getByRole("region", { name: "Ingredients" }).getByRole("checkbox").first();
    const stepBox = page.getByRole("region", { name: "Instructions" }).getByRole("checkbox").first();
    await ingredientBox.check();
    await stepBox.check();
    await page.clock.runFor(60_000);
    const before = await secondsLeft(page);
    expect(before).toBeLessThanOrEqual(7 * 60);
    await reload(page);
    // What the cook ticked off stays on the device too.
    expect(await ingredientBox.isChecked()).toBe(true);
    expect(await stepBox.isChecked()).toBe(true);
    await keepScreenshot(page, "offline-cooking-timer-375");
    await page.clock.runFor(60_000);
    // Still counting from where it was, a minute on (and the second or so the reload took).
    await expect.poll(() => secondsLeft(page)).toBeLessThanOrEqual(before - 60);
    expect(await secondsLeft(page)).toBeGreaterThanOrEqual(before - 65);
    await expect(status(page).innerText()).resolves.toBe("Offline");
  });

  it("disables what needs the network while offline, and says so", async () => {
    const { userId, token } = await createUser({ firstName: "Pro" });
    await setPro(userId, true);
    const { page, context } = await cookOnPhone(token);
    await page.goto("/profile");
    await page.getByRole("heading", { name: "Household" }).waitFor();
    await readyOffline(page, ["households.get"]);
    await page.goto("/meal-planner");
    await page.getByRole("heading", { name: "Meal Planner" }).waitFor();
    await readyOffline(page, ["auth.user", "mealPlans.list"]);
    await page.goto("/recipes");
    await page.getByRole("heading", { name: "Recipes", exact: true }).waitFor();
    await readyOffline(page, ["recipes.list"]);
    // The AI import dialog, opened online, stays open as the network goes.
    await page.getByRole("button", { name: "AI Extract" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Recipe page URL").fill("https://example.com/soup");

    await goOffline(context);
    expect(await dialog.getByRole("button", { name: "Extract Recipes" }).isDisabled()).toBe(true);
    expect(await dialog.getByTestId("needs-network").innerText()).toBe("Offline: importing recipes works when you are back online.");
    await page.keyboard.press("Escape");
    expect(await page.getByRole("button", { name: "AI Extract" }).isDisabled()).toBe(true);

    // Opened offline (the service worker's page, as a reload): moving out needs the server too.
    await Promise.all([page.waitForEvent("load"), page.evaluate(() => window.location.assign("/profile"))]);
    await page.getByRole("heading", { name: "Household" }).waitFor();
    await page.getByText("Offline: importing works when you are back online.").waitFor();
    await page.getByText("Offline: exporting works when you are back online.").waitFor();
    await page.getByText("Offline: deleting the account works when you are back online.").waitFor();
    for (const name of ["Import", "Download my data", "Delete my account"]) {
      expect(await page.getByRole("button", { name, exact: true }).isDisabled(), name).toBe(true);
    }
    await keepScreenshot(page, "offline-profile-needs-network-375");

    // The planner opened offline too (the service worker's page, as a reload).
    await Promise.all([page.waitForEvent("load"), page.evaluate(() => window.location.assign("/meal-planner"))]);
    await page.getByRole("heading", { name: "Meal Planner" }).waitFor();
    expect(await page.getByRole("button", { name: "Suggest meals" }).isDisabled()).toBe(true);
    expect(await page.getByTestId("needs-network").innerText()).toBe("Offline: suggesting meals works when you are back online.");

    await context.setOffline(false);
    await page.getByTestId("needs-network").waitFor({ state: "detached" });
    expect(await page.getByRole("button", { name: "Suggest meals" }).isEnabled()).toBe(true);
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

    // Chromium's install offer (never made in a private window, so sent here as the browser sends it): Kim holds it
    // back and offers it in the menu, showing the browser's prompt when the cook chooses it.
    const toggle = page.getByRole("button", { name: "Toggle Sidebar" });
    await toggle.waitFor();
    await page.evaluate(() => {
      const offer = Object.assign(new Event("beforeinstallprompt", { cancelable: true }), {
        prompt: async () => Reflect.set(window, "installPrompted", true),
        userChoice: Promise.resolve({ outcome: "accepted" }),
      });
      window.dispatchEvent(offer);
      Reflect.set(window, "offerHeldBack", offer.defaultPrevented);
    });
    expect(await page.evaluate(() => Reflect.get(window, "offerHeldBack"))).toBe(true);
    await toggle.click();
    const install = page.getByRole("dialog", { name: "Navigation" }).getByRole("button", { name: "Install Kim" });
    await install.waitFor();
    await keepScreenshot(page, "install-offer-375");
    await install.click();
    expect(await page.evaluate(() => Reflect.get(window, "installPrompted"))).toBe(true);
    // An offer shows once: the menu no longer makes it.
    await install.waitFor({ state: "detached" });
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
