import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { keepBothWidths, mailedLink, openPage, toast, uniqueEmail, useBrowser } from "./browser";
import { createUser, postmarkMails, signInAs } from "./fixtures";

useBrowser();

async function pickOption(page: Page, combobox: Locator, option: string): Promise<void> {
  await combobox.click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

const reportTitle = `Timer beeps twice ${Date.now()}`;

describe("bug reports", () => {
  it("a user files a bug report", async () => {
    const page = await openPage();
    await signInAs(page, { firstName: "Rita" });
    await page.goto("/bug-report");
    await page.getByRole("heading", { name: "Report a Bug" }).waitFor();
    await page.getByText("Tips for a helpful report").waitFor();
    await page.getByRole("button", { name: "Submit Bug Report" }).click();
    await page.getByText("Title is required").waitFor();
    await page.getByText("Description is required").waitFor();
    expect(await page.getByLabel("Priority").innerText()).toBe("Medium");
    // The focus went to the first field to fix.
    await expect.poll(() => page.getByLabel("Title").evaluate((field) => field === document.activeElement)).toBe(true);

    // What is typed survives a reload.
    await page.getByLabel("Title").fill(reportTitle);
    await page.getByLabel("Description").fill("On the cooking screen the timer beeps twice at zero.");
    await page.reload();
    await page.getByText("You left this page before saving.").waitFor();
    expect(await page.getByLabel("Title").inputValue()).toBe(reportTitle);
    expect(await page.getByLabel("Description").inputValue()).toBe("On the cooking screen the timer beeps twice at zero.");
    expect(await page.getByText("Title is required").count()).toBe(0);
    expect(await page.getByText("Description is required").count()).toBe(0);
    await pickOption(page, page.getByLabel("Priority"), "High");
    await keepBothWidths(page, "bug-report-form");
    await page.getByRole("button", { name: "Submit Bug Report" }).click();
    await toast(page, "Bug report submitted successfully");
    await toast(page, "Our team will review your report soon.");
    // The form starts over for the next report, and so does a reload.
    expect(await page.getByLabel("Title").inputValue()).toBe("");
    expect(await page.getByLabel("Priority").innerText()).toBe("Medium");
    await page.reload();
    await page.getByRole("heading", { name: "Report a Bug" }).waitFor();
    expect(await page.getByLabel("Title").inputValue()).toBe("");
    expect(await page.getByText("You left this page before saving.").count()).toBe(0);
  });

  it("an admin sees the report, changes its status and adds notes", async () => {
    const page = await openPage();
    await signInAs(page, { firstName: "Ada", role: "admin" });
    await page.goto("/admin");
    await page.getByRole("heading", { name: "Admin Dashboard", exact: true }).waitFor();
    for (const title of ["Total Users", "Open Bug Reports", "High Priority"]) {
      await page.getByTestId("summary-card").filter({ hasText: title }).getByTestId("summary-value").waitFor();
    }
    const highBefore = Number(
      await page.getByTestId("summary-card").filter({ hasText: "High Priority" }).getByTestId("summary-value").innerText(),
    );
    expect(highBefore).toBeGreaterThanOrEqual(1);

    const report = page.getByTestId("bug-report").filter({ hasText: reportTitle });
    await report.waitFor();
    expect(await report.innerText()).toContain("On the cooking screen the timer beeps twice at zero.");
    await expect(report.getByTestId("priority-badge").getAttribute("data-variant")).resolves.toBe("destructive");
    expect(await report.getByTestId("status-badge").innerText()).toBe("Open");
    const today = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" }).format(new Date());
    expect(await report.innerText()).toContain(`Reported ${today}`);
    expect(await report.innerText()).toContain("/bug-report");

    await report.getByRole("combobox", { name: `Status of ${reportTitle}` }).selectOption("In Progress");
    await toast(page, "Bug report updated successfully");
    await report.getByTestId("status-badge").filter({ hasText: "In Progress" }).waitFor();

    await report.getByRole("button", { name: "Add Notes" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Admin Notes").waitFor();
    expect(await dialog.getByLabel("Admin Notes").getAttribute("placeholder")).toBe("Add notes...");
    await dialog.getByLabel("Admin Notes").fill("Reproduced on Chrome; fix in the next release.");
    await dialog.getByRole("button", { name: "Save Notes" }).click();
    await toast(page, "Bug report updated successfully");
    await dialog.waitFor({ state: "detached" });
    await report.getByText("Reproduced on Chrome; fix in the next release.").waitFor();
    // Saving notes kept the status.
    expect(await report.getByTestId("status-badge").innerText()).toBe("In Progress");
    await keepBothWidths(page, "admin-dashboard");
  });
});

describe("priority support", () => {
  it("a Pro user is told their report is handled first; the admin sees it at the top with a badge", async () => {
    const title = `Scanner freezes ${Date.now()}`;
    const page = await openPage();
    await signInAs(page, { firstName: "Paula", isPro: true });
    // Reported from the meal planner: the report names that page, not the report form.
    await page.goto("/meal-planner");
    await page.getByRole("link", { name: "Report Bug" }).first().click();
    await page.getByTestId("priority-support-note").waitFor();
    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Description").fill("The barcode scanner freezes after the second scan.");
    await keepBothWidths(page, "bug-report-form-pro");
    await page.getByRole("button", { name: "Submit Bug Report" }).click();
    await toast(page, "Bug report submitted successfully");

    // A user without Pro sees no such promise, and their newer report still comes after.
    const free = await openPage();
    await signInAs(free, { firstName: "Fred" });
    await free.goto("/bug-report");
    await free.getByRole("heading", { name: "Report a Bug" }).waitFor();
    expect(await free.getByTestId("priority-support-note").count()).toBe(0);
    await free.getByLabel("Title").fill(`Newer, not Pro ${Date.now()}`);
    await free.getByLabel("Description").fill("A later report from a free account.");
    await free.getByRole("button", { name: "Submit Bug Report" }).click();
    await toast(free, "Bug report submitted successfully");

    const admin = await openPage();
    await signInAs(admin, { firstName: "Ada", role: "admin" });
    await admin.goto("/admin");
    const first = admin.getByTestId("bug-report").first();
    await first.waitFor();
    expect(await first.getByRole("heading", { level: 3 }).innerText()).toBe(title);
    expect(await first.getByTestId("priority-support-badge").innerText()).toBe("Priority support");
    expect(await first.innerText()).toContain("/meal-planner");
    await keepBothWidths(admin, "admin-priority-support");
  });
});

describe("user management", () => {
  it("an admin creates a user who sets a password from the mail and signs in; then edits and deletes them", async () => {
    const page = await openPage();
    const adminUser = await signInAs(page, { firstName: "Ada", role: "admin" });
    await page.goto("/admin");
    await page.getByRole("heading", { name: "User Management" }).waitFor();

    const email = uniqueEmail("newcomer");
    await page.getByRole("button", { name: "Add New User" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("heading", { name: "Create New User" }).waitFor();
    expect(await dialog.getByLabel("Role").innerText()).toBe("User");
    // The browser checks the email before anything is sent.
    await dialog.getByRole("button", { name: "Create User" }).click();
    expect(await dialog.getByLabel("Email*").evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true);
    await dialog.getByLabel("Email*").fill(email);
    await dialog.getByLabel("First Name").fill("Nina");
    await dialog.getByLabel("Last Name").fill("Newcomer");
    await dialog.getByRole("switch", { name: "Pro Access" }).check();
    await keepBothWidths(page, "admin-create-user");
    await dialog.getByRole("button", { name: "Create User" }).click();
    await toast(page, "User created successfully");
    await dialog.waitFor({ state: "detached" });
    // The form was reset after submit.
    await page.getByRole("button", { name: "Add New User" }).click();
    expect(await dialog.getByLabel("Email*").inputValue()).toBe("");
    expect(await dialog.getByRole("switch", { name: "Pro Access" }).isChecked()).toBe(false);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });

    // The new user is welcomed by the mail's link, sets a first password and signs in with it.
    const link = new URL(await mailedLink(email));
    expect(link.pathname).toBe("/reset-password");
    expect(link.searchParams.get("welcome")).toBe("1");
    // It went out through Postmark's client, to the stand-in.
    const [invite] = await postmarkMails(email);
    expect(invite).toMatchObject({ token: "e2e-server-token", subject: "Your Kim account is ready: choose a password" });
    expect(invite!.text).toContain(link.toString());
    const newcomer = await openPage();
    await newcomer.goto(`${link.pathname}${link.search}`);
    await newcomer.getByRole("heading", { name: "Welcome to Kim — choose a password" }).waitFor();
    expect(await newcomer.getByText("Reset your password").count()).toBe(0);
    await keepBothWidths(newcomer, "admin-invite-welcome");
    await newcomer.getByLabel("Password", { exact: true }).fill("nina's first password");
    await newcomer.getByLabel("Confirm password").fill("nina's first password");
    await newcomer.getByRole("button", { name: "Set password" }).click();
    await newcomer.getByRole("heading", { name: "You're all set!" }).waitFor();
    await newcomer.getByRole("link", { name: "Go to login" }).click();
    await newcomer.waitForURL((url) => url.pathname === "/login");
    await newcomer.getByLabel("Email").fill(email);
    await newcomer.getByLabel("Password").fill("nina's first password");
    await newcomer.getByLabel("Password").press("Enter");
    await newcomer.waitForURL((url) => url.pathname === "/");
    // Her first sign-in: a welcome, not "Welcome back".
    await newcomer.getByRole("heading", { name: "Welcome, Nina!" }).waitFor();

    // The admin finds her by a search on the server.
    await page.getByLabel("Search users").fill(email.slice(0, 20));
    const row = page.getByTestId("user-row").filter({ hasText: email });
    await row.waitFor();
    await page.getByTestId("user-row").first().filter({ hasText: email }).waitFor();
    const rowText = await row.innerText();
    expect(rowText).toContain("Nina Newcomer");
    expect(rowText).toContain("Pro");
    expect(await row.getByTestId("avatar-fallback").innerText()).toBe("NE");
    // Screen readers hear whose row each button acts on.
    expect(await row.getByRole("button", { name: "Delete Nina Newcomer", exact: true }).isEnabled()).toBe(true);
    expect(await row.getByRole("button", { name: "Reset Password of Nina Newcomer", exact: true }).count()).toBe(1);
    expect(await row.getByRole("switch", { name: "Pro: Nina Newcomer", exact: true }).count()).toBe(1);

    // Each switch shows the admin's choice at once; its badge, what the server holds once saved and refetched.
    await row.getByRole("switch", { name: "Pro" }).click();
    await toast(page, "Pro status updated successfully");
    await expect.poll(() => row.getByRole("switch", { name: "Pro" }).isChecked()).toBe(false);
    await row.getByRole("switch", { name: "Beta" }).click();
    await toast(page, "Beta tester status updated successfully");
    await row.locator('[data-slot="badge"]').filter({ hasText: "Beta" }).waitFor();

    await row.getByRole("combobox", { name: "Role of Nina Newcomer" }).selectOption("Admin");
    await toast(page, "User role updated successfully");
    await row.locator('[data-slot="badge"]').filter({ hasText: "Admin" }).waitFor();

    // A taken email shows the server's reason.
    await row.getByRole("button", { name: "Edit email of Nina Newcomer" }).click();
    await dialog.getByRole("heading", { name: "Edit Email" }).waitFor();
    await dialog.getByLabel("Email").fill(adminUser.email);
    await dialog.getByRole("button", { name: "Save Email" }).click();
    await toast(page, "Failed to update email");
    await toast(page, "That email is already used by another account");
    const newEmail = uniqueEmail("nina");
    await dialog.getByLabel("Email").fill(newEmail);
    await dialog.getByRole("button", { name: "Save Email" }).click();
    await toast(page, "Email updated successfully");
    await dialog.waitFor({ state: "detached" });

    await page.getByLabel("Search users").fill(newEmail);
    const moved = page.getByTestId("user-row").filter({ hasText: newEmail });
    await moved.waitFor();
    await moved.getByRole("button", { name: "Reset Password" }).click();
    await toast(page, "Password reset email sent successfully");
    expect(new URL(await mailedLink(newEmail)).pathname).toBe("/reset-password");

    await moved.getByRole("button", { name: "Delete" }).click();
    const confirm = page.getByRole("alertdialog");
    await confirm.getByText("Are you sure you want to delete this user?").waitFor();
    await keepBothWidths(page, "admin-delete-user");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await toast(page, "User deleted successfully");
    await page.getByText("No users found").waitFor();
    // Her row and its Delete are gone, and no other matches: focus goes to the page's content, not to its body.
    await page.waitForFunction(() => document.activeElement?.id === "main-content");

    // Her session ended with her account.
    await newcomer.goto("/inventory");
    await newcomer.waitForURL((url) => url.pathname === "/login");
  });

  it("after a failed save the Edit Email dialog gives the focus back to its field", async () => {
    const page = await openPage();
    const admin = await signInAs(page, { firstName: "Ada", role: "admin" });
    const other = await createUser({ firstName: "Otto", lastName: "Other" });
    await page.goto("/admin");
    await page.getByLabel("Search users").fill(other.email);
    const row = page.getByTestId("user-row").filter({ hasText: other.email });
    await row.getByRole("button", { name: "Edit email of Otto Other" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Email" });
    await dialog.getByLabel("Email").fill(admin.email);
    await dialog.getByRole("button", { name: "Save Email" }).click();
    await toast(page, "That email is already used by another account");
    await expect.poll(() => dialog.getByLabel("Email").evaluate((input) => input === document.activeElement)).toBe(true);
    // The keyboard carries on from there: a new address typed, and Tab stays in the dialog.
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("otto.other@example.com");
    expect(await dialog.getByLabel("Email").inputValue()).toBe("otto.other@example.com");
    await page.keyboard.press("Tab");
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  });

  it("an admin's own row has Delete and Role turned off, saying why; an avatar from another site is never loaded", async () => {
    const page = await openPage();
    const foreign: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).hostname === "tracker.example") foreign.push(request.url());
    });
    const self = await signInAs(page, { firstName: "Ada", lastName: "Self", role: "admin" });
    const pixel = await createUser({ firstName: "Pix", lastName: "El", profileImageUrl: "https://tracker.example/pixel.gif" });
    await page.goto("/admin");
    await page.getByLabel("Search users").fill(self.email);
    const own = page.getByTestId("user-row").filter({ hasText: self.email });
    await own.waitFor();
    await own.getByText("This is you: another admin can change your role or delete your account.").waitFor();
    expect(await own.getByRole("button", { name: "Delete Ada Self" }).isDisabled()).toBe(true);
    expect(await own.getByRole("combobox", { name: "Role of Ada Self" }).isDisabled()).toBe(true);
    // What the admin may still change of their own row stays on.
    expect(await own.getByRole("button", { name: "Reset Password of Ada Self" }).isEnabled()).toBe(true);
    await keepBothWidths(page, "admin-own-row");

    await page.getByLabel("Search users").fill(pixel.email);
    const other = page.getByTestId("user-row").filter({ hasText: pixel.email });
    await other.waitFor();
    expect(await other.getByRole("button", { name: "Delete Pix El" }).isEnabled()).toBe(true);
    expect(await other.getByText("This is you").count()).toBe(0);
    expect(await other.locator("img").count()).toBe(0);
    expect(await other.getByTestId("avatar-fallback").innerText()).toBe("PI");
    expect(foreign).toEqual([]);
  });

  it("an admin pages through a search's matches on the server", async () => {
    const tag = `pager${Date.now()}`;
    await Promise.all(
      Array.from({ length: 30 }, (_, i) => createUser({ firstName: "Paged", email: `${tag}-${String(i).padStart(2, "0")}@example.com` })),
    );
    const page = await openPage();
    await signInAs(page, { firstName: "Ada", role: "admin" });
    await page.goto("/admin");
    await page.getByLabel("Search users").fill(tag);
    const pager = page.getByRole("navigation", { name: "users pages" });
    await pager.getByText("Showing 1–25 of 30 users").waitFor();
    expect(await page.getByTestId("user-row").count()).toBe(25);
    await pager.getByRole("button", { name: "Next" }).click();
    await pager.getByText("Showing 26–30 of 30 users").waitFor();
    await expect.poll(() => page.getByTestId("user-row").count()).toBe(5);
    expect(await pager.getByRole("button", { name: "Next" }).isDisabled()).toBe(true);
    await pager.getByRole("button", { name: "Previous" }).click();
    await pager.getByText("Showing 1–25 of 30 users").waitFor();
  });
});

describe("who sees /admin", () => {
  it("a non-admin gets 'Access Denied' and lands on /", async () => {
    const page = await openPage();
    await signInAs(page, { firstName: "Nora" });
    await page.goto("/admin");
    await toast(page, "Access Denied");
    expect(await page.getByRole("heading", { name: "Admin Dashboard" }).count()).toBe(0);
    await page.waitForURL((url) => url.pathname === "/");
    await page.getByRole("heading", { name: "Welcome back, Nora!" }).waitFor();
    expect(await page.getByRole("link", { name: "Admin Dashboard" }).count()).toBe(0);
  });
});
