import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { localDate } from "../packages/domain/src/index";
import { holdRequests, keepScreenshot, openPage, toast, useBrowser } from "./browser";
import { addIngredients, signInAs } from "./fixtures";
import { sharedData } from "./shared-data";

useBrowser();

const barcodePhoto = (file: string) => sharedData("barcodes", file);

/** The local date `offset` days from today, as the app computes it. */
function daysFromToday(offset: number): string {
  const date = new Date();
  date.setDate(date.getDate() + offset);
  return localDate(date);
}

async function pickOption(page: Page, combobox: Locator, option: string): Promise<void> {
  await combobox.click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

const cards = (page: Page) => page.getByTestId("ingredient-card");
const names = (page: Page) => cards(page).getByRole("heading").allInnerTexts();
const card = (page: Page, name: string) => cards(page).filter({ has: page.getByRole("heading", { name, exact: true }) });

describe("inventory", () => {
  it("adds, edits, filters and deletes ingredients", async () => {
    const page = await openPage();
    await signInAs(page, { firstName: "Ivy" });
    await page.goto("/inventory");
    await page.getByRole("heading", { name: "Inventory", exact: true }).waitFor();
    await page.getByText("No ingredients found").waitFor();
    await page.getByText("Start by adding your first ingredient").waitFor();
    await keepScreenshot(page, "inventory-empty-1280");
    await page.setViewportSize({ width: 375, height: 800 });
    await keepScreenshot(page, "inventory-empty-375");
    await page.setViewportSize({ width: 1280, height: 800 });

    // The form checks its input before anything is sent, and starts from the spec's defaults.
    await page.getByRole("button", { name: "Add Ingredient" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("heading", { name: "Add Ingredient" }).waitFor();
    expect(await dialog.getByLabel("Quantity").inputValue()).toBe("1");
    expect(await dialog.getByLabel("Unit").innerText()).toBe("units");
    expect(await dialog.getByLabel("Category").innerText()).toBe("Other");
    await dialog.getByRole("button", { name: "Add Ingredient" }).click();
    await dialog.getByText("Name is required").waitFor();

    await dialog.getByLabel("Name").fill("Whole Milk");
    await dialog.getByLabel("Quantity").fill("1.5");
    await pickOption(page, dialog.getByLabel("Unit"), "L");
    await pickOption(page, dialog.getByLabel("Category"), "Dairy");
    // A date no food has (a typo of 1900 or 9999) and a negative amount are refused with what Kim takes.
    await dialog.getByLabel("Quantity").fill("-1");
    await dialog.getByLabel("Expiration Date").fill("1900-01-01");
    await dialog.getByRole("button", { name: "Add Ingredient" }).click();
    await dialog.getByText("Quantity must be 0 or more").waitFor();
    // The error under Quantity does not push Unit, beside it, down.
    const top = async (label: string) => (await dialog.getByLabel(label).boundingBox())!.y;
    expect(await top("Unit")).toBe(await top("Quantity"));
    await dialog.getByText("Expiration date must be between Jan 1, 2000 and 30 years from today").waitFor();
    await dialog.getByLabel("Expiration Date").fill("9999-12-31");
    await dialog.getByRole("button", { name: "Add Ingredient" }).click();
    await dialog.getByText("Expiration date must be between Jan 1, 2000 and 30 years from today").waitFor();
    await dialog.getByLabel("Quantity").fill("1.5");
    await dialog.getByLabel("Expiration Date").fill(daysFromToday(2));
    await dialog.getByLabel("Notes").fill("Top shelf");
    await keepScreenshot(page, "inventory-dialog-1280");
    await dialog.getByLabel("Name").press("Enter");
    await toast(page, "Ingredient added successfully");
    await dialog.waitFor({ state: "detached" });
    const milk = card(page, "Whole Milk");
    await milk.waitFor();
    const milkText = await milk.innerText();
    expect(milkText).toContain("Dairy");
    expect(milkText).toContain("1.5 L");
    expect(milkText).toContain("Top shelf");
    await expect(milk.locator('[data-slot="badge"]').getAttribute("data-variant")).resolves.toBe("destructive");
    expect(await milk.locator('[data-slot="badge"]').innerText()).toBe("2d");

    await page.getByRole("button", { name: "Add Ingredient" }).click();
    await dialog.getByLabel("Name").fill("Basmati Rice");
    await dialog.getByLabel("Quantity").fill("2");
    await pickOption(page, dialog.getByLabel("Unit"), "kg");
    await pickOption(page, dialog.getByLabel("Category"), "Pantry");
    await dialog.getByRole("button", { name: "Add Ingredient" }).click();
    await toast(page, "Ingredient added successfully");
    await card(page, "Basmati Rice").waitFor();
    expect(await card(page, "Basmati Rice").locator('[data-slot="badge"]').innerText()).toBe("No date");
    expect(await cards(page).count()).toBe(2);

    // Edit keeps the other fields and updates the card.
    await page.getByRole("button", { name: "Edit Whole Milk" }).click();
    await dialog.getByRole("heading", { name: "Edit Ingredient" }).waitFor();
    expect(await dialog.getByLabel("Name").inputValue()).toBe("Whole Milk");
    expect(await dialog.getByLabel("Notes").inputValue()).toBe("Top shelf");
    await dialog.getByLabel("Name").fill("Oat Milk");
    await dialog.getByLabel("Quantity").fill("3");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await toast(page, "Ingredient updated successfully");
    await card(page, "Oat Milk").waitFor();
    expect(await card(page, "Oat Milk").innerText()).toContain("3 L");
    expect(await card(page, "Whole Milk").count()).toBe(0);

    // Search by name (any case) and filter by category.
    const search = page.getByLabel("Search ingredients");
    await search.fill("RICE");
    await card(page, "Oat Milk").waitFor({ state: "detached" });
    expect(await cards(page).count()).toBe(1);
    await search.fill("");
    await cards(page).nth(1).waitFor();
    // The filter is the browser's own select (the phone's own picker, no script to load before the page draws).
    const categoryFilter = page.getByLabel("Filter by category");
    await categoryFilter.selectOption({ label: "Dairy" });
    await card(page, "Basmati Rice").waitFor({ state: "detached" });
    expect(await cards(page).count()).toBe(1);
    await categoryFilter.selectOption({ label: "Seafood" });
    await page.getByText("No ingredients found").waitFor();
    await page.getByText("Try adjusting your filters").waitFor();
    await categoryFilter.selectOption({ label: "All Categories" });
    await cards(page).nth(1).waitFor();
    await keepScreenshot(page, "inventory-1280");
    await page.setViewportSize({ width: 375, height: 800 });
    await keepScreenshot(page, "inventory-375");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.getByRole("button", { name: "Add Ingredient" }).click();
    await dialog.getByLabel("Name").waitFor();
    await keepScreenshot(page, "inventory-dialog-375");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await page.setViewportSize({ width: 1280, height: 800 });

    // Delete asks first; cancelling keeps the ingredient.
    await page.getByRole("button", { name: "Delete Basmati Rice" }).click();
    const confirm = page.getByRole("alertdialog");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await confirm.waitFor({ state: "detached" });
    expect(await cards(page).count()).toBe(2);
    await page.getByRole("button", { name: "Delete Basmati Rice" }).click();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await toast(page, "Ingredient deleted successfully");
    // The open confirmation hides the page from role queries, so wait for it to close first.
    await confirm.waitFor({ state: "detached" });
    await card(page, "Basmati Rice").waitFor({ state: "detached" });
    expect(await names(page)).toEqual(["Oat Milk"]);
  });

  it("reads a decimal comma in Quantity and refuses text that is no number, at 390px", async () => {
    const page = await openPage({ width: 390 });
    await signInAs(page, { firstName: "Greta" });
    await page.goto("/inventory");
    const dialog = page.getByRole("dialog");
    const quantity = dialog.getByLabel("Quantity");
    // Typed key by key, as a cook types it: a number input would drop the comma and save 25.
    const typeQuantity = async (text: string) => {
      await quantity.selectText();
      await quantity.pressSequentially(text);
    };

    await page.getByRole("button", { name: "Add Ingredient" }).click();
    await dialog.getByLabel("Name").fill("Butter");
    await typeQuantity("0,25");
    await dialog.getByRole("button", { name: "Add Ingredient" }).click();
    await toast(page, "Ingredient added successfully");
    await dialog.waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Edit Butter" }).click();
    expect(await quantity.inputValue()).toBe("0.25");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });

    // "1,000" may be a thousand or one: refused, and nothing is saved.
    await page.getByRole("button", { name: "Add Ingredient" }).click();
    await dialog.getByLabel("Name").fill("Flour");
    await typeQuantity("1,000");
    await dialog.getByRole("button", { name: "Add Ingredient" }).click();
    await dialog.getByText("Quantity must be a number, like 2, 0.25 or 0,25").waitFor();
    expect(await quantity.getAttribute("aria-invalid")).toBe("true");
    // The focus went from the submit button to the field to fix.
    await expect.poll(() => quantity.evaluate((field) => field === document.activeElement)).toBe(true);
    await keepScreenshot(page, "inventory-quantity-error-390");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    expect(await names(page)).toEqual(["Butter"]);
  });

  it("fills the add dialog from a barcode photo", async () => {
    const page = await openPage();
    await signInAs(page, { firstName: "Sam" });
    await page.goto("/inventory");
    await page.getByText("Start by adding your first ingredient").waitFor();

    await page.getByRole("button", { name: "Scan Barcode" }).click();
    const scanner = page.getByRole("dialog");
    await scanner.getByRole("heading", { name: "Scan Barcode" }).waitFor();
    // The test browser has no camera: the scanner says so and still reads pictures.
    await scanner.getByText("No camera found on this device").waitFor();
    expect(await scanner.getByTestId("scanner-state").innerText()).toBe("stopped");
    await keepScreenshot(page, "barcode-scanner-1280");
    await scanner.getByLabel("Scan from a picture").setInputFiles(barcodePhoto("ean13-001.jpg"));

    await toast(page, "Product found!");
    const form = page.getByRole("dialog");
    await form.getByRole("heading", { name: "Add Ingredient" }).waitFor();
    expect(await form.getByLabel("Name").inputValue()).toBe("Lait demi-écrémé");
    expect(await form.getByLabel("Category").innerText()).toBe("Dairy");
    expect(await form.getByLabel("Notes").inputValue()).toBe("Brand: Lactel");
    await form.getByRole("button", { name: "Add Ingredient" }).click();
    await toast(page, "Ingredient added successfully");
    await card(page, "Lait demi-écrémé").waitFor();

    // Each opening scans afresh.
    await page.getByRole("button", { name: "Scan Barcode" }).click();
    await scanner.getByLabel("Scan from a picture").setInputFiles(barcodePhoto("ean13-003.jpg"));
    await toast(page, "Product found!");
    expect(await form.getByLabel("Name").inputValue()).toBe("Gouda jung");
    expect(await form.getByLabel("Notes").inputValue()).toBe("Brand: Milram");
  });

  it("says a slow barcode lookup is under way, and once cancelled its form never opens on its own", async () => {
    // Without a service worker, whose fetches the page's routes would not see.
    const page = await openPage({ serviceWorkers: "block" });
    await signInAs(page, { firstName: "Sam" });
    await page.goto("/inventory");
    await page.getByText("Start by adding your first ingredient").waitFor();
    const slow = await holdRequests(page, (url) => url.pathname.split("/").at(-1)!.split(",").includes("barcode.lookup"));
    await page.getByRole("button", { name: "Scan Barcode" }).click();
    await page.getByRole("dialog").getByLabel("Scan from a picture").setInputFiles(barcodePhoto("ean13-002.jpg"));
    await slow.started;
    const looking = page.getByRole("status").filter({ hasText: /^Looking up \d+…/ });
    await looking.waitFor();
    await looking.getByRole("button", { name: "Cancel" }).click();
    await looking.waitFor({ state: "detached" });
    await slow.release();
    expect(await page.getByRole("dialog").count()).toBe(0);
  });
});

describe("inventory layout and focus", () => {
  it("keeps a long name inside its card at 375px, and gives focus back when a dialog closes", async () => {
    const page = await openPage({ width: 375 });
    const { userId } = await signInAs(page, { firstName: "Lena" });
    const longName = "Extra-virgin-cold-pressed-organic-olive-oil-from-the-hills-above-the-lake-harvested-in-October";
    await addIngredients(userId, [{ name: longName, quantity: 1, unit: "L", category: "Pantry", expirationDate: null, notes: longName }]);
    for (const path of ["/inventory", "/"]) {
      await page.goto(path);
      await page
        .getByText(path === "/" ? "Welcome back, Lena!" : longName)
        .first()
        .waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(375);
    }

    await page.goto("/inventory");
    const add = page.getByRole("button", { name: "Add Ingredient" });
    await add.click();
    await page.getByRole("dialog").getByLabel("Name").waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });
    expect(await add.evaluate((button) => button === document.activeElement)).toBe(true);
  });
});

