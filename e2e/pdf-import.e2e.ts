import { copyFileSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { artifacts, holdRequests, keepScreenshot, openPage, toast, useBrowser } from "./browser";
import { extractionFeedback, signInAs } from "./fixtures";
import { sharedData } from "./shared-data";

useBrowser();

const pdf = (name: string) => sharedData("recipe-pdfs", name);
const expected = (name: string) =>
  JSON.parse(readFileSync(pdf(name.replace(/\.pdf$/, ".json")), "utf8")) as {
    recipes: { title: string; ingredients: string[]; instructions: string[]; prepTime: number | null }[];
  };

const dialog = (page: Page) => page.getByRole("dialog");
const cards = (page: Page) => page.locator("[data-recipe-card]");
const toasts = (page: Page) => page.locator('[data-slot="toast"]');
const dropZone = (page: Page) => dialog(page).getByRole("group", { name: /PDF|Drop/ });
const fileInput = (page: Page) => dialog(page).locator('input[type="file"]');

async function shot(page: Page, name: string): Promise<void> {
  await keepScreenshot(page, name);
  mkdirSync("/tmp/shots", { recursive: true });
  copyFileSync(path.join(artifacts, "screens", `${name}.png`), path.join("/tmp/shots", `${name}.png`));
}

/** Opens AI Extract on /recipes and turns to its PDF tab. */
async function openPdfTab(page: Page): Promise<void> {
  await page.goto("/recipes");
  await page.getByRole("button", { name: "AI Extract" }).click();
  await dialog(page).getByRole("tab", { name: "PDF" }).click();
  await dialog(page).getByText("Drop a PDF here or choose a file").waitFor();
}

/** Holds PDF uploads back, as a big file on a slow line would, until `release` lets them all through. */
const holdUploads = (page: Page) => holdRequests(page, (url) => url.pathname === "/api/recipes/extract-from-pdf");

/** Every PDF upload the page sends. */
function uploads(page: Page): string[] {
  const sent: string[] = [];
  page.on("request", (request) => request.url().includes("/api/recipes/extract-from-pdf") && sent.push(request.method()));
  return sent;
}

/** Drags a file (from disk) over the dialog and drops it, as a cook would from their file manager. */
async function dragFile(page: Page, file: string, name: string, type: string, drop = true): Promise<void> {
  const bytes = readFileSync(file).toString("base64");
  const dataTransfer = await page.evaluateHandle(
    ({ bytes, name, type }) => {
      const data = Uint8Array.from(atob(bytes), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([data], name, { type }));
      return transfer;
    },
    { bytes, name, type },
  );
  const target = dialog(page).getByRole("tablist");
  await target.dispatchEvent("dragenter", { dataTransfer });
  await target.dispatchEvent("dragover", { dataTransfer });
  if (drop) await dropZone(page).dispatchEvent("drop", { dataTransfer });
}

describe("AI Extract from a PDF", () => {
  it("reads a one-recipe PDF into the form; the cook corrects it and saves, and Kim records a PDF import", async () => {
    const page = await openPage();
    const { userId } = await signInAs(page, { firstName: "Pia", isPro: true });
    const [recipe] = expected("print-weeknight-pan.pdf").recipes;
    await openPdfTab(page);
    await shot(page, "pdf-tab-idle-1280");

    const upload = await holdUploads(page);
    await fileInput(page).setInputFiles(pdf("print-weeknight-pan.pdf"));
    await dialog(page).getByText("Reading the PDF…").waitFor();
    await dialog(page).getByText("print-weeknight-pan.pdf").waitFor();
    await shot(page, "pdf-tab-reading-1280");
    await page.setViewportSize({ width: 375, height: 740 });
    await shot(page, "pdf-tab-reading-375");
    await page.setViewportSize({ width: 1280, height: 800 });
    await upload.release();

    await page.waitForURL("**/recipes/new?**");
    expect(new URL(page.url()).searchParams.get("source")).toBe("pdf");
    await page.getByText("Imported from a PDF").waitFor();
    expect(await page.getByLabel("Title").inputValue()).toBe(recipe!.title);
    expect(await page.getByLabel("Prep Time (min)").inputValue()).toBe(String(recipe!.prepTime));
    await page.getByText(`As printed: ${recipe!.ingredients[0]}`).waitFor();
    expect(await page.getByLabel("Steps").inputValue()).toBe(recipe!.instructions.join("\n"));

    await page.getByLabel("Title").fill("Weeknight Pizza Sauce");
    await page.getByRole("button", { name: "Create Recipe" }).click();
    await toast(page, "Recipe created successfully");
    await page.waitForURL("**/recipes");
    await cards(page).filter({ hasText: "Weeknight Pizza Sauce" }).waitFor();

    const feedback = await extractionFeedback(userId);
    expect(feedback).toHaveLength(1);
    expect(feedback[0]).toMatchObject({ sourceType: "pdf", sourceUrl: null, userCorrections: { title: "Weeknight Pizza Sauce" } });
    expect(feedback[0]!.originalExtraction).toMatchObject({ title: recipe!.title });
  });

  it("lists the recipes of a cookbook PDF and imports them all", async () => {
    const page = await openPage();
    await signInAs(page, { firstName: "Cora", isPro: true });
    const titles = expected("cookbook-family-favourites.pdf").recipes.map((r) => r.title);
    await openPdfTab(page);
    await fileInput(page).setInputFiles(pdf("cookbook-family-favourites.pdf"));

    const found = dialog(page).getByRole("region", { name: "Recipes found" });
    await found.waitFor();
    await dialog(page).getByText(`${titles.length} recipes found in cookbook-family-favourites.pdf`).waitFor();
    const rows = await found.getByRole("listitem").allInnerTexts();
    expect(rows.map((row) => row.split("\n")[0])).toEqual(titles);
    await shot(page, "pdf-list-1280");

    await found.getByRole("button", { name: /Coriander Chicken/ }).click();
    await dialog(page).getByText("Check what was read from the PDF").waitFor();
    await dialog(page).getByText("500g boneless chicken breast").waitFor();
    await dialog(page).getByRole("button", { name: "Back" }).click();

    await dialog(page)
      .getByRole("button", { name: `Import All (${titles.length})` })
      .click();
    await toast(page, `Successfully imported ${titles.length} recipes!`);
    await dialog(page).waitFor({ state: "detached" });
    for (const title of titles) await cards(page).filter({ hasText: title }).first().waitFor();
    expect(await cards(page).count()).toBe(titles.length);
  });

  it("shows the server's refusal of a file that is not a PDF inside", async () => {
    const page = await openPage();
    await signInAs(page, { firstName: "Tess", isPro: true });
    await openPdfTab(page);
    await fileInput(page).setInputFiles(pdf("bad-text-renamed.pdf"));
    await toast(page, "Extraction failed");
    await toasts(page).getByText("Please select a PDF file").waitFor();
    // The dialog stays open for another file.
    await dialog(page).getByRole("button", { name: "Choose a PDF" }).waitFor();
    expect(page.url()).toMatch(/\/recipes$/);
  });

  it("asks for a PDF when another kind of file is chosen, without sending it", async () => {
    const page = await openPage({ width: 375, height: 740 });
    await signInAs(page, { firstName: "Theo", isPro: true });
    const sent = uploads(page);
    await openPdfTab(page);
    await fileInput(page).setInputFiles({
      name: "grandmas-recipes.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("Pancakes\n2 eggs\n"),
    });
    await dropZone(page).getByRole("alert").getByText("Please select a PDF file").waitFor();
    await shot(page, "pdf-tab-wrong-file-375");
    expect(sent).toEqual([]);

    // The file button is reached from the keyboard and opens the file chooser.
    const chooser = page.waitForEvent("filechooser");
    await dialog(page).getByRole("button", { name: "Choose a PDF" }).focus();
    await page.keyboard.press("Enter");
    await (await chooser).setFiles(pdf("print-hearth-and-table.pdf"));
    await page.waitForURL("**/recipes/new?**");
    expect(await page.getByLabel("Title").inputValue()).toBe(expected("print-hearth-and-table.pdf").recipes[0]!.title);
    expect(sent).toEqual(["POST"]);
  });

  it("reads a PDF dropped on the dialog, from either tab", async () => {
    const page = await openPage({ width: 375, height: 740 });
    await signInAs(page, { firstName: "Dara", isPro: true });
    await page.goto("/recipes");
    await page.getByRole("button", { name: "AI Extract" }).click();
    await dialog(page).getByLabel("Recipe page URL").waitFor();
    await openPdfTab(page);
    await shot(page, "pdf-tab-idle-375");
    await dialog(page).getByRole("tab", { name: "URL" }).click();

    // Dragging a file over the URL tab turns to the PDF tab, with the drop zone lit up.
    await dragFile(page, pdf("two-column-green-bowl.pdf"), "green-bowl.pdf", "application/pdf", false);
    await dialog(page).getByText("Drop the PDF to read it").waitFor();
    expect(await dialog(page).getByRole("tab", { name: "PDF" }).getAttribute("aria-selected")).toBe("true");
    expect(await dropZone(page).getAttribute("data-dragging")).toBe("true");
    await shot(page, "pdf-tab-dragging-375");
    await page.setViewportSize({ width: 1280, height: 800 });
    await shot(page, "pdf-tab-dragging-1280");

    await dropZone(page).dispatchEvent("dragleave");
    await dialog(page).getByText("Drop a PDF here or choose a file").waitFor();

    await dragFile(page, pdf("two-column-green-bowl.pdf"), "green-bowl.pdf", "application/pdf");
    await page.waitForURL("**/recipes/new?**");
    expect(await page.getByLabel("Title").inputValue()).toBe(expected("two-column-green-bowl.pdf").recipes[0]!.title);
  });

  it("drops the answer when the cook cancels or closes while the PDF is read", async () => {
    const page = await openPage();
    await signInAs(page, { firstName: "Kit", isPro: true });
    await openPdfTab(page);
    const upload = await holdUploads(page);
    await fileInput(page).setInputFiles(pdf("print-weeknight-pan.pdf"));
    await dialog(page).getByText("Reading the PDF…").waitFor();
    await dialog(page).getByRole("button", { name: "Cancel" }).click();
    await dialog(page).getByText("Drop a PDF here or choose a file").waitFor();

    await fileInput(page).setInputFiles(pdf("print-weeknight-pan.pdf"));
    await dialog(page).getByText("Reading the PDF…").waitFor();
    await page.keyboard.press("Escape");
    await dialog(page).waitFor({ state: "detached" });
    // Both answers arrive only now, after the cancel and the close: the page must drop them.
    await upload.release();
    expect(page.url()).toMatch(/\/recipes$/);
    expect(await toasts(page).count()).toBe(0);
  });
});
