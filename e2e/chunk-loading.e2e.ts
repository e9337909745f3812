import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { keepScreenshot, openPage, useBrowser } from "./browser";
import { addIngredients, signInAs } from "./fixtures";

useBrowser();

/** A page that fails to load code shows the notice and stays what it was: no error page replaces it. */
async function expectPageUp(page: Page, heading: string): Promise<void> {
  await page.getByRole("heading", { name: heading, exact: true }).waitFor();
  expect(await page.getByText("Something went wrong").count()).toBe(0);
}

const notice = (page: Page) => page.getByTestId("chunk-load-notice");

async function inventoryWithMilk(page: Page): Promise<void> {
  const { userId } = await signInAs(page, { firstName: "Noor" });
  await addIngredients(userId, [{ name: "Milk", quantity: 1, unit: "L", category: "Dairy", expirationDate: null, notes: null }]);
  await page.goto("/inventory");
  await page.getByTestId("ingredient-card").first().waitFor();
}

// Each page here runs without a service worker, as on a first visit before it has stored the build: once it has, the
// build's files come from its store, offline or after a redeploy, and no load of code fails (decision 0038).
describe("code that loads later", () => {
  it("offline, a dialog's button says so and leaves the page working; back online the same click opens it", async () => {
    const page = await openPage({ serviceWorkers: "block" });
    await inventoryWithMilk(page);
    await page.context().setOffline(true);

    // Scanning looks the code up online: offline its button is disabled and says so (decision 0038).
    expect(await page.getByRole("button", { name: "Scan Barcode", exact: true }).isDisabled()).toBe(true);
    for (const button of ["Add Ingredient", "Delete Milk"]) {
      await page.getByRole("button", { name: button, exact: true }).click();
      await notice(page).getByText("You're offline: this opens when you're back online.").waitFor();
      expect(await page.getByRole("dialog").count()).toBe(0);
      await expectPageUp(page, "Inventory");
    }
    // A page whose code has not been loaded: the link stays where it is and says why.
    await page.getByRole("link", { name: "Recipes" }).first().click();
    await notice(page).waitFor();
    expect(new URL(page.url()).pathname).toBe("/inventory");
    await expectPageUp(page, "Inventory");
    await keepScreenshot(page, "chunk-offline-inventory-1280");

    await page.context().setOffline(false);
    await notice(page).waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Add Ingredient", exact: true }).click();
    await page.getByRole("dialog").getByRole("heading", { name: "Add Ingredient" }).waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Delete Milk" }).click();
    await page.getByRole("alertdialog").waitFor();
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("link", { name: "Recipes" }).first().click();
    await page.getByRole("heading", { name: "Recipes", exact: true }).waitFor();
    // What holds navigation offline never asks before a reload.
    const asked: string[] = [];
    page.on("dialog", (dialog) => {
      asked.push(dialog.type());
      void dialog.accept();
    });
    await page.reload();
    await page.getByRole("heading", { name: "Recipes", exact: true }).waitFor();
    expect(asked).toEqual([]);
  });

  it("offline, the planner's + says so; back online it opens Add Meal", async () => {
    const page = await openPage({ width: 375, serviceWorkers: "block" });
    await signInAs(page, { firstName: "Noor" });
    await page.goto("/meal-planner");
    const plus = page.locator("[data-add-meal]:visible").first();
    await plus.waitFor();
    await page.context().setOffline(true);
    await plus.click();
    await notice(page).getByText("You're offline").waitFor();
    await expectPageUp(page, "Meal Planner");
    await keepScreenshot(page, "chunk-offline-planner-375");

    await page.context().setOffline(false);
    await notice(page).waitFor({ state: "detached" });
    await plus.click();
    await page.getByRole("dialog", { name: "Add Meal" }).waitFor();
  });

  it("on a phone, the menu's code failing to arrive leaves the page up; the menu opens once it can load", async () => {
    const page = await openPage({ width: 375, serviceWorkers: "block" });
    const sheet = /\/assets\/sidebar-sheet-[\w-]+\.js$/;
    await page.route(sheet, (route) => route.abort("internetdisconnected"));
    const failed = page.waitForEvent("requestfailed", (request) => sheet.test(request.url()));
    await signInAs(page, { firstName: "Noor" });
    await page.goto("/meal-planner");
    // The panel's code loads once the page is idle: failing, it used to take the page down (React.lazy threw it).
    await failed;
    await expectPageUp(page, "Meal Planner");
    // The week draws in a background render after the heading: waited for, not counted at once.
    await page.locator("[data-add-meal]:visible").first().waitFor();

    await page.unroute(sheet);
    await page.getByRole("button", { name: "Toggle Sidebar" }).click();
    await page.getByRole("dialog", { name: "Navigation" }).waitFor();
  });

  it("after a redeploy removed a file, says Kim was updated and reloads into the new version", async () => {
    const page = await openPage({ serviceWorkers: "block" });
    await inventoryWithMilk(page);
    // The old build's file for the form is gone from the server.
    const gone = /\/assets\/ingredient-form-dialog-[^/]*\.js$/;
    await page.route(gone, (route) => route.fulfill({ status: 404, body: "Not Found" }));

    await page.getByRole("button", { name: "Add Ingredient", exact: true }).click();
    await notice(page).getByText("Kim was updated: reload to get the new version.").waitFor();
    expect(await page.getByRole("dialog").count()).toBe(0);
    await expectPageUp(page, "Inventory");
    await keepScreenshot(page, "chunk-updated-inventory-1280");
    await page.setViewportSize({ width: 375, height: 800 });
    await keepScreenshot(page, "chunk-updated-inventory-375");

    await page.unroute(gone);
    await Promise.all([page.waitForEvent("load"), notice(page).getByRole("button", { name: "Reload" }).click()]);
    await page.getByTestId("ingredient-card").first().waitFor();
    await page.getByRole("button", { name: "Add Ingredient", exact: true }).click();
    await page.getByRole("dialog").getByRole("heading", { name: "Add Ingredient" }).waitFor();
  });
});
