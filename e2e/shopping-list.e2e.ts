import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { addDays, localDate, startOfWeek } from "../packages/domain/src/index";
import { holdRequests, keepBothWidths, keepScreenshot, lightness, openPage, toast, useBrowser } from "./browser";
import { addIngredients, addRecipes, barcodeNotFound, setPro, signInAs } from "./fixtures";
import { sharedData } from "./shared-data";

useBrowser();

const barcodePhoto = (file: string) => sharedData("barcodes", file);

const count = (page: Page) => page.getByTestId("item-count").innerText();
const rows = (page: Page) => page.getByTestId("shopping-item");
/**
 * Each row as "Name, amount", with " [x]" when checked, in screen order. Read in one go: row by row, a row the list
 * redrew meanwhile would be waited for until the action's timeout.
 */
const listed = (page: Page) =>
  rows(page)
    .getByRole("checkbox")
    .evaluateAll((boxes: HTMLInputElement[]) => boxes.map((box) => `${box.getAttribute("aria-label")}${box.checked ? " [x]" : ""}`));
// Text content, not innerText: the headings are upper-cased by CSS only.
const groups = (page: Page) => page.getByTestId("shopping-group").getByRole("heading").allTextContents();

async function addItem(page: Page, name: string, quantity?: string, unit?: string) {
  await page.getByRole("button", { name: "Add Item" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Item" });
  await dialog.getByLabel("Name").fill(name);
  if (quantity !== undefined) await dialog.getByLabel("Quantity").fill(quantity);
  if (unit !== undefined) await dialog.getByLabel("Unit").fill(unit);
  await dialog.getByRole("button", { name: "Add Item" }).click();
  await dialog.waitFor({ state: "detached" });
}

/** How many changes the page's device keeps in its outbox (IndexedDB), whether waiting or being saved. */
const keptOnDevice = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open("kim-offline");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const counted = open.result.transaction("changes").objectStore("changes").count();
          counted.onerror = () => reject(counted.error);
          counted.onsuccess = () => {
            open.result.close();
            resolve(counted.result);
          };
        };
      }),
  );

/** The first list's items as the server has them, "Name" with " [x]" when checked. */
async function savedItems(page: Page) {
  const [list] = (await (await page.request.get("/api/shopping-lists")).json()) as { items: { name: string; checked: boolean }[] }[];
  return list!.items.map((i) => `${i.name}${i.checked ? " [x]" : ""}`);
}

/** Holds the page's calls of a tRPC procedure until `release` (see holdRequests). */
const holdCalls = (page: Page, procedure: string) =>
  holdRequests(page, (url) => url.pathname.split("/").at(-1)!.split(",").includes(procedure));

/** Plans a recipe through the API with the page's session, as the meal planner would. */
async function planMeal(page: Page, date: string, mealType: string, recipeId: string, servings: number) {
  const response = await page.request.post("/api/meal-plans", { data: { date, mealType, recipeId, servings } });
  expect(response.status(), await response.text()).toBe(201);
}

async function openGenerate(page: Page) {
  await page.getByRole("button", { name: "Generate from Meal Plan" }).click();
  const dialog = page.getByRole("dialog", { name: "Generate from Meal Plan" });
  await dialog.getByRole("button", { name: "Generate" }).waitFor();
  return dialog;
}

async function scanPhoto(page: Page, file: string) {
  await page.getByRole("button", { name: "Scan Item" }).click();
  const scanner = page.getByRole("dialog", { name: "Scan Item" });
  await scanner.getByLabel("Scan from a picture").setInputFiles(barcodePhoto(file));
  await scanner.waitFor({ state: "detached" });
}

