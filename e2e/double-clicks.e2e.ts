import type { Locator, Page, Request } from "playwright-core";
import { describe, expect, it } from "vitest";
import { addDays, localDate, startOfWeek, WEEKDAYS } from "../packages/domain/src/index";
import { keepScreenshot, openPage, toast, uniqueEmail, useBrowser } from "./browser";
import { addIngredients, addRecipes, publishRecipePage, signInAs } from "./fixtures";

useBrowser();

/**
 * Two clicks in one task, faster than any hand: the page has no chance to re-render (to disable the button) between
 * them, so only the mutation's own guard and the idempotency key stand between them and a second change.
 */
async function doubleClick(button: Locator): Promise<void> {
  await button.evaluate((el: HTMLElement) => {
    el.click();
    el.click();
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/**
 * Every write the page sends. `settled` waits until none is on its way, so a second change would have landed;
 * `sentWithKeys` checks that each call of a procedure went alone with a UUID Idempotency-Key, and answers how many went.
 */
function watchWrites(page: Page) {
  const pending = new Set<Request>();
  const sent: { path: string; key: string | undefined }[] = [];
  page.on("request", (r) => {
    if (r.method() === "GET") return;
    pending.add(r);
    sent.push({ path: new URL(r.url()).pathname, key: r.headers()["idempotency-key"] });
  });
  const done = (r: Request) => void pending.delete(r);
  page.on("requestfinished", done);
  page.on("requestfailed", done);
  return {
    settled: () => expect.poll(() => pending.size).toBe(0),
    /** How many calls of a procedure went, batched or not. */
    calls: (procedure: string) => sent.filter((s) => s.path.split("/").at(-1)!.split(",").includes(procedure)).length,
    sentWithKeys: (procedure: string) => {
      const calls = sent.filter((s) => s.path.split("/").at(-1)!.split(",").includes(procedure));
      for (const call of calls) expect(call).toEqual({ path: `/trpc/${procedure}`, key: expect.stringMatching(UUID) });
      return calls.length;
    },
  };
}

async function read<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path);
  expect(response.ok()).toBe(true);
  return (await response.json()) as T;
}

const stock = async (page: Page) =>
  (await read<{ name: string; quantity: number; unit: string }[]>(page, "/api/ingredients"))
    .map((i) => `${i.name} ${i.quantity} ${i.unit}`)
    .sort();
const recipeTitles = async (page: Page) => {
  const list = await read<{ title: string }[] | { items: { title: string }[] }>(page, "/api/recipes");
  return (Array.isArray(list) ? list : list.items).map((r) => r.title).sort();
};

describe("a double click", () => {
  it("on Add Ingredient adds one ingredient", async () => {
    const page = await openPage();
    await signInAs(page, { firstName: "Dora" });
    const writes = watchWrites(page);
    await page.goto("/inventory");
    await page.getByRole("button", { name: "Add Ingredient" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Name").fill("Leek");
    await doubleClick(dialog.getByRole("button", { name: "Add Ingredient" }));
    await toast(page, "Ingredient added successfully");
    await dialog.waitFor({ state: "detached" });
    await writes.settled();
    expect(await stock(page)).toEqual(["Leek 1 units"]);
    expect(writes.sentWithKeys("inventory.create")).toBeGreaterThan(0);
  });

  it("on Submit Bug Report files one report, sent with its key", async () => {
    const page = await openPage();
    await signInAs(page, { firstName: "Bea" });
    const writes = watchWrites(page);
    await page.goto("/bug-report");
    await page.getByLabel("Title").fill("Timer beeps twice");
    await page.getByLabel("Description").fill("At zero the timer beeps twice.");
    await doubleClick(page.getByRole("button", { name: "Submit Bug Report" }));
    await toast(page, "Bug report submitted successfully");
    await writes.settled();
    expect(writes.sentWithKeys("bugReports.create")).toBe(1);
    expect(await page.getByLabel("Title").inputValue()).toBe("");
  });

  it("on Create Recipe creates one recipe", async () => {
    const page = await openPage();
    await signInAs(page, { firstName: "Dario" });
    const writes = watchWrites(page);
    await page.goto("/recipes");
    await page.getByRole("link", { name: "Create Recipe" }).first().click();
    await page.getByRole("heading", { name: "Create Recipe" }).waitFor();
    await page.getByLabel("Title").fill("Leek and Potato Soup");
    await page.getByLabel("Name of ingredient 1").fill("Leek");
    await page.getByLabel("Steps").fill("Simmer until soft.");
    await doubleClick(page.getByRole("button", { name: "Create Recipe" }));
    await toast(page, "Recipe created successfully");
    await page.waitForURL("**/recipes");
    await writes.settled();
    expect(await recipeTitles(page)).toEqual(["Leek and Potato Soup"]);
    expect(writes.sentWithKeys("recipes.create")).toBeGreaterThan(0);
  });

  it("on Add Meal plans one meal", async () => {
    const page = await openPage();
    const { userId } = await signInAs(page, { firstName: "Dina" });
    await addRecipes(userId, [{ title: "Risotto", ingredients: [{ name: "Rice", quantity: 1, unit: "cups" }], instructions: "Stir." }]);
    const writes = watchWrites(page);
    const monday = startOfWeek(localDate());
    const sunday = addDays(monday, 6);
    const day = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" }).format(new Date(sunday));
    await page.goto("/meal-planner");
    await page.getByRole("button", { name: `Add dinner on ${WEEKDAYS[6]}, ${day}` }).click();
    const dialog = page.getByRole("dialog", { name: "Add Meal" });
    await dialog.getByRole("option", { name: "Risotto", exact: true }).click();
    await doubleClick(dialog.getByRole("button", { name: "Add Meal" }));
    await toast(page, "Meal added to planner");
    await dialog.waitFor({ state: "detached" });
    await writes.settled();
    const meals = await read<{ date: string; mealType: string }[]>(page, `/api/meal-plans?from=${monday}&to=${sunday}`);
    expect(meals.map((m) => `${m.date} ${m.mealType}`)).toEqual([`${sunday} dinner`]);
    expect(writes.sentWithKeys("mealPlans.create")).toBeGreaterThan(0);
  });

  it("on the Suggest dialog's Add plans each suggested meal once", async () => {
    const page = await openPage();
    const { userId } = await signInAs(page, { firstName: "Sue", isPro: true });
    await addRecipes(userId, [
      { title: "Beef stew", ingredients: [{ name: "Beef", quantity: 1, unit: "lbs" }], instructions: "Simmer." },
      { title: "Chicken curry", ingredients: [{ name: "Chicken", quantity: 1, unit: "lbs" }], instructions: "Stir." },
    ]);
    const writes = watchWrites(page);
    await page.goto("/meal-planner");
    await page.getByRole("button", { name: "Suggest meals" }).click();
    const dialog = page.getByRole("dialog", { name: "Suggest meals" });
    await dialog.getByTestId("meal-suggestion").first().waitFor();
    const suggested = await dialog.getByTestId("meal-suggestion").count();
    await doubleClick(dialog.getByRole("button", { name: `Add ${suggested} meal` }));
    await toast(page, "Meals added to planner");
    await dialog.waitFor({ state: "detached" });
    await writes.settled();
    const monday = startOfWeek(localDate());
    const meals = await read<unknown[]>(page, `/api/meal-plans?from=${monday}&to=${addDays(monday, 6)}`);
    expect(meals).toHaveLength(suggested);
    expect(writes.sentWithKeys("mealPlans.create")).toBe(suggested);
  });

  it("on Import All imports each recipe once", async () => {
    const page = await openPage();
    await signInAs(page, { firstName: "Dev", isPro: true });
    const recipe = (name: string) => ({
      "@type": "Recipe",
      name,
      recipeIngredient: ["200 g flour", "2 eggs"],
      recipeInstructions: [{ "@type": "HowToStep", text: "Mix and bake." }],
    });
    const data = { "@context": "https://schema.org", "@graph": [recipe("Scones"), recipe("Crumpets")] };
    const url = await publishRecipePage(
      "/double-click-tea",
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Tea</title>
<script type="application/ld+json">${JSON.stringify(data)}</script></head><body><h1>Tea</h1></body></html>`,
    );
    const writes = watchWrites(page);
    await page.goto("/recipes");
    await page.getByRole("button", { name: "AI Extract" }).click();
    await page.getByRole("dialog").getByLabel("Recipe page URL").fill(url);
    await page.keyboard.press("Enter");
    const importAll = page.getByRole("dialog").getByRole("button", { name: "Import All (2)" });
    await importAll.waitFor();
    await doubleClick(importAll);
    await toast(page, "Successfully imported 2 recipes!");
    await writes.settled();
    expect(await recipeTitles(page)).toEqual(["Crumpets", "Scones"]);
    expect(writes.sentWithKeys("recipes.create")).toBeGreaterThanOrEqual(2);
  });

  it("on Create User creates the user once, and the dialog closes on its success", async () => {
    const page = await openPage();
    await signInAs(page, { firstName: "Adam", role: "admin" });
    const writes = watchWrites(page);
    await page.goto("/admin");
    await page.getByRole("button", { name: "Add New User" }).click();
    const dialog = page.getByRole("dialog", { name: "Create New User" });
    await dialog.getByLabel("Email*").fill(uniqueEmail("twice"));
    await doubleClick(dialog.getByRole("button", { name: "Create User" }));
    await toast(page, "User created successfully");
    await dialog.waitFor({ state: "detached" });
    await writes.settled();
    expect(writes.calls("admin.createUser")).toBe(1);
    expect(await page.locator('[data-slot="toast"]').filter({ hasText: "Failed to create user" }).count()).toBe(0);
  });

  it("on 'I cooked this' takes the stock once, and one on Undo restores it exactly", async () => {
    const page = await openPage();
    const { userId } = await signInAs(page, { firstName: "Dana" });
    await addIngredients(userId, [
      { name: "Onion", quantity: 4, unit: "units", category: "Produce" },
      { name: "Cream", quantity: 300, unit: "ml", category: "Dairy" },
    ]);
    const [soup] = await addRecipes(userId, [
      {
        title: "Onion Soup",
        servings: 2,
        ingredients: [
          { name: "Onion", quantity: 2, unit: "units" },
          { name: "Cream", quantity: 200, unit: "ml" },
        ],
        instructions: "Simmer.",
      },
    ]);
    const before = await stock(page);
    const writes = watchWrites(page);
    await page.goto(`/cooking/${soup}`);
    const cooked = page.getByRole("button", { name: "I cooked this" });
    await doubleClick(cooked);
    await toast(page, "Inventory updated");
    const taken = page.getByRole("list", { name: "Taken from your inventory" });
    await taken.waitFor();
    await writes.settled();
    expect((await taken.innerText()).replace(/\s+/g, " ")).toBe("Onion 4 units → 2 units Cream 300 ml → 100 ml");
    expect(await stock(page)).toEqual(["Cream 100 ml", "Onion 2 units"]);
    await keepScreenshot(page, "double-click-cooked-1280");

    await doubleClick(page.getByRole("button", { name: "Undo" }));
    await toast(page, "Inventory restored");
    await cooked.waitFor();
    await writes.settled();
    expect(await stock(page)).toEqual(before);
    expect(writes.sentWithKeys("mealPlans.cook")).toBeGreaterThan(0);
    expect(writes.sentWithKeys("mealPlans.restock")).toBeGreaterThan(0);
  });
});
