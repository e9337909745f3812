import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { addDays, localDate } from "../packages/domain/src/index";
import { keepScreenshot, openPage, toast, useBrowser } from "./browser";
import {
  addIngredients,
  addRecipes,
  addStockEvents,
  expiryMailSetting,
  signInAs,
  unsubscribeLink,
  type RecipeRow,
  type StockEventRow,
} from "./fixtures";

useBrowser();

const recipe = (title: string, names: string[]): RecipeRow => ({
  title,
  ingredients: names.map((name) => ({ name, quantity: 1, unit: "units" })),
  instructions: "Cook it.",
});

/** Three months of a kitchen: dairy thrown away most, produce and meat used. */
function history(): StockEventRow[] {
  const rows: StockEventRow[] = [];
  const add = (n: number, row: Omit<StockEventRow, "daysAgo">, every: number, from = 0) => {
    for (let i = 0; i < n; i++) rows.push({ ...row, daysAgo: from + i * every });
  };
  add(7, { name: "Milk", category: "Dairy", kind: "wasted" }, 9);
  add(3, { name: "Spinach", category: "Produce", kind: "wasted" }, 13, 2);
  add(2, { name: "Chicken", category: "Meat", kind: "wasted" }, 20, 5);
  add(14, { name: "Carrots", category: "Produce", kind: "used" }, 4, 1);
  add(6, { name: "Rice", category: "Pantry", kind: "used" }, 10, 3);
  return rows;
}

async function seededKitchen(page: Page, options: { isPro: boolean }) {
  const { userId } = await signInAs(page, { firstName: "Ines", isPro: options.isPro });
  const today = localDate();
  await addStockEvents(userId, history());
  await addIngredients(userId, [
    { name: "Milk", quantity: 1, unit: "L", category: "Dairy", expirationDate: today },
    { name: "Spinach", quantity: 200, unit: "g", category: "Produce", expirationDate: addDays(today, 2) },
    { name: "Eggs", quantity: 6, unit: "units", category: "Dairy", expirationDate: addDays(today, 5) },
    { name: "Rice", quantity: 1, unit: "kg", category: "Pantry", expirationDate: addDays(today, 200) },
  ]);
  const ids = await addRecipes(userId, [
    recipe("Spinach and ricotta cannelloni", ["Spinach", "ricotta", "milk"]),
    recipe("Creamy spinach soup", ["spinach", "onion"]),
    recipe("Rice pudding", ["rice", "milk", "sugar"]),
    recipe("Shakshuka", ["eggs", "tomatoes"]),
    recipe("Beef stew", ["beef", "carrots"]),
  ]);
  return { userId, ids };
}

/** Script files the page has loaded so far. */
const scripts = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .map((e) => e.name)
      .filter((n) => n.endsWith(".js")),
  );