describe("inventory focus after a delete", () => {
  it("gives focus to the next card's Delete, else the previous one's, else the page's content", async () => {
    const page = await openPage({ width: 390 });
    const { userId } = await signInAs(page, { firstName: "Dora" });
    await addIngredients(userId, [{ name: "Apples" }, { name: "Beans" }, { name: "Carrots" }]);
    await page.goto("/inventory");
    await cards(page).nth(2).waitFor();
    const [first, middle, last] = await names(page);
    const confirm = page.getByRole("alertdialog");
    const deleteAndWait = async (name: string) => {
      await page.getByRole("button", { name: `Delete ${name}` }).click();
      await confirm.getByRole("button", { name: "Delete" }).click();
      await confirm.waitFor({ state: "detached" });
      await card(page, name).waitFor({ state: "detached" });
    };

    await deleteAndWait(middle!);
    await page.waitForFunction((label) => document.activeElement?.getAttribute("aria-label") === label, `Delete ${last}`);
    await deleteAndWait(last!);
    await page.waitForFunction((label) => document.activeElement?.getAttribute("aria-label") === label, `Delete ${first}`);
    await deleteAndWait(first!);
    await page.waitForFunction(() => document.activeElement?.id === "main-content");
  });
});

describe("inventory load failure", () => {
  it("offers Try again when the list cannot load, and shows the list once it can", async () => {
    // No service worker: a list it fetched would pass by the route that fails it.
    const page = await openPage({ width: 390, serviceWorkers: "block" });
    const { userId } = await signInAs(page, { firstName: "Rita" });
    await addIngredients(userId, [{ name: "Rice" }]);
    const listCalls = (url: URL) => url.pathname.includes("inventory.list");
    await page.route(listCalls, (route) => route.abort());
    await page.goto("/inventory");
    await page.getByRole("alert").getByText("Could not load your ingredients").waitFor();
    await page.unroute(listCalls);
    await page.getByRole("button", { name: "Try again" }).click();
    await card(page, "Rice").waitFor();
    // The button is gone with the failure: the focus goes to the page's content, not to the body.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("main-content");
  });
});

