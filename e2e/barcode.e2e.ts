import type { Page } from "playwright-core";
import { afterEach, describe, expect, it } from "vitest";
import { keepScreenshot, openPage, toast, useBrowser } from "./browser";
import { barcodeNotFound, forgetBarcodeProducts, setOpenFoodFacts, signInAs } from "./fixtures";
import { sharedData } from "./shared-data";

useBrowser();

const barcodePhoto = (file: string) => sharedData("barcodes", file);

async function openScanner(page: Page) {
  await page.getByRole("button", { name: "Scan Barcode" }).click();
  const scanner = page.getByRole("dialog");
  await scanner.getByRole("heading", { name: "Scan Barcode" }).waitFor();
  return scanner;
}

describe("barcode scanner", () => {
  afterEach(() => setOpenFoodFacts("ok"));

  it("says once, inline, that there is no camera, and points to the picture option", async () => {
    const page = await openPage();
    await page.clock.install();
    await signInAs(page, { firstName: "Nora" });
    await page.goto("/inventory");
    const scanner = await openScanner(page);
    const problem = scanner.getByTestId("camera-problem");
    await problem.waitFor();
    const text = await problem.innerText();
    expect(text).toContain("No camera found on this device");
    expect(text).toMatch(/picture/i);
    // Nothing else repeats it: no toast on top of the dialog.
    await page.clock.fastForward(1000);
    expect(await page.locator('[data-slot="toast"]').filter({ hasText: "No camera found" }).count()).toBe(0);
    expect(await page.getByText("No camera found on this device").count()).toBe(1);
    await keepScreenshot(page, "barcode-no-camera-1280");
  });

  it("says an unreadable picture could not be read and takes the next picture at once", async () => {
    const page = await openPage();
    await signInAs(page, { firstName: "Omar" });
    await page.goto("/inventory");
    const scanner = await openScanner(page);
    const input = scanner.getByLabel("Scan from a picture");
    await input.setInputFiles({ name: "broken.jpg", mimeType: "image/jpeg", buffer: Buffer.from("this is not a picture at all") });
    const status = scanner.getByTestId("picture-status");
    await expect.poll(() => status.innerText(), { timeout: 15_000 }).toBe("This picture could not be read. Try another picture.");
    expect(await input.isEnabled()).toBe(true);
    await keepScreenshot(page, "barcode-unreadable-picture-1280");

    await input.setInputFiles(barcodePhoto("ean13-001.jpg"));
    await toast(page, "Product found!");
    const form = page.getByRole("dialog");
    await form.getByRole("heading", { name: "Add Ingredient" }).waitFor();
    expect(await form.getByLabel("Name").inputValue()).toBe("Lait demi-écrémé");
    expect(await form.getByLabel("Notes").inputValue()).toBe("Brand: Lactel");
  });

  it("keeps the scanned code in the notes when the product is unknown", async () => {
    await barcodeNotFound("9002233139084");
    const page = await openPage();
    await signInAs(page, { firstName: "Pia" });
    await page.goto("/inventory");
    const scanner = await openScanner(page);
    await scanner.getByLabel("Scan from a picture").setInputFiles(barcodePhoto("ean13-004.jpg"));
    await toast(page, "Product not found");
    const form = page.getByRole("dialog");
    await form.getByRole("heading", { name: "Add Ingredient" }).waitFor();
    expect(await form.getByLabel("Name").inputValue()).toBe("");
    expect(await form.getByLabel("Notes").inputValue()).toBe("Barcode: 9002233139084");
    await keepScreenshot(page, "barcode-not-found-form-1280");
    await form.getByLabel("Name").fill("Alpine butter");
    await form.getByRole("button", { name: "Add Ingredient" }).click();
    await toast(page, "Ingredient added successfully");
    await page.getByTestId("ingredient-card").filter({ hasText: "Barcode: 9002233139084" }).waitFor();
  });

  it("keeps the scanned code in the notes when Open Food Facts is down", async () => {
    await forgetBarcodeProducts();
    await setOpenFoodFacts("down");
    const page = await openPage();
    await signInAs(page, { firstName: "Quinn" });
    await page.goto("/inventory");
    const scanner = await openScanner(page);
    await scanner.getByLabel("Scan from a picture").setInputFiles(barcodePhoto("ean13-005.jpg"));
    const form = page.getByRole("dialog");
    await form.getByRole("heading", { name: "Add Ingredient" }).waitFor();
    expect(await form.getByLabel("Notes").inputValue()).toBe("Barcode: 8004030044005");
    const failed = page.locator('[data-slot="toast"]').filter({ hasText: "Lookup failed" });
    await failed.waitFor();
    expect(await failed.innerText()).toMatch(/8004030044005: Open Food Facts is unavailable right now/);
    // The red toast says the lookup failed; only the scan's own toast says "Barcode scanned!".
    expect(
      await page.locator('[data-slot="toast"]').filter({ hasText: "Barcode scanned!" }).filter({ hasText: "unavailable" }).count(),
    ).toBe(0);
    await keepScreenshot(page, "barcode-lookup-down-form-1280");
    await page.setViewportSize({ width: 375, height: 800 });
    await keepScreenshot(page, "barcode-lookup-down-form-375");
  });

  it("says in the shopping list's Add Item that the lookup failed, not that the product is unknown", async () => {
    await forgetBarcodeProducts();
    await setOpenFoodFacts("down");
    const page = await openPage({ width: 390 });
    await signInAs(page, { firstName: "Sami" });
    await page.goto("/shopping-list");
    // Scan Item wants a list: the first item makes one.
    await page.getByRole("button", { name: "Add Item" }).click();
    const form = page.getByRole("dialog", { name: "Add Item" });
    await form.getByLabel("Name").fill("Bread");
    await form.getByRole("button", { name: "Add Item" }).click();
    await form.waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Scan Item" }).click();
    await page.getByRole("dialog", { name: "Scan Item" }).getByLabel("Scan from a picture").setInputFiles(barcodePhoto("ean13-002.jpg"));
    await form.getByText("Barcode 8032754490297 could not be looked up right now. Type the item in instead.").waitFor();
    expect(await form.getByText("gave no product name").count()).toBe(0);
  });
});
