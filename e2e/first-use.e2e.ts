import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { localDate } from "../packages/domain/src/index";
import { keepScreenshot, openPage, toast, uniqueEmail, useBrowser } from "./browser";
import { addIngredients, endSessions, signInAgain, signInAs } from "./fixtures";

useBrowser();

// Screens a new cook trips over: dates on cards, toasts in the way, tab titles, account screens, lost sessions.

function daysFromToday(offset: number): Date {
  const date = new Date();
  date.setDate(date.getDate() + offset);
  return date;
}

const card = (page: Page, name: string) =>
  page.getByTestId("ingredient-card").filter({ has: page.getByRole("heading", { name, exact: true }) });

async function boxesOverlap(a: Locator, b: Locator): Promise<boolean> {
  const [ra, rb] = [await a.boundingBox(), await b.boundingBox()];
  if (!ra || !rb) throw new Error("element not on screen");
  return ra.x < rb.x + rb.width && rb.x < ra.x + ra.width && ra.y < rb.y + rb.height && rb.y < ra.y + ra.height;
}

const openToast = (page: Page, text: string) => page.locator('[data-slot="toast"][data-state="open"]').filter({ hasText: text });

describe("inventory dates", () => {
  for (const locale of ["en-US", "de-DE"]) {
    it(`shows the expiry date itself in the cook's locale (${locale}) beside the badge`, async () => {
      const page = await openPage({ locale });
      const { userId } = await signInAs(page, { firstName: "Rosa" });
      const soon = daysFromToday(3);
      const past = daysFromToday(-2);
      await addIngredients(userId, [
        { name: "Cream", expirationDate: localDate(soon) },
        { name: "Bread", expirationDate: localDate(past) },
        { name: "Rice", expirationDate: null },
      ]);
      await page.goto("/inventory");
      const format = (d: Date) => new Intl.DateTimeFormat(locale, { dateStyle: "medium" }).format(d);
      const cream = card(page, "Cream");
      await cream.waitFor();
      expect(await cream.getByTestId("expiry-date").innerText()).toBe(`Expires ${format(soon)}`);
      expect(await cream.locator('[data-slot="badge"]').innerText()).toBe("3d");
      expect(await card(page, "Bread").getByTestId("expiry-date").innerText()).toBe(`Expired ${format(past)}`);
      expect(await card(page, "Bread").locator('[data-slot="badge"]').innerText()).toBe("Expired");
      expect(await card(page, "Rice").getByTestId("expiry-date").count()).toBe(0);
      await keepScreenshot(page, `inventory-dates-${locale}-1280`);
      await page.setViewportSize({ width: 375, height: 800 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await keepScreenshot(page, `inventory-dates-${locale}-375`);
    });
  }

  it("explains a half-typed date in the cook's terms and saves nothing", async () => {
    const page = await openPage();
    await signInAs(page, { firstName: "Sven" });
    await page.goto("/inventory");
    await page.getByText("Start by adding your first ingredient").waitFor();
    await page.getByRole("button", { name: "Add Ingredient" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Name").fill("Eggs");
    // Month and day only: the field's value stays empty, which used to be saved as "no date".
    await dialog.getByLabel("Expiration Date").click();
    await page.keyboard.type("1125");
    await dialog.getByRole("button", { name: "Add Ingredient" }).click();
    const example = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
    await dialog.getByText(`Enter a valid date like ${example}, or leave it empty`).waitFor();
    expect(await dialog.innerText()).not.toContain("yyyy");
    await keepScreenshot(page, "inventory-date-error-1280");
    // A whole date clears the way.
    await dialog.getByLabel("Expiration Date").fill(localDate(daysFromToday(30)));
    await dialog.getByRole("button", { name: "Add Ingredient" }).click();
    await toast(page, "Ingredient added successfully");
    await card(page, "Eggs").getByTestId("expiry-date").waitFor();
  });
});

describe("toasts", () => {
  for (const width of [1280, 375]) {
    it(`never cover the page's buttons (${width}px)`, async () => {
      const page = await openPage({ width });
      await signInAs(page, { firstName: "Tara" });
      await page.goto("/profile");
      await page.getByRole("heading", { name: "Profile Settings" }).waitFor();
      const save = page.getByRole("button", { name: "Save Changes" });
      await save.scrollIntoViewIfNeeded();
      await save.click();
      const shown = openToast(page, "Profile updated");
      await shown.waitFor();
      expect(await boxesOverlap(shown, save)).toBe(false);
      await keepScreenshot(page, `toast-profile-${width}`);

      await page.goto("/inventory");
      await page.getByText("Start by adding your first ingredient").waitFor();
      await page.getByRole("button", { name: "Add Ingredient" }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByLabel("Name").fill("Lemons");
      await dialog.getByRole("button", { name: "Add Ingredient" }).click();
      const added = openToast(page, "Ingredient added successfully");
      await added.waitFor();
      await dialog.waitFor({ state: "detached" });
      for (const name of ["Add Ingredient", "Scan Barcode"]) {
        expect(await boxesOverlap(added, page.getByRole("button", { name })), name).toBe(false);
      }
      await keepScreenshot(page, `toast-inventory-${width}`);
    });
  }
});

describe("account screens", () => {
  it("wraps a long address on 'Check your email' only after @ and dots, without sideways scroll at 375px", async () => {
    const page = await openPage({ width: 375 });
    const email = `marguerite.pastry-chef-extraordinaire.${Date.now()}@very-long-kitchen-domain-name.example.com`;
    await page.goto("/forgot-password");
    await page.getByRole("heading", { name: "Forgot password?" }).waitFor();
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Email").press("Enter");
    await page.getByRole("heading", { name: "Check your email" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    const address = page.locator("strong").filter({ hasText: "marguerite" });
    expect(await address.innerText()).toBe(email);
    // The last character of every line but the last is where the address broke.
    const lineEnds = await address.evaluate((element) => {
      const ends: string[] = [];
      let lastTop: number | null = null;
      let previous = "";
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? "";
        for (let i = 0; i < text.length; i++) {
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const top = Math.round(range.getBoundingClientRect().top);
          if (lastTop !== null && top > lastTop + 2) ends.push(previous);
          lastTop = top;
          previous = text[i] ?? "";
        }
      }
      return ends;
    });
    expect(lineEnds.length).toBeGreaterThan(0);
    for (const end of lineEnds) expect(["@", "."]).toContain(end);
    await keepScreenshot(page, "check-your-email-long-address-375");
  });

  it("closes a stale 'Login failed' toast on the way to /forgot-password", async () => {
    const page = await openPage();
    await page.goto("/login");
    await page.getByRole("heading", { name: "Welcome back", exact: true }).waitFor();
    await page.getByLabel("Email").fill(uniqueEmail("nobody"));
    await page.getByLabel("Password").fill("wrong-password-1");
    await page.getByLabel("Password").press("Enter");
    await openToast(page, "Login failed").waitFor();
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await page.getByRole("heading", { name: "Forgot password?" }).waitFor();
    await openToast(page, "Login failed").waitFor({ state: "detached", timeout: 2000 });
    await keepScreenshot(page, "forgot-password-after-failed-login-1280");
  });

  it("shows the Invalid link screen when the server refuses a reset link", async () => {
    const page = await openPage();
    await page.goto("/reset-password?token=expired-or-made-up-token");
    await page.getByRole("heading", { name: "Reset your password" }).waitFor();
    await page.getByLabel("New password").fill("new-password-1");
    await page.getByLabel("Confirm password").fill("new-password-1");
    await page.getByLabel("Confirm password").press("Enter");
    await page.getByRole("heading", { name: "Invalid link" }).waitFor();
    await toast(page, "Reset failed");
    expect(await page.locator("body").innerText()).toContain("Password reset link is missing or invalid.");
    await keepScreenshot(page, "reset-password-refused-1280");
    await page.getByRole("link", { name: "Request new link" }).click();
    await page.getByRole("heading", { name: "Forgot password?" }).waitFor();
  });
});

describe("tab titles", () => {
  it("name each page, the 404 included, and follow in-app navigation", async () => {
    const page = await openPage();
    const publicPages = {
      "/login": "Log In · Kim",
      "/signup": "Sign Up · Kim",
      "/forgot-password": "Forgot Password · Kim",
      "/reset-password": "Reset Password · Kim",
      "/pricing": "Pricing · Kim",
      "/no/such/page": "Page Not Found · Kim",
    };
    for (const [path, title] of Object.entries(publicPages)) {
      await page.goto(path);
      await expect.poll(() => page.title(), { message: path }).toBe(title);
    }
    await signInAs(page, { firstName: "Uma" });
    const signedIn = {
      "/": "Home · Kim",
      "/inventory": "Inventory · Kim",
      "/recipes": "Recipes · Kim",
      "/meal-planner": "Meal Planner · Kim",
      "/shopping-list": "Shopping List · Kim",
      "/bug-report": "Report Bug · Kim",
      "/profile": "Profile · Kim",
    };
    for (const [path, title] of Object.entries(signedIn)) {
      await page.goto(path);
      await expect.poll(() => page.title(), { message: path }).toBe(title);
    }
    await page.getByRole("link", { name: "Inventory", exact: true }).click();
    await expect.poll(() => page.title()).toBe("Inventory · Kim");
    await page.getByRole("link", { name: "Home", exact: true }).click();
    await expect.poll(() => page.title()).toBe("Home · Kim");
  });
});

describe("leaving a session", () => {
  it("logs out after the spec's 500 ms", async () => {
    const page = await openPage();
    await signInAs(page, { firstName: "Vera" });
    await page.goto("/");
    await page.getByRole("heading", { name: "Welcome back, Vera!" }).waitFor();
    const started = Date.now();
    await page.getByRole("button", { name: "Log Out" }).click();
    await page.waitForURL(/\/login$/);
    expect(Date.now() - started).toBeGreaterThanOrEqual(500);
  });

  it("keeps what was typed on the profile when the session expires mid-edit", async () => {
    const page = await openPage();
    const { userId } = await signInAs(page, { firstName: "Walt", lastName: "Cook" });
    await page.goto("/profile");
    await page.getByRole("heading", { name: "Profile Settings" }).waitFor();
    await page.getByLabel("First Name").fill("Walter");
    await page.getByLabel("Last Name").fill("Saucier");
    await endSessions(userId);
    const clickedAt = Date.now();
    await page.getByRole("button", { name: "Save Changes" }).click();
    await toast(page, "You are logged out. Logging in again...");
    await page.waitForURL(/\/login$/);
    expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(500);

    await signInAgain(page, userId);
    await page.goto("/profile");
    await page.getByRole("heading", { name: "Profile Settings" }).waitFor();
    expect(await page.getByLabel("First Name").inputValue()).toBe("Walter");
    expect(await page.getByLabel("Last Name").inputValue()).toBe("Saucier");
    await page.getByText("We kept what you typed").waitFor();
    await keepScreenshot(page, "profile-draft-restored-1280");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await toast(page, "Profile updated");
    await page.getByRole("link", { name: /Walter Saucier/ }).waitFor();
    // Saved: the next visit starts from the account, not the draft.
    await page.reload();
    await page.getByRole("heading", { name: "Profile Settings" }).waitFor();
    expect(await page.getByText("We kept what you typed").count()).toBe(0);
  });

  it("keeps a new ingredient typed when the session expired, for the next Add Ingredient", async () => {
    const page = await openPage();
    const { userId } = await signInAs(page, { firstName: "Xena" });
    await page.goto("/inventory");
    await page.getByText("Start by adding your first ingredient").waitFor();
    await page.getByRole("button", { name: "Add Ingredient" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Name").fill("Saffron threads");
    await dialog.getByLabel("Quantity").fill("2");
    await dialog.getByLabel("Notes").fill("From the market in Valencia");
    await endSessions(userId);
    await dialog.getByRole("button", { name: "Add Ingredient" }).click();
    await toast(page, "You are logged out. Logging in again...");
    await page.waitForURL(/\/login$/);

    await signInAgain(page, userId);
    await page.goto("/inventory");
    await page.getByText("Start by adding your first ingredient").waitFor();
    await page.getByRole("button", { name: "Add Ingredient" }).click();
    expect(await dialog.getByLabel("Name").inputValue()).toBe("Saffron threads");
    expect(await dialog.getByLabel("Quantity").inputValue()).toBe("2");
    expect(await dialog.getByLabel("Notes").inputValue()).toBe("From the market in Valencia");
    await dialog.getByText("We kept what you typed").waitFor();
    await keepScreenshot(page, "inventory-draft-restored-1280");
    await dialog.getByRole("button", { name: "Add Ingredient" }).click();
    await toast(page, "Ingredient added successfully");
    await card(page, "Saffron threads").waitFor();
  });
});