describe("insights", () => {
  it("shows a Pro cook's figures as charts, advice, and what expires with recipes, at 1280 and 375 px, light and dark", async () => {
    const page = await openPage();
    await seededKitchen(page, { isPro: true });

    // The dashboard never loads the chart library: the Insights page is a chunk of its own.
    await page.goto("/");
    await page.getByRole("heading", { name: /Welcome back/ }).waitFor();
    expect((await scripts(page)).some((s) => /insights/i.test(s))).toBe(false);

    // The route's loader asks for the figures beside the page's code; the page reads that answer, not a second one.
    const figureReads: string[] = [];
    page.on("request", (request) => void (request.url().includes("insights.get") && figureReads.push(request.url())));
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Insights" }).click();
    await page.getByRole("heading", { name: "Insights", exact: true }).waitFor();
    await page.getByTestId("insights-advice").waitFor();
    expect(figureReads).toHaveLength(1);
    expect(await page.getByTestId("insights-advice").innerText()).toMatch(/^You threw away \d+ dairy items? in \w+; buy smaller packs\.$/);
    expect(await page.getByTestId("stock-chart").count()).toBe(2);
    expect((await scripts(page)).some((s) => /insights/i.test(s))).toBe(true);
    // The charts' figures are there for screen readers too.
    expect(await page.getByRole("table", { name: "Items wasted and used per month" }).count()).toBe(1);
    expect((await page.getByTestId("wasted-category").allInnerTexts()).map((t) => t.split("\n")[0])).toEqual(["Dairy", "Produce", "Meat"]);

    const expiring = page.getByTestId("insights-expiring");
    expect((await expiring.allInnerTexts()).map((t) => t.split("\n")[0])).toEqual(["Milk", "Spinach", "Eggs"]);
    // Best matches first: the cannelloni uses both milk and spinach.
    expect(await page.getByRole("list", { name: "Recipes using Spinach" }).getByRole("link").allInnerTexts()).toEqual([
      "Spinach and ricotta cannelloni",
      "Creamy spinach soup",
    ]);
    expect(await page.getByRole("list", { name: "Recipes using Eggs" }).getByRole("link").allInnerTexts()).toEqual(["Shakshuka"]);

    await keepScreenshot(page, "insights-1280-light");
    await page.setViewportSize({ width: 375, height: 800 });
    // Nothing sideways once the charts have redrawn at the new width.
    await page.waitForFunction(() => document.documentElement.scrollWidth <= 375);
    await keepScreenshot(page, "insights-375-light");

    const dark = await openPage({ colorScheme: "dark" });
    await seededKitchen(dark, { isPro: true });
    await dark.goto("/insights");
    await dark.getByTestId("insights-advice").waitFor();
    await dark.getByTestId("stock-chart").nth(1).waitFor();
    expect(await dark.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
    await keepScreenshot(dark, "insights-1280-dark");
    await dark.setViewportSize({ width: 375, height: 800 });
    await dark.waitForFunction(() => document.documentElement.scrollWidth <= 375);
    await keepScreenshot(dark, "insights-375-dark");
  });

  it("shows others what Insights offers, with an upgrade link, and Suggest meals the same way", async () => {
    const page = await openPage({ width: 375 });
    await seededKitchen(page, { isPro: false });
    const figureReads: string[] = [];
    page.on("request", (request) => void (request.url().includes("insights.get") && figureReads.push(request.url())));
    await page.goto("/insights");
    const upgrade = page.getByTestId("insights-upgrade");
    await upgrade.waitFor();
    await page.waitForLoadState("networkidle");
    // A cook without Pro is never asked about figures they cannot see (the server would refuse them).
    expect(figureReads).toEqual([]);
    expect(await upgrade.innerText()).toContain("Insights are a Pro feature");
    expect(await upgrade.getByRole("link", { name: "Upgrade to Pro" }).getAttribute("href")).toBe("/pricing");
    expect(await page.getByTestId("stock-chart").count()).toBe(0);
    await keepScreenshot(page, "insights-upgrade-375");

    await page.goto("/meal-planner");
    await page.getByRole("button", { name: "Suggest meals" }).click();
    const dialog = page.getByRole("dialog", { name: "Suggest meals" });
    await dialog.getByTestId("suggest-upgrade").waitFor();
    expect(await dialog.getByRole("link", { name: "Upgrade to Pro" }).getAttribute("href")).toBe("/pricing");
  });
});

describe("suggest meals", () => {
  it("suggests meals for the week's empty slots, expiring stock first, and plans the two the cook keeps", async () => {
    const page = await openPage();
    const { ids } = await seededKitchen(page, { isPro: true });
    await page.goto("/meal-planner");
    await page.getByRole("button", { name: "Suggest meals" }).click();
    const dialog = page.getByRole("dialog", { name: "Suggest meals" });
    const suggestions = dialog.getByTestId("meal-suggestion");
    await suggestions.first().waitFor();
    const texts = await suggestions.allInnerTexts();
    // Each meal gets a dish for it: today's breakfast the one breakfast, and as milk expires today, today's lunch the
    // recipe using milk and spinach; rice pudding, a dessert, is no meal.
    expect(texts[0]).toMatch(/^Breakfast · .*\nShakshuka\n/);
    expect(texts[1]).toMatch(/^Lunch · .*\nSpinach and ricotta cannelloni\nUses Milk \(expires today\)/);
    expect(texts[2]).toMatch(/^Dinner · .*\nBeef stew\n/);
    expect(texts.filter((t) => t.startsWith("Breakfast"))).toHaveLength(1);
    expect(texts.some((t) => t.includes("Rice pudding"))).toBe(false);
    const count = texts.length;
    expect(count).toBeGreaterThanOrEqual(2);
    await keepScreenshot(page, "suggest-meals-1280");

    // Keep the first two, untick the rest; nothing is planned before the cook accepts.
    for (let i = 2; i < count; i++) await suggestions.nth(i).getByRole("checkbox").uncheck();
    await dialog.getByRole("button", { name: "Add 2 meals" }).click();
    await toast(page, "Meals added to planner");
    await dialog.waitFor({ state: "detached" });
    const planned = await page.locator("td[data-slot-key] a").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    // In the grid's order: the breakfast row, then lunch.
    expect(planned).toEqual([`/cooking/${ids[3]}`, `/cooking/${ids[0]}`]);
  });
});

describe("expiry mail", () => {
  it("is turned on in the profile with the browser's time zone, and off from the mail's link while signed out", async () => {
    const page = await openPage({ width: 375 });
    const { userId } = await signInAs(page, { firstName: "Otto" });
    await page.goto("/profile");
    const toggle = page.getByRole("switch", { name: "Email me what expires in the next 3 days" });
    expect(await toggle.isChecked()).toBe(false);
    await expect.poll(() => toggle.isEnabled()).toBe(true);
    // The switch shows the click at once, as the click's own event ends: one whose state came with the request's
    // pending state, a task later, flipped back meanwhile (and a check made then saw it unchanged).
    expect(await toggle.evaluate((input: HTMLInputElement) => (input.click(), input.checked))).toBe(true);
    await toast(page, "Expiry mail turned on");
    const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(await expiryMailSetting(userId)).toEqual({ expiryMail: true, timeZone: zone });
    await keepScreenshot(page, "profile-expiry-mail-375");

    // The link works in a browser that is not signed in.
    const signedOut = await openPage({ width: 375 });
    await signedOut.goto("/unsubscribe?token=forged.token");
    await signedOut.getByRole("button", { name: "Unsubscribe" }).click();
    await signedOut.getByRole("heading", { name: "Invalid link" }).waitFor();
    expect((await expiryMailSetting(userId)).expiryMail).toBe(true);

    await signedOut.goto(await unsubscribeLink(userId));
    await signedOut.getByRole("heading", { name: "Stop expiry mail?" }).waitFor();
    await signedOut.getByRole("button", { name: "Unsubscribe" }).click();
    await signedOut.getByRole("heading", { name: "You're unsubscribed" }).waitFor();
    await keepScreenshot(signedOut, "unsubscribed-375");
    expect((await expiryMailSetting(userId)).expiryMail).toBe(false);
  });
});