describe("inventory drafts", () => {
  it("gives up an add that gets no answer after 30 s, says so, and keeps the dialog as typed", async () => {
    const page = await openPage();
    await page.clock.install();
    await signInAs(page, { firstName: "Stella" });
    await page.goto("/inventory");
    await page.getByText("No ingredients found").waitFor();
    // A stalled line: the add reaches nothing and nothing answers.
    await page.route("**/trpc/inventory.create*", () => undefined);
    await page.getByRole("button", { name: "Add Ingredient" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Add Ingredient" });
    await dialog.getByLabel("Name").fill("Rice");
    await dialog.getByRole("button", { name: "Add Ingredient" }).click();
    await dialog.getByRole("button", { name: "Adding..." }).waitFor();
    await page.clock.runFor(30_000);
    await toast(page, "Couldn't reach Kim: check your connection and try again.");
    await dialog.getByRole("button", { name: "Add Ingredient" }).waitFor();
    expect(await dialog.getByLabel("Name").inputValue()).toBe("Rice");
  });

  it("keeps what was typed when a tap beside the dialog or Escape closes it, until Discard draft or Cancel", async () => {
    const page = await openPage({ width: 390 });
    await signInAs(page, { firstName: "Paola" });
    await page.goto("/inventory");
    const add = page.getByRole("button", { name: "Add Ingredient" });
    const dialog = page.getByRole("dialog");
    const notice = dialog.getByText("You left this form before saving. We kept what you typed");

    await add.click();
    await dialog.getByLabel("Name").fill("Parmesan");
    await dialog.getByLabel("Notes").fill("aged 24 months, from the market stall");
    // The dimmed page above the dialog, as a phone's tap closing the keyboard lands.
    await page.mouse.click(195, 5);
    await dialog.waitFor({ state: "detached" });
    await add.click();
    await notice.waitFor();
    expect(await dialog.getByLabel("Name").inputValue()).toBe("Parmesan");
    expect(await dialog.getByLabel("Notes").inputValue()).toBe("aged 24 months, from the market stall");

    await dialog.getByRole("button", { name: "Discard draft" }).click();
    expect(await dialog.getByLabel("Name").inputValue()).toBe("");
    await dialog.getByLabel("Name").fill("Pecorino");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await add.click();
    await notice.waitFor();
    expect(await dialog.getByLabel("Name").inputValue()).toBe("Pecorino");

    // Cancel is a choice to drop it.
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });
    await add.click();
    await dialog.getByLabel("Name").waitFor();
    expect(await dialog.getByLabel("Name").inputValue()).toBe("");
    expect(await notice.count()).toBe(0);
  });
});

