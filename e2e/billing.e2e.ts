import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { keepScreenshot, openPage, toast, useBrowser } from "./browser";
import { signInAs } from "./fixtures";

useBrowser();

// The test server runs without Stripe settings: Kim's local trial mode, where a plan's trial starts at once.

const aiExtract = (page: Page) => page.getByRole("button", { name: "AI Extract" });

async function both(page: Page, name: string): Promise<void> {
  await keepScreenshot(page, `${name}-1280`);
  await page.setViewportSize({ width: 375, height: 800 });
  await keepScreenshot(page, `${name}-375`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function recipesShowAiExtract(page: Page): Promise<boolean> {
  await page.goto("/recipes");
  await page.getByRole("heading", { name: "Recipes", exact: true }).waitFor();
  await page.getByRole("link", { name: "Create Recipe" }).first().waitFor();
  return (await aiExtract(page).count()) > 0;
}

describe("subscriptions in local trial mode", () => {
  it("starts the Pro trial from /pricing, shows it on /profile with Pro features, and loses them on cancel", async () => {
    const page = await openPage();
    await signInAs(page, { firstName: "Paula" });
    expect(await recipesShowAiExtract(page)).toBe(false);

    await page.goto("/profile");
    await page.getByText("No active subscription").waitFor();
    await page.getByText("No Plan").waitFor();
    await page.getByRole("link", { name: "Start Subscription" }).click();
    await page.waitForURL("**/pricing");
    await page.getByText("14-day free trial • No credit card required • Cancel anytime").waitFor();
    await both(page, "billing-pricing");

    await page.locator("[aria-labelledby='plan-pro-title']").getByRole("button", { name: "Start Free Trial" }).click();
    // The trial's start is confirmed, once: the mark leaves the address.
    await toast(page, "Your free trial has started");
    await toast(page, "Kim Pro is yours free: 14 days left. No card needed.");
    await page.waitForURL((url) => url.pathname === "/profile" && url.search === "");
    await page.getByText("Free Trial", { exact: true }).waitFor();
    await page.getByText("(14 days left)", { exact: true }).waitFor();
    await page.getByText("Pro - $12.99/mo").waitFor();
    await page.getByRole("button", { name: "Manage Subscription" }).waitFor();
    expect(await page.getByRole("link", { name: "Start Subscription" }).count()).toBe(0);
    await both(page, "billing-profile-trial");

    expect(await recipesShowAiExtract(page)).toBe(true);

    await page.goto("/profile");
    await page.getByRole("button", { name: "Manage Subscription" }).click();
    await page.waitForURL("**/billing");
    await page.getByRole("heading", { name: "Manage Subscription" }).waitFor();
    await page.getByText("Pro - $12.99/mo · Free Trial (14 days left)").waitFor();
    await both(page, "billing-manage");

    await page.getByRole("button", { name: "Cancel Subscription" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Cancel Subscription" }).click();
    await toast(page, "Subscription canceled");
    await page.waitForURL("**/profile");
    await page.getByText("Canceled", { exact: true }).waitFor();
    expect(await page.getByText("14 days left").count()).toBe(0);
    await page.getByRole("link", { name: "Start Subscription" }).waitFor();
    await both(page, "billing-profile-canceled");

    expect(await recipesShowAiExtract(page)).toBe(false);

    // One trial per account: the plans page says so, and a second start (local mode: no payment) says why it can't.
    await page.goto("/pricing");
    await page.getByText("You have used your free trial: a plan you start now is paid from today.").waitFor();
    expect(await page.getByRole("button", { name: "Start Free Trial" }).count()).toBe(0);
    await page.locator("[aria-labelledby='plan-pro-title']").getByRole("button", { name: "Subscribe" }).click();
    await toast(page, "Your 14-day free trial has been used.");
    await both(page, "billing-trial-used");
    await page.goto("/profile");
    await page.getByText("Canceled", { exact: true }).waitFor();
  });

  /** A cook without a plan back on the profile from checkout before the webhook, with the page's clock in hand. */
  async function backFromCheckoutBeforeTheWebhook(firstName: string) {
    const page = await openPage();
    await page.clock.install();
    await signInAs(page, { firstName });
    await page.goto("/profile?checkout=success");
    await toast(page, "Thanks! Your subscription is being confirmed");
    await page.waitForURL((url) => url.pathname === "/profile" && url.search === "");
    return page;
  }

  // With Stripe, the plan starts when Stripe's webhook reaches the server, which may be after the browser is back. Here
  // the plan is started server-side from outside the page (the local mode's checkout call), as the webhook would.
  it("shows the plan on the profile without a reload when it starts after the return from checkout", async () => {
    const page = await backFromCheckoutBeforeTheWebhook("Wendy");
    await page.getByText("No active subscription").waitFor();

    const webhook = await page.request.post("/api/stripe/create-checkout-session", { data: { plan: "pro" } });
    expect(webhook.status()).toBe(200);
    await page.clock.fastForward(2_000);
    await page.getByText("Free Trial", { exact: true }).waitFor();
    await page.getByText("(14 days left)", { exact: true }).waitFor();
    await page.getByText("Pro - $12.99/mo").waitFor();
    await toast(page, "Your free trial has started");
    expect(await page.getByRole("link", { name: "Start Subscription" }).count()).toBe(0);
  });

  it("says plainly to reload later when the plan has not started a minute after the return from checkout", async () => {
    const page = await backFromCheckoutBeforeTheWebhook("Walt");
    await page.clock.fastForward(61_000);
    await toast(page, "Your payment is still being confirmed");
    await page.getByText("Reload this page in a minute.", { exact: true }).waitFor();
    await page.getByText("No active subscription").waitFor();
  });

  it("shows a beta tester with a trial the beta tester's free access, no countdown", async () => {
    const page = await openPage();
    await signInAs(page, { firstName: "Bette", isBetaTester: true, trial: true });
    await page.goto("/profile");
    await page.getByText("Beta Tester - Free Access").waitFor();
    await page.getByText("Pro - Free Access").waitFor();
    expect(await page.getByText(/days? left/).count()).toBe(0);
    await both(page, "billing-profile-beta-trial");
  });

  it("upgrades a Basic trial to Pro through the plans page and the manage page", async () => {
    const page = await openPage();
    await signInAs(page, { firstName: "Bea" });
    await page.goto("/pricing");
    await page.locator("[aria-labelledby='plan-basic-title']").getByRole("button", { name: "Start Free Trial" }).click();
    await page.waitForURL("**/profile");
    await page.getByText("Basic - $5.99/mo").waitFor();
    await page.getByText("Free Trial", { exact: true }).waitFor();
    expect(await recipesShowAiExtract(page)).toBe(false);

    await page.goto("/profile");
    await page.getByRole("link", { name: "Upgrade to Pro" }).click();
    await page.waitForURL("**/pricing");
    // A running plan is changed where it is managed.
    await page.locator("[aria-labelledby='plan-pro-title']").getByRole("button", { name: "Start Free Trial" }).click();
    await page.waitForURL("**/billing");
    await page.locator("[aria-labelledby='plan-pro-title']").getByRole("button", { name: "Upgrade to Pro" }).click();
    await toast(page, "Subscription updated");
    await page.waitForURL("**/profile");
    await page.getByText("Pro - $12.99/mo").waitFor();
    expect(await page.getByRole("link", { name: "Upgrade to Pro" }).count()).toBe(0);
    expect(await recipesShowAiExtract(page)).toBe(true);
  });

  it("toasts the portal's failure when the plan ended in another tab", async () => {
    const page = await openPage();
    await signInAs(page, { firstName: "Tom" });
    const start = await page.request.post("/api/stripe/create-checkout-session", { data: { plan: "pro" } });
    expect(start.status()).toBe(200);
    await page.goto("/profile");
    await page.getByText("Free Trial", { exact: true }).waitFor();
    // Canceled elsewhere while this page still shows the trial.
    expect((await page.request.post("/trpc/billing.cancel", { data: {} })).status()).toBe(200);
    const manage = page.getByRole("button", { name: "Manage Subscription" });
    await manage.click();
    await toast(page, "You have no subscription to manage yet");
    await page.locator('[data-slot="toast"]').filter({ hasText: "Error" }).first().waitFor();
    expect(page.url()).toMatch(/\/profile$/);
    expect(await manage.isEnabled()).toBe(true);
  });

  it("shows an admin the complimentary-access text and no billing controls", async () => {
    const page = await openPage();
    await signInAs(page, { firstName: "Ada", role: "admin" });
    await page.goto("/profile");
    await page.getByText("You have complimentary access to all Pro features. No subscription required.").waitFor();
    await page.getByText("Admin - Free Access").waitFor();
    await page.getByText("Pro - Free Access").waitFor();
    expect(await page.getByRole("button", { name: "Manage Subscription" }).count()).toBe(0);
    expect(await page.getByRole("link", { name: "Start Subscription" }).count()).toBe(0);
    await both(page, "billing-profile-admin");

    // Should an admin try the plans page anyway, the server's answer shows, and the button works again.
    await page.goto("/pricing");
    const start = page.locator("[aria-labelledby='plan-pro-title']").getByRole("button", { name: "Start Free Trial" });
    await start.click();
    await toast(page, "Admins and beta testers have every Pro feature for free");
    await page.locator('[data-slot="toast"]').filter({ hasText: "Error" }).first().waitFor();
    expect(await start.isEnabled()).toBe(true);
  });

  it("sends a signed-out visitor who picks a plan to sign in", async () => {
    const page = await openPage();
    await page.goto("/pricing");
    await page.locator("[aria-labelledby='plan-pro-title']").getByRole("button", { name: "Start Free Trial" }).click();
    await page.waitForURL("**/login**");
  });
});
