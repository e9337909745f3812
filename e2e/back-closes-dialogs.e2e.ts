import { copyFileSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { artifacts, keepScreenshot, nextFrames, openPage, useBrowser } from "./browser";
import { addIngredients, publishRecipePage, signInAs } from "./fixtures";

useBrowser();

// Decision 0052: on a phone, Back (the system button, or a swipe) closes what is open on top, and only that.

const pathname = (page: Page) => new URL(page.url()).pathname;
const dialog = (page: Page) => page.getByRole("dialog");

/** The system Back, as a phone's button or swipe sends it. */
async function back(page: Page): Promise<void> {
  await page.goBack();
}

/** A phone-sized page signed in as a new cook, on /inventory, come from /recipes. */
async function onInventory(options: { isPro?: boolean } = {}) {
  const page = await openPage({ width: 390, height: 844 });
  const { userId } = await signInAs(page, { firstName: "Bea", ...options });
  await page.goto("/recipes");
  await page.getByRole("heading", { name: "Recipes", exact: true }).waitFor();
  await page.goto("/inventory");
  await page.getByRole("heading", { name: "Inventory", exact: true }).waitFor();
  return { page, userId };
}

async function openAddIngredient(page: Page) {
  await page.getByRole("button", { name: "Add Ingredient" }).first().click();
  await dialog(page).getByRole("heading", { name: "Add Ingredient" }).waitFor();
}

/** Where Back leads from here: it must be /recipes (the page before), the dialogs having left nothing behind. */
async function backLeavesForRecipes(page: Page): Promise<void> {
  await back(page);
  await page.getByRole("heading", { name: "Recipes", exact: true }).waitFor();
  expect(pathname(page)).toBe("/recipes");
}

async function shot(page: Page, name: string): Promise<void> {
  await keepScreenshot(page, name);
  mkdirSync("/tmp/back-closes-dialogs", { recursive: true });
  copyFileSync(path.join(artifacts, "screens", `${name}.png`), path.join("/tmp/back-closes-dialogs", `${name}.png`));
}

describe("Back with a dialog open", () => {
  it("closes Add Ingredient and keeps what was typed; a second Back leaves for the page before", async () => {
    const { page } = await onInventory();
    const before = await page.evaluate(() => JSON.stringify(window.history.state));
    await openAddIngredient(page);
    await dialog(page).getByLabel("Name").fill("Oat milk");

    await back(page);
    await dialog(page).waitFor({ state: "detached" });
    // The page stays, at its address and on the router's entry it had.
    expect(pathname(page)).toBe("/inventory");
    expect(await page.getByRole("heading", { name: "Inventory", exact: true }).isVisible()).toBe(true);
    expect(await page.evaluate(() => JSON.stringify(window.history.state))).toBe(before);

    // Closed by Back as by a tap outside: what was typed comes back with the next opening.
    await openAddIngredient(page);
    expect(await dialog(page).getByLabel("Name").inputValue()).toBe("Oat milk");
    await shot(page, "back-closes-dialogs-draft-kept-390");

    await back(page);
    await dialog(page).waitFor({ state: "detached" });
    expect(pathname(page)).toBe("/inventory");
    await backLeavesForRecipes(page);
  });

  it("leaves no entry behind when the dialog is closed otherwise (Escape, Cancel, a tap outside, a save, a reload)", async () => {
    const { page } = await onInventory();
    await openAddIngredient(page);
    await back(page);
    await dialog(page).waitFor({ state: "detached" });
    expect(pathname(page)).toBe("/inventory");

    await openAddIngredient(page);
    await page.keyboard.press("Escape");
    await dialog(page).waitFor({ state: "detached" });

    await openAddIngredient(page);
    await dialog(page).getByRole("button", { name: "Cancel" }).click();
    await dialog(page).waitFor({ state: "detached" });

    await openAddIngredient(page);
    // A tap on the dimmed page beside the dialog.
    await page.mouse.click(8, 830);
    await dialog(page).waitFor({ state: "detached" });

    await openAddIngredient(page);
    await dialog(page).getByLabel("Name").fill("Rice");
    await dialog(page).getByRole("button", { name: "Add Ingredient" }).click();
    await dialog(page).waitFor({ state: "detached" });
    await page.getByTestId("ingredient-card").filter({ hasText: "Rice" }).waitFor();
    expect(pathname(page)).toBe("/inventory");

    // A reload with the dialog open: the page comes back without it, and Back is not spent on its old entry.
    await openAddIngredient(page);
    await page.reload();
    await page.getByRole("heading", { name: "Inventory", exact: true }).waitFor();
    expect(await dialog(page).count()).toBe(0);

    await backLeavesForRecipes(page);
  });

  it("closes a confirm dialog and keeps the item; a second Back leaves", async () => {
    const { page, userId } = await onInventory();
    await addIngredients(userId, [{ name: "Milk", quantity: 1, unit: "l" }]);
    await page.reload();
    const card = page.getByTestId("ingredient-card").filter({ hasText: "Milk" });
    await card.waitFor();

    await page.getByRole("button", { name: "Delete Milk" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete ingredient?" });
    await confirm.waitFor();
    await back(page);
    await confirm.waitFor({ state: "detached" });
    expect(pathname(page)).toBe("/inventory");
    expect(await card.isVisible()).toBe(true);

    await backLeavesForRecipes(page);
  });

  it("closes the phone menu; a link in it opens its page, and Back from there returns to the page it was opened on", async () => {
    const { page } = await onInventory();
    const toggle = page.getByRole("button", { name: "Toggle Sidebar" });
    const menu = page.getByRole("dialog", { name: "Navigation" });

    await toggle.click();
    await menu.waitFor();
    await shot(page, "back-closes-dialogs-menu-390");
    await back(page);
    await menu.waitFor({ state: "hidden" });
    expect(pathname(page)).toBe("/inventory");

    await toggle.click();
    await menu.getByRole("link", { name: "Shopping List" }).click();
    await page.getByRole("heading", { name: "Shopping List", exact: true }).waitFor();
    await menu.waitFor({ state: "hidden" });

    await back(page);
    await page.getByRole("heading", { name: "Inventory", exact: true }).waitFor();
    expect(pathname(page)).toBe("/inventory");
    expect(await menu.isVisible()).toBe(false);
    await backLeavesForRecipes(page);
  });

  it("closes the menu over a recipe form with changes without asking; Back on the form still asks to leave", async () => {
    const { page } = await onInventory();
    await page.getByRole("button", { name: "Toggle Sidebar" }).click();
    const menu = page.getByRole("dialog", { name: "Navigation" });
    await menu.getByRole("link", { name: "Recipes" }).click();
    await page.getByRole("heading", { name: "Recipes", exact: true }).waitFor();
    await page.getByRole("link", { name: "Create Recipe" }).first().click();
    await page.getByRole("heading", { name: "Create Recipe" }).waitFor();
    await page.getByLabel("Title").fill("Half-typed Tart");

    await page.getByRole("button", { name: "Toggle Sidebar" }).click();
    await menu.waitFor();
    await back(page);
    await menu.waitFor({ state: "hidden" });
    expect(await page.getByRole("alertdialog").count()).toBe(0);
    expect(pathname(page)).toBe("/recipes/new");
    expect(await page.getByLabel("Title").inputValue()).toBe("Half-typed Tart");

    // Back on the form itself is the router's: it asks, and Keep Editing stays.
    await back(page);
    await page.getByRole("alertdialog").getByText("Leave without saving?").waitFor();
    await page.getByRole("button", { name: "Keep Editing" }).click();
    await page.getByRole("alertdialog").waitFor({ state: "detached" });
    expect(pathname(page)).toBe("/recipes/new");
    expect(await page.getByLabel("Title").inputValue()).toBe("Half-typed Tart");
    await back(page);
    await page.getByRole("button", { name: "Leave" }).click();
    await page.getByRole("heading", { name: "Recipes", exact: true }).waitFor();
    expect(pathname(page)).toBe("/recipes");
  });

  it("closes AI Extract; a second opening's import opens the form, and Back from it returns to the recipes", async () => {
    const page = await openPage({ width: 390, height: 844 });
    await signInAs(page, { firstName: "Bea", isPro: true });
    const url = await publishRecipePage(
      "/back-closes-dialogs",
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Toast</title>
<script type="application/ld+json">${JSON.stringify({
        "@context": "https://schema.org",
        "@type": "Recipe",
        name: "Cinnamon Toast",
        recipeIngredient: ["2 slices bread", "1 tsp cinnamon"],
        recipeInstructions: [{ "@type": "HowToStep", text: "Toast the bread and dust it." }],
      })}</script></head><body><h1>Toast</h1></body></html>`,
    );
    await page.goto("/inventory");
    await page.getByRole("heading", { name: "Inventory", exact: true }).waitFor();
    await page.goto("/recipes");
    await page.getByRole("heading", { name: "Recipes", exact: true }).waitFor();

    const extract = page.getByRole("button", { name: "AI Extract" });
    await extract.click();
    await dialog(page).getByLabel("Recipe page URL").waitFor();
    await back(page);
    await dialog(page).waitFor({ state: "detached" });
    expect(pathname(page)).toBe("/recipes");

    await extract.click();
    await dialog(page).getByLabel("Recipe page URL").fill(url);
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "Create Recipe" }).waitFor();
    expect(pathname(page)).toBe("/recipes/new");
    expect(await page.getByLabel("Title").inputValue()).toBe("Cinnamon Toast");

    // The form is untouched (nothing to leave unsaved): Back goes to the recipes, then to the page before them.
    await back(page);
    await page.getByRole("heading", { name: "Recipes", exact: true }).waitFor();
    expect(pathname(page)).toBe("/recipes");
    expect(await dialog(page).count()).toBe(0);
    await back(page);
    await page.getByRole("heading", { name: "Inventory", exact: true }).waitFor();
    expect(pathname(page)).toBe("/inventory");
  });
});

describe("A dialog closing as the page leaves for another", () => {
  // The account deleted but its answer lost: the check that finds the session gone sends the cook to the goodbye page
  // (location.assign) while the dialog is open, and the live stream's "moved" has the shell find the session gone too,
  // which takes the profile page, and the dialog with it, off the screen. The dialog's close stepped back over its
  // entry then, which called the goodbye page off (net::ERR_ABORTED) whenever it came after the assign (3 of 9 runs of
  // transfer.e2e.ts). Here it always comes after: the shell's refetch is held until the goodbye page is asked for, and
  // that page until the dialog has gone. The session found gone by the shell's own check waits for the deletion's
  // outcome before sending the page to sign in (it went there on a loaded machine, the answer's check taking over 500 ms).
  it("lets the page go where it was sent", async () => {
    // No service worker: the calls it answered would pass by the routes that hold them.
    const page = await openPage({ width: 390, height: 844, serviceWorkers: "block" });
    // The page tells when the dialog leaves it (no evaluate answers while the page's navigation is held).
    const gone = "e2e: the alert dialog left the page";
    await page.addInitScript((text) => {
      let shown = false;
      new MutationObserver(() => {
        const now = document.querySelector('[role="alertdialog"]') !== null;
        if (shown && !now) console.log(text);
        shown = now;
      }).observe(document, { childList: true, subtree: true });
    }, gone);
    const dialogGone = new Promise<void>((resolve) => page.on("console", (message) => message.text() === gone && resolve()));
    await signInAs(page, { firstName: "Gone", password: "correct horse battery" });
    // The live stream is open before the deletion, or its "moved" (and the refetch the deletion's answer waits for)
    // never comes: a stream opened after it is refused.
    const streamOpen = page.waitForResponse((response) => response.url().endsWith("/api/events"));
    await page.goto("/profile");
    await streamOpen;
    const dialog = page.getByRole("alertdialog");

    let goodbyeAskedFor!: () => void;
    const leaving = new Promise<void>((resolve) => (goodbyeAskedFor = resolve));
    let refetchHeld!: () => void;
    const refetching = new Promise<void>((resolve) => (refetchHeld = resolve));
    let deleting = false;
    // The profile's queries, refetched when "moved" comes (the lost answer's own check asks for auth.user alone).
    await page.route(
      (url) => url.pathname.startsWith("/trpc/") && url.pathname.includes("households.get"),
      async (route) => {
        if (!deleting) return route.continue();
        refetchHeld();
        await leaving;
        await route.continue().catch(() => undefined);
      },
    );
    await page.route("**/trpc/transfer.deleteAccount*", async (route) => {
      await route.fetch();
      await refetching;
      await route.abort("connectionreset");
    });
    await page.route(
      (url) => url.searchParams.get("account") === "deleted",
      async (route) => {
        goodbyeAskedFor();
        await dialogGone;
        await route.continue().catch(() => undefined);
      },
    );

    await page.getByRole("button", { name: "Delete my account" }).click();
    await dialog.getByLabel("Password").fill("correct horse battery");
    deleting = true;
    await dialog.getByRole("button", { name: "Delete my account" }).click();
    await page.waitForURL((url) => url.searchParams.get("account") === "deleted");
  });
});

/**
 * dialog-history.ts itself, on a page of Kim's origin, with a stand-in for the router (a popstate listener after it,
 * and history writes as the router makes them), for what no screen has yet: a dialog over a dialog, StrictMode's
 * second effect, a navigation from two dialogs deep, the page's address replaced under a dialog, Forward.
 */
describe("dialog history", () => {
  const module = ts.transpileModule(readFileSync(path.resolve(import.meta.dirname, "../packages/ui/src/lib/dialog-history.ts"), "utf8"), {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  }).outputText;
  const harness = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dialog history</title></head><body>
<script type="module">
${module.replace(/^export /gm, "")}
// The router's first entries, then the module (before the router), then the router's listener.
if (!history.state) {
  history.replaceState({ __TSR_key: "k0", __TSR_index: 0 }, "");
  history.pushState({ __TSR_key: "k1", __TSR_index: 1 }, "", "?page=1");
}
installDialogHistory();
window.routerSaw = [];
window.shut = [];
addEventListener("popstate", (event) => window.routerSaw.push(event.state?.__TSR_key));
window.hold = (name) => holdBackForDialog(() => window.shut.push(name));
window.ready = true;
</script></body></html>`;

  async function harnessPage(): Promise<Page> {
    const page = await openPage({ serviceWorkers: "block" });
    await page.route("**/dialog-history-harness**", (route) => route.fulfill({ contentType: "text/html", body: harness }));
    await page.goto("/dialog-history-harness");
    await page.waitForFunction(() => "ready" in window);
    return page;
  }

  /** The router's key of the entry, the dialog marker's depth, the address's query, what closed, what the router saw. */
  function now(page: Page) {
    return page.evaluate(() => {
      const state = history.state as { __TSR_key?: string; kimDialog?: { depth: number } } | null;
      const seen = window as unknown as { shut: string[]; routerSaw: string[] };
      return {
        key: state?.__TSR_key,
        depth: state?.kimDialog?.depth ?? 0,
        closed: seen.shut,
        routerSaw: seen.routerSaw,
        search: location.search,
      };
    });
  }

  const hold = (page: Page, name: string) =>
    page.evaluate((n) => {
      const w = window as unknown as { hold: (name: string) => () => void; releases: Record<string, () => void> };
      (w.releases ??= {})[n] = w.hold(n);
    }, name);
  const release = (page: Page, name: string) =>
    page.evaluate((n) => (window as unknown as { releases: Record<string, () => void> }).releases[n]?.(), name);

  it("Back closes the dialog on top, then the one under it; the router sees neither", async () => {
    const page = await harnessPage();
    await hold(page, "form");
    await hold(page, "confirm");
    await expect.poll(() => now(page)).toMatchObject({ key: "k1", depth: 2 });
    await back(page);
    await expect.poll(() => now(page)).toMatchObject({ key: "k1", depth: 1, closed: ["confirm"], routerSaw: [] });
    // Closed by Back, the confirm's own close goes back over nothing more.
    await release(page, "confirm");
    await expect.poll(() => now(page)).toMatchObject({ depth: 1 });
    await back(page);
    await expect.poll(() => now(page)).toMatchObject({ key: "k1", depth: 0, closed: ["confirm", "form"], routerSaw: [] });
    await back(page);
    await expect.poll(() => now(page)).toMatchObject({ key: "k0", routerSaw: ["k0"] });
  });

  it("closing the lower of two dialogs goes back over both; StrictMode's close-and-open again leaves one entry", async () => {
    const page = await harnessPage();
    await hold(page, "form");
    await hold(page, "confirm");
    await release(page, "form");
    await release(page, "confirm");
    await expect.poll(() => now(page)).toMatchObject({ key: "k1", depth: 0, closed: [], routerSaw: [] });

    // Mounted, unmounted and mounted again in one go, as StrictMode runs an effect in development.
    await page.evaluate(() => {
      const w = window as unknown as { hold: (name: string) => () => void; releases: Record<string, () => void> };
      w.hold("first")();
      (w.releases ??= {}).again = w.hold("again");
    });
    await expect.poll(() => now(page)).toMatchObject({ key: "k1", depth: 1, routerSaw: [] });
    await back(page);
    await expect.poll(() => now(page)).toMatchObject({ key: "k1", depth: 0, closed: ["again"], routerSaw: [] });
    await back(page);
    await expect.poll(() => now(page)).toMatchObject({ key: "k0", routerSaw: ["k0"] });
  });

  it("a navigation from two dialogs deep takes their place; a replace under a dialog reaches the page's entry", async () => {
    const page = await harnessPage();
    await hold(page, "sheet");
    await hold(page, "confirm");
    await page.evaluate(() => history.pushState({ __TSR_key: "k2", __TSR_index: 2 }, "", "?page=2"));
    await expect.poll(() => now(page)).toMatchObject({ key: "k2", depth: 0, search: "?page=2" });
    await back(page);
    await expect.poll(() => now(page)).toMatchObject({ key: "k1", depth: 0, closed: [], routerSaw: ["k1"], search: "?page=1" });

    await hold(page, "form");
    await page.evaluate(() => history.replaceState({ __TSR_key: "k1b", __TSR_index: 1 }, "", "?page=1&week=2"));
    await expect.poll(() => now(page)).toMatchObject({ key: "k1b", depth: 1 });
    await back(page);
    await expect
      .poll(() => now(page))
      .toMatchObject({ key: "k1b", depth: 0, closed: ["form"], routerSaw: ["k1"], search: "?page=1&week=2" });

    // Forward onto the entry of the dialog Back closed: stepped back off, unseen.
    await page.goForward();
    await expect.poll(() => now(page)).toMatchObject({ key: "k1b", depth: 0, closed: ["form"], routerSaw: ["k1"] });
    await back(page);
    await expect.poll(() => now(page)).toMatchObject({ key: "k0", routerSaw: ["k1", "k0"] });
  });

  it("a dialog that closes as the page leaves for another document lets it go there; Back returns to the page", async () => {
    const page = await harnessPage();
    // The page asks for the new page, then (told it is on its way) closes the dialog, then the new page comes: the
    // close lands while the navigation is on its way, as the profile's did when the account was deleted.
    let askedFor!: () => void;
    let asked!: Promise<void>;
    let closed!: () => void;
    let closing!: Promise<void>;
    await page.route("**/left-for**", async (route) => {
      askedFor();
      await closing;
      const body = '<!doctype html><html lang="en"><title>Left</title><h1>Left</h1></html>';
      await route
        .fulfill(route.request().url().includes("nothing") ? { status: 204 } : { contentType: "text/html", body })
        .catch(() => undefined);
    });
    await page.route("**/harness-signal**", async (route) => {
      if (route.request().url().includes("closed")) closed();
      else await asked;
      await route.fulfill({ status: 204 });
    });
    /** Sends the page to `url` and closes the dialog `name` once that navigation is on its way (not an evaluate's). */
    const leaveAndClose = async (url: string, name: string) => {
      asked = new Promise<void>((resolve) => (askedFor = resolve));
      closing = new Promise<void>((resolve) => (closed = resolve));
      await page.evaluate(
        ([to, n]) => {
          location.assign(to);
          void fetch("/harness-signal?asked").then(() => {
            (window as unknown as { releases: Record<string, () => void> }).releases[n]?.();
            return fetch("/harness-signal?closed");
          });
        },
        [url, name] as const,
      );
    };

    // A navigation that does leave: it is not called off by the dialog's close (a step back over its entry did, before).
    await hold(page, "first");
    await expect.poll(() => now(page)).toMatchObject({ key: "k1", depth: 1 });
    await leaveAndClose("/left-for?page=2", "first");
    await page.waitForURL((url) => url.pathname === "/left-for");
    await page.getByRole("heading", { name: "Left" }).waitFor();

    // Back: on the page again (kept whole, or loaded anew on the dialog's entry), stepped off that entry, unseen.
    await back(page);
    await expect.poll(() => now(page)).toMatchObject({ key: "k1", depth: 0, routerSaw: [], search: "?page=1" });

    // A navigation that brings no page (204): the page stays, the dialog's entry with it; Back steps off it unseen.
    await hold(page, "second");
    await expect.poll(() => now(page)).toMatchObject({ key: "k1", depth: 1 });
    const noContent = page.waitForResponse((response) => response.url().includes("left-for-nothing"));
    await leaveAndClose("/left-for-nothing", "second");
    await noContent;
    await nextFrames(page);
    expect(page.url()).toContain("/dialog-history-harness?page=1");
    await back(page);
    await expect.poll(() => now(page)).toMatchObject({ key: "k1", depth: 0, routerSaw: [], search: "?page=1" });

    await back(page);
    await expect.poll(() => now(page)).toMatchObject({ key: "k0", routerSaw: ["k0"] });
  });
});
