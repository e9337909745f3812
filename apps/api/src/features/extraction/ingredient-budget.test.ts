import { ANSWER_INGREDIENTS } from "@kim/domain";
import { describe, expect, it } from "vitest";
import { LINES_A_TURN, parsedWithinBudget } from "./ingredient-budget";
import { finishDraft } from "./recipe-draft";

const recipe = (title: string, lines: string[]) =>
  finishDraft(
    {
      title,
      description: "",
      image: undefined,
      prepTime: null,
      cookTime: null,
      totalTime: null,
      servings: 4,
      difficulty: undefined,
      cuisines: [],
      ingredients: lines,
      instructions: ["Mix."],
      tags: [],
    },
    "https://example.com/",
  );

describe("parsedWithinBudget", () => {
  // A recipe holds at most 300 lines (finishDraft): 13 of them come to 3,900 of the budget's 4,000.
  const lines = (n: number) => Array.from({ length: 300 }, (_, i) => `${(i % 9) + 1} cups flour number ${n}.${i}`);
  const recipes = (count: number) => Array.from({ length: count }, (_, n) => recipe(`Flour ${n}`, lines(n)));

  it("parses each line, and lets the thread serve others between turns of lines", async () => {
    // Other work waiting for the thread: counted each time it gets a turn while the lines are parsed.
    let turns = 0;
    let counting = true;
    const count = () => {
      turns++;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    const parsed = await parsedWithinBudget(recipes(13));
    counting = false;
    expect(parsed.recipes).toHaveLength(13);
    expect(parsed.recipes[0]!.ingredients[1]).toMatchObject({ quantity: 2, unit: "cups", original: "2 cups flour number 0.1" });
    // A turn every LINES_A_TURN lines: 15 for 3,900 lines; parsed in one go, none.
    expect(LINES_A_TURN).toBeLessThanOrEqual(300);
    expect(turns).toBeGreaterThanOrEqual(10);
  });

  it("leaves out the recipes past the budget, counted, and those with nothing to cook from", async () => {
    const empty = { ...recipe("Nothing", []), instructions: "" };
    const parsed = await parsedWithinBudget([empty, ...recipes(14)]);
    expect(parsed.recipes.map((r) => r.title)).toEqual(recipes(13).map((r) => r.title));
    expect(parsed.recipes.reduce((sum, r) => sum + r.ingredients.length, 0)).toBeLessThanOrEqual(ANSWER_INGREDIENTS.lines);
    expect(parsed.leftOut).toBe(1);
  });
});
