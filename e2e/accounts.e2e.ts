import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { keepScreenshot, mailedLink, openPage, toast, uniqueEmail, useBrowser } from "./browser";
import { createUser, signInAs } from "./fixtures";

useBrowser();

// Only the signup and login tests sign up and log in through the app; everyone else is made by the fixtures.

async function fillLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByLabel("Password").press("Enter");
}

describe("sign up, log out, log in, reset password", () => {
  const email = uniqueEmail("ann");
  const password = "first-password-1";
  const newPassword = "second-password-2";

  it("signs up, logs out and logs back in", async () => {
    const page = await openPage();
    await page.goto("/signup");
    await page.getByRole("heading", { name: "Create your account" }).waitFor();
    expect(await page.locator("body").innerText()).toContain("Must be at least 8 characters");

    // Client rules show inline before anything is sent.
    await page.getByLabel("First name").fill("Ann");
    await page.getByLabel("Last name").fill("Baker");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("short");
    await page.getByLabel("Confirm password").fill("different");
    await page.getByRole("button", { name: "Sign Up" }).click();
    await page.getByText("Password must be at least 8 characters").waitFor();
    await page.getByText("Passwords don't match").waitFor();
    expect(new URL(page.url()).pathname).toBe("/signup");

    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByLabel("Confirm password").fill(password);
    await page.getByLabel("Confirm password").press("Enter");
    await page.waitForURL((url) => url.pathname === "/");
    await toast(page, "Welcome to KIM!");
    // A new account is welcomed, not welcomed back.
    await page.getByRole("heading", { name: "Welcome, Ann!" }).waitFor();
    await expect(page.getByRole("link", { name: /Ann Baker/ }).getAttribute("href")).resolves.toBe("/profile");
    await keepScreenshot(page, "dashboard-first-visit-1280");

    // Signed in, the auth screens send the user home.
    await page.goto("/login");
    await page.waitForURL((url) => url.pathname === "/");
    await page.getByRole("heading", { name: "Welcome, Ann!" }).waitFor();

    await page.getByRole("button", { name: "Log Out" }).click();
    await page.waitForURL(/\/login$/);
    await page.getByRole("heading", { name: "Welcome back", exact: true }).waitFor();
    await page.reload();
    await page.getByRole("heading", { name: "Welcome back", exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/login");

    await fillLogin(page, email, password);
    await page.waitForURL((url) => url.pathname === "/");
    await toast(page, "Welcome back!");
    await page.getByRole("heading", { name: "Welcome back, Ann!" }).waitFor();
  });

  it("resets a forgotten password through the mailed link", async () => {
    const page = await openPage();
    // The page's clock is the test's: time still flows, and can be moved on past the sign-out delay.
    await page.clock.install();
    await page.goto("/login");
    await page.getByRole("heading", { name: "Welcome back", exact: true }).waitFor();
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await page.waitForURL(/\/forgot-password$/);
    // The URL changes before the next screen renders: wait for it, or the old form gets filled.
    await page.getByRole("heading", { name: "Forgot password?" }).waitFor();
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Email").press("Enter");
    await page.getByRole("heading", { name: "Check your email" }).waitFor();
    const text = await page.locator("body").innerText();
    expect(text).toContain(email);
    expect(text).toContain("The link will expire in 1 hour");
    expect(text).toContain("Didn't receive the email? Check your spam folder.");
    await toast(page, "If an account exists with that email, we've sent password reset instructions.");

    const link = new URL(await mailedLink(email));
    expect(link.pathname).toBe("/reset-password");
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByRole("heading", { name: "Reset your password" }).waitFor();
    await page.getByLabel("New password").fill(newPassword);
    await page.getByLabel("Confirm password").fill("not-the-same-1");
    await page.getByRole("button", { name: "Reset password" }).click();
    await page.getByText("Passwords don't match").waitFor();
    await page.getByLabel("Confirm password").fill(newPassword);
    await page.getByLabel("Confirm password").press("Enter");
    await page.getByRole("heading", { name: "Password reset!" }).waitFor();
    await toast(page, "Password reset successful");

    await page.getByRole("link", { name: "Go to login" }).click();
    await page.getByRole("heading", { name: "Welcome back", exact: true }).waitFor();
    await fillLogin(page, email, password);
    await toast(page, "Login failed");
    // A wrong password is not a lost session: no Unauthorized redirect follows, and what was typed stays.
    await page.clock.fastForward(1000);
    expect(new URL(page.url()).pathname).toBe("/login");
    expect(await page.getByLabel("Email").inputValue()).toBe(email);
    await fillLogin(page, email, newPassword);
    await page.waitForURL((url) => url.pathname === "/");
    await toast(page, "Welcome back!");
  });

  it("shows Invalid link for /reset-password without a token", async () => {
    const page = await openPage();
    await page.goto("/reset-password");
    await page.getByRole("heading", { name: "Invalid link" }).waitFor();
    expect(await page.locator("body").innerText()).toContain("Password reset link is missing or invalid.");
    await page.getByRole("link", { name: "Request new link" }).click();
    await page.waitForURL(/\/forgot-password$/);
  });

  it("sends a signed-out visit to /inventory to /login", async () => {
    const page = await openPage();
    await page.goto("/inventory");
    await page.waitForURL(/\/login$/);
    await page.getByRole("heading", { name: "Welcome back" }).waitFor();
  });
});

describe("profile and signed-in layout", () => {
  it("keeps name and avatar changes across a reload", async () => {
    const page = await openPage();
    await signInAs(page, { firstName: "Bob", lastName: "Cook" });
    await page.goto("/profile");
    await page.getByRole("heading", { name: "Profile Settings" }).waitFor();
    const text = await page.locator("body").innerText();
    expect(text).toContain("No Plan");
    expect(text).toContain("No active subscription");
    await expect(page.getByRole("link", { name: "Start Subscription" }).getAttribute("href")).resolves.toBe("/pricing");

    await page.getByRole("button", { name: "Cat", exact: true }).click();
    await toast(page, "Profile updated");
    await expect.poll(() => page.getByRole("button", { name: "Cat", exact: true }).getAttribute("aria-pressed")).toBe("true");

    await page.getByLabel("First Name").fill("Roberta");
    await page.getByLabel("Last Name").fill("Chef");
    await page.getByLabel("Last Name").press("Enter");
    await toast(page, "Your profile has been updated successfully");
    await page.getByRole("link", { name: /Roberta Chef/ }).waitFor();

    await page.reload();
    await page.getByRole("heading", { name: "Profile Settings" }).waitFor();
    expect(await page.getByLabel("First Name").inputValue()).toBe("Roberta");
    expect(await page.getByLabel("Last Name").inputValue()).toBe("Chef");
    expect(await page.getByRole("button", { name: "Cat", exact: true }).getAttribute("aria-pressed")).toBe("true");
  });

  it("marks the field the server refused on the profile, a taken address and a bad one alike", async () => {
    const page = await openPage({ width: 390, height: 844 });
    const { email: other } = await createUser({ firstName: "Taken" });
    await signInAs(page, { firstName: "Dee" });
    await page.goto("/profile");
    const email = page.locator("input[name=email]");
    await email.fill("not-an-address");
    await email.press("Enter");
    await toast(page, "Failed to update profile");
    await page.getByText("Enter a valid email address").first().waitFor();
    expect(await email.getAttribute("aria-invalid")).toBe("true");

    await email.fill(other);
    expect(await email.getAttribute("aria-invalid")).toBeNull();
    await email.press("Enter");
    await expect.poll(() => email.getAttribute("aria-invalid")).toBe("true");
    await page.getByText("That email is already used by another account").first().waitFor();
    await keepScreenshot(page, "profile-field-errors-390");
  });

  it("collapses the sidebar with Ctrl+B and remembers it across a reload", async () => {
    const page = await openPage();
    await signInAs(page, { firstName: "Bob" });
    await page.goto("/");
    // The page drawn (its code loads after the shell's), as after the reload below, before the shortcut.
    await page.getByRole("heading", { name: /Welcome back/ }).waitFor();
    const sidebar = page.locator('[data-slot="sidebar"][data-state]');
    await expect.poll(() => sidebar.getAttribute("data-state")).toBe("expanded");
    await page.keyboard.press("Control+b");
    await expect.poll(() => sidebar.getAttribute("data-state")).toBe("collapsed");
    await page.reload();
    await page.getByRole("heading", { name: /Welcome back/ }).waitFor();
    expect(await sidebar.getAttribute("data-state")).toBe("collapsed");
    await page.keyboard.press("Control+b");
    await expect.poll(() => sidebar.getAttribute("data-state")).toBe("expanded");
  });

  it("shows the sidebar as a slide-in panel at 375px", async () => {
    const page = await openPage({ width: 375 });
    await signInAs(page, { firstName: "Bob" });
    await page.goto("/");
    await page.getByRole("heading", { name: /Welcome back/ }).waitFor();
    const panel = page.getByRole("dialog", { name: "Navigation" });
    expect(await panel.isVisible()).toBe(false);
    expect(await page.getByRole("link", { name: "Inventory" }).isVisible()).toBe(false);
    await page.getByRole("button", { name: "Toggle Sidebar" }).click();
    await panel.waitFor();
    await panel.getByRole("link", { name: "Inventory" }).click();
    await page.waitForURL(/\/inventory$/);
    await panel.waitFor({ state: "hidden" });
  });
});

describe("account screens", () => {
  for (const width of [1280, 375]) {
    it(`render without horizontal overflow at ${width}px`, async () => {
      const page = await openPage({ width });
      const screens = [
        { path: "/login", heading: "Welcome back", name: "login" },
        { path: "/signup", heading: "Create your account", name: "signup" },
        { path: "/forgot-password", heading: "Forgot password?", name: "forgot-password" },
        { path: "/reset-password?token=example", heading: "Reset your password", name: "reset-password" },
        { path: "/reset-password", heading: "Invalid link", name: "reset-password-invalid" },
      ];
      const check = async (name: string) => {
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, name).toBeLessThanOrEqual(0);
        await keepScreenshot(page, `${name}-${width}`);
      };
      for (const screen of screens) {
        await page.goto(screen.path);
        await page.getByRole("heading", { name: screen.heading, exact: true }).waitFor();
        await check(screen.name);
      }

      await signInAs(page, { firstName: "Cat", lastName: "Lee" });
      await page.goto("/");
      await page.getByRole("heading", { name: "Welcome back, Cat!" }).waitFor();
      await check("home");
      await page.goto("/profile");
      await page.getByRole("heading", { name: "Profile Settings" }).waitFor();
      await check("profile");
    });
  }
});
