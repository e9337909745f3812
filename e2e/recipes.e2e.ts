import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { holdRequests, keepScreenshot, lightness, openPage, toast, useBrowser } from "./browser";
import { addRecipes, signInAs, type RecipeRow } from "./fixtures";

useBrowser();

const cards = (page: Page) => page.locator("[data-recipe-card]");
const titles = (page: Page) => cards(page).getByRole("heading").allInnerTexts();

const soup: RecipeRow = {
  title: "Tomato Soup",
  description: "A warming bowl for cold evenings",
  ingredients: [{ name: "Tomatoes", quantity: 6, unit: "units" }],
  instructions: "Simmer for 20 minutes.",
  prepTime: 10,
  cookTime: 20,
  difficulty: "Easy",
  cuisineType: "Italian",
};

describe("recipes", () => {
  it("keeps what was typed in the form over a reload and Back, and warns before leaving", async () => {
    const page = await openPage();
    await signInAs(page, { firstName: "Rhea" });
    const asked: string[] = [];
    page.on("dialog", (dialog) => {
      asked.push(dialog.type());
      void dialog.accept();
    });
    await page.goto("/recipes");
    await page.getByRole("link", { name: "Create Recipe" }).first().click();
    await page.getByRole("heading", { name: "Create Recipe" }).waitFor();
    await page.getByLabel("Title").click();
    await page.getByLabel("Title").fill("Half-typed Tart");
    await page.getByLabel("Name of ingredient 1").fill("Butter");

    // A reload asks first, and the form comes back as it was.
    await page.reload();
    expect(asked).toEqual(["beforeunload"]);
    await page.getByRole("heading", { name: "Create Recipe" }).waitFor();
    expect(await page.getByLabel("Title").inputValue()).toBe("Half-typed Tart");
    expect(await page.getByLabel("Name of ingredient 1").inputValue()).toBe("Butter");
    await page.getByText("You left this page before saving. We kept what you typed").waitFor();
    await keepScreenshot(page, "recipe-draft-restored-1280");

    // Back asks too; leaving keeps the draft for the next opening of the form.
    await page.getByLabel("Description").fill("Crisp pastry");
    await page.goBack();
    await page.getByRole("alertdialog").getByText("Leave without saving?").waitFor();
    // Readable: its text was drawn white on white (the outline style set no text colour over the action's).
    const leave = page.getByRole("button", { name: "Leave" });
    expect(Math.abs((await lightness(leave, "color")) - (await lightness(leave, "backgroundColor")))).toBeGreaterThan(128);
    await leave.click();
    await page.getByRole("heading", { name: "Recipes", exact: true }).waitFor();
    await page.getByRole("link", { name: "Create Recipe" }).first().click();
    await page.getByRole("heading", { name: "Create Recipe" }).waitFor();
    expect(await page.getByLabel("Title").inputValue()).toBe("Half-typed Tart");
    expect(await page.getByLabel("Description").inputValue()).toBe("Crisp pastry");

    // Discarded, it is gone: the form is empty and nothing is asked or kept on the next reload.
    await page.getByRole("button", { name: "Discard draft" }).click();
    expect(await page.getByLabel("Title").inputValue()).toBe("");
    await page.reload();
    await page.getByRole("heading", { name: "Create Recipe" }).waitFor();
    expect(await page.getByLabel("Title").inputValue()).toBe("");
    expect(await page.getByText("We kept what you typed").count()).toBe(0);
    expect(asked).toEqual(["beforeunload"]);
  });

  it("creates a recipe with three ingredients, finds it by its description, and edits it", async () => {
    const page = await openPage();
    const { userId } = await signInAs(page, { firstName: "Rita" });
    await page.goto("/recipes");
    await page.getByRole("heading", { name: "Recipes", exact: true }).waitFor();
    await page.getByText("Start by creating your first recipe").waitFor();
    // AI Extract is for Pro users only.
    expect(await page.getByRole("button", { name: "AI Extract" }).count()).toBe(0);

    await page.getByRole("link", { name: "Create Recipe" }).first().click();
    await page.getByRole("heading", { name: "Create Recipe" }).waitFor();
    // The spec's defaults, and one ingredient row that cannot be removed.
    expect(await page.getByLabel("Prep Time (min)").inputValue()).toBe("30");
    expect(await page.getByLabel("Cook Time (min)").inputValue()).toBe("30");
    expect(await page.getByLabel("Servings").inputValue()).toBe("4");
    expect(await page.getByLabel("Difficulty").inputValue()).toBe("Medium");
    expect(await page.getByLabel("Cuisine").inputValue()).toBe("Other");
    expect(await page.getByLabel("Quantity of ingredient 1").inputValue()).toBe("1");
    expect(await page.getByLabel("Unit of ingredient 1").inputValue()).toBe("cups");
    expect(await page.getByRole("button", { name: "Remove ingredient 1" }).isDisabled()).toBe(true);

    // Nothing is sent while the form is invalid; each problem shows beside its field.
    await page.getByRole("button", { name: "Create Recipe" }).click();
    await page.getByText("Title is required").waitFor();
    await page.getByText("Ingredient name is required").waitFor();
    await page.getByText("Instructions are required").waitFor();

    await page.getByLabel("Title").fill("Buttermilk Pancakes");
    await page.getByLabel("Description").fill("Fluffy weekend breakfast with maple syrup");
    await page.getByLabel("Difficulty", { exact: true }).selectOption("Easy");
    await page.getByLabel("Cuisine", { exact: true }).selectOption("American");
    await page.getByLabel("Name of ingredient 1").fill("Flour");
    await page.getByLabel("Quantity of ingredient 1").fill("1 1/2");
    await page.getByRole("button", { name: "Add Ingredient" }).click();
    // The new row's name has the focus, so a list can be typed without the mouse.
    await page.keyboard.type("Buttermilk");
    await page.getByLabel("Quantity of ingredient 2").fill("1.25");
    await page.getByRole("button", { name: "Add Ingredient" }).click();
    await page.getByLabel("Name of ingredient 3").fill("Salt");
    await page.getByLabel("Quantity of ingredient 3").fill("a pinch");
    await page.getByLabel("Unit of ingredient 3").fill("");
    await page.getByLabel("Steps").fill("Whisk the flour and buttermilk.\n\nCook for 2 minutes a side.");
    await page.getByLabel("Tags").fill("breakfast, sweet");
    await keepScreenshot(page, "recipe-form-1280");
    await page.setViewportSize({ width: 375, height: 800 });
    await keepScreenshot(page, "recipe-form-375");
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole("button", { name: "Create Recipe" }).click();
    await toast(page, "Recipe created successfully");
    await page.waitForURL("**/recipes");

    const card = cards(page).filter({ hasText: "Buttermilk Pancakes" });
    await card.waitFor();
    const text = await card.innerText();
    expect(text).toContain("1 h"); // 30 + 30 minutes
    expect(text).toContain("4 servings");
    expect(text).toContain("Easy");
    expect(text).toContain("American");

    // Search by a word of its description, as typed.
    await addRecipes(userId, [soup]);
    await page.reload();
    await cards(page).nth(1).waitFor();
    await page.getByLabel("Search recipes").fill("maple");
    await page.waitForFunction(() => document.querySelectorAll("[data-recipe-card]").length === 1);
    expect(await titles(page)).toEqual(["Buttermilk Pancakes"]);
    await page.getByLabel("Search recipes").fill("cold evenings");
    await page.waitForFunction(() => document.querySelectorAll("[data-recipe-card]").length === 1);
    expect(await titles(page)).toEqual(["Tomato Soup"]);
    await page.getByLabel("Search recipes").fill("no such dish");
    await page.getByText("Try a different search").waitFor();
    await page.getByLabel("Search recipes").fill("");
    await keepScreenshot(page, "recipes-list-1280");
    await page.setViewportSize({ width: 375, height: 800 });
    await keepScreenshot(page, "recipes-list-375");
    await page.setViewportSize({ width: 1280, height: 800 });

    // Edit: the form holds what was saved; leaving with changes asks first.
    await page.getByRole("link", { name: "Buttermilk Pancakes", exact: true }).click();
    await page.getByRole("heading", { name: "Edit Recipe" }).waitFor();
    expect(await page.getByLabel("Quantity of ingredient 1").inputValue()).toBe("1 1/2");
    expect(await page.getByLabel("Quantity of ingredient 3").inputValue()).toBe("a pinch");
    expect(await page.getByLabel("Tags").inputValue()).toBe("breakfast, sweet");
    await page.getByLabel("Title").fill("Best Buttermilk Pancakes");
    await page.getByRole("link", { name: "Cancel" }).click();
    await page.getByRole("alertdialog").getByText("Leave without saving?").waitFor();
    await page.getByRole("button", { name: "Keep Editing" }).click();
    expect(await page.getByLabel("Title").inputValue()).toBe("Best Buttermilk Pancakes");

    // Scaling the servings offers to scale the quantities: 1 1/2 cups for 4 is 2 1/4 cups for 6.
    await page.getByLabel("Servings").fill("6");
    await page.getByRole("button", { name: "Scale to 6 servings" }).click();
    expect(await page.getByLabel("Quantity of ingredient 1").inputValue()).toBe("2 1/4");
    expect(await page.getByLabel("Quantity of ingredient 3").inputValue()).toBe("a pinch");
    // The offer goes once taken: the focus goes to the first quantity it scaled, not to the page.
    expect(await page.getByLabel("Quantity of ingredient 1").evaluate((input) => input === document.activeElement)).toBe(true);
    await page.getByRole("button", { name: "Remove ingredient 2" }).click();
    await page.getByRole("button", { name: "Save Changes" }).click();
    await toast(page, "Recipe updated successfully");
    await page.waitForURL("**/recipes");
    const edited = cards(page).filter({ hasText: "Best Buttermilk Pancakes" });
    expect(await edited.innerText()).toContain("6 servings");
    await edited.getByRole("link", { name: "Best Buttermilk Pancakes", exact: true }).click();
    expect(await page.getByLabel("Name of ingredient 2").inputValue()).toBe("Salt");

    // Delete, with a confirm step.
    await page.goto("/recipes");
    await cards(page).nth(1).waitFor();
    await page.getByRole("button", { name: "Delete Tomato Soup" }).click();
    await page.getByRole("alertdialog").getByText("Delete recipe?").waitFor();
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await toast(page, "Recipe deleted");
    await page.waitForFunction(() => document.querySelectorAll("[data-recipe-card]").length === 1);
  });

  it("puts the saved recipe's list in place of its form, so Back goes where the cook came from", async () => {
    const page = await openPage({ width: 390, height: 844 });
    await signInAs(page, { firstName: "Rhea" });
    await page.goto("/recipes");
    await page.getByRole("link", { name: "Create Recipe" }).first().click();
    await page.getByRole("heading", { name: "Create Recipe" }).waitFor();
    await page.getByLabel("Title").fill("Flatbread");
    await page.getByLabel("Name of ingredient 1").fill("Flour");
    await page.getByLabel("Steps").fill("Knead, rest, roll and bake.");
    // An error under Servings leaves Difficulty, beside it, where it was.
    await page.getByLabel("Servings").fill("0");
    await page.getByRole("button", { name: "Create Recipe" }).click();
    await page.locator('input[aria-invalid="true"]').first().waitFor();
    expect(await page.getByLabel("Servings").getAttribute("aria-invalid")).toBe("true");
    // Both read in one frame: the form scrolls to the field in error meanwhile.
    const difficulty = await page.getByLabel("Difficulty", { exact: true }).elementHandle();
    const apart = await page
      .getByLabel("Servings", { exact: true })
      .evaluate((servings, other) => servings.getBoundingClientRect().top - (other as Element).getBoundingClientRect().top, difficulty);
    expect(apart).toBe(0);
    await page.getByLabel("Servings").fill("4");
    await page.getByRole("button", { name: "Create Recipe" }).click();
    await toast(page, "Recipe created successfully");
    await page.waitForURL((url) => url.pathname === "/recipes");
    await cards(page).filter({ hasText: "Flatbread" }).waitFor();

    await page.goBack();
    await page.waitForURL((url) => url.pathname === "/recipes");
    await cards(page).filter({ hasText: "Flatbread" }).waitFor();
    expect(await page.getByRole("heading", { name: "Create Recipe" }).count()).toBe(0);
  });

  it("lets the cook leave while the recipe saves: no prompt, no pull back to the list once it is saved", async () => {
    // Service workers blocked, so the planner's code comes from the network, where the test holds it.
    const page = await openPage({ serviceWorkers: "block" });
    await signInAs(page, { firstName: "Rhea" });
    await page.goto("/recipes/new");
    await page.getByLabel("Title").fill("Slow Soup");
    await page.getByLabel("Name of ingredient 1").fill("Leek");
    await page.getByLabel("Steps").fill("Simmer.");
    const save = await holdRequests(page, (url) => url.pathname.endsWith("/recipes.create"));
    // The page the cook goes to loads slowly: the form stays drawn until it has, and the save lands meanwhile.
    const planner = await holdRequests(page, (url) => /\/assets\/meal-planner-[^/]*\.js$/.test(url.pathname));
    await page.getByRole("button", { name: "Create Recipe" }).click();
    await save.started;
    await page.getByRole("link", { name: "Meal Planner" }).first().click();
    await page.waitForURL((url) => url.pathname === "/meal-planner");
    expect(await page.getByRole("alertdialog").count()).toBe(0);
    await planner.started;
    await save.release();
    await toast(page, "Recipe created successfully");
    await planner.release();
    await page.getByRole("heading", { name: "Meal Planner" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/meal-planner");
    // Saved, so no draft comes back: the form opens empty.
    await page.goto("/recipes/new");
    await page.getByRole("heading", { name: "Create Recipe" }).waitFor();
    expect(await page.getByLabel("Title").inputValue()).toBe("");
  });

  it("prefills a new recipe from the link, and ignores unreadable values with a notice", async () => {
    const page = await openPage();
    await signInAs(page, { firstName: "Pia" });
    const ingredients = JSON.stringify([
      { name: "Spaghetti", quantity: 400, unit: "g" },
      { name: "Garlic", quantity: "2", unit: "cloves", original: "2 cloves garlic" },
    ]);
    const query = new URLSearchParams({
      title: "Aglio e Olio",
      description: "Garlic and oil",
      prepTime: "5",
      cookTime: "12",
      servings: "2",
      difficulty: "Easy",
      cuisineType: "Italian",
      ingredients,
      instructions: "Boil the pasta.\nFry the garlic.",
      tags: JSON.stringify(["pasta", "quick"]),
      isAiExtracted: "true",
    });
    await page.goto(`/recipes/new?${query}`);
    await page.getByRole("heading", { name: "Create Recipe" }).waitFor();
    expect(await page.getByLabel("Title").inputValue()).toBe("Aglio e Olio");
    expect(await page.getByLabel("Servings").inputValue()).toBe("2");
    expect(await page.getByLabel("Cuisine").inputValue()).toBe("Italian");
    expect(await page.getByLabel("Name of ingredient 2").inputValue()).toBe("Garlic");
    expect(await page.getByLabel("Unit of ingredient 2").inputValue()).toBe("cloves");
    await page.getByText("As printed: 2 cloves garlic").waitFor();
    expect(await page.getByLabel("Tags").inputValue()).toBe("pasta, quick");
    await page.getByRole("button", { name: "Create Recipe" }).click();
    await toast(page, "Recipe created successfully");
    const card = cards(page).filter({ hasText: "Aglio e Olio" });
    await card.waitFor();
    expect(await card.innerText()).toContain("AI");

    // Bad JSON is ignored with a notice, never a crash.
    await page.goto("/recipes/new?title=Broken&ingredients=%5B%7B&tags=nope");
    await page.getByText("Some prefilled values could not be read").waitFor();
    expect(await page.getByLabel("Title").inputValue()).toBe("Broken");
    expect(await page.getByLabel("Name of ingredient 1").inputValue()).toBe("");
  });

  it("offers to scale only quantities written before Servings changed, never rows typed after", async () => {
    const page = await openPage({ width: 390, height: 844 });
    await signInAs(page, { firstName: "Pia" });
    const scaleOffer = page.getByText(/The quantities below are for/);
    // A blank recipe: Servings first, then the ingredients, typed for that count.
    await page.goto("/recipes/new");
    await page.getByRole("heading", { name: "Create Recipe" }).waitFor();
    await page.getByLabel("Servings").fill("2");
    await page.getByLabel("Name of ingredient 1").fill("Flour");
    await page.getByLabel("Quantity of ingredient 1").fill("3");
    expect(await scaleOffer.count()).toBe(0);
    // They scale from the count they were typed for.
    await page.getByLabel("Servings").fill("6");
    expect(await scaleOffer.innerText()).toBe("The quantities below are for 2 servings.");
    await page.getByRole("button", { name: "Scale to 6 servings" }).click();
    expect(await page.getByLabel("Quantity of ingredient 1").inputValue()).toBe("9");

    // An import's quantities scale; a row the cook adds once Servings changed stays as typed.
    const ingredients = JSON.stringify([
      { name: "Spaghetti", quantity: 400, unit: "g" },
      { name: "eggs, beaten", quantity: 2, unit: "" },
    ]);
    await page.goto(`/recipes/new?${new URLSearchParams({ title: "Aglio e Olio", servings: "4", ingredients })}`);
    await page.getByRole("heading", { name: "Create Recipe" }).waitFor();
    await page.getByLabel("Servings").fill("2");
    await page.getByRole("button", { name: "Add Ingredient" }).click();
    await page.getByLabel("Name of ingredient 3").fill("Garlic");
    await page.getByLabel("Quantity of ingredient 3").fill("2");
    await page.getByRole("button", { name: "Scale to 2 servings" }).click();
    expect(await page.getByLabel("Quantity of ingredient 1").inputValue()).toBe("200");
    // A count's name agrees with it, as cooking mode shows it.
    expect(await page.getByLabel("Quantity of ingredient 2").inputValue()).toBe("1");
    expect(await page.getByLabel("Name of ingredient 2").inputValue()).toBe("egg, beaten");
    expect(await page.getByLabel("Quantity of ingredient 3").inputValue()).toBe("2");
    expect(await scaleOffer.count()).toBe(0);
  });

  it("shows 'Recipe not found' for an unknown or malformed id", async () => {
    const page = await openPage();
    await signInAs(page, { firstName: "Nia" });
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-an-id"]) {
      await page.goto(`/recipes/${id}`);
      await page.getByRole("heading", { name: "Recipe not found" }).waitFor();
      await page.getByRole("link", { name: "Back to Recipes" }).waitFor();
    }
  });

  it("keeps a list of 2,000 recipes light: only the cards near the window are drawn", async () => {
    const page = await openPage();
    const { userId } = await signInAs(page, { firstName: "Lou", isPro: true });
    const rows = Array.from({ length: 2000 }, (_, i) => ({ ...soup, title: `Recipe ${i}`, description: `Number ${i} of many` }));
    await addRecipes(userId, rows);
    const scripts: string[] = [];
    page.on("request", (request) => request.resourceType() === "script" && scripts.push(new URL(request.url()).pathname));
    await page.goto("/recipes");
    await cards(page).first().waitFor();
    await page.waitForLoadState("networkidle");
    // The dialog library comes with the first dialog wanted, not with the list.
    expect(scripts.filter((script) => script.startsWith("/assets/widgets-"))).toEqual([]);
    const extractButton = page.getByRole("button", { name: "AI Extract" });
    await extractButton.click();
    await page.getByRole("dialog").getByLabel("Recipe page URL").waitFor();
    expect(scripts.filter((script) => script.startsWith("/assets/widgets-")).length).toBe(1);
    await page.keyboard.press("Escape");
    // Closed, it gives the focus back to the button that opened it.
    await expect.poll(() => extractButton.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await cards(page).count()).toBeLessThan(40);
    await page.getByLabel("Search recipes").fill("Number 1999 ");
    await page.waitForFunction(() => document.querySelectorAll("[data-recipe-card]").length === 1);
    expect(await titles(page)).toEqual(["Recipe 1999"]);
  });
});
