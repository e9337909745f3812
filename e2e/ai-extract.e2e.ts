import { copyFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { artifacts, keepScreenshot, openPage, toast, useBrowser } from "./browser";
import { extractionFeedback, publishRecipePage, recipeSiteUrl, signInAs } from "./fixtures";

useBrowser();

interface PageRecipe {
  name: string;
  description?: string;
  prepTime?: string;
  cookTime?: string;
  recipeYield?: string;
  recipeCuisine?: string;
  recipeIngredient: string[];
  recipeInstructions: string[];
}

const schemaRecipe = (recipe: PageRecipe) => ({
  "@type": "Recipe",
  ...recipe,
  recipeInstructions: recipe.recipeInstructions.map((text) => ({ "@type": "HowToStep", text })),
});

/** A recipe blog's page: its recipes as schema.org JSON-LD (one node, or several in an @graph), as most sites publish them. */
function recipePage(title: string, recipes: PageRecipe[]): string {
  const data =
    recipes.length === 1
      ? { "@context": "https://schema.org", ...schemaRecipe(recipes[0]!) }
      : { "@context": "https://schema.org", "@graph": [{ "@type": "WebPage", name: title }, ...recipes.map(schemaRecipe)] };
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<script type="application/ld+json">${JSON.stringify(data)}</script></head>
<body><header>Test Kitchen</header><main><h1>${title}</h1><p>A story about the dish.</p></main></body></html>`;
}

const shakshuka: PageRecipe = {
  name: "Shakshuka",
  description: "Eggs poached in a spiced tomato sauce",
  prepTime: "PT10M",
  cookTime: "PT25M",
  recipeYield: "4 servings",
  recipeCuisine: "Mediterranean",
  recipeIngredient: ["2 tbsp olive oil", "1 onion, chopped", "800 g chopped tomatoes", "6 eggs"],
  recipeInstructions: [
    "Soften the onion in the oil.",
    "Add the tomatoes and simmer for 15 minutes.",
    "Crack in the eggs and cook until set.",
  ],
};

const pancakes: PageRecipe = {
  name: "Weekend Pancakes",
  prepTime: "PT5M",
  cookTime: "PT15M",
  recipeYield: "8",
  recipeIngredient: ["200 g plain flour", "2 eggs", "300 ml milk"],
  recipeInstructions: ["Whisk everything into a smooth batter.", "Fry ladlefuls for a minute a side."],
};

const flatbreads: PageRecipe = {
  name: "Yogurt Flatbreads",
  recipeIngredient: ["250 g self-raising flour", "250 g Greek yogurt", "1/2 tsp salt"],
  recipeInstructions: ["Mix into a dough.", "Roll out and dry-fry for 2 minutes a side."],
};

const dialog = (page: Page) => page.getByRole("dialog");
const cards = (page: Page) => page.locator("[data-recipe-card]");
const toasts = (page: Page) => page.locator('[data-slot="toast"]');
const unreachable = "We couldn't reach that site. Check the address, or try again later.";

/** Opens AI Extract on /recipes and imports `url` from the keyboard, as a cook pasting a link would. */
async function extract(page: Page, url: string): Promise<void> {
  if (!page.url().endsWith("/recipes")) await page.goto("/recipes");
  await page.getByRole("button", { name: "AI Extract" }).click();
  const field = dialog(page).getByLabel("Recipe page URL");
  await field.waitFor();
  // The address field has the focus: paste, then Enter.
  expect(await field.evaluate((el) => el === document.activeElement)).toBe(true);
  await page.keyboard.insertText(url);
  await page.keyboard.press("Enter");
}

/** Keeps a screenshot of what is on screen (the dialog as a cook sees it) in e2e/artifacts/screens and /tmp/shots. */
async function shot(page: Page, name: string): Promise<void> {
  await keepScreenshot(page, name);
  mkdirSync("/tmp/shots", { recursive: true });
  copyFileSync(path.join(artifacts, "screens", `${name}.png`), path.join("/tmp/shots", `${name}.png`));
}

describe("AI Extract from a URL", () => {
  it("opens one recipe in the form prefilled; the cook corrects it and saves, and Kim keeps the correction", async () => {
    const page = await openPage();
    const { userId } = await signInAs(page, { firstName: "Uma", isPro: true });
    // A slow site, so the progress state can be seen.
    const url = await publishRecipePage("/shakshuka", recipePage("Shakshuka | Test Kitchen", [shakshuka]), { delayMs: 1500 });

    await extract(page, url);
    const submit = dialog(page).getByRole("button", { name: "Extracting…" });
    await submit.waitFor();
    expect(await submit.isDisabled()).toBe(true);
    await dialog(page).getByText("Reading the page").waitFor();

    await page.waitForURL("**/recipes/new?**");
    await page.getByRole("heading", { name: "Create Recipe" }).waitFor();
    expect(await page.getByRole("dialog").count()).toBe(0);
    await page.getByText("Imported from 127.0.0.1").waitFor();
    expect(await page.getByLabel("Title").inputValue()).toBe("Shakshuka");
    expect(await page.getByLabel("Description").inputValue()).toBe("Eggs poached in a spiced tomato sauce");
    expect(await page.getByLabel("Prep Time (min)").inputValue()).toBe("10");
    expect(await page.getByLabel("Cook Time (min)").inputValue()).toBe("25");
    expect(await page.getByLabel("Servings").inputValue()).toBe("4");
    expect(await page.getByLabel("Cuisine").inputValue()).toBe("Mediterranean");
    expect(await page.getByLabel("Name of ingredient 4").inputValue()).toBe("eggs");
    expect(await page.getByLabel("Quantity of ingredient 4").inputValue()).toBe("6");
    await page.getByText("As printed: 2 tbsp olive oil").waitFor();
    expect(await page.getByLabel("Steps").inputValue()).toBe(shakshuka.recipeInstructions.join("\n"));

    // The link alone holds the import: a reload shows the same form.
    await page.reload();
    await page.getByText("Imported from 127.0.0.1").waitFor();
    expect(await page.getByLabel("Title").inputValue()).toBe("Shakshuka");

    await page.getByLabel("Title").fill("Sunday Shakshuka");
    await page.getByRole("button", { name: "Create Recipe" }).click();
    await toast(page, "Recipe created successfully");
    await page.waitForURL("**/recipes");
    await cards(page).filter({ hasText: "Sunday Shakshuka" }).waitFor();

    // What the import read and what the cook changed: the title, nothing else.
    const feedback = await extractionFeedback(userId);
    expect(feedback).toHaveLength(1);
    expect(feedback[0]).toMatchObject({ sourceType: "url", sourceUrl: url, userCorrections: { title: "Sunday Shakshuka" } });
    expect(feedback[0]!.originalExtraction).toMatchObject({ title: "Shakshuka", prepTime: 10, cookTime: 25, servings: 4 });
  });

  it("lists the recipes of a page with several, shows one's details, and imports them all", async () => {
    const page = await openPage();
    await signInAs(page, { firstName: "Ines", isPro: true });
    const url = await publishRecipePage("/brunch", recipePage("Brunch for a crowd", [pancakes, flatbreads]));

    await extract(page, url);
    const found = dialog(page).getByRole("region", { name: "Recipes found" });
    await found.waitFor();
    await dialog(page).getByText("2 recipes found on 127.0.0.1").waitFor();
    const rows = found.getByRole("listitem");
    expect(await rows.allInnerTexts()).toEqual([
      expect.stringMatching(/Weekend Pancakes\s+3 ingredients · 20 min/),
      expect.stringMatching(/Yogurt Flatbreads\s+3 ingredients$/),
    ]);
    // Spec: the list scrolls at 24rem.
    expect(await found.getByRole("list").evaluate((el) => getComputedStyle(el).maxHeight)).toBe("384px");
    await shot(page, "ai-extract-list-1280");
    await page.setViewportSize({ width: 375, height: 740 });
    await shot(page, "ai-extract-list-375");

    await found.getByRole("button", { name: /Yogurt Flatbreads/ }).click();
    const details = dialog(page).getByRole("region", { name: "Yogurt Flatbreads" });
    await details.waitFor();
    await details.getByText("250 g Greek yogurt").waitFor();
    await details.getByText("Roll out and dry-fry for 2 minutes a side.").waitFor();
    await shot(page, "ai-extract-details-375");
    await page.setViewportSize({ width: 1280, height: 800 });
    await dialog(page).getByRole("button", { name: "Back" }).click();
    // Back on the list, on the row the cook opened.
    await found.waitFor();
    expect(await found.getByRole("button", { name: /Yogurt Flatbreads/ }).evaluate((el) => el === document.activeElement)).toBe(true);

    await dialog(page).getByRole("button", { name: "Import All (2)" }).click();
    await toast(page, "Successfully imported 2 recipes!");
    await dialog(page).waitFor({ state: "detached" });
    await cards(page).filter({ hasText: "Weekend Pancakes" }).waitFor();
    await cards(page).filter({ hasText: "Yogurt Flatbreads" }).waitFor();
    expect(await cards(page).count()).toBe(2);
  });

  it("says how many recipes a page's answer left out past its ingredient lines, even with one recipe kept", async () => {
    const page = await openPage({ width: 390 });
    await signInAs(page, { firstName: "Bulk", isPro: true });
    // Two recipes of 300 long lines each: the second passes the 200,000 characters one answer parses.
    const feast = (name: string): PageRecipe => ({
      name,
      recipeIngredient: Array.from({ length: 300 }, (_, i) => `${i + 1} g ${"finely sifted flour ".repeat(19)}`),
      recipeInstructions: ["Mix everything.", "Bake."],
    });
    const url = await publishRecipePage("/feasts", recipePage("Feasts", [feast("First Feast"), feast("Second Feast")]));

    await extract(page, url);
    const found = dialog(page).getByRole("region", { name: "Recipes found" });
    await found.waitFor();
    await dialog(page).getByText("1 recipe found on 127.0.0.1").waitFor();
    await dialog(page)
      .getByText(
        "One more recipe was left out: one import reads at most 4,000 ingredient lines of 200,000 characters in all. Import the rest from a file or page with fewer recipes.",
      )
      .waitFor();
    expect(await found.getByRole("listitem").allInnerTexts()).toEqual([expect.stringMatching(/First Feast\s+300 ingredients/)]);
    await shot(page, "ai-extract-left-out-390");
  });

  it("opens a recipe picked from the list in the form, for the cook to check before saving", async () => {
    const page = await openPage({ colorScheme: "dark" });
    await signInAs(page, { firstName: "Oren", isPro: true });
    const url = await publishRecipePage("/brunch-again", recipePage("Brunch for a crowd", [pancakes, flatbreads]));

    await extract(page, url);
    await dialog(page)
      .getByRole("button", { name: /Weekend Pancakes/ })
      .click();
    await shot(page, "ai-extract-details-dark-1280");
    await dialog(page).getByRole("button", { name: "Import This Recipe" }).click();
    await page.waitForURL("**/recipes/new?**");
    expect(await page.getByLabel("Title").inputValue()).toBe("Weekend Pancakes");
    expect(await page.getByLabel("Servings").inputValue()).toBe("8");
    expect(await page.getByLabel("Name of ingredient 3").inputValue()).toBe("milk");
  });

  it("reads a real recipe page as its site served it", async () => {
    const page = await openPage();
    await signInAs(page, { firstName: "Rae", isPro: true });
    await extract(page, await recipeSiteUrl("/saved/101cookbooks.com/onehundredonecookbooks_1"));
    await page.waitForURL("**/recipes/new?**");
    expect(await page.getByLabel("Title").inputValue()).toBe("Broccoli Soup with Coconut Milk");
    await page.getByText("As printed: 3 cloves garlic, smashed").waitFor();
  });

  it("says so when a page has no recipe, or cannot be read", async () => {
    const page = await openPage();
    await signInAs(page, { firstName: "Noor", isPro: true });
    const url = await publishRecipePage(
      "/about",
      "<!doctype html><html><head><title>About us</title></head><body><p>We love food.</p></body></html>",
    );

    await extract(page, url);
    await toast(page, "No recipes found");
    await toasts(page).getByText("The URL doesn't contain any recognizable recipes").waitFor();
    // The dialog stays, with the address, for another try.
    expect(await dialog(page).getByLabel("Recipe page URL").inputValue()).toBe(url);

    await dialog(page)
      .getByLabel("Recipe page URL")
      .fill(await recipeSiteUrl("/no-such-page"));
    await dialog(page).getByRole("button", { name: "Extract Recipes" }).click();
    await toast(page, "Extraction failed");
    await toasts(page).getByText("The site answered 404").waitFor();
    // The toast goes; the field says it in plain words until the address is edited.
    const field = dialog(page).getByLabel("Recipe page URL");
    await dialog(page).getByText(unreachable).waitFor();
    expect(await field.getAttribute("aria-invalid")).toBe("true");
    // The button pressed with the mouse was disabled while the page was read: the focus comes to the field in error.
    await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);

    // A site that does not answer: no system code on screen (it goes to the server's log).
    await field.fill("http://127.0.0.1:9/");
    expect(await field.getAttribute("aria-invalid")).toBeNull();
    await dialog(page).getByRole("button", { name: "Extract Recipes" }).click();
    await toasts(page).getByText("The site could not be reached", { exact: true }).waitFor();
    await dialog(page).getByText(unreachable).waitFor();
  });

  it("stops an import when the cook closes the dialog, so trying again is never refused", async () => {
    const page = await openPage();
    await signInAs(page, { firstName: "Rosa", isPro: true });
    // A site slower than Kim waits for: each fetch of it would hold one of the cook's few imports at once.
    const slow = await publishRecipePage("/slow-shakshuka", recipePage("Shakshuka | Slow Kitchen", [shakshuka]), { delayMs: 60_000 });
    for (let tries = 0; tries < 2; tries++) {
      await extract(page, slow);
      await dialog(page).getByRole("button", { name: "Extracting…" }).waitFor();
      await page.keyboard.press("Escape");
      await dialog(page).waitFor({ state: "detached" });
    }

    const quick = await publishRecipePage("/quick-shakshuka", recipePage("Shakshuka | Test Kitchen", [shakshuka]));
    await extract(page, quick);
    await page.waitForURL("**/recipes/new?**");
    expect(await page.getByLabel("Title").inputValue()).toBe("Shakshuka");
    expect(await toasts(page).filter({ hasText: "Extraction failed" }).count()).toBe(0);
  });

  it("asks for a URL before sending anything", async () => {
    const page = await openPage({ width: 375, height: 740 });
    await signInAs(page, { firstName: "Eli", isPro: true });
    const sent: string[] = [];
    page.on("request", (request) => request.url().includes("extraction.") && sent.push(request.url()));
    await page.goto("/recipes");
    await page.getByRole("button", { name: "AI Extract" }).click();
    await dialog(page).getByRole("tab", { name: "URL" }).waitFor();
    await page.keyboard.press("Enter");
    await dialog(page).getByText("Please enter a URL").waitFor();
    expect(await dialog(page).getByLabel("Recipe page URL").getAttribute("aria-invalid")).toBe("true");
    await dialog(page).getByRole("button", { name: "Extract Recipes" }).click();
    expect(sent).toEqual([]);

    // An address the server refuses is marked on the field as well as told in a toast, until it is edited.
    const field = dialog(page).getByLabel("Recipe page URL");
    await field.fill("not a url at all");
    await dialog(page).getByRole("button", { name: "Extract Recipes" }).click();
    await dialog(page).getByText("That is not a valid link").waitFor();
    expect(await field.getAttribute("aria-invalid")).toBe("true");
    await field.press("End");
    await page.keyboard.type("!");
    expect(await field.getAttribute("aria-invalid")).toBeNull();

    // The PDF tab asks for a file (e2e/pdf-import.e2e.ts reads them).
    await dialog(page).getByRole("tab", { name: "PDF" }).click();
    await dialog(page).getByText("Drop a PDF here or choose a file").waitFor();
    await shot(page, "ai-extract-pdf-375");
  });

  it("is for Pro users only", async () => {
    const page = await openPage();
    await signInAs(page, { firstName: "Basil" });
    await page.goto("/recipes");
    await page.getByRole("heading", { name: "Recipes", exact: true }).waitFor();
    await page.getByRole("link", { name: "Create Recipe" }).first().waitFor();
    expect(await page.getByRole("button", { name: "AI Extract" }).count()).toBe(0);
  });
});
