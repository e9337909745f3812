import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { WEEKDAYS, addDays, localDate, startOfWeek, weekLabel, type MealType } from "../packages/domain/src/index";
import { keepScreenshot, openPage, toast, useBrowser } from "./browser";
import { addRecipes, signInAs, type RecipeRow } from "./fixtures";

useBrowser();

const recipe = (title: string): RecipeRow => ({
  title,
  ingredients: [{ name: "Salt", quantity: 1, unit: "tsp" }],
  instructions: "Cook it.",
});

const thisMonday = () => startOfWeek(localDate());
const dayFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
/** "Mon, Nov 23": how the planner names a day. */
const dayName = (date: string) => `${WEEKDAYS[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7]}, ${dayFormat.format(new Date(date))}`;

/** A slot: a cell of the week grid, or a line of a day on a phone. */
const cell = (page: Page, date: string, mealType: MealType) => page.locator(`[data-slot-key="${date}:${mealType}"]`);
const addButton = (page: Page, date: string, mealType: MealType) =>
  page.getByRole("button", { name: `Add ${mealType} on ${dayName(date)}` });
const weekHeading = (page: Page) => page.getByRole("heading", { level: 2 }).filter({ hasText: "Week of" });

async function openAddMeal(page: Page, date: string, mealType: MealType) {
  await addButton(page, date, mealType).click();
  const dialog = page.getByRole("dialog", { name: "Add Meal" });
  await dialog.getByText(`Choose a recipe for ${mealType} on ${dayName(date)}.`).waitFor();
  return dialog;
}

/** Plans a recipe through the Add Meal dialog, choosing it with the mouse. */
async function planMeal(page: Page, date: string, mealType: MealType, title: string, servings?: number) {
  const dialog = await openAddMeal(page, date, mealType);
  await dialog.getByRole("option", { name: title, exact: true }).click();
  if (servings !== undefined) await dialog.getByLabel("Servings").fill(String(servings));
  await dialog.getByRole("button", { name: "Add Meal" }).click();
  await toast(page, "Meal added to planner");
  await dialog.waitFor({ state: "detached" });
}

