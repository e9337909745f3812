import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { artifacts, holdRequests, nextFrames, openPage, toast, useBrowser } from "./browser";
import { createUser, signInAs } from "./fixtures";

useBrowser();

const isFocused = (control: Locator) => control.evaluate((node) => node === document.activeElement);

/** Holds the row's save of `procedure` (a tRPC mutation, sent on its own or in a batch) until released. */
const holdSave = (page: Page, procedure: string) =>
  holdRequests(page, (url) => url.pathname.split("/").at(-1)!.split(",").includes(procedure));

async function userRow(page: Page, email: string): Promise<Locator> {
  await page.goto("/admin");
  await page.getByLabel("Search users").fill(email);
  const row = page.getByTestId("user-row").filter({ hasText: email });
  await row.waitFor();
  // The search has answered (the row shows in the first page of all users too, before it does).
  await expect.poll(() => page.getByTestId("user-row").count()).toBe(1);
  return row;
}

describe("a user row while its save runs", () => {
  it("the role select shows the chosen role at once, busy, keeps the focus, and falls back when the save is refused", async () => {
    // Blocked service workers: page.route sees every tRPC call the page makes.
    const page = await openPage({ width: 390, serviceWorkers: "block" });
    await signInAs(page, { firstName: "Ada", role: "admin" });
    const other = await createUser({ firstName: "Rolf", lastName: "Role" });
    const row = await userRow(page, other.email);
    const role = row.getByRole("combobox", { name: "Role of Rolf Role" });
    expect(await role.inputValue()).toBe("user");

    const save = await holdSave(page, "admin.setRole");
    await role.focus();
    await role.selectOption("Admin");
    await save.started;
    // The admin's choice, not the old role, while it is saved; marked busy, and the focus stays on it.
    expect(await role.inputValue()).toBe("admin");
    expect(await role.getAttribute("aria-busy")).toBe("true");
    expect(await role.getAttribute("aria-disabled")).toBe("true");
    expect(await isFocused(role)).toBe(true);
    await role.scrollIntoViewIfNeeded();
    await nextFrames(page);
    // The row on a phone while it saves, for people to look at (e2e/artifacts/screens).
    mkdirSync(path.join(artifacts, "screens"), { recursive: true });
    await row.screenshot({ path: path.join(artifacts, "screens", "admin-row-saving-390.png") });
    await save.release();
    await toast(page, "User role updated successfully");
    await row.locator('[data-slot="badge"]').filter({ hasText: "Admin" }).waitFor();
    expect(await role.inputValue()).toBe("admin");
    await expect.poll(() => role.getAttribute("aria-busy")).toBeNull();
    expect(await isFocused(role)).toBe(true);

    // Another admin deletes the user meanwhile: the server refuses the next change, and the old role comes back.
    const deleted = await page.request.delete(`/api/admin/users/${other.userId}`);
    expect(deleted.ok()).toBe(true);
    const refused = await holdSave(page, "admin.setRole");
    await role.selectOption("User");
    await refused.started;
    expect(await role.inputValue()).toBe("user");
    await refused.release();
    await toast(page, "Failed to update user role");
    await expect.poll(() => role.inputValue()).toBe("admin");
    await expect.poll(() => role.getAttribute("aria-busy")).toBeNull();
    expect(await isFocused(role)).toBe(true);
  });

  it("the Pro and Beta switches keep the keyboard's focus while they save and after", async () => {
    const page = await openPage({ serviceWorkers: "block" });
    await signInAs(page, { firstName: "Ada", role: "admin" });
    const other = await createUser({ firstName: "Sam", lastName: "Switch" });
    const row = await userRow(page, other.email);
    const pro = row.getByRole("switch", { name: "Pro: Sam Switch" });
    const beta = row.getByRole("switch", { name: "Beta: Sam Switch" });

    const save = await holdSave(page, "admin.setPro");
    await pro.focus();
    await page.keyboard.press("Space");
    await save.started;
    expect(await isFocused(pro)).toBe(true);
    expect(await pro.isChecked()).toBe(true);
    expect(await pro.getAttribute("aria-busy")).toBe("true");
    await save.release();
    await toast(page, "Pro status updated successfully");
    await row.locator('[data-slot="badge"]').filter({ hasText: "Pro" }).waitFor();
    await expect.poll(() => pro.getAttribute("aria-busy")).toBeNull();
    expect(await pro.isChecked()).toBe(true);
    expect(await isFocused(pro)).toBe(true);

    // The keyboard carries on from there: Tab to Beta, Space, and the focus stays on Beta through its save.
    await page.keyboard.press("Tab");
    expect(await isFocused(beta)).toBe(true);
    const betaSave = await holdSave(page, "admin.setBeta");
    await page.keyboard.press("Space");
    await betaSave.started;
    expect(await isFocused(beta)).toBe(true);
    // A second press while it saves changes nothing.
    await page.keyboard.press("Space");
    expect(await beta.isChecked()).toBe(true);
    await betaSave.release();
    await toast(page, "Beta tester status updated successfully");
    await row.locator('[data-slot="badge"]').filter({ hasText: "Beta" }).waitFor();
    expect(await beta.isChecked()).toBe(true);
    expect(await isFocused(beta)).toBe(true);
  });

  it("shows a saved change in its row when a new search's first read was on its way, read before the save", async () => {
    const page = await openPage({ serviceWorkers: "block" });
    await signInAs(page, { firstName: "Ada", role: "admin" });
    const other = await createUser({ firstName: "Rae", lastName: "Race" });
    const row = await userRow(page, other.email);
    const pro = row.getByRole("switch", { name: "Pro: Rae Race" });

    // The next search's read is answered by the server at once, before the save, and reaches the page after it.
    const searchCalls = (url: URL) => url.pathname.split("/").at(-1)!.split(",").includes("admin.users");
    let first = true;
    let answerLate!: () => void;
    const late = new Promise<void>((resolve) => (answerLate = resolve));
    const readBeforeSave = new Promise<void>((resolve) =>
      page.route(searchCalls, async (route) => {
        if (!first) return route.continue();
        first = false;
        const response = await route.fetch();
        resolve();
        await late;
        await route.fulfill({ response }).catch(() => undefined);
      }),
    );
    await page.getByLabel("Search users").fill(other.email.slice(0, -2));
    await readBeforeSave;
    await pro.click();
    await toast(page, "Pro status updated successfully");
    answerLate();
    await page.getByRole("list", { name: "Users" }).and(page.locator('[aria-busy="false"]')).waitFor();
    await row.locator('[data-slot="badge"]').filter({ hasText: "Pro" }).waitFor();
    expect(await pro.isChecked()).toBe(true);
  });

  it("shows a saved change in its row even when the list's refetch after it fails", async () => {
    const page = await openPage({ serviceWorkers: "block" });
    await signInAs(page, { firstName: "Ada", role: "admin" });
    const other = await createUser({ firstName: "Fay", lastName: "Fail" });
    const row = await userRow(page, other.email);
    const pro = row.getByRole("switch", { name: "Pro: Fay Fail" });

    const listCalls = (url: URL) => url.pathname.split("/").at(-1)!.split(",").includes("admin.users");
    await page.route(listCalls, (route) => route.abort());
    await pro.click();
    await toast(page, "Pro status updated successfully");
    await row.locator('[data-slot="badge"]').filter({ hasText: "Pro" }).waitFor();
    expect(await pro.isChecked()).toBe(true);
    await expect.poll(() => pro.getAttribute("aria-busy")).toBeNull();
    // The refetch's failure is said above the rows, which stay.
    await page.getByRole("alert").filter({ hasText: "Could not load the users" }).waitFor();
    expect(await page.getByTestId("user-row").count()).toBe(1);
  });
});
