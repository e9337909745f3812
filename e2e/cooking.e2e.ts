import type { Page } from "playwright-core";
import { describe, expect, it, vi } from "vitest";
import { keepScreenshot, nextFrames, openPage, toast, useBrowser } from "./browser";
import { addIngredients, addRecipes, createUser, signInAs, type RecipeRow } from "./fixtures";

useBrowser();

const lemonCake: RecipeRow = {
  title: "Lemon Drizzle Cake",
  description: "A light sponge soaked in sharp lemon syrup while still warm.",
  prepTime: 20,
  cookTime: 25,
  servings: 4,
  difficulty: "Easy",
  cuisineType: "American",
  ingredients: [
    { name: "flour", quantity: 1.5, unit: "cups" },
    { name: "eggs", quantity: 2, unit: "" },
    { name: "salt", quantity: "to taste", unit: "" },
  ],
  // The blank line is not a step.
  instructions: "Whisk the flour, eggs and salt into a smooth batter.\n\n   \nBake for 25 minutes, until golden.\n",
};

/** Keeps polling `read` until `check` passes (or the timeout ends with the last failure). */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => void, timeout = 10_000): Promise<void> {
  await vi.waitFor(async () => check(await read()), { timeout, interval: 100 });
}

const timer = (page: Page, name: string) => page.getByTestId("timer").filter({ hasText: name });
const timerTime = (page: Page, name: string) => timer(page, name).getByTestId("timer-time").innerText();
/** 01:00 as seconds; 1:02:03 too. */
const seconds = (time: string) => time.split(":").reduce((total, part) => total * 60 + Number(part), 0);

async function openCookingMode(page: Page, recipe: RecipeRow = lemonCake): Promise<string> {
  const { userId } = await signInAs(page, { firstName: "Cora" });
  const [id] = await addRecipes(userId, [recipe]);
  await page.goto(`/cooking/${id}`);
  await page.getByRole("heading", { name: recipe.title, level: 1 }).waitFor();
  return id ?? "";
}

async function addTimer(page: Page, name: string, minutes: string): Promise<void> {
  const form = page.getByRole("form", { name: "Add a timer" });
  await form.getByLabel("Timer name").fill(name);
  await form.getByLabel("Minutes").fill(minutes);
  await form.getByRole("button", { name: "Add Timer" }).click();
  await timer(page, name).waitFor();
}

