import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { paprikaFile, sampleRecipes } from "../apps/api/src/testing/collection-samples";
import { pngPhoto } from "../apps/api/src/testing/photos";
import { artifacts, openPage, useBrowser } from "./browser";
import { addRecipes, signInAs } from "./fixtures";

useBrowser();

/**
 * Keeps a screenshot (e2e/artifacts/screens) of the card a step is about, or of what is on screen. A whole-page shot
 * of the scrolled profile draws the sticky header and sidebar halfway down, which no cook sees.
 */
async function shot(target: Page | Locator, name: string): Promise<void> {
  mkdirSync(path.join(artifacts, "screens"), { recursive: true });
  await target.screenshot({ path: path.join(artifacts, "screens", `${name}.png`) });
}

/** Holds the collection upload back, as a big file on a slow line would, until `release` lets it through. */
function holdUpload(page: Page): { release: () => Promise<void> } {
  let go: (() => void) | undefined;
  const held = new Promise<void>(
    (resolve) => void page.route("**/api/transfer/import*", (route) => void (go = () => void route.continue().then(resolve, resolve))),
  );
  return {
    async release() {
      await expect.poll(() => go !== undefined).toBe(true);
      go!();
      await held;
      await page.unroute("**/api/transfer/import*");
    },
  };
}