describe("home dashboard", () => {
  it("counts the inventory and lists what expires soon", async () => {
    const page = await openPage();
    const { userId } = await signInAs(page, { firstName: "Dana" });
    const items = [
      { name: "Yogurt", quantity: 1, expires: 0 },
      { name: "Spinach", quantity: 2, expires: 1 },
      { name: "Chicken", quantity: 2.1, expires: 3 },
      { name: "Cheddar", quantity: 5, expires: 5 },
      { name: "Butter", quantity: 3, expires: 10 },
      { name: "Salt", quantity: 0.5, expires: null },
    ];
    await addIngredients(
      userId,
      items.map((item) => ({
        name: item.name,
        quantity: item.quantity,
        expirationDate: item.expires === null ? null : daysFromToday(item.expires),
      })),
    );

    await page.goto("/");
    await page.getByRole("heading", { name: "Welcome back, Dana!" }).waitFor();
    await page.getByText("Here's what's happening in your kitchen today").waitFor();
    const stat = async (title: string) => {
      const link = page.getByTestId("stat-card").filter({ hasText: title });
      const value = await link.getByTestId("stat-value").innerText();
      return { value, href: await link.getAttribute("href") };
    };
    await page.getByTestId("stat-value").nth(3).waitFor();
    expect(await stat("Total Ingredients")).toEqual({ value: "6", href: "/inventory" });
    expect(await stat("Saved Recipes")).toEqual({ value: "0", href: "/recipes" });
    expect(await stat("Expiring Soon")).toEqual({ value: "4", href: "/inventory?filter=expiring" });
    expect(await stat("Low Stock")).toEqual({ value: "3", href: "/inventory?filter=low-stock" });

    const quickActions = {
      "Add Ingredient": "/inventory",
      "Create Recipe": "/recipes",
      "Plan Meals": "/meal-planner",
      "Shopping List": "/shopping-list",
    };
    for (const [name, href] of Object.entries(quickActions)) {
      await expect(page.getByRole("main").getByRole("link", { name, exact: true }).getAttribute("href")).resolves.toBe(href);
    }

    await page.getByRole("heading", { name: "Expiring Soon" }).waitFor();
    const rows = page.getByTestId("expiring-item");
    const listed = [];
    for (let i = 0; i < (await rows.count()); i++) {
      const badge = rows.nth(i).locator('[data-slot="badge"]');
      listed.push({
        text: await rows.nth(i).innerText(),
        label: await badge.innerText(),
        variant: await badge.getAttribute("data-variant"),
      });
    }
    expect(listed.map((r) => [r.label, r.variant])).toEqual([
      ["Today", "destructive"],
      ["Tomorrow", "destructive"],
      ["3 days", "destructive"],
      ["5 days", "secondary"],
    ]);
    expect(listed[0]?.text).toContain("Yogurt");
    expect(listed[0]?.text).toContain("1 unit");
    expect(listed[0]?.text).not.toContain("1 units");
    expect(listed[2]?.text).toContain("2.1 units");
    await keepScreenshot(page, "dashboard-1280");
    await page.setViewportSize({ width: 375, height: 800 });
    await keepScreenshot(page, "dashboard-375");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // The stat cards lead to the inventory; it draws the cards near the window and tells the list's length.
    await page.getByTestId("stat-card").filter({ hasText: "Total Ingredients" }).click();
    await page.waitForURL((url) => url.pathname === "/inventory");
    await cards(page).first().waitFor();
    expect(await page.getByRole("list", { name: "Ingredients" }).getByRole("listitem").first().getAttribute("aria-setsize")).toBe("6");

    // Expiring Soon and Low Stock open the inventory showing only what they count, and say so.
    for (const [title, filter, shown] of [
      ["Expiring Soon", "expiring", ["Yogurt", "Spinach", "Chicken", "Cheddar"]],
      ["Low Stock", "low-stock", ["Yogurt", "Spinach", "Salt"]],
    ] as const) {
      await page.goto("/");
      await page.getByTestId("stat-card").filter({ hasText: title }).click();
      await page.waitForURL((url) => url.pathname === "/inventory" && url.searchParams.get("filter") === filter);
      await page.getByRole("status").filter({ hasText: "Showing only" }).waitFor();
      await expect.poll(async () => (await names(page)).sort()).toEqual([...shown].sort());
      await keepScreenshot(page, `inventory-${filter}-375`);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await keepScreenshot(page, "inventory-low-stock-1280");
    // One click shows everything again (drawn near the window, so counted by the list's length); so does an unknown filter.
    const listLength = () => page.getByRole("list", { name: "Ingredients" }).getByRole("listitem").first().getAttribute("aria-setsize");
    await page.getByRole("link", { name: "Show all ingredients" }).click();
    await page.waitForURL((url) => url.pathname === "/inventory" && url.search === "");
    await expect.poll(listLength).toBe("6");
    await page.goto("/inventory?filter=nonsense");
    await expect.poll(listLength).toBe("6");
    expect(await page.getByText("Showing only").count()).toBe(0);
  });

  it("moves the dashboard's expiry labels to the new day at midnight, and when the cook comes back to the tab", async () => {
    const page = await openPage({ width: 390, height: 844 });
    const { userId } = await signInAs(page, { firstName: "Nell" });
    await addIngredients(userId, [
      { name: "Milk", expirationDate: "2026-12-06" },
      { name: "Yogurt", expirationDate: "2026-12-07" },
      { name: "Cheese", expirationDate: "2026-12-08" },
    ]);
    // Left open at 23:58 local time.
    await page.clock.install({ time: new Date("2026-12-06T23:58:00") });
    await page.goto("/");
    const labels = async () => (await page.getByTestId("expiring-item").allInnerTexts()).map((row) => row.replace(/\s+/g, " "));
    await expect.poll(labels).toEqual(["Milk 1 unit Today", "Yogurt 1 unit Tomorrow", "Cheese 1 unit 2 days"]);

    await page.clock.runFor("05:00");
    await expect.poll(labels).toEqual(["Yogurt 1 unit Today", "Cheese 1 unit Tomorrow"]);
    await keepScreenshot(page, "dashboard-after-midnight-390");

    // Timers wait in a hidden tab or a sleeping laptop: coming back reads the clock again.
    await page.clock.setSystemTime(new Date("2026-12-08T09:00:00"));
    await page.evaluate(() => window.dispatchEvent(new Event("focus")));
    await expect.poll(labels).toEqual(["Cheese 1 unit Today"]);
  });
});