describe("cooking mode", () => {
  it("checks off ingredients and steps, keeps them over a reload, and scales the servings", async () => {
    const page = await openPage();
    const { userId } = await signInAs(page, { firstName: "Cora" });
    const [id] = await addRecipes(userId, [lemonCake]);

    // From the recipes list; the recipe is held back for a moment to see the page say it is coming.
    await page.goto("/recipes");
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // The context's route: it also holds what the service worker fetches for the page, once it is in charge.
    await page.context().route(
      (url) => url.pathname.startsWith("/trpc/") && url.pathname.includes("recipes.get"),
      async (route) => {
        await held;
        await route.continue();
      },
    );
    await page.getByRole("link", { name: `Cook This: ${lemonCake.title}` }).click();
    await page.getByRole("status").filter({ hasText: "Loading recipe..." }).waitFor();
    release();
    await page.getByRole("heading", { name: lemonCake.title, level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/cooking/${id}`);
    expect(await page.title()).toBe("Cooking Mode · Kim");
    const main = page.getByRole("main");
    await main.getByText("A light sponge soaked").waitFor();
    const details = await main.getByRole("list", { name: "Details" }).innerText();
    expect(details).toContain("45 min");
    expect(details).toContain("Easy");
    expect(details).toContain("American");
    await expect(main.getByRole("link", { name: "Back to Recipes" }).getAttribute("href")).resolves.toBe("/recipes");

    const ingredients = main.getByRole("region", { name: "Ingredients" });
    const steps = main.getByRole("region", { name: "Instructions" });
    await ingredients.getByText("0 of 3 checked").waitFor();
    await steps.getByText("0 of 2 completed").waitFor();
    expect(await steps.getByRole("checkbox").count()).toBe(2);

    // The label is part of the checkbox: clicking the words checks it.
    await ingredients.getByText("flour").click();
    await ingredients.getByText("1 of 3 checked").waitFor();
    expect(await ingredients.getByRole("checkbox", { name: /flour/ }).isChecked()).toBe(true);
    // By keyboard too.
    await steps.getByRole("checkbox", { name: /Whisk the flour/ }).focus();
    await page.keyboard.press("Space");
    await steps.getByText("1 of 2 completed").waitFor();

    await page.reload();
    await ingredients.getByText("1 of 3 checked").waitFor();
    await steps.getByText("1 of 2 completed").waitFor();
    expect(await ingredients.getByRole("checkbox", { name: /flour/ }).isChecked()).toBe(true);
    expect(await ingredients.getByRole("checkbox", { name: /eggs/ }).isChecked()).toBe(false);
    expect(await steps.getByRole("checkbox", { name: /Whisk the flour/ }).isChecked()).toBe(true);
    await keepScreenshot(page, "cooking-checked-1280");

    // 4 -> 6 servings: one and a half times everything measurable.
    const lines = () => ingredients.getByRole("listitem").allInnerTexts();
    const servings = () => ingredients.getByRole("spinbutton", { name: "Servings" });
    expect(await lines()).toEqual(["1 1/2 cups flour", "2 eggs", "salt, to taste"]);
    await ingredients.getByRole("button", { name: "More servings" }).click();
    await ingredients.getByRole("button", { name: "More servings" }).click();
    expect(await servings().inputValue()).toBe("6");
    expect(await lines()).toEqual(["2 1/4 cups flour", "3 eggs", "salt, to taste"]);
    await servings().fill("2");
    expect(await lines()).toEqual(["3/4 cup flour", "1 egg", "salt, to taste"]);
    // Never below one serving; the button stays focusable at the limit, so a keyboard user keeps their place.
    const fewer = ingredients.getByRole("button", { name: "Fewer servings" });
    await fewer.click();
    expect(await fewer.getAttribute("aria-disabled")).toBe("true");
    await fewer.focus();
    await page.keyboard.press("Enter");
    expect(await fewer.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await servings().inputValue()).toBe("1");
    await servings().fill("6");
    await page.reload();
    expect(await servings().inputValue()).toBe("6");
    expect(await lines()).toEqual(["2 1/4 cups flour", "3 eggs", "salt, to taste"]);
    // Reset goes with the scaling it undoes: the focus goes to the servings it set, not to the page.
    await ingredients.getByRole("button", { name: "Reset to 4" }).click();
    expect(await servings().inputValue()).toBe("4");
    expect(await servings().evaluate((input) => input === document.activeElement)).toBe(true);
  });

  it("shows what an imported line says beyond amount, unit and name, after the name", async () => {
    const page = await openPage({ width: 390, height: 844 });
    await openCookingMode(page, {
      ...lemonCake,
      ingredients: [
        { name: "butter", quantity: 3, unit: "tbsp", original: "3 tablespoons butter, divided" },
        { name: "black beans", quantity: 1, unit: "can", original: "1 (15-ounce) can black beans, drained" },
        { name: "lemons", quantity: 2, unit: "", original: "Juice of 2 lemons" },
        { name: "salted butter", quantity: 85, unit: "g", original: "85 grams (6 tablespoons) salted butter, melted" },
        // Hand-typed: as it was.
        { name: "salt", quantity: "to taste", unit: "" },
      ],
    });
    const ingredients = page.getByRole("region", { name: "Ingredients" });
    const lines = () => ingredients.getByRole("listitem").allInnerTexts();
    expect(await lines()).toEqual([
      "3 tbsp butter, divided",
      "1 can black beans (15-ounce), drained",
      "2 lemons, juice",
      "85 g salted butter (6 tablespoons), melted",
      "salt, to taste",
    ]);
    await keepScreenshot(page, "cooking-ingredient-notes-390");
    // Doubled, the can's size stays; the butter's other amount, which would no longer match, goes.
    await ingredients.getByRole("spinbutton", { name: "Servings" }).fill("8");
    expect(await lines()).toEqual([
      "6 tbsp butter, divided",
      "2 cans black beans (15-ounce), drained",
      "4 lemons, juice",
      "170 g salted butter, melted",
      "salt, to taste",
    ]);
  });

  it("names a counted ingredient as its scaled amount reads: 2 eggs halved are 1 egg", async () => {
    const page = await openPage({ width: 390, height: 844 });
    await openCookingMode(page, {
      ...lemonCake,
      title: "Shakshuka",
      description: "Eggs baked in a spiced tomato sauce.",
      cuisineType: "Mediterranean",
      ingredients: [
        { name: "eggs", quantity: 2, unit: "" },
        { name: "onion", quantity: 1, unit: "" },
        { name: "lemons", quantity: 3, unit: "" },
        { name: "garlic", quantity: 2, unit: "clove" },
        { name: "ripe tomatoes", quantity: 4, unit: "", original: "4 ripe tomatoes, chopped" },
      ],
      instructions: "Soften the onion and garlic.\nAdd the tomatoes, crack in the eggs and bake until set.",
    });
    const ingredients = page.getByRole("region", { name: "Ingredients" });
    const lines = () => ingredients.getByRole("listitem").allInnerTexts();
    expect(await lines()).toEqual(["2 eggs", "1 onion", "3 lemons", "2 cloves garlic", "4 ripe tomatoes, chopped"]);
    await ingredients.getByRole("spinbutton", { name: "Servings" }).fill("2");
    expect(await lines()).toEqual(["1 egg", "1/2 onion", "1 1/2 lemons", "1 clove garlic", "2 ripe tomatoes, chopped"]);
    await keepScreenshot(page, "cooking-counted-names-halved-390");
    await ingredients.getByRole("spinbutton", { name: "Servings" }).fill("1");
    expect(await lines()).toEqual(["1/2 egg", "1/4 onion", "3/4 lemon", "1/2 clove garlic", "1 ripe tomato, chopped"]);
    await ingredients.getByRole("spinbutton", { name: "Servings" }).fill("8");
    expect(await lines()).toEqual(["4 eggs", "2 onions", "6 lemons", "4 cloves garlic", "8 ripe tomatoes, chopped"]);
  });

  it("keeps running timers in view at 375 px while the cook scrolls down to the steps", async () => {
    const page = await openPage({ width: 375, height: 700 });
    await openCookingMode(page);
    const pinned = page.getByRole("region", { name: "Running timers" });
    const steps = page.getByRole("region", { name: "Instructions" });
    await steps.getByRole("button", { name: "Start 25 min timer" }).click();
    const bake = "Step 2: Bake";
    await timer(page, bake).waitFor();
    // The panel is in view: nothing pinned yet.
    await timer(page, bake).scrollIntoViewIfNeeded();
    await pinned.waitFor({ state: "detached" });

    await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" }));
    await pinned.waitFor();
    const row = pinned.getByTestId("running-timer").filter({ hasText: bake });
    expect(await row.isVisible()).toBe(true);
    const box = await row.boundingBox();
    expect(box && box.y >= 0 && box.y + box.height <= 700).toBe(true);
    // It counts down there too, and pauses from there.
    const shown = () => row.innerText();
    const first = await shown();
    await eventually(shown, (text) => expect(text).not.toBe(first));
    await keepScreenshot(page, "cooking-pinned-timers-375");
    await pinned.getByRole("button", { name: `Pause ${bake}` }).click();
    await pinned.waitFor({ state: "detached" });
  });

  it("on a phone, leaves room at the end of the page for the pinned timers, so they never cover 'I cooked this'", async () => {
    const page = await openPage({ width: 390, height: 844 });
    await openCookingMode(page);
    await page.getByRole("region", { name: "Instructions" }).getByRole("button", { name: "Start 25 min timer" }).click();
    await addTimer(page, "Eggs", "5");
    await timer(page, "Eggs").getByRole("button", { name: "Start Eggs" }).click();
    // As the cook does: from the timers straight to the end of the page, where the bar pins as the panel leaves view.
    await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" }));
    const pinned = page.getByRole("region", { name: "Running timers" });
    await pinned.getByTestId("running-timer").nth(1).waitFor();
    await nextFrames(page);
    const atEnd = await page.evaluate(() => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1);
    expect(atEnd).toBe(true);
    const bar = (await pinned.boundingBox())!;
    const cooked = (await page.getByRole("button", { name: "I cooked this" }).boundingBox())!;
    expect(cooked.y + cooked.height).toBeLessThanOrEqual(bar.y);
    await keepScreenshot(page, "cooking-pinned-timers-room-390");
  });

  it("starts a step's timer once: while it runs or is paused, the step's button shows it and goes to it", async () => {
    const page = await openPage({ width: 390, height: 844 });
    await page.clock.install();
    await openCookingMode(page);
    const steps = page.getByRole("region", { name: "Instructions" });
    const bake = "Step 2: Bake";
    await steps.getByRole("button", { name: "Start 25 min timer" }).click();
    await timer(page, bake).waitFor();
    const running = steps.getByRole("button", { name: /^Timer running \d\d:\d\d$/ });
    await running.waitFor();
    await page.clock.fastForward(2000);
    await eventually(
      () => running.innerText(),
      (text) => expect(seconds(/[\d:]+$/.exec(text)?.[0] ?? "")).toBeLessThan(25 * 60),
    );
    await running.scrollIntoViewIfNeeded();
    await keepScreenshot(page, "cooking-step-timer-running-390");

    // A second tap takes the cook to the timer, on its pause button, and adds none.
    await running.click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe(`Pause ${bake}`);
    expect(await timer(page, bake).count()).toBe(1);
    await page.keyboard.press("Enter");
    await steps.getByRole("button", { name: /^Timer paused \d\d:\d\d$/ }).click();
    expect(await timer(page, bake).count()).toBe(1);

    // Once it has finished, the step starts it again, still as the one timer.
    await timer(page, bake)
      .getByRole("button", { name: `Start ${bake}` })
      .click();
    await page.clock.fastForward(25 * 60_000);
    await timer(page, bake).getByText("Done").waitFor();
    await steps.getByRole("button", { name: "Start 25 min timer" }).click();
    await running.waitFor();
    expect(await timer(page, bake).count()).toBe(1);
    await timer(page, bake)
      .getByRole("button", { name: `Pause ${bake}` })
      .waitFor();
  });

  it("on a phone, a double tap on a step's timer button starts the timer and leaves the step unticked", async () => {
    const page = await openPage({ width: 390, height: 932 });
    await openCookingMode(page);
    const steps = page.getByRole("region", { name: "Instructions" });
    const start = steps.getByRole("button", { name: "Start 25 min timer" });
    // The Timers panel at the top of the screen and the step's button below it, both in view.
    await page.getByRole("region", { name: "Timers" }).evaluate((panel) => panel.scrollIntoView({ block: "start", behavior: "instant" }));
    const box = await start.boundingBox();
    expect(box!.y + box!.height).toBeLessThan(932);
    // Two taps on the same spot of the screen, as a thumb makes them; the first adds a timer to the panel above, and
    // the second comes once it is drawn.
    const [x, y] = [box!.x + box!.width / 2, box!.y + box!.height / 2];
    await page.mouse.click(x, y);
    await timer(page, "Step 2: Bake").waitFor();
    await nextFrames(page);
    await page.mouse.click(x, y);
    await nextFrames(page);
    expect(await steps.getByText("0 of 2 completed").count()).toBe(1);
    expect(await timer(page, "Step 2: Bake").count()).toBe(1);
  });

  it("gives two equal durations of one step a timer each", async () => {
    const page = await openPage({ width: 390, height: 844 });
    await page.clock.install();
    await openCookingMode(page, { ...lemonCake, instructions: "Bake for 10 minutes, stir, then bake for 10 minutes more." });
    const steps = page.getByRole("region", { name: "Instructions" });
    const start = steps.getByRole("button", { name: "Start 10 min timer" });
    await expect.poll(() => start.count()).toBe(2);
    await start.first().click();
    await steps.getByRole("button", { name: /^Timer running \d\d:\d\d$/ }).waitFor();
    // The second still starts its own.
    expect(await start.count()).toBe(1);
    await start.click();
    await expect.poll(() => steps.getByRole("button", { name: /^Timer running \d\d:\d\d$/ }).count()).toBe(2);
    expect(await timer(page, "Step 1: Bake").count()).toBe(2);
  });

  it("runs timers from the form and from a step, several at once", async () => {
    const page = await openPage();
    // Time flows as usual, and the test moves it on where it checks that a stopped timer holds.
    await page.clock.install();
    // Counts the page's requests for notification permission (answered as a cook who says no).
    await page.addInitScript(() => {
      let requests = 0;
      Reflect.set(window, "permissionRequests", () => requests);
      Notification.requestPermission = () => {
        requests++;
        return Promise.resolve("denied");
      };
    });
    const permissionRequests = () => page.evaluate(() => Reflect.get(window, "permissionRequests")());
    await openCookingMode(page);
    const form = page.getByRole("form", { name: "Add a timer" });
    // The spec's defaults: 'Timer N', 10 minutes.
    expect(await form.getByLabel("Timer name").getAttribute("placeholder")).toBe("Timer 1");
    expect(await form.getByLabel("Minutes").inputValue()).toBe("10");
    await form.getByRole("button", { name: "Add Timer" }).click();
    await timer(page, "Timer 1").waitFor();
    expect(await timerTime(page, "Timer 1")).toBe("10:00");
    expect(await form.getByLabel("Timer name").getAttribute("placeholder")).toBe("Timer 2");
    await timer(page, "Timer 1").getByRole("button", { name: "Delete Timer 1" }).click();
    await timer(page, "Timer 1").waitFor({ state: "detached" });
    // Focus is not lost with the deleted timer: it goes to the form.
    expect(await form.getByLabel("Timer name").evaluate((input) => input === document.activeElement)).toBe(true);

    // Created stopped; counts down once started.
    await addTimer(page, "Eggs", "1");
    expect(await timerTime(page, "Eggs")).toBe("01:00");
    await page.clock.fastForward(1200);
    expect(await timerTime(page, "Eggs")).toBe("01:00");
    // Notifications are asked about on the first start, not on opening the page.
    expect(await permissionRequests()).toBe(0);
    await timer(page, "Eggs").getByRole("button", { name: "Start Eggs" }).click();
    await eventually(
      () => timerTime(page, "Eggs"),
      (time) => expect(seconds(time)).toBeLessThanOrEqual(59),
    );
    expect(await permissionRequests()).toBe(1);

    // The step names its time: one click makes and starts a timer named after the step.
    const steps = page.getByRole("region", { name: "Instructions" });
    await steps.getByRole("button", { name: "Start 25 min timer" }).click();
    const bake = "Step 2: Bake";
    await timer(page, bake).waitFor();
    await toast(page, "Timer started");
    await eventually(
      () => timerTime(page, bake),
      (time) => expect(seconds(time)).toBeLessThan(25 * 60),
    );
    expect(seconds(await timerTime(page, bake))).toBeGreaterThan(24 * 60);

    // Pause holds the time; reset restores the full duration, stopped.
    await timer(page, "Eggs").getByRole("button", { name: "Pause Eggs" }).click();
    const paused = await timerTime(page, "Eggs");
    await page.clock.fastForward(1200);
    expect(await timerTime(page, "Eggs")).toBe(paused);
    await timer(page, "Eggs").getByRole("button", { name: "Reset Eggs" }).click();
    expect(await timerTime(page, "Eggs")).toBe("01:00");
    await timer(page, "Eggs").getByRole("button", { name: "Start Eggs" }).waitFor();

    // An unparsable minute count gives 10 minutes, below one gives one; long timers show hours.
    await addTimer(page, "Stock", "90");
    expect(await timerTime(page, "Stock")).toBe("1:30:00");
    await addTimer(page, "Zero", "0");
    expect(await timerTime(page, "Zero")).toBe("01:00");

    expect(await permissionRequests()).toBe(1);
    await keepScreenshot(page, "cooking-1280");
    await page.setViewportSize({ width: 375, height: 800 });
    await keepScreenshot(page, "cooking-375");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // Timers count from the clock, so they carry on over a reload.
    await page.reload();
    await timer(page, bake).waitFor();
    await eventually(
      () => timerTime(page, bake),
      (time) => expect(seconds(time)).toBeLessThan(25 * 60 - 1),
    );
    await timer(page, bake)
      .getByRole("button", { name: `Pause ${bake}` })
      .waitFor();
    expect(await timerTime(page, "Eggs")).toBe("01:00");
  });

  it("finishes a timer at zero: it stops, says so on the page and notifies", async () => {
    const page = await openPage({ colorScheme: "dark" });
    // Notifications allowed; the page's notifications are recorded as the cook would see them.
    await page.context().grantPermissions(["notifications"]);
    await page.addInitScript(() => {
      const shown: { title: string; body: string | undefined }[] = [];
      Reflect.set(window, "shownNotifications", shown);
      const Native = window.Notification;
      window.Notification = class extends Native {
        constructor(title: string, options?: NotificationOptions) {
          shown.push({ title, body: options?.body });
          super(title, options);
        }
      };
      // The notes the page plays, by waveform.
      const played: string[] = [];
      Reflect.set(window, "playedNotes", played);
      const start = OscillatorNode.prototype.start;
      OscillatorNode.prototype.start = function (when?: number) {
        played.push(this.type);
        start.call(this, when);
      };
    });
    const opened = new Date("2026-11-28T08:00:00Z");
    await page.clock.install({ time: opened });
    await openCookingMode(page);
    // Time stands still from here, so both timers start at the same instant however slow the machine.
    await page.clock.pauseAt(new Date(opened.getTime() + 5 * 60_000));
    await page.getByRole("combobox", { name: "Sound" }).selectOption("Bell");
    await addTimer(page, "Eggs", "1");
    await addTimer(page, "Rice", "2");
    await timer(page, "Eggs").getByRole("button", { name: "Start Eggs" }).click();
    await timer(page, "Rice").getByRole("button", { name: "Start Rice" }).click();

    await page.clock.fastForward("01:00");
    await toast(page, "Timer Complete: Eggs");
    await eventually(
      () => timerTime(page, "Eggs"),
      (time) => expect(time).toBe("00:00"),
    );
    await timer(page, "Eggs").getByRole("button", { name: "Start Eggs" }).waitFor();
    await timer(page, "Eggs").getByText("Done").waitFor();
    expect(await page.evaluate(() => Reflect.get(window, "shownNotifications"))).toEqual([
      { title: "Timer Complete: Eggs", body: "Your cooking timer has finished!" },
    ]);
    // The chosen bell: three strikes of three sine partials each (a beep would be one square wave).
    expect(await page.evaluate(() => Reflect.get(window, "playedNotes"))).toEqual(Array(9).fill("sine"));
    // The other one runs on.
    expect(seconds(await timerTime(page, "Rice"))).toBe(60);
    await timer(page, "Rice").getByRole("button", { name: "Pause Rice" }).waitFor();
    await keepScreenshot(page, "cooking-finished-1280-dark");

    // Stopped at zero: time moving on changes nothing.
    await page.clock.fastForward("00:05");
    expect(await timerTime(page, "Eggs")).toBe("00:00");
    await page.setViewportSize({ width: 375, height: 800 });
    await keepScreenshot(page, "cooking-375-dark");
  });

  it("keeps the screen awake while open, and lets it sleep on leaving", async () => {
    const page = await openPage();
    await page.addInitScript(() => {
      const log: string[] = [];
      Reflect.set(window, "wakeLockLog", log);
      const request = navigator.wakeLock.request.bind(navigator.wakeLock);
      navigator.wakeLock.request = async (type) => {
        log.push(`request ${type}`);
        const lock = await request(type);
        lock.addEventListener("release", () => log.push("released"));
        return lock;
      };
    });
    const wakeLockLog = () => page.evaluate(() => Reflect.get(window, "wakeLockLog"));
    await openCookingMode(page);
    await eventually(wakeLockLog, (log) => expect(log).toEqual(["request screen"]));
    await page.getByRole("main").getByRole("link", { name: "Back to Recipes" }).click();
    await page.waitForURL((url) => url.pathname === "/recipes");
    await eventually(wakeLockLog, (log) => expect(log).toEqual(["request screen", "released"]));
  });

  it("keeps the chosen timer sound", async () => {
    const page = await openPage();
    await openCookingMode(page);
    const sound = page.getByRole("combobox", { name: "Sound" });
    const shown = () => sound.locator("option:checked").innerText();
    expect(await shown()).toBe("Beep");
    await sound.selectOption("Bell");
    expect(await page.evaluate(() => localStorage.getItem("timerSound"))).toBe("bell");
    await page.reload();
    expect(await shown()).toBe("Bell");
  });

  it("asks for the recipe with the page itself, and reads it once", async () => {
    const page = await openPage();
    const { userId } = await signInAs(page, { firstName: "Pia" });
    const [id] = await addRecipes(userId, [lemonCake]);
    const reads: string[] = [];
    page.on("request", (request) => void (request.url().includes("recipes.get") && reads.push(request.url())));
    await page.goto(`/cooking/${id}`);
    await page.getByRole("heading", { name: lemonCake.title, level: 1 }).waitFor();
    // The page's own preload (decision 0044), which the route's loader then takes rather than asking again.
    expect(reads).toHaveLength(1);
    const initiators = await page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .filter((e) => e.name.includes("recipes.get"))
        .map((e) => (e as PerformanceResourceTiming).initiatorType),
    );
    expect(initiators).toEqual(["link"]);
  });

  it("says 'Recipe not found' for an unknown, malformed or someone else's recipe", async () => {
    const page = await openPage({ width: 375 });
    await signInAs(page, { firstName: "Nora" });
    const other = await createUser({ firstName: "Otto" });
    const [othersRecipe] = await addRecipes(other.userId, [lemonCake]);
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-recipe", othersRecipe]) {
      await page.goto(`/cooking/${id}`);
      await page.getByRole("heading", { name: "Recipe not found" }).waitFor();
      const back = page.getByRole("main").getByRole("link", { name: "Back to Recipes" });
      await expect(back.getAttribute("href")).resolves.toBe("/recipes");
    }
    expect(await page.getByText(lemonCake.title).count()).toBe(0);
    await keepScreenshot(page, "cooking-not-found-375");
    await page.getByRole("main").getByRole("link", { name: "Back to Recipes" }).click();
    await page.waitForURL((url) => url.pathname === "/recipes");
  });

  it("takes what was cooked from the inventory, shows it, and undoes it", async () => {
    const page = await openPage();
    const { userId } = await signInAs(page, { firstName: "Ike" });
    const [id] = await addRecipes(userId, [lemonCake]);
    await addIngredients(userId, [
      { name: "Flour", quantity: 1, unit: "L", category: "Pantry" },
      { name: "Eggs", quantity: 6, unit: "units", category: "Dairy" },
      { name: "Milk", quantity: 2, unit: "L", category: "Dairy" },
    ]);
    await page.goto(`/cooking/${id}`);
    await page.getByRole("heading", { name: lemonCake.title, level: 1 }).waitFor();
    // Cooking twice the recipe: 3 cups of flour (710 ml) and 4 eggs; salt "to taste" and the milk are not touched.
    await page.getByRole("button", { name: "More servings" }).click();
    await page.getByRole("button", { name: "More servings" }).click();
    await page.getByRole("button", { name: "More servings" }).click();
    await page.getByRole("button", { name: "More servings" }).click();
    await page.getByText("8 servings use").waitFor();
    await page.getByRole("button", { name: "I cooked this" }).click();
    await toast(page, "Inventory updated");
    const taken = page.getByRole("list", { name: "Taken from your inventory" });
    await taken.waitFor();
    expect((await taken.innerText()).replace(/\s+/g, " ")).toBe("Flour 1 L → 0.29 L Eggs 6 units → 2 units");
    // What it could not take is said, with why, never skipped silently.
    const notTaken = page.getByRole("list", { name: "Could not take from your inventory" });
    expect((await notTaken.innerText()).replace(/\s+/g, " ")).toBe("salt: not in your inventory");
    await keepScreenshot(page, "cooking-cooked-1280");

    await page.goto("/inventory");
    const quantities = () => page.getByTestId("ingredient-card").allInnerTexts();
    await page.getByTestId("ingredient-card").first().waitFor();
    expect((await quantities()).join("\n")).toContain("0.29 L");

    await page.goBack();
    await page.getByRole("heading", { name: lemonCake.title, level: 1 }).waitFor();
    // The result is gone with the page; cook again and undo this time.
    await page.getByRole("button", { name: "I cooked this" }).click();
    await taken.waitFor();
    expect((await taken.innerText()).replace(/\s+/g, " ")).toBe("Flour 0.29 L → 0 L Eggs 2 units → 0 units");
    expect((await notTaken.innerText()).replace(/\s+/g, " ")).toBe(
      "flour: 1 3/4 cups more than your inventory had eggs: 2 units more than your inventory had salt: not in your inventory",
    );
    await page.setViewportSize({ width: 375, height: 800 });
    await keepScreenshot(page, "cooking-cooked-short-375");
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole("button", { name: "Undo" }).click();
    await toast(page, "Inventory restored");
    await page.getByRole("button", { name: "I cooked this" }).waitFor();
    await page.goto("/inventory");
    await page.getByTestId("ingredient-card").first().waitFor();
    const after = (await quantities()).join("\n");
    expect(after).toContain("0.29 L");
    expect(after).toContain("2 units");
  });
});
