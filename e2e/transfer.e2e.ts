import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { paprikaFile, sampleRecipes } from "../apps/api/src/testing/collection-samples";
import { artifacts, openPage, useBrowser } from "./browser";
import { signInAs } from "./fixtures";

useBrowser();

/**
 * Keeps what is on screen (e2e/artifacts/screens): the card as a cook sees it. A whole-page shot of the scrolled
 * profile draws the sticky header and sidebar halfway down, which no cook sees.
 */
async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(path.join(artifacts, "screens"), { recursive: true });
  await page.screenshot({ path: path.join(artifacts, "screens", `${name}.png`) });
}

/** Scrolls what a shot is about to the middle of the screen. */
const centre = (target: Locator) => target.evaluate((el) => el.scrollIntoView({ block: "center" }));

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

      await page.getByLabel("Collection file").setInputFiles(file);
      const upload = holdUpload(page);
      // Keyboard: the Import button is reached and pressed without a mouse.
      await page.getByRole("button", { name: "Import", exact: true }).focus();
      await page.keyboard.press("Enter");
      const bar = page.getByRole("progressbar", { name: "Import progress" });
      await bar.waitFor();
      await centre(bar);
      await shot(page, `transfer-progress-${width}`);
      await upload.release();

      const summary = page.getByRole("status").filter({ hasText: "Imported 30 recipes" });
      await summary.waitFor();
      await expect.poll(() => bar.count()).toBe(0);
      await centre(summary);
      await shot(page, `transfer-summary-${width}`);

      // The same file again: every recipe is already there, so each is skipped and the summary says so.
      await page.getByRole("button", { name: "Import", exact: true }).click();
      await page.getByRole("status").filter({ hasText: "Imported 0 recipes, skipped 30 recipes" }).waitFor();
      await page.getByRole("status").getByText("Already in your recipes").first().waitFor();

      await page.goto("/recipes");
      await page
        .getByText(/^Moved stew \d+$/)
        .first()
        .waitFor();
    }, 180_000);
  }

  it("exports everything as a downloaded zip, and shows the danger zone", async () => {
    const page = await openPage();
    await signInAs(page, { firstName: "Leaver" });
    await page.goto("/profile");
    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download my data" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^kim-export-\d{4}-\d{2}-\d{2}\.zip$/);
    const saved = path.join(tmpdir(), download.suggestedFilename());
    await download.saveAs(saved);
    expect(readFileSync(saved).subarray(0, 2).toString()).toBe("PK");

    await page.getByRole("button", { name: "Delete my account" }).click();
    const dialog = page.getByRole("alertdialog");
    await dialog.getByLabel("Password").fill("not the password");
    await dialog.getByRole("button", { name: "Delete my account" }).click();
    await dialog.getByRole("alert").waitFor();
    await shot(page, "transfer-delete-refused");
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.count()).toBe(0);
    await centre(page.getByRole("heading", { name: "Delete account" }));
    await shot(page, "transfer-danger-zone");
  }, 180_000);
});