describe("meal planner", () => {
  it("plans meals across the week, moves between weeks, fills a slot and removes a meal", async () => {
    const page = await openPage();
    const { userId } = await signInAs(page, { firstName: "Mira" });
    const [pancakes, salad, lasagna] = await addRecipes(userId, [
      recipe("Pancakes"),
      { ...recipe("Caesar Salad"), servings: 1 },
      recipe("Lasagna"),
    ]);
    const monday = thisMonday();
    const wednesday = addDays(monday, 2);
    const sunday = addDays(monday, 6);
    const nextMonday = addDays(monday, 7);

    await page.goto("/meal-planner");
    await page.getByRole("heading", { name: "Meal Planner", exact: true }).waitFor();
    expect(await weekHeading(page).innerText()).toBe(weekLabel(monday));
    await page.getByText("No meals planned yet").waitFor();
    // Monday first, Sunday last; today is marked.
    const headers = await page.getByRole("columnheader").allInnerTexts();
    expect(headers.map((h) => h.split("\n")[0])).toEqual([...WEEKDAYS]);
    expect(await page.locator('th[aria-current="date"]').innerText()).toContain("Today");
    expect(await page.getByRole("rowheader").allInnerTexts()).toEqual(["Breakfast", "Lunch", "Dinner"]);

    // With the mouse, two servings.
    await planMeal(page, monday, "breakfast", "Pancakes", 2);
    const breakfast = cell(page, monday, "breakfast");
    expect(await breakfast.getByRole("link", { name: "Pancakes" }).getAttribute("href")).toBe(`/cooking/${pancakes}`);
    expect(await breakfast.innerText()).toContain("2 servings");
    expect(await page.getByText("No meals planned yet").count()).toBe(0);

    // With the keyboard only: type to find, Enter to choose, Enter to plan.
    const dialog = await openAddMeal(page, wednesday, "lunch");
    await page.keyboard.type("caesar");
    await dialog.getByRole("option").first().waitFor();
    expect(await dialog.getByRole("option").allInnerTexts()).toEqual(["Caesar Salad"]);
    await page.keyboard.press("Enter");
    await dialog.getByText("Chosen: Caesar Salad").waitFor();
    await page.keyboard.press("Enter");
    await toast(page, "Meal added to planner");
    const lunch = cell(page, wednesday, "lunch");
    expect(await lunch.getByRole("link", { name: "Caesar Salad" }).getAttribute("href")).toBe(`/cooking/${salad}`);
    // One serving is not worth saying.
    expect(await lunch.innerText()).not.toContain("serving");

    await planMeal(page, sunday, "dinner", "Lasagna");
    expect(await cell(page, sunday, "dinner").getByRole("link", { name: "Lasagna" }).getAttribute("href")).toBe(`/cooking/${lasagna}`);
    await keepScreenshot(page, "meal-planner-1280");

    // Next week: its own label and meals, kept in the address.
    await page.getByRole("button", { name: "Next week" }).click();
    await expect.poll(() => weekHeading(page).innerText()).toBe(weekLabel(nextMonday));
    await page.waitForURL(`**/meal-planner?week=${nextMonday}`);
    await page.getByText("No meals planned yet").waitFor();
    expect(await page.getByRole("link", { name: "Pancakes" }).count()).toBe(0);
    await planMeal(page, addDays(nextMonday, 1), "dinner", "Lasagna");
    await page.reload();
    await cell(page, addDays(nextMonday, 1), "dinner").getByRole("link", { name: "Lasagna" }).waitFor();
    expect(await weekHeading(page).innerText()).toBe(weekLabel(nextMonday));

    // Back to this week: next week's dinner is not in it.
    await page.getByRole("button", { name: "Today" }).click();
    await expect.poll(() => weekHeading(page).innerText()).toBe(weekLabel(monday));
    await page.waitForURL(/\/meal-planner$/);
    await cell(page, monday, "breakfast").getByRole("link", { name: "Pancakes" }).waitFor();
    expect(await page.locator("[data-meal]").count()).toBe(3);
    await page.getByRole("button", { name: "Prev week" }).click();
    await expect.poll(() => weekHeading(page).innerText()).toBe(weekLabel(addDays(monday, -7)));
    await page.getByText("No meals planned yet").waitFor();
    await page.getByRole("button", { name: "Next week" }).click();
    await expect.poll(() => weekHeading(page).innerText()).toBe(weekLabel(monday));
    await page.getByRole("button", { name: "Next week" }).click();
    await expect.poll(() => weekHeading(page).innerText()).toBe(weekLabel(nextMonday));
    await cell(page, addDays(nextMonday, 1), "dinner").getByRole("link", { name: "Lasagna" }).waitFor();
    expect(await page.locator("[data-meal]").count()).toBe(1);
    await page.getByRole("button", { name: "Prev week" }).click();
    await expect.poll(() => weekHeading(page).innerText()).toBe(weekLabel(monday));

    // A slot holds three meals: its + goes with the third.
    await planMeal(page, monday, "breakfast", "Caesar Salad");
    await planMeal(page, monday, "breakfast", "Lasagna");
    expect(await breakfast.locator("[data-meal]").count()).toBe(3);
    expect(await addButton(page, monday, "breakfast").count()).toBe(0);
    // Focus is not lost with the + of the slot just filled.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label")))
      .toBe(`Remove Lasagna from breakfast on ${dayName(monday)}`);
    await keepScreenshot(page, "meal-planner-full-slot-1280");

    // A removal that fails keeps the meal, and the focus on its button for another try.
    const removeSalad = breakfast.getByRole("button", { name: `Remove Caesar Salad from breakfast on ${dayName(monday)}` });
    await page.route("**/trpc/mealPlans.delete*", (route) => route.abort());
    await removeSalad.click();
    await toast(page, "Couldn't reach Kim: check your connection and try again.");
    await page.unroute("**/trpc/mealPlans.delete*");
    expect(await breakfast.locator("[data-meal]").count()).toBe(3);
    expect(await removeSalad.evaluate((button) => button === document.activeElement)).toBe(true);

    // Removing one brings the + back, and focus lands on it.
    await removeSalad.click();
    await toast(page, "Meal removed from planner");
    await addButton(page, monday, "breakfast").waitFor();
    expect(await breakfast.getByRole("link").allInnerTexts()).toEqual(["Pancakes", "Lasagna"]);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label")))
      .toBe(`Add breakfast on ${dayName(monday)}`);
  });

  it("shows the week on a phone as a list of days: nothing scrolls sideways, every day and slot is in reach", async () => {
    const page = await openPage({ width: 375, height: 800 });
    const { userId } = await signInAs(page, { firstName: "Lea" });
    const [porridge] = await addRecipes(userId, [recipe("Porridge"), recipe("Bean Chili"), recipe("Flatbread")]);
    const monday = thisMonday();
    const sunday = addDays(monday, 6);
    await page.goto("/meal-planner");
    await page.getByText("No meals planned yet").waitFor();

    // Seven day cards, Monday first, today marked; the grid's table is not drawn.
    const days = page.getByRole("list", { name: weekLabel(monday) }).locator(":scope > li");
    expect(await days.count()).toBe(7);
    expect(await days.locator("h3").allInnerTexts()).toEqual(
      Array.from({ length: 7 }, (_, i) => addDays(monday, i)).map((d) => (d === localDate() ? `${dayName(d)}\nToday` : dayName(d))),
    );
    expect(await page.locator('li[aria-current="date"]').count()).toBe(1);
    expect(await page.locator("table").count()).toBe(0);

    // Nothing wider than the screen: the page does not scroll sideways, and every day's + lies within it.
    const fits = () =>
      page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, viewport: document.documentElement.clientWidth }));
    expect((await fits()).scrollWidth).toBeLessThanOrEqual((await fits()).viewport);
    for (let i = 0; i < 7; i++) {
      for (const mealType of ["breakfast", "lunch", "dinner"] as const) {
        const box = (await addButton(page, addDays(monday, i), mealType).boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(375);
      }
    }
    // An empty slot is one short line, so a day is a glance and the week a short scroll.
    const emptySlot = (await cell(page, sunday, "lunch").boundingBox())!;
    expect(emptySlot.height).toBeLessThanOrEqual(56);
    await keepScreenshot(page, "meal-planner-375");

    // Sunday is reached by scrolling down, and planned there like anywhere.
    await addButton(page, sunday, "dinner").scrollIntoViewIfNeeded();
    await planMeal(page, sunday, "dinner", "Bean Chili", 3);
    await planMeal(page, monday, "breakfast", "Porridge");
    await planMeal(page, monday, "breakfast", "Flatbread");
    await planMeal(page, monday, "breakfast", "Bean Chili");
    const dinner = cell(page, sunday, "dinner");
    expect(await dinner.getByRole("link").allInnerTexts()).toEqual(["Bean Chili"]);
    expect(await dinner.innerText()).toContain("3 servings");
    const breakfast = cell(page, monday, "breakfast");
    expect(await breakfast.getByRole("link", { name: "Porridge" }).getAttribute("href")).toBe(`/cooking/${porridge}`);
    // Three to a slot, as on the grid: the + goes with the third.
    expect(await breakfast.locator("[data-meal]").count()).toBe(3);
    expect(await addButton(page, monday, "breakfast").count()).toBe(0);
    expect((await fits()).scrollWidth).toBeLessThanOrEqual((await fits()).viewport);
    await keepScreenshot(page, "meal-planner-375-planned");

    // Wider again, the grid comes back with the same meals.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.locator("table").waitFor();
    expect(await page.locator("td[data-slot-key] [data-meal]").count()).toBe(4);
  });

  it("on a phone, says 'No meals planned yet' above the days, and brings a Sunday's card into view once", async () => {
    const page = await openPage({ width: 390, height: 844 });
    await signInAs(page, { firstName: "Suna" });
    // Today is a Sunday: the last of the seven cards.
    const sunday = addDays(thisMonday(), 6);
    await page.clock.setFixedTime(new Date(`${sunday}T12:00:00`));
    await page.goto("/meal-planner");
    const empty = page.getByText("No meals planned yet");
    await empty.waitFor();
    const todayCard = page.locator('li[aria-current="date"]');
    expect(await todayCard.locator("h3").innerText()).toContain("Today");
    const firstDay = page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3, name: /^Mon/ }) });
    // Both read in one frame: the page scrolls to today meanwhile.
    const monday = await firstDay.elementHandle();
    const above = await empty.evaluate(
      (text, day) => text.getBoundingClientRect().top < (day as Element).getBoundingClientRect().top,
      monday,
    );
    expect(above).toBe(true);
    // Today's card is wholly on screen, without the cook scrolling.
    await expect
      .poll(async () => {
        const box = (await todayCard.boundingBox())!;
        return box.y >= 0 && box.y + box.height <= 844;
      })
      .toBe(true);
    await keepScreenshot(page, "planner-today-sunday-390");

    // Only on the first draw: a later redraw of the week (another week and back) leaves the cook where they are.
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
    await page.getByRole("button", { name: "Next week" }).click();
    await weekHeading(page)
      .filter({ hasText: weekLabel(addDays(thisMonday(), 7)) })
      .waitFor();
    await page.getByRole("button", { name: "Today" }).click();
    await weekHeading(page)
      .filter({ hasText: weekLabel(thisMonday()) })
      .waitFor();
    await empty.waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  it("shows a deleted recipe's meal as 'Recipe removed', and the server's message when a slot filled elsewhere", async () => {
    const page = await openPage({ colorScheme: "dark" });
    const { userId } = await signInAs(page, { firstName: "Noor" });
    const [soup, curry, stew] = await addRecipes(userId, [recipe("Tomato Soup"), recipe("Green Curry"), recipe("Beef Stew")]);
    const friday = addDays(thisMonday(), 4);
    await page.goto("/meal-planner");
    await planMeal(page, friday, "dinner", "Tomato Soup");
    await planMeal(page, friday, "dinner", "Green Curry");

    // Another tab plans a third dinner while this one is choosing.
    const dialog = await openAddMeal(page, friday, "dinner");
    await dialog.getByRole("option", { name: "Beef Stew" }).click();
    const elsewhere = await page.request.post("/api/meal-plans", { data: { date: friday, mealType: "dinner", recipeId: stew } });
    expect(elsewhere.status()).toBe(201);
    await dialog.getByRole("button", { name: "Add Meal" }).click();
    await toast(page, "Failed to add meal");
    await page.locator('[data-slot="toast"]').getByText("already holds 3 meals").waitFor();
    // The grid catches up: three dinners, no +.
    await expect.poll(() => cell(page, friday, "dinner").locator("[data-meal]").count()).toBe(3);
    expect(await addButton(page, friday, "dinner").count()).toBe(0);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });

    const deleted = await page.request.delete(`/api/recipes/${soup}`);
    expect(deleted.ok()).toBe(true);
    await page.reload();
    const dinner = cell(page, friday, "dinner");
    await dinner.getByText("Recipe removed").waitFor();
    expect(await dinner.getByRole("link").allInnerTexts()).toEqual(["Green Curry", "Beef Stew"]);
    expect(await dinner.getByRole("link", { name: "Green Curry" }).getAttribute("href")).toBe(`/cooking/${curry}`);
    await keepScreenshot(page, "meal-planner-dark-1280");
    await dinner.getByRole("button", { name: `Remove removed recipe from dinner on ${dayName(friday)}` }).click();
    await toast(page, "Meal removed from planner");
    await addButton(page, friday, "dinner").waitFor();
  });

  it("finds one of 300 recipes by typing, drawing only the first 50 options", async () => {
    const page = await openPage();
    const { userId } = await signInAs(page, { firstName: "Ola" });
    const rows = Array.from({ length: 300 }, (_, i) => recipe(`Weeknight dish ${i}`));
    const [risotto] = await addRecipes(userId, [recipe("Saffron Risotto"), ...rows]);
    const tuesday = addDays(thisMonday(), 1);
    await page.goto("/meal-planner");
    const dialog = await openAddMeal(page, tuesday, "lunch");
    await dialog.getByRole("option").first().waitFor();
    expect(await dialog.getByRole("option").count()).toBe(50);
    await dialog.getByText("Showing 50 of 301 recipes: type to narrow the list.").waitFor();
    await keepScreenshot(page, "meal-planner-add-meal-1280");

    await dialog.getByRole("combobox", { name: "Recipe" }).fill("saffron");
    await expect.poll(() => dialog.getByRole("option").allInnerTexts()).toEqual(["Saffron Risotto"]);
    await dialog.getByText("1 recipe matches.").waitFor();
    await dialog.getByRole("combobox", { name: "Recipe" }).fill("no such dish");
    await dialog.getByText('No recipes match "no such dish".').waitFor();
    // Planning without a recipe says what is missing.
    await dialog.getByRole("button", { name: "Add Meal" }).click();
    await dialog.getByText("Choose a recipe", { exact: true }).waitFor();

    await dialog.getByRole("combobox", { name: "Recipe" }).fill("risotto");
    await dialog.getByRole("option", { name: "Saffron Risotto" }).click();
    await dialog.getByLabel("Servings").fill("0");
    await dialog.getByRole("button", { name: "Add Meal" }).click();
    await dialog.getByText("Servings must be at least 1").waitFor();
    await dialog.getByLabel("Servings").fill("4");
    await dialog.getByLabel("Notes").fill("Double the saffron");
    await page.setViewportSize({ width: 375, height: 800 });
    await keepScreenshot(page, "meal-planner-add-meal-375");
    await dialog.getByRole("button", { name: "Add Meal" }).click();
    await toast(page, "Meal added to planner");
    const lunch = cell(page, tuesday, "lunch");
    expect(await lunch.getByRole("link", { name: "Saffron Risotto" }).getAttribute("href")).toBe(`/cooking/${risotto}`);
    expect(await lunch.innerText()).toContain("4 servings");
    expect(await lunch.innerText()).toContain("Double the saffron");
  });

  it("takes the chosen recipe's servings in Add Meal, unless the cook typed their own", async () => {
    const page = await openPage();
    const { userId } = await signInAs(page, { firstName: "Ines" });
    await addRecipes(userId, [
      { ...recipe("Paella"), servings: 6 },
      { ...recipe("Omelette"), servings: 2 },
      { ...recipe("Banquet"), servings: 500 },
    ]);
    const thursday = addDays(thisMonday(), 3);
    await page.goto("/meal-planner");

    const dialog = await openAddMeal(page, thursday, "dinner");
    const servings = dialog.getByLabel("Servings");
    expect(await servings.inputValue()).toBe("1");
    await dialog.getByRole("option", { name: "Paella" }).click();
    expect(await servings.inputValue()).toBe("6");
    await dialog.getByRole("option", { name: "Omelette" }).click();
    expect(await servings.inputValue()).toBe("2");
    // More than a meal may have: as many as a meal may.
    await dialog.getByRole("option", { name: "Banquet" }).click();
    expect(await servings.inputValue()).toBe("100");
    await dialog.getByRole("option", { name: "Paella" }).click();
    await dialog.getByRole("button", { name: "Add Meal" }).click();
    await toast(page, "Meal added to planner");
    await expect.poll(() => cell(page, thursday, "dinner").innerText()).toContain("6 servings");

    // Typed by the cook, the number stays whatever recipe is chosen after.
    const lunch = await openAddMeal(page, thursday, "lunch");
    await lunch.getByRole("option", { name: "Paella" }).click();
    await lunch.getByLabel("Servings").fill("3");
    await lunch.getByRole("option", { name: "Omelette" }).click();
    expect(await lunch.getByLabel("Servings").inputValue()).toBe("3");
    await lunch.getByRole("button", { name: "Add Meal" }).click();
    await toast(page, "Meal added to planner");
    await expect.poll(() => cell(page, thursday, "lunch").innerText()).toContain("3 servings");
  });

  it("shows a skeleton grid while a week loads, and says so with a retry when it cannot", async () => {
    const page = await openPage();
    await signInAs(page, { firstName: "Rui" });
    await page.goto("/meal-planner");
    await page.getByText("No meals planned yet").waitFor();

    // Routed on the context: it also holds what the service worker fetches for the page, once it is in charge.
    const weekCalls = (url: URL) => url.pathname.includes("mealPlans.list");
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.context().route(weekCalls, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("button", { name: "Next week" }).click();
    await page.locator('table[aria-busy="true"]').waitFor();
    // The days are known before the meals: only the slots wait.
    expect(await page.getByRole("columnheader").count()).toBe(7);
    expect(await page.locator('[data-slot="skeleton"]').count()).toBe(21);
    await keepScreenshot(page, "meal-planner-loading-1280");
    release();
    await page.getByText("No meals planned yet").waitFor();
    await page.context().unroute(weekCalls);

    await page.context().route(weekCalls, (route) => route.abort());
    await page.getByRole("button", { name: "Next week" }).click();
    await page.getByRole("alert").getByText("Could not load your meal plan").waitFor();
    await page.context().unroute(weekCalls);
    await page.getByRole("button", { name: "Try again" }).click();
    await page.getByText("No meals planned yet").waitFor();
  });

  it("sends a cook without recipes to create one, and reads the week from the address", async () => {
    const page = await openPage({ width: 375, height: 800 });
    await signInAs(page, { firstName: "Pim" });
    const monday = thisMonday();
    // Any day of a week opens that week; an unreadable one opens this week.
    await page.goto(`/meal-planner?week=${addDays(monday, 17)}`);
    await expect.poll(() => weekHeading(page).innerText()).toBe(weekLabel(addDays(monday, 14)));
    await page.goto("/meal-planner?week=2026-02-30");
    await expect.poll(() => weekHeading(page).innerText()).toBe(weekLabel(monday));
    await page.getByText("No meals planned yet").waitFor();
    await keepScreenshot(page, "meal-planner-empty-375");

    const dialog = await openAddMeal(page, addDays(monday, 3), "dinner");
    await dialog.getByText("You have no recipes yet").waitFor();
    await dialog.getByRole("link", { name: "Create Recipe" }).click();
    await page.waitForURL("**/recipes/new");
    await page.getByRole("heading", { name: "Create Recipe" }).waitFor();
  });

  it("moves Today and this week on at midnight while the planner stays open", async () => {
    const page = await openPage();
    await signInAs(page, { firstName: "Otto" });
    // Sunday 6 December 2026, 23:58 local time.
    await page.clock.install({ time: new Date("2026-12-06T23:58:00") });
    await page.goto("/meal-planner");
    await expect.poll(() => weekHeading(page).innerText()).toBe("Week of Nov 30, 2026");
    const today = page.locator('th[aria-current="date"]');
    expect(await today.innerText()).toContain("Sun");
    // The week is drawn: nothing left to render but what the clock brings.
    await page.getByText("No meals planned yet").waitFor();

    await page.clock.runFor("05:00");
    await expect.poll(() => weekHeading(page).innerText()).toBe("Week of Dec 7, 2026");
    expect(await today.innerText()).toContain("Mon");
    await page.getByRole("button", { name: "Next week" }).click();
    await expect.poll(() => weekHeading(page).innerText()).toBe("Week of Dec 14, 2026");
    await page.getByRole("button", { name: "Today" }).click();
    await expect.poll(() => weekHeading(page).innerText()).toBe("Week of Dec 7, 2026");
  });

  it("stops Prev at the first week of 1900 and Next at the last of 2999, whose days in 3000 take no meals", async () => {
    const page = await openPage({ width: 390, height: 844 });
    const { userId } = await signInAs(page, { firstName: "Edda" });
    await addRecipes(userId, [recipe("Stew")]);
    await page.goto("/meal-planner?week=1900-01-03");
    await expect.poll(() => weekHeading(page).innerText()).toBe("Week of Jan 1, 1900");
    expect(await page.getByRole("button", { name: "Prev week" }).isDisabled()).toBe(true);
    expect(await page.getByRole("button", { name: "Next week" }).isEnabled()).toBe(true);

    await page.goto("/meal-planner?week=2999-12-23");
    await page.getByRole("button", { name: "Next week" }).click();
    await expect.poll(() => weekHeading(page).innerText()).toBe("Week of Dec 30, 2999");
    expect(await page.getByRole("button", { name: "Next week" }).isDisabled()).toBe(true);
    await planMeal(page, "2999-12-31", "dinner", "Stew");
    expect(await cell(page, "2999-12-31", "dinner").getByRole("link", { name: "Stew" }).count()).toBe(1);
    expect(await addButton(page, "3000-01-01", "dinner").count()).toBe(0);
    await keepScreenshot(page, "meal-planner-last-week-390");

    // Its shopping list covers its days in 2999.
    await page.getByRole("link", { name: "Shopping list for this week" }).click();
    const dialog = page.getByRole("dialog", { name: "Generate from Meal Plan" });
    await dialog.getByRole("button", { name: "Generate" }).waitFor();
    expect([await dialog.getByLabel("From").inputValue(), await dialog.getByLabel("To").inputValue()]).toEqual([
      "2999-12-30",
      "2999-12-31",
    ]);
    await dialog.getByRole("button", { name: "Generate" }).click();
    await toast(page, "Added 1 item from your meal plan.");
  });
});