describe("shopping list", () => {
  it("keeps the list on screen when a refetch fails, says so, and Try again reads it", async () => {
    // No service worker: the reads it fetched would pass by the route that fails them.
    const page = await openPage({ serviceWorkers: "block" });
    await signInAs(page, { firstName: "Rey" });
    const streamOpen = page.waitForResponse((response) => response.url().endsWith("/api/events"));
    await page.goto("/shopping-list");
    await streamOpen;
    await addItem(page, "Eggs", "12");
    await expect.poll(() => listed(page)).toEqual(["Eggs, 12 units"]);

    // Another device adds milk; this page's refetch on hearing of it gets no answer.
    const reads = (url: URL) => url.pathname.split("/").at(-1)!.split(",").includes("shoppingLists.list");
    await page.route(reads, (route) => route.abort());
    const [list] = (await (await page.request.get("/api/shopping-lists")).json()) as { id: string; version: number; items: unknown[] }[];
    const milk = { name: "Milk", quantity: 1, unit: "L", checked: false };
    const saved = await page.request.patch(`/api/shopping-lists/${list!.id}`, {
      data: { items: [...list!.items, milk], version: list!.version },
    });
    expect(saved.ok()).toBe(true);
    const failed = page.getByRole("alert").filter({ hasText: "Could not load your shopping list" });
    await failed.waitFor();
    // In a cook's words: the browser's "Failed to fetch" tells them nothing.
    expect(await failed.getByText("Could not load").innerText()).toBe(
      "Could not load your shopping list: Couldn't reach Kim: check your connection and try again.",
    );
    expect(await listed(page)).toEqual(["Eggs, 12 units"]);
    await keepBothWidths(page, "shopping-list-refetch-failed");

    await page.unroute(reads);
    await failed.getByRole("button", { name: "Try again" }).click();
    await expect.poll(() => listed(page)).toEqual(["Eggs, 12 units", "Milk, 1 L"]);
    await failed.waitFor({ state: "detached" });
  });

  it("starts empty, adds items by store section, checks and removes them", async () => {
    const page = await openPage();
    await signInAs(page, { firstName: "Sol" });
    await page.goto("/shopping-list");
    await page.getByRole("heading", { name: "Shopping List", exact: true }).waitFor();
    await page.getByText("Your shopping list is empty").waitFor();
    expect(await page.title()).toBe("Shopping List · Kim");
    await keepScreenshot(page, "shopping-list-empty-1280");

    // A new cook has no list to scan onto yet (spec).
    await page.getByRole("button", { name: "Scan Item" }).click();
    await toast(page, "No shopping list");
    await toast(page, "Create a shopping list first");
    expect(await page.getByRole("dialog").count()).toBe(0);

    // The form starts from quantity 1, units, and checks the name before anything is sent.
    await page.getByRole("button", { name: "Add Item" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Item" });
    expect(await dialog.getByLabel("Quantity").inputValue()).toBe("1");
    expect(await dialog.getByLabel("Unit").inputValue()).toBe("units");
    await dialog.getByRole("button", { name: "Add Item" }).click();
    await dialog.getByText("Item name is required").waitFor();
    await dialog.getByLabel("Name").fill("Eggs");
    await dialog.getByLabel("Quantity").fill("12");
    await keepScreenshot(page, "shopping-list-add-item-1280");
    await dialog.getByLabel("Name").press("Enter");
    await dialog.waitFor({ state: "detached" });
    // The first item made the list.
    await page.getByRole("heading", { name: "Shopping List", level: 2 }).waitFor();
    expect(await count(page)).toBe("0 / 1 items");

    await addItem(page, "Flour", "1.5", "kg");
    await addItem(page, "Whole milk", "1", "L");
    await addItem(page, "Apples", "6");
    await expect.poll(() => count(page)).toBe("0 / 4 items");
    // Walked through the store once: produce, shelves, then the chilled counter.
    expect(await groups(page)).toEqual(["Produce", "Pantry", "Dairy"]);
    expect(await listed(page)).toEqual(["Apples, 6 units", "Flour, 1.5 kg", "Eggs, 12 units", "Whole milk, 1 L"]);

    // With the mouse on the row's text; then with the keyboard. Checked rows stay where they are.
    await rows(page).filter({ hasText: "Eggs" }).getByText("Eggs").click();
    await expect.poll(() => count(page)).toBe("1 / 4 items");
    await page.getByRole("checkbox", { name: "Whole milk, 1 L" }).focus();
    await page.keyboard.press("Space");
    await expect.poll(() => count(page)).toBe("2 / 4 items");
    expect(await listed(page)).toEqual(["Apples, 6 units", "Flour, 1.5 kg", "Eggs, 12 units [x]", "Whole milk, 1 L [x]"]);
    await keepScreenshot(page, "shopping-list-1280");

    // Saved: a reload shows the same list.
    await page.reload();
    await expect.poll(() => count(page)).toBe("2 / 4 items");

    await page.getByRole("button", { name: "Remove Flour, 1.5 kg" }).click();
    await expect.poll(() => count(page)).toBe("2 / 3 items");
    // Focus moves to the remove button now in the removed row's place, so the keyboard can carry on.
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Remove Eggs, 12 units");
    await page.keyboard.press("Enter");
    await expect.poll(() => count(page)).toBe("1 / 2 items");
    await page.getByRole("checkbox", { name: "Whole milk, 1 L" }).uncheck();
    await expect.poll(() => count(page)).toBe("0 / 2 items");
    await page.reload();
    await expect.poll(() => listed(page)).toEqual(["Apples, 6 units", "Whole milk, 1 L"]);

    // A save that fails is undone on screen and said.
    await page.route("**/trpc/shoppingLists.update**", (route) => route.abort("failed"));
    // click, not check(): the save goes at once (alone, with its idempotency key), so it may fail and be undone
    // before check() reads the box back.
    await page.getByRole("checkbox", { name: "Apples, 6 units" }).click();
    await toast(page, "Failed to update shopping list");
    await expect.poll(() => count(page)).toBe("0 / 2 items");
    expect(await page.getByRole("checkbox", { name: "Apples, 6 units" }).isChecked()).toBe(false);
    await page.unroute("**/trpc/shoppingLists.update**");

    await page.setViewportSize({ width: 375, height: 800 });
    await keepScreenshot(page, "shopping-list-375");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  it("looks right in dark mode on a phone, long names included", async () => {
    const page = await openPage({ width: 375, colorScheme: "dark" });
    await signInAs(page, { firstName: "Noor" });
    await page.goto("/shopping-list");
    await page.getByText("Your shopping list is empty").waitFor();
    // Dark: the system preference reached the page, which is drawn dark with light text.
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
    expect(await lightness(page.locator("body"), "backgroundColor")).toBeLessThan(64);
    await keepScreenshot(page, "shopping-list-empty-375-dark");
    await addItem(page, "Extra-virgin-cold-pressed-organic-olive-oil-from-the-hills-above-the-lake", "750", "ml");
    await addItem(page, "Frozen peas", "1", "bag");
    await addItem(page, "Salmon fillets", "2");
    await page.getByRole("checkbox", { name: "Salmon fillets, 2 units" }).check();
    await expect.poll(() => count(page)).toBe("1 / 3 items");
    expect(await groups(page)).toEqual(["Pantry", "Seafood", "Frozen"]);
    expect(await lightness(rows(page).first(), "color")).toBeGreaterThan(192);
    await keepScreenshot(page, "shopping-list-375-dark");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  it("generates from this week's meal plan, replacing its own items when generated again; Smart Mode is offered to Pro users only", async () => {
    const page = await openPage();
    const { userId } = await signInAs(page, { firstName: "Gus" });
    await page.goto("/shopping-list");
    await page.getByText("Your shopping list is empty").waitFor();

    // Nothing planned: said, with the way to the planner, rather than nothing happening.
    let dialog = await openGenerate(page);
    await dialog.getByTestId("smart-mode-upgrade").waitFor();
    expect(await dialog.getByRole("switch").count()).toBe(0);
    expect(await dialog.getByRole("link", { name: "Upgrade to Pro" }).getAttribute("href")).toBe("/pricing");
    await keepScreenshot(page, "shopping-list-generate-basic-1280");
    await dialog.getByRole("button", { name: "Generate" }).click();
    await dialog.getByText("No meals with ingredients are planned for these days.").waitFor();
    expect(await dialog.getByRole("link", { name: "Plan meals" }).getAttribute("href")).toBe("/meal-planner");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });

    const [pancakes, bread] = await addRecipes(userId, [
      {
        title: "Pancakes",
        servings: 2,
        ingredients: [
          { name: "Flour", quantity: 200, unit: "g" },
          { name: "Milk", quantity: 300, unit: "ml" },
          { name: "Eggs", quantity: 2, unit: "units" },
        ],
        instructions: "Whisk and fry.",
      },
      {
        title: "Bread",
        servings: 1,
        ingredients: [
          { name: "flour", quantity: 1, unit: "kg" },
          { name: "Salt", quantity: "to taste", unit: "" },
          { name: "Yeast", quantity: 7, unit: "g" },
        ],
        instructions: "Knead and bake.",
      },
    ]);
    const monday = startOfWeek(localDate());
    await planMeal(page, monday, "breakfast", pancakes!, 2);
    await planMeal(page, addDays(monday, 6), "dinner", bread!, 2);
    // Next week is not this week's shopping.
    await planMeal(page, addDays(monday, 7), "dinner", bread!, 1);

    // On the list already, added by hand: it stays as it is, beside the plan's milk.
    await addItem(page, "Milk", "1", "L");
    dialog = await openGenerate(page);
    await dialog.getByRole("button", { name: "Generate" }).click();
    await toast(page, "Shopping list generated!");
    await toast(page, "Added 5 items from your meal plan.");
    await expect.poll(() => count(page)).toBe("0 / 6 items");
    // 200 g and twice 1 kg of flour are one line; a salt "to taste" shows no amount.
    const generated = ["Flour, 2.2 kg", "Yeast, 14 g", "Salt, as needed", "Milk, 1 L", "Milk, 300 ml", "Eggs, 2 units"];
    expect(await listed(page)).toEqual(generated);
    expect(await groups(page)).toEqual(["Pantry", "Spices", "Dairy"]);
    await keepScreenshot(page, "shopping-list-generated-1280");

    // Generated again for the same week: replaced, not added again (flour was 2.2, then 4.4 kg); a check stays.
    await page.getByRole("checkbox", { name: "Yeast, 14 g" }).check();
    await expect.poll(() => count(page)).toBe("1 / 6 items");
    dialog = await openGenerate(page);
    await dialog.getByRole("button", { name: "Generate" }).click();
    await dialog.waitFor({ state: "detached" });
    await expect.poll(() => listed(page)).toEqual(generated.map((item) => (item.startsWith("Yeast") ? `${item} [x]` : item)));
    expect(await count(page)).toBe("1 / 6 items");
  });

  it("leaves out what is in stock with Smart Mode, and says what it left out", async () => {
    const page = await openPage();
    const { userId } = await signInAs(page, { firstName: "Pat", isPro: true });
    const [pancakes] = await addRecipes(userId, [
      {
        title: "Pancakes",
        servings: 1,
        ingredients: [
          { name: "Flour", quantity: 500, unit: "g" },
          { name: "Milk", quantity: 2, unit: "cups" },
          { name: "Eggs", quantity: 3, unit: "units" },
          { name: "Sugar", quantity: 2, unit: "tbsp" },
        ],
        instructions: "Whisk and fry.",
      },
    ]);
    await addIngredients(userId, [
      { name: "Flour", quantity: 2, unit: "kg", category: "Pantry" },
      { name: "Eggs", quantity: 12, unit: "units", category: "Dairy" },
    ]);
    await page.goto("/shopping-list");
    await page.getByText("Your shopping list is empty").waitFor();
    await planMeal(page, localDate(), "dinner", pancakes!, 1);

    const dialog = await openGenerate(page);
    const smart = dialog.getByRole("switch", { name: "Smart Mode" });
    expect(await smart.isChecked()).toBe(true);
    expect(await dialog.getByTestId("smart-mode-upgrade").count()).toBe(0);
    await keepScreenshot(page, "shopping-list-generate-pro-1280");
    await dialog.getByRole("button", { name: "Generate" }).click();
    await toast(page, "Smart shopping list generated!");
    await toast(page, "Added 2 items, excluded 2 items already in stock.");
    await expect.poll(() => count(page)).toBe("0 / 2 items");
    expect(await listed(page)).toEqual(["Sugar, 2 tbsp", "Milk, 2 cups"]);
    expect(await page.getByTestId("excluded-items").innerText()).toContain("Already in stock, left off the list: Flour, Eggs");
    await keepScreenshot(page, "shopping-list-smart-1280");
    await page.getByTestId("excluded-items").getByRole("button", { name: "Dismiss" }).click();
    await page.getByTestId("excluded-items").waitFor({ state: "detached" });

    // Switched off, nothing is left out: the flour and eggs come too, and the milk and sugar are not added twice.
    const again = await openGenerate(page);
    await again.getByRole("switch", { name: "Smart Mode" }).uncheck();
    await again.getByRole("button", { name: "Generate" }).click();
    await toast(page, "Added 4 items from your meal plan.");
    await expect.poll(() => count(page)).toBe("0 / 4 items");
    expect(await listed(page)).toEqual(["Sugar, 2 tbsp", "Flour, 500 g", "Milk, 2 cups", "Eggs, 3 units"]);

    // Pro ended while the page was open: the server refuses Smart Mode, and the list is left as it was.
    await setPro(userId, false);
    const refused = await openGenerate(page);
    expect(await refused.getByRole("switch", { name: "Smart Mode" }).isChecked()).toBe(true);
    await refused.getByRole("button", { name: "Generate" }).click();
    await toast(page, "Pro Feature Required");
    await toast(page, "Smart Mode requires a Pro subscription. Upgrade to use this feature.");
    expect(await count(page)).toBe("0 / 4 items");
    await refused.getByTestId("smart-mode-upgrade").waitFor();
    expect(await refused.getByRole("switch").count()).toBe(0);
  });

  it("leaves 2 kg of flour in stock off for a recipe in cups, generating for the week the planner shows", async () => {
    const page = await openPage();
    const { userId } = await signInAs(page, { firstName: "Bea", isPro: true });
    const [cookies] = await addRecipes(userId, [
      {
        title: "Cookies",
        servings: 4,
        ingredients: [
          { name: "Flour", quantity: "2 1/2", unit: "cups" },
          { name: "Sugar", quantity: 1, unit: "cup" },
          { name: "Butter", quantity: 1, unit: "cup" },
          { name: "Salt", quantity: 1, unit: "tsp" },
          { name: "Vanilla extract", quantity: 1, unit: "tsp" },
          { name: "Eggs", quantity: 2, unit: "" },
        ],
        instructions: "Cream, mix and bake.",
      },
    ]);
    await addIngredients(userId, [
      { name: "Flour", quantity: 2, unit: "kg", category: "Pantry" },
      { name: "Sugar", quantity: 1, unit: "kg", category: "Pantry" },
      { name: "Butter", quantity: 250, unit: "g", category: "Dairy" },
      { name: "Salt", quantity: 500, unit: "g", category: "Spices" },
      { name: "Vanilla extract", quantity: 1, unit: "units", category: "Pantry" },
    ]);
    // Planned for next week: the planner shows that week, and its link generates for it, not for this one.
    const nextMonday = addDays(startOfWeek(localDate()), 7);
    await page.goto(`/meal-planner?week=${nextMonday}`);
    await planMeal(page, addDays(nextMonday, 2), "dinner", cookies!, 4);
    await page.getByRole("link", { name: "Shopping list for this week" }).waitFor();
    await keepScreenshot(page, "meal-planner-shopping-link-1280");
    await page.getByRole("link", { name: "Shopping list for this week" }).click();
    const dialog = page.getByRole("dialog", { name: "Generate from Meal Plan" });
    await dialog.getByRole("button", { name: "Generate" }).waitFor();
    expect(await dialog.getByLabel("From").inputValue()).toBe(nextMonday);
    expect(await dialog.getByLabel("To").inputValue()).toBe(addDays(nextMonday, 6));
    await keepScreenshot(page, "shopping-list-generate-range-1280");
    // A range the cook picks is checked before anything is sent.
    await dialog.getByLabel("To").fill(addDays(nextMonday, -1));
    await dialog.getByText("The first day must be on or before the last").waitFor();
    expect(await dialog.getByRole("button", { name: "Generate" }).isDisabled()).toBe(true);
    await dialog.getByLabel("To").fill(addDays(nextMonday, 6));

    await dialog.getByRole("button", { name: "Generate" }).click();
    await toast(page, "Added 2 items, excluded 4 items already in stock.");
    await expect.poll(() => count(page)).toBe("0 / 2 items");
    // 2 1/2 cups of flour are 300 g, a cup of butter 227 g: all in stock. Vanilla counted in bottles can't be compared.
    expect(await listed(page)).toEqual(["Vanilla extract, 1 tsp", "Eggs, 2 units"]);
    expect(await page.getByTestId("excluded-items").innerText()).toContain("Flour, Sugar, Butter, Salt");
    expect(await page.getByTestId("unconverted-items").innerText()).toContain(
      "Vanilla extract: your inventory has it in units, which Kim can't convert to tsp",
    );
    await keepScreenshot(page, "shopping-list-converted-1280");
    await page.setViewportSize({ width: 375, height: 800 });
    await keepScreenshot(page, "shopping-list-converted-375");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await openGenerate(page);
    await keepScreenshot(page, "shopping-list-generate-range-375");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  it("checks off or adds a scanned product", async () => {
    await barcodeNotFound("9002233139084");
    const page = await openPage();
    await signInAs(page, { firstName: "Bo" });
    await page.goto("/shopping-list");
    await page.getByText("Your shopping list is empty").waitFor();
    await addItem(page, "gouda jung", "1");

    // Not on the list: added, checked, 1 unit, filed by the product's category.
    await scanPhoto(page, "ean13-001.jpg");
    await toast(page, "Item added and checked!");
    await expect.poll(() => count(page)).toBe("1 / 2 items");
    expect(await listed(page)).toEqual(["gouda jung, 1 unit", "Lait demi-écrémé, 1 unit [x]"]);
    expect(await groups(page)).toEqual(["Dairy"]);

    // On the list in another case: checked off, not added again.
    await scanPhoto(page, "ean13-003.jpg");
    await toast(page, "Item checked off!");
    await expect.poll(() => count(page)).toBe("2 / 2 items");
    expect(await listed(page)).toEqual(["gouda jung, 1 unit [x]", "Lait demi-écrémé, 1 unit [x]"]);

    // Scanned again: already in the cart.
    await scanPhoto(page, "ean13-001.jpg");
    await toast(page, "Item checked off!");
    expect(await count(page)).toBe("2 / 2 items");

    // Unknown to Open Food Facts: said, and the cook types it in.
    await page.getByRole("button", { name: "Scan Item" }).click();
    await page.getByRole("dialog", { name: "Scan Item" }).getByLabel("Scan from a picture").setInputFiles(barcodePhoto("ean13-004.jpg"));
    await toast(page, "Product not found");
    const form = page.getByRole("dialog", { name: "Add Item" });
    await form.getByText("Barcode 9002233139084 gave no product name. Type the item in instead.").waitFor();
    await form.getByLabel("Name").fill("Sparkling water");
    await form.getByRole("button", { name: "Add Item" }).click();
    await form.waitFor({ state: "detached" });
    await expect.poll(() => count(page)).toBe("2 / 3 items");
    await keepScreenshot(page, "shopping-list-scanned-1280");
  });

  it("keeps both changes when two tabs change the list", async () => {
    const page = await openPage();
    await signInAs(page, { firstName: "Tess" });
    // This tab's live updates are down (decision 0037), so it keeps the list it loaded while the other tab changes it.
    await page.route("**/api/events*", (route) => route.abort());
    await page.goto("/shopping-list");
    await page.getByText("Your shopping list is empty").waitFor();
    await addItem(page, "Flour", "1", "kg");
    await addItem(page, "Butter", "250", "g");
    await expect.poll(() => count(page)).toBe("0 / 2 items");

    // Another tab of the same cook changes the list after this one loaded it.
    const other = await page.context().newPage();
    await other.goto("/shopping-list");
    await expect.poll(() => count(other)).toBe("0 / 2 items");
    await addItem(other, "Sugar", "1", "kg");
    await other.getByRole("checkbox", { name: "Butter, 250 g" }).check();
    await expect.poll(() => count(other)).toBe("1 / 3 items");

    // This tab still shows the old list; its change is saved on top of the other tab's, not over it.
    expect(await count(page)).toBe("0 / 2 items");
    const saves: number[] = [];
    page.on("response", (response) => {
      if (response.url().includes("shoppingLists.update")) saves.push(response.status());
    });
    await page.getByRole("checkbox", { name: "Flour, 1 kg" }).check();
    await expect.poll(() => listed(page)).toEqual(["Flour, 1 kg [x]", "Sugar, 1 kg", "Butter, 250 g [x]"]);
    // The stale save was refused (409), the change applied again to the newer list, and that saved.
    expect(saves).toEqual([409, 200]);
    expect(await count(page)).toBe("2 / 3 items");
    await page.getByRole("button", { name: "Remove Sugar, 1 kg" }).click();
    await expect.poll(() => count(page)).toBe("2 / 2 items");
    // The remove shows at once; the other tab reloads once it is saved (a reload during the save: the test "keeps changes made just before a reload").
    await expect.poll(() => saves).toEqual([409, 200, 200]);

    await other.reload();
    await expect.poll(() => listed(other)).toEqual(["Flour, 1 kg [x]", "Butter, 250 g [x]"]);
    expect(await savedItems(page)).toEqual(["Flour [x]", "Butter [x]"]);
  });

  it("keeps a change on screen when a read of the list that began before it comes back", async () => {
    // Without a service worker, whose fetches the page's routes would not see.
    const page = await openPage({ serviceWorkers: "block" });
    await signInAs(page, { firstName: "Rae" });
    await page.goto("/shopping-list");
    await page.getByText("Your shopping list is empty").waitFor();
    await addItem(page, "Flour", "1", "kg");
    await expect.poll(() => count(page)).toBe("0 / 1 items");

    // The reads of the list (the live update's) and the saves are held, to come back in the order that raced.
    const read = await holdCalls(page, "shoppingLists.list");
    const save = await holdCalls(page, "shoppingLists.update");
    const other = await page.context().newPage();
    await other.goto("/shopping-list");
    await addItem(other, "Sugar", "1", "kg");
    await read.started;
    // From the tick on, every state the Flour row is drawn in is noted.
    await page.evaluate(() => {
      const states: string[] = [];
      Reflect.set(window, "flourStates", states);
      new MutationObserver(() => {
        const row = Array.from(document.querySelectorAll("[data-testid=shopping-item]")).find((li) => li.textContent?.includes("Flour"));
        states.push(row?.getAttribute("data-checked") ?? "gone");
      }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-checked"] });
    });
    await page.getByRole("checkbox", { name: "Flour, 1 kg" }).click();
    await save.started;
    await read.release();
    await save.release();
    // The save met the other tab's newer list (409) and was applied to it again.
    await expect.poll(() => listed(page)).toEqual(["Flour, 1 kg [x]", "Sugar, 1 kg"]);
    expect(await page.evaluate(() => Reflect.get(window, "flourStates") as string[])).not.toContain("false");
  });

  it("keeps changes made just before a reload: each is on the device before it is sent, and applied once", async () => {
    const page = await openPage({ serviceWorkers: "block" });
    await signInAs(page, { firstName: "Ida" });
    await page.goto("/shopping-list");
    await page.getByText("Your shopping list is empty").waitFor();
    await addItem(page, "Flour", "1", "kg");
    await addItem(page, "Butter", "250", "g");
    await expect.poll(() => count(page)).toBe("0 / 2 items");
    await expect.poll(() => keptOnDevice(page)).toBe(0);

    // The first save gets no answer, the second waits behind it, and the tab reloads.
    const save = await holdCalls(page, "shoppingLists.update");
    await page.getByRole("checkbox", { name: "Flour, 1 kg" }).click();
    await page.getByRole("button", { name: "Remove Butter, 250 g" }).click();
    await save.started;
    await expect.poll(() => keptOnDevice(page)).toBe(2);
    // Being saved is not waiting: online, no note counts them.
    expect(await page.getByText(/Saving \d+ change/).count()).toBe(0);
    await page.reload();
    await save.release();
    await expect.poll(() => listed(page)).toEqual(["Flour, 1 kg [x]"]);
    await expect.poll(() => keptOnDevice(page)).toBe(0);
    expect(await savedItems(page)).toEqual(["Flour [x]"]);

    // A save that reached the server but whose answer the reload cut off: the next page has nothing to save again.
    let landed!: () => void;
    const reached = new Promise<void>((resolve) => (landed = resolve));
    await page.route("**/trpc/shoppingLists.update**", async (route) => {
      await route.fetch();
      landed();
    });
    await page.getByRole("checkbox", { name: "Flour, 1 kg" }).click();
    await reached;
    const updates: string[] = [];
    page.on("request", (request) => request.url().includes("shoppingLists.update") && updates.push(request.url()));
    await page.reload();
    await page.unroute("**/trpc/shoppingLists.update**");
    await expect.poll(() => keptOnDevice(page)).toBe(0);
    expect(await listed(page)).toEqual(["Flour, 1 kg"]);
    expect(await savedItems(page)).toEqual(["Flour"]);
    expect(updates).toEqual([]);
  });

  it("shows a change saved by another tab while this one was opening", async () => {
    const page = await openPage();
    await signInAs(page, { firstName: "Ada" });
    await page.goto("/shopping-list");
    await page.getByText("Your shopping list is empty").waitFor();
    await addItem(page, "Flour", "1", "kg");
    const added = page.waitForResponse((r) => r.url().includes("shoppingLists.update") && !!r.request().postData()?.includes("Sugar"));
    await addItem(page, "Sugar", "1", "kg");
    expect((await added).status()).toBe(200);

    // The other tab reads the list, then this tab's remove is saved, then the other tab's live updates start: their
    // stream begins at versions that already count the remove, so it tells of nothing (decision 0037).
    const other = await page.context().newPage();
    let openStream = () => {};
    const streamHeld = new Promise<void>((resolve) => (openStream = resolve));
    await other.route("**/api/events*", async (route) => {
      await streamHeld;
      await route.fallback();
    });
    let sendRemove = () => {};
    const removeHeld = new Promise<void>((resolve) => (sendRemove = resolve));
    await page.route("**/trpc/shoppingLists.update*", async (route) => {
      await removeHeld;
      await route.fallback();
    });
    await page.getByRole("button", { name: "Remove Sugar, 1 kg" }).click();
    const read = other.waitForResponse((response) => response.url().includes("shoppingLists.list"));
    await other.goto("/shopping-list");
    expect((await read).status()).toBe(200);
    await expect.poll(() => listed(other)).toEqual(["Flour, 1 kg", "Sugar, 1 kg"]);

    const removed = page.waitForResponse((response) => response.url().includes("shoppingLists.update"));
    sendRemove();
    expect((await removed).status()).toBe(200);
    const stream = other.waitForResponse((response) => response.url().includes("/api/events"));
    openStream();
    expect((await stream).status()).toBe(200);
    await expect.poll(() => listed(other)).toEqual(["Flour, 1 kg"]);
  });
});
