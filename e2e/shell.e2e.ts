import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { keepScreenshot, openPage, useBrowser } from "./browser";
import { signInAs } from "./fixtures";

useBrowser();

const banner = (page: Page) => page.getByRole("note").filter({ hasText: "Beta Testing" });

describe("the signed-in shell", () => {
  it("has a skip link as the first Tab stop, shown when focused, moving focus to the page's content", async () => {
    const page = await openPage();
    await signInAs(page, { firstName: "Sami" });
    await page.goto("/inventory");
    await page.getByRole("heading", { name: "Inventory", exact: true }).waitFor();

    await page.keyboard.press("Tab");
    const focused = page.locator(":focus");
    expect(await focused.innerText()).toBe("Skip to content");
    expect((await focused.boundingBox())?.width).toBeGreaterThan(50);
    await keepScreenshot(page, "skip-link-1280");
    await page.keyboard.press("Enter");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("main-content");
    expect(new URL(page.url()).pathname).toBe("/inventory");
    // The next Tab goes on from the content: the first control of the page, not the sidebar.
    await page.keyboard.press("Tab");
    expect(await page.locator(":focus").innerText()).toContain("Scan Barcode");
  });

  it("on a slow link shows a sign of life at once, until the app draws", async () => {
    const page = await openPage({ width: 375 });
    await signInAs(page, { firstName: "Sami" });
    // Chrome DevTools' "Slow 3G": 2 s round trips (here 400 ms, so the test stays short), 50 KB/s.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 400,
      downloadThroughput: 50_000,
      uploadThroughput: 50_000,
    });
    await page.goto("/inventory", { waitUntil: "commit" });
    const boot = page.getByRole("status", { name: "Loading Kim" });
    await boot.waitFor({ state: "attached" });
    // Shown as soon as the page can paint (decision 0041: the stylesheet comes after it, so nothing waits), by CSS alone.
    expect(await boot.evaluate((e) => e.getAnimations().map((a) => a.effect?.getTiming().delay))).toContain(0);
    await page.waitForFunction(() => {
      const shown = document.querySelector(".kim-boot");
      return shown !== null && getComputedStyle(shown).opacity === "1";
    });
    await keepScreenshot(page, "slow-link-loading-375");
    // Shapes, not text: no contentful paint yet, so Lighthouse's blocking time does not start counting earlier.
    expect(await page.evaluate(() => performance.getEntriesByName("first-contentful-paint").length)).toBe(0);
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await page.getByRole("heading", { name: "Inventory", exact: true }).waitFor();
    expect(await boot.count()).toBe(0);
  });

  it("opens the phone menu on the current page's link, so a second Enter does not sign out", async () => {
    const page = await openPage({ width: 390 });
    await signInAs(page, { firstName: "Sami" });
    await page.goto("/recipes");
    await page.getByRole("heading", { name: "Recipes", exact: true }).waitFor();
    const toggle = page.getByRole("button", { name: "Toggle Sidebar" });
    await toggle.focus();
    await page.keyboard.press("Enter");
    const panel = page.getByRole("dialog", { name: "Navigation" });
    await panel.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Recipes");

    await page.keyboard.press("Enter");
    await panel.waitFor({ state: "hidden" });
    expect(new URL(page.url()).pathname).toBe("/recipes");
    expect(await page.getByRole("heading", { name: "Recipes", exact: true }).isVisible()).toBe(true);
  });

  it("opens the phone menu on its first link where no link is the current page", async () => {
    const page = await openPage({ width: 390 });
    await signInAs(page, { firstName: "Sami" });
    await page.goto("/billing");
    await page.getByRole("heading", { name: "Manage Subscription" }).waitFor();
    await page.getByRole("button", { name: "Toggle Sidebar" }).click();
    await page.getByRole("dialog", { name: "Navigation" }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Home");
  });

  it("shows the whole beta banner at 375 px, wrapped (one line at 1280), and once dismissed it stays away", async () => {
    const page = await openPage({ width: 375 });
    await signInAs(page, { firstName: "Sami" });
    await page.goto("/inventory");
    await banner(page).waitFor();
    const text = banner(page).locator("p");
    const lines = () => text.evaluate((p) => Math.round(p.getBoundingClientRect().height / parseFloat(getComputedStyle(p).lineHeight)));
    // Nothing cut off: the text fits its box, and the banner is as tall as its lines.
    const cut = () => text.evaluate((p) => p.scrollWidth > p.clientWidth || getComputedStyle(p).textOverflow === "ellipsis");
    expect(await cut()).toBe(false);
    expect(await lines()).toBeGreaterThan(1);
    const [bannerBox, textBox] = [await banner(page).boundingBox(), await text.boundingBox()];
    expect(bannerBox!.height).toBeGreaterThanOrEqual(textBox!.height);
    await keepScreenshot(page, "beta-banner-375");
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await lines()).toBe(1);
    expect(await cut()).toBe(false);
    await keepScreenshot(page, "beta-banner-1280");

    await page.getByRole("button", { name: "Dismiss beta banner" }).click();
    await banner(page).waitFor({ state: "detached" });
    await page.reload();
    await page.getByRole("heading", { name: "Inventory", exact: true }).waitFor();
    expect(await banner(page).count()).toBe(0);
  });
});
