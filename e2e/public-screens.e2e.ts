import { describe, expect, it } from "vitest";
import { baseURL, keepScreenshot, openPage, useBrowser } from "./browser";

useBrowser();

const widths = [1280, 375];

describe("landing page", () => {
  for (const width of widths) {
    it(`shows the hero, features and pricing at ${width}px`, async () => {
      const page = await openPage({ width });
      await page.goto("/");
      await page.getByRole("heading", { name: "Your Personal Kitchen Assistant" }).waitFor();
      const text = await page.locator("body").innerText();
      expect(text).toContain("Starting at $5.99/month");
      expect(text).toContain("Already have an account? Log in here");
      expect(text).toContain("$12.99");
      await expect(page.getByRole("link", { name: "Log In", exact: true }).getAttribute("href")).resolves.toBe("/login");
      await expect(page.getByRole("link", { name: "Log in here" }).getAttribute("href")).resolves.toBe("/login");
      const trialHrefs = await page
        .getByRole("link", { name: "Start Free Trial" })
        .evaluateAll((links) => links.map((a) => a.getAttribute("href")));
      expect(trialHrefs).toContain("/signup");
      expect(trialHrefs).toContain("/pricing");
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await keepScreenshot(page, `landing-${width}`);
    });
  }

  it("scrolls to the features section on Learn More", async () => {
    const page = await openPage();
    await page.goto("/");
    const features = page.locator("#features");
    await page.getByRole("button", { name: "Learn More" }).click();
    await expect.poll(() => features.evaluate((el) => Math.abs(el.getBoundingClientRect().top)), { timeout: 5000 }).toBeLessThan(120);
    expect(await features.locator("h3").count()).toBe(4);
  });
});

describe("pricing page", () => {
  for (const width of widths) {
    it(`shows both plans at ${width}px`, async () => {
      const page = await openPage({ width });
      await page.goto("/pricing");
      await page.getByText("Most Popular").waitFor();
      const text = await page.locator("body").innerText();
      expect(text).toContain("Basic");
      expect(text).toContain("$5.99");
      expect(text).toContain("Pro");
      expect(text).toContain("$12.99");
      expect(text).toContain("14-day free trial • No credit card required • Cancel anytime");
      expect(await page.getByRole("button", { name: "Start Free Trial" }).count()).toBe(2);
      const mail = await page.locator('a[href^="mailto:"]').getAttribute("href");
      expect(mail).toMatch(/^mailto:.+@/);
      await keepScreenshot(page, `pricing-${width}`);
    });
  }

  it("sends a signed-out visitor who picks a plan to sign in", async () => {
    const page = await openPage();
    await page.goto("/pricing");
    await page.getByRole("button", { name: "Start Free Trial" }).first().click();
    await page.waitForURL(/\/login$/);
  });
});

describe("not found", () => {
  for (const width of widths) {
    it(`shows 404 Page Not Found for an unknown path at ${width}px`, async () => {
      const page = await openPage({ width });
      const response = await page.goto("/no/such/page");
      expect(response?.status()).toBe(200);
      await page.getByText("404 Page Not Found").waitFor();
      await keepScreenshot(page, `not-found-${width}`);
    });
  }
});

describe("theme", () => {
  it("follows the system preference, then the toggle, across a reload", async () => {
    const page = await openPage({ colorScheme: "dark" });
    await page.goto("/");
    await page.getByRole("heading", { name: "Your Personal Kitchen Assistant" }).waitFor();
    const isDark = () => page.evaluate(() => document.documentElement.classList.contains("dark"));
    expect(await isDark()).toBe(true);
    await page.getByRole("button", { name: "Toggle theme" }).click();
    expect(await isDark()).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("light");
    await page.reload();
    await page.getByRole("heading", { name: "Your Personal Kitchen Assistant" }).waitFor();
    expect(await isDark()).toBe(false);
    await page.getByRole("button", { name: "Toggle theme" }).click();
    await page.reload();
    expect(await isDark()).toBe(true);
    await keepScreenshot(page, "landing-dark-1280");
  });
});

describe("signed-out routing", () => {
  it("sends a signed-out visit to a protected route to /login", async () => {
    const page = await openPage();
    await page.goto("/inventory");
    await page.waitForURL(/\/login$/);
  });
});

describe("API answers seen from the browser", () => {
  it("healthz is 200, /api/auth/user is 401 Unauthorized, /api/nope is 404 JSON", async () => {
    const page = await openPage();
    const health = await page.request.get(`${baseURL()}/healthz`);
    expect(health.status()).toBe(200);
    const user = await page.request.get(`${baseURL()}/api/auth/user`);
    expect(user.status()).toBe(401);
    expect(await user.json()).toMatchObject({ message: "Unauthorized" });
    const nope = await page.request.get(`${baseURL()}/api/nope`);
    expect(nope.status()).toBe(404);
    expect(nope.headers()["content-type"]).toMatch(/application\/json/);
  });
});
