import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { baseURL, keepScreenshot, openPage, useBrowser } from "./browser";
import { addRecipes, createUser, setSessionCookie } from "./fixtures";

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
    create: (items: Item[]) => call<List>("POST", "/api/shopping-lists", { name: "Shopping List", items }),
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
 * Waits until the service worker controls the page and the page has kept the answers of `procedures` for offline use
 * (lib/offline/kept-answers.ts writes them a second after they change).
 */
async function readyOffline(page: Page, procedures: string[]) {
  await page.waitForFunction(
    async (names) => {
      if (!navigator.serviceWorker.controller) return false;
      const keys = await (await caches.open("kim-data")).keys();
      return names.every((name) => keys.some((request) => new URL(request.url).pathname === `/kim-answer/${name}`));
    },
    procedures,
    { polling: 100 },
  );
}

const rowNames = (page: Page) =>
  page
    .getByTestId("shopping-item")
    .getByRole("checkbox")
    .evaluateAll((boxes) => boxes.map((box) => `${box.getAttribute("aria-label")}${box.getAttribute("aria-checked") === "true" ? " [x]" : ""}`));
const status = (page: Page) => page.getByTestId("offline-status");

async function addOnScreen(page: Page, name: string) {
  await page.getByRole("button", { name: "Add Item" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Item" });
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByRole("button", { name: "Add Item" }).click();
  await dialog.waitFor({ state: "detached" });
}

const goOffline = (context: BrowserContext) => context.setOffline(true);

describe("offline", () => {
  it("opens the list offline after one visit, keeps changes on the device and saves them once when back", async () => {
    const { page, context, token } = await cookOnPhone();
    const server = api(token);
    await server.create(["Milk", "Eggs", "Bread", "Apples"].map(item));
    await page.goto("/shopping-list");
    await page.getByTestId("shopping-item").first().waitFor();
    await readyOffline(page, ["auth.user", "shoppingLists.list"]);

    await goOffline(context);
    await page.reload();
    await page.getByTestId("shopping-item").first().waitFor();
    await expect(status(page).innerText()).resolves.toBe("Offline");

    for (const name of ["Milk", "Eggs", "Bread"]) await page.getByRole("checkbox", { name: `${name}, 1` }).click();
    await addOnScreen(page, "Butter");
    await expect.poll(() => status(page).innerText()).toBe("Offline: 4 changes waiting");
    await keepScreenshot(page, "offline-list-changes-waiting-375");
    // The changes are on the device, not in the page: a reload offline still shows and counts them.
    await page.reload();
    await expect.poll(() => status(page).innerText()).toBe("Offline: 4 changes waiting");
    await expect.poll(() => rowNames(page)).toEqual(["Apples, 1", "Bread, 1 [x]", "Butter, 1", "Eggs, 1 [x]", "Milk, 1 [x]"].sort());

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
    await page.reload();
    await page.getByTestId("shopping-item").first().waitFor();
    expect((await server.list()).version).toBe(saved.version);

    const second = await cookOnPhone(token);
    await second.page.goto("/shopping-list");
    await expect.poll(() => rowNames(second.page)).toEqual(["Apples, 1", "Bread, 1 [x]", "Butter, 1", "Cheese, 1", "Eggs, 1 [x]", "Milk, 1 [x]"].sort());
  });

  it("keeps cooking-mode timers running across a reload offline", async () => {
    const { userId, token } = await createUser({ firstName: "Stove" });
    const [recipeId] = await addRecipes(userId, [
      { title: "Boiled Eggs", servings: 2, ingredients: [{ name: "eggs", quantity: 4, unit: "" }], instructions: "Boil the eggs for 8 minutes." },
    ]);
    const { page, context } = await cookOnPhone(token);
    await page.clock.install();
    await page.goto(`/cooking/${recipeId}`);
    await page.getByRole("heading", { name: "Boiled Eggs" }).waitFor();
    await readyOffline(page, ["auth.user", "recipes.get"]);

    await goOffline(context);
    await page.reload();
    await page.getByRole("heading", { name: "Boiled Eggs" }).waitFor();
    await page.getByRole("region", { name: "Instructions" }).getByRole("button", { name: "Start 8 min timer" }).click();
    await page.getByTestId("timer-time").waitFor();
    await page.clock.runFor(60_000);
    await expect.poll(() => page.getByTestId("timer-time").innerText()).toBe("7:00");
    await page.reload();
    await keepScreenshot(page, "offline-cooking-timer-375");
    await page.clock.runFor(60_000);
    await expect.poll(() => page.getByTestId("timer-time").innerText()).toBe("6:00");
    await expect(status(page).innerText()).resolves.toBe("Offline");
  });
});