describe("suggest meals, when the line drops", () => {
  /** A Pro cook with a breakfast, a lunch and a dinner to suggest, on next week's planner (every slot empty and ahead). */
  async function suggestNextWeek(page: Page) {
    const { userId } = await signInAs(page, { firstName: "Rosa", isPro: true });
    await addRecipes(userId, [recipe("Pancakes"), recipe("Caesar Salad"), recipe("Beef stew")]);
    await page.goto(`/meal-planner?week=${addDays(thisMonday(), 7)}`);
    await page.getByRole("button", { name: "Suggest meals" }).click();
    return page.getByRole("dialog", { name: "Suggest meals" });
  }
  const focused = (page: Page) => page.evaluate(() => document.activeElement?.textContent);

  it("says a suggest that got no answer in a cook's words, and Try again asks again", async () => {
    const page = await openPage();
    const suggestCalls = "**/trpc/mealPlans.suggest*";
    await page.route(suggestCalls, (route) => route.abort());
    const dialog = await suggestNextWeek(page);
    const alert = dialog.getByRole("alert");
    await alert.waitFor();
    expect(await alert.innerText()).toBe("Could not suggest meals. Couldn't reach Kim: check your connection and try again.");

    await page.unroute(suggestCalls);
    await dialog.getByRole("button", { name: "Try again" }).click();
    await dialog.getByTestId("meal-suggestion").first().waitFor();
    expect(await dialog.getByTestId("meal-suggestion").count()).toBe(3);
    expect(await alert.count()).toBe(0);
    expect(await dialog.getByRole("button", { name: "Try again" }).count()).toBe(0);
    // The focus stays in the dialog the button went away from.
    await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await dialog.getByRole("button", { name: "Add 3 meals" }).click();
    await toast(page, "Meals added to planner");
  });

  it("keeps the picks an Add could not plan, says so in one toast, and plans them once on the next Add", async () => {
    const page = await openPage({ width: 390, height: 844 });
    const creates: string[] = [];
    // The first create goes through; the second reaches the server but its answer is lost; the third never arrives.
    await page.route("**/trpc/mealPlans.create*", async (route) => {
      creates.push(route.request().headers()["idempotency-key"] ?? "");
      if (creates.length === 1) return route.continue();
      if (creates.length === 2) await route.fetch();
      return route.abort();
    });
    const dialog = await suggestNextWeek(page);
    const suggestions = dialog.getByTestId("meal-suggestion");
    await suggestions.first().waitFor();
    expect(await suggestions.count()).toBe(3);
    await dialog.getByRole("button", { name: "Add 3 meals" }).click();

    await toast(page, "Added 1 of 3 meals");
    const shown = page.locator('[data-slot="toast"]');
    expect(await shown.count()).toBe(1);
    expect(await shown.innerText()).toContain("2 weren't added: Couldn't reach Kim: check your connection and try again.");
    // The dialog stays, with only the two not added still chosen, and the focus on Add for another try.
    const add = dialog.getByRole("button", { name: "Add 2 meals" });
    await add.waitFor();
    const boxes = suggestions.getByRole("checkbox");
    expect(await boxes.evaluateAll((inputs: HTMLInputElement[]) => inputs.map((i) => [i.checked, i.disabled]))).toEqual([
      [false, true],
      [true, false],
      [true, false],
    ]);
    expect(await suggestions.first().innerText()).toContain("Added");
    await expect.poll(() => focused(page)).toBe("Add 2 meals");
    await keepScreenshot(page, "suggest-meals-partial-failure-390");

    await page.unroute("**/trpc/mealPlans.create*");
    const again: string[] = [];
    page.on("request", (r) => void (r.url().includes("mealPlans.create") && again.push(r.headers()["idempotency-key"] ?? "")));
    await add.click();
    await toast(page, "Meals added to planner");
    await dialog.waitFor({ state: "detached" });
    // Each sent again with the key it had: the one the server applied already is planned once.
    expect(again).toEqual(creates.slice(1));
    await expect.poll(() => page.locator("[data-slot-key] [data-meal]").count()).toBe(3);
    await page.reload();
    await page.locator("[data-slot-key] [data-meal]").first().waitFor();
    expect(await page.locator("[data-slot-key] [data-meal]").count()).toBe(3);
  });
});