describe("moving in and out, from the profile", () => {
  for (const width of [1280, 375]) {
    it(`imports a Paprika file with a progress bar and a summary (${width} px)`, async () => {
      const page = await openPage({ width });
      await signInAs(page, { firstName: "Mover" });
      const file = path.join(tmpdir(), `kim-e2e-${width}.paprikarecipes`);
      writeFileSync(file, await paprikaFile(sampleRecipes(30, "Moved")));
      await page.goto("/profile");
      await page.getByRole("heading", { name: "Import a collection" }).waitFor();
      const card = page.locator('[data-slot="card"]', { has: page.getByRole("heading", { name: "Import a collection" }) });

      await page.getByLabel("Collection file").setInputFiles(file);
      const upload = holdUpload(page);
      // Keyboard: the Import button is reached and pressed without a mouse.
      await page.getByRole("button", { name: "Import", exact: true }).focus();
      await page.keyboard.press("Enter");
      const bar = page.getByRole("progressbar", { name: "Import progress" });
      await bar.waitFor();
      await shot(card, `transfer-progress-${width}`);
      await upload.release();

      const summary = page.getByRole("status").filter({ hasText: "Imported 30 recipes" });
      await summary.waitFor();
      await expect.poll(() => bar.count()).toBe(0);
      await shot(card, `transfer-summary-${width}`);

      // The same file again: every recipe is already there, so each is skipped and the summary says so.
      await page.getByRole("button", { name: "Import", exact: true }).click();
      await page.getByRole("status").filter({ hasText: "Imported 0 recipes, skipped 30 recipes" }).waitFor();
      await page.getByRole("status").getByText("Already in your recipes").first().waitFor();
      await shot(card, `transfer-skipped-${width}`);

      await page.goto("/recipes");
      await page
        .getByText(/^Moved stew \d+$/)
        .first()
        .waitFor();
    }, 180_000);
  }

  it("shows the photos a collection brought, on the recipes' cards and in cooking mode (390 px)", async () => {
    const page = await openPage({ width: 390 });
    await signInAs(page, { firstName: "Pictures" });
    const file = path.join(tmpdir(), "kim-e2e-photos.paprikarecipes");
    const [pictured, plain] = sampleRecipes(2, "Pictured");
    writeFileSync(file, await paprikaFile([{ ...pictured!, photo: pngPhoto({ width: 320, height: 180 }) }, plain!]));
    await page.goto("/profile");
    await page.getByLabel("Collection file").setInputFiles(file);
    await page.getByRole("button", { name: "Import", exact: true }).click();
    await page.getByRole("status").filter({ hasText: "Imported 2 recipes" }).waitFor();

    await page.goto("/recipes");
    const card = (title: string) => page.locator("[data-recipe-card]", { has: page.getByRole("link", { name: title, exact: true }) });
    const drawnWidth = (photo: Locator) => photo.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0));
    await expect.poll(() => drawnWidth(card(pictured!.title).locator("img"))).toBe(320);
    // The recipe without a photo keeps its placeholder band.
    await card(plain!.title).waitFor();
    expect(await card(plain!.title).locator("img").count()).toBe(0);
    await shot(page, "recipe-photos-390");

    await card(pictured!.title)
      .getByRole("link", { name: `Cook This: ${pictured!.title}` })
      .click();
    await page.getByRole("heading", { name: pictured!.title }).waitFor();
    await expect.poll(() => drawnWidth(page.getByRole("main").locator("img").first())).toBe(320);
    await shot(page, "cooking-photo-390");

    // The cook removes it from the edit page, after a confirm; what they typed in the form meanwhile stays.
    await page.getByRole("link", { name: "Edit Recipe" }).click();
    const removePhoto = page.getByRole("button", { name: "Remove photo" });
    await removePhoto.waitFor();
    await page.getByLabel("Description").fill("Typed before the photo went.");
    await shot(page, "edit-kept-photo-390");
    await removePhoto.click();
    const confirm = page.getByRole("alertdialog", { name: "Remove photo?" });
    await confirm.getByRole("button", { name: "Remove", exact: true }).click();
    await page.getByText("Photo removed").first().waitFor();
    await expect.poll(() => removePhoto.count()).toBe(0);
    expect(await page.getByLabel("Description").inputValue()).toBe("Typed before the photo went.");
    await page.goto("/recipes");
    // Drawn first from what the tab kept, then from the list read again.
    await expect.poll(() => card(pictured!.title).locator("img").count()).toBe(0);
  });

  it("keeps a photo the cook adds and replaces from the edit page, and says why it refuses a file (390 px)", async () => {
    const page = await openPage({ width: 390 });
    const { userId } = await signInAs(page, { firstName: "Photographer" });
    const [id] = await addRecipes(userId, [
      { title: "Plum cake", ingredients: [{ name: "plums", quantity: 6, unit: "" }], instructions: "Bake.", imageUrl: null },
    ]);
    const photos = path.join(tmpdir(), "kim-e2e-own-photos");
    mkdirSync(photos, { recursive: true });
    const files = {
      first: path.join(photos, "plum-cake.png"),
      second: path.join(photos, "plum-cake-sliced.png"),
      notAPhoto: path.join(photos, "notes.jpg"),
    };
    writeFileSync(files.first, pngPhoto({ width: 320, height: 180 }));
    writeFileSync(files.second, pngPhoto({ width: 400, height: 300 }));
    writeFileSync(files.notAPhoto, "Bake at 180 degrees for 45 minutes.");
    const choose = async (button: string, file: string) => {
      const chooser = page.waitForEvent("filechooser");
      await page.getByRole("button", { name: button }).click();
      await (await chooser).setFiles(file);
    };
    const drawnWidth = (photo: Locator) => photo.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0));
    const photoCard = page.getByRole("region", { name: "Recipe photo" }).locator("img");

    await page.goto(`/recipes/${id}`);
    await page.getByLabel("Description").fill("Typed while the photo was sent.");
    await choose("Add photo", files.first);
    await page.getByText("Photo saved").first().waitFor();
    await expect.poll(() => drawnWidth(photoCard)).toBe(320);
    expect(await page.getByLabel("Description").inputValue()).toBe("Typed while the photo was sent.");

    // A file that is not a photo: the server's reason beside the button, and the photo kept as it was.
    await choose("Replace photo", files.notAPhoto);
    await page.getByRole("alert").filter({ hasText: "This file is not a photo Kim can keep" }).waitFor();
    await shot(page, "edit-own-photo-refused-390");
    expect(await drawnWidth(photoCard)).toBe(320);

    // Replaced: the new photo is drawn at once, though the browser keeps the old one's address for a day.
    const kept = page.waitForResponse((response) => response.request().method() === "PUT" && response.url().includes("/image"));
    await choose("Replace photo", files.second);
    expect((await kept).status()).toBe(200);
    await expect.poll(() => drawnWidth(photoCard)).toBe(400);
    expect(await page.getByRole("alert").filter({ hasText: "not a photo" }).count()).toBe(0);
    await shot(page, "edit-own-photo-390");
    await page.setViewportSize({ width: 1280, height: 900 });
    await shot(page, "edit-own-photo-1280");
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto("/recipes");
    await expect.poll(() => drawnWidth(page.locator("[data-recipe-card] img").first())).toBe(400);
  });

  it("sends the photo chosen on the new-recipe page once the recipe is saved, and keeps the recipe when it is refused", async () => {
    const page = await openPage({ width: 390 });
    await signInAs(page, { firstName: "Newcomer" });
    const photos = path.join(tmpdir(), "kim-e2e-new-photos");
    mkdirSync(photos, { recursive: true });
    const [dish, notes] = [path.join(photos, "tart.png"), path.join(photos, "tart-notes.jpg")];
    writeFileSync(dish, pngPhoto({ width: 320, height: 180 }));
    writeFileSync(notes, "Not a picture.");
    const create = async (title: string, file: string) => {
      await page.goto("/recipes/new");
      await page.getByRole("heading", { name: "Create Recipe" }).waitFor();
      const chooser = page.waitForEvent("filechooser");
      await page.getByRole("region", { name: "Recipe photo" }).getByRole("button", { name: "Add photo" }).click();
      await (await chooser).setFiles(file);
      await page.getByLabel("Title").fill(title);
      await page.getByLabel("Name of ingredient 1").fill("apples");
      await page.getByLabel("Quantity of ingredient 1").fill("3");
      await page.getByLabel("Steps").fill("Bake.");
      return page.getByRole("region", { name: "Recipe photo" });
    };
    const drawnWidth = (photo: Locator) => photo.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0));
    const card = (title: string) => page.locator("[data-recipe-card]", { has: page.getByRole("link", { name: title, exact: true }) });

    // Shown from the device before it is sent.
    const region = await create("Apple tart", dish);
    await expect.poll(() => drawnWidth(region.locator("img"))).toBe(320);
    await shot(page, "new-recipe-photo-390");
    await page.setViewportSize({ width: 1280, height: 900 });
    await region.scrollIntoViewIfNeeded();
    await shot(page, "new-recipe-photo-1280");
    await page.setViewportSize({ width: 390, height: 800 });
    await page.getByRole("button", { name: "Create Recipe" }).click();
    await page.getByText("Recipe created successfully").first().waitFor();
    await expect.poll(() => drawnWidth(card("Apple tart").locator("img"))).toBe(320);

    // A file the server refuses: the recipe is saved without it, and the cook is told where to add one.
    await create("Pear tart", notes);
    await page.getByRole("button", { name: "Create Recipe" }).click();
    await page.getByText("The recipe was saved without its photo").first().waitFor();
    await card("Pear tart").waitFor();
    expect(await card("Pear tart").locator("img").count()).toBe(0);
  });

  it("imports once when the answer is lost and the cook presses Import again", async () => {
    const page = await openPage();
    await signInAs(page, { firstName: "Twice" });
    const file = path.join(tmpdir(), "kim-e2e-lost-answer.paprikarecipes");
    writeFileSync(file, await paprikaFile(sampleRecipes(3, "Lost")));
    await page.goto("/profile");
    await page.getByLabel("Collection file").setInputFiles(file);
    // Duplicates kept: a second import under a new key would add every recipe again.
    await page.getByLabel("Also import recipes I already have").check();
    // The import reaches the server and is done; its answer never reaches the page.
    const keys: string[] = [];
    await page.route("**/api/transfer/import?*", async (route) => {
      keys.push(route.request().headers()["idempotency-key"] ?? "");
      if (keys.length > 1) return route.continue();
      await route.fetch();
      await route.abort("connectionreset");
    });
    const importButton = page.getByRole("button", { name: "Import", exact: true });
    await importButton.click();
    await page.getByText("The upload failed: check your connection and try again.").waitFor();
    await importButton.click();
    await page.getByRole("status").filter({ hasText: "Imported 3 recipes" }).waitFor();
    expect(new Set(keys).size).toBe(1);
    const recipes = (await (await page.request.get("/api/recipes")).json()) as unknown[];
    expect(recipes).toHaveLength(3);
  });

  it("takes the cook to the goodbye page when the account was deleted but the answer was lost", async () => {
    const page = await openPage();
    await signInAs(page, { firstName: "Gone", password: "correct horse battery" });
    await page.goto("/profile");
    await page.route("**/trpc/transfer.deleteAccount*", async (route) => {
      await route.fetch();
      await route.abort("connectionreset");
    });
    await page.getByRole("button", { name: "Delete my account" }).click();
    const dialog = page.getByRole("alertdialog");
    await dialog.getByLabel("Password").fill("correct horse battery");
    await dialog.getByRole("button", { name: "Delete my account" }).click();
    await page.waitForURL((url) => url.searchParams.get("account") === "deleted");
  });

  it("exports everything as a downloaded zip, and shows the danger zone", async () => {
    const page = await openPage();
    await signInAs(page, { firstName: "Leaver" });
    const milk = await page.request.post("/api/ingredients", { data: { name: "Milk", quantity: 1, unit: "L", category: "Dairy" } });
    expect(milk.status()).toBe(201);
    await page.goto("/profile");
    const downloading = page.waitForEvent("download");
    const button = page.getByRole("button", { name: "Download my data" });
    await button.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^kim-export-\d{4}-\d{2}-\d{2}\.zip$/);
    const saved = path.join(tmpdir(), download.suggestedFilename());
    await download.saveAs(saved);
    expect(readFileSync(saved).subarray(0, 2).toString()).toBe("PK");

    // The hour's exports spent (the one above and nine more), the next is refused, and the card says why.
    for (let i = 0; i < 9; i++) expect((await page.request.get("/api/transfer/export")).status()).toBe(200);
    await button.click();
    await page
      .getByRole("alert")
      .filter({ hasText: /^Too many exports\. Try again in \d+ minutes\.$/ })
      .waitFor();
    expect(await button.isEnabled()).toBe(true);
    await shot(
      page.locator('[data-slot="card"]', { has: page.getByRole("heading", { name: "Export everything" }) }),
      "transfer-export-refused",
    );

    // The export read back into another account brings the kitchen along, and the summary says so.
    const newcomer = await openPage();
    await signInAs(newcomer, { firstName: "Newcomer" });
    await newcomer.goto("/profile");
    await newcomer.getByLabel("Collection file").setInputFiles(saved);
    await newcomer.getByRole("button", { name: "Import", exact: true }).click();
    const restored = newcomer.getByRole("status").filter({ hasText: "Also restored 1 inventory item." });
    await restored.waitFor();
    await shot(newcomer.locator('[data-slot="card"]', { has: restored }), "transfer-kim-restored");

    await page.getByRole("button", { name: "Delete my account" }).click();
    const dialog = page.getByRole("alertdialog");
    await dialog.getByLabel("Password").fill("not the password");
    await dialog.getByRole("button", { name: "Delete my account" }).click();
    await dialog.getByRole("alert").waitFor();
    await shot(page, "transfer-delete-refused");
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.count()).toBe(0);
    await shot(page.locator('[data-slot="card"]', { has: page.getByRole("heading", { name: "Delete account" }) }), "transfer-danger-zone");
  }, 180_000);
});
