import { describe, expect, inject, it } from "vitest";
import { countedName, formatAmount } from "./amounts";
import { scaleQuantity } from "./quantities";

declare module "vitest" {
  export interface ProvidedContext {
    labelledLines: { input: string; quantity: string; unit: string; name: string }[] | null;
  }
}

describe("format an amount", () => {
  it.each<[number, string, string]>([
    [1 / 16, "cups", "1 tbsp"],
    [1 / 12, "cups", "1 1/3 tbsp"],
    [1 / 6, "cups", "2 2/3 tbsp"],
    [0.06, "cups", "1 tbsp"],
    [1 / 48, "cups", "1 tsp"],
    [0.25, "cups", "1/4 cup"],
    [0.5, "tbsp", "1/2 tbsp"],
    [1 / 3, "tbsp", "1 tsp"],
    [0.75, "tbsp", "2 1/4 tsp"],
    [0.5, "kg", "500 g"],
    [0.25, "L", "250 ml"],
    [1600, "g", "1.6 kg"],
    [1000, "ml", "1 L"],
    [800, "g", "800 g"],
    // Scaled up, an amount moves to the larger unit when it lands on a whole one or a measuring cup's size.
    [3, "tsp", "1 tbsp"],
    [12, "tsp", "1/4 cup"],
    [16, "tsp", "1/3 cup"],
    [8, "tbsp", "1/2 cup"],
    [24, "tbsp", "1 1/2 cups"],
    [16, "oz", "1 lb"],
    [24, "oz", "1 1/2 lbs"],
    [4.5, "tsp", "1 1/2 tbsp"],
    // Small amounts, and those that land on no measure of the larger unit, stay as they read.
    [1, "tsp", "1 tsp"],
    [2, "tsp", "2 tsp"],
    [4, "tsp", "4 tsp"],
    [10, "tsp", "10 tsp"],
    [3, "tbsp", "3 tbsp"],
    [6, "tbsp", "6 tbsp"],
    [12, "oz", "12 oz"],
    [1 / 4, "cups", "1/4 cup"],
  ])("measures %d %s as %j", (quantity, unit, text) => {
    expect(formatAmount(quantity, unit, { measuring: true })).toBe(text);
  });

  it("keeps stock in its own unit", () => {
    expect(formatAmount(1 / 16, "cups")).toBe("0.06 cup");
  });

  it.each<[number | string, string, string]>([
    [1.88, "cups", "1 7/8 cups"],
    [1.875, "cups", "1 7/8 cups"],
    [0.33, "cups", "1/3 cup"],
    [0.5, "cup", "1/2 cup"],
    [1, "cups", "1 cup"],
    [2, "Cups", "2 cups"],
    [0.375, "tsp", "3/8 tsp"],
    [1.5, "qt", "1 1/2 qt"],
    [2.25, "tbsp", "2 1/4 tbsp"],
    [0.02, "tsp", "0.02 tsp"],
    [690.852, "ml", "691 ml"],
    [2.53, "g", "2.5 g"],
    [1.254, "kg", "1.25 kg"],
    [12.34, "kg", "12.3 kg"],
    [0.7501, "L", "0.75 L"],
    [1.26, "lbs", "1 1/4 lbs"],
    [1, "lbs", "1 lb"],
    [0.5, "lbs", "1/2 lb"],
    [3.5, "oz", "3 1/2 oz"],
    [1, "units", "1 unit"],
    [3, "units", "3 units"],
    [0, "units", "0 units"],
    [2.1, "units", "2.1 units"],
    [0.33, "onion", "1/3 onion"],
    [1.26, "units", "1 1/4 units"],
    [1, "cloves", "1 clove"],
    [2, "clove", "2 cloves"],
    [1.5, "bunch", "1 1/2 bunches"],
    [2, "dozen", "2 dozen"],
    [2, "", "2"],
    [0.5, "", "1/2"],
    [150, "cups", "150 cups"],
    ["1-2", "cups", "1-2 cups"],
    ["1 1/2", "tbsp", "1 1/2 tbsp"],
    ["0.333", "cup", "1/3 cup"],
    ["to taste", "", "to taste"],
    ["a pinch", "tsp", "a pinch tsp"],
  ])("writes %j %s as %j", (quantity, unit, text) => {
    expect(formatAmount(quantity, unit)).toBe(text);
  });
});

/** A recipe line in cooking mode: its amount for `factor` times the servings, and its name beside it. */
function cooked(name: string, quantity: number | string, factor: number): string {
  const amount = formatAmount(scaleQuantity(quantity, factor), "", { measuring: true });
  return `${amount} ${countedName(name, amount)}`;
}

describe("a counted name agrees with the amount shown", () => {
  it.each<[string, number | string, number, string]>([
    ["eggs", 2, 1 / 2, "1 egg"],
    ["egg", 1, 2, "2 eggs"],
    ["onion", 0.5, 2, "1 onion"],
    ["onion", 0.5, 3, "1 1/2 onions"],
    ["onions", 2, 1 / 4, "1/2 onion"],
    ["lemon", 1, 3, "3 lemons"],
    ["large eggs, beaten", 2, 1 / 2, "1 large egg, beaten"],
    ["Eggs", 2, 1 / 2, "1 Egg"],
    ["EGG", 1, 2, "2 EGGS"],
    // 1.01 eggs are shown as 1.
    ["eggs", 2, 0.505, "1 egg"],
    ["egg", "1-2", 1, "1-2 eggs"],
    ["tomatoes", 3, 1 / 3, "1 tomato"],
    ["sweet potato", 1, 2, "2 sweet potatoes"],
    ["strawberries", 2, 1 / 2, "1 strawberry"],
    ["bay leaves", 2, 1 / 2, "1 bay leaf"],
    ["bay leaf", 1, 3, "3 bay leaves"],
    ["cinnamon stick", 1, 2, "2 cinnamon sticks"],
    ["vegetable stock cube", 0.5, 4, "2 vegetable stock cubes"],
    ["chicken thighs", 4, 1 / 4, "1 chicken thigh"],
    ["red onion (or 2 shallots)", 1, 2, "2 red onions (or 2 shallots)"],
    ["onion or a leek", 1, 2, "2 onions or a leek"],
    ["head of garlic", 1, 2, "2 heads of garlic"],
    ["anchovies in oil", 2, 1 / 2, "1 anchovy in oil"],
  ])("%j, %j scaled by %d, reads %j", (name, quantity, factor, line) => {
    expect(cooked(name, quantity, factor)).toBe(line);
  });

  it("changes nothing beside an amount with a unit, or without an amount", () => {
    expect(countedName("eggs", formatAmount(1, "cups"))).toBe("eggs");
    expect(countedName("egg", "2 cups")).toBe("egg");
    expect(countedName("eggs", formatAmount(1, "units"))).toBe("eggs");
    expect(countedName("garlic", formatAmount(1, "cloves"))).toBe("garlic");
    expect(countedName("eggs", 0)).toBe("eggs");
    expect(countedName("egg", "0")).toBe("egg");
    expect(countedName("salt", "to taste")).toBe("salt");
  });

  it.each<[string, number | string]>([
    // Mass nouns, and things Kim does not know are counted one by one.
    ["garlic", 2],
    ["bread", 2],
    ["rice", 2],
    ["salt", 3],
    ["butter", 2],
    ["shallot", 2],
    ["tomato paste", 2],
    ["egg noodle", 2],
    // Counted foods recipes leave alike in the plural.
    ["beetroot", 2],
    ["kiwi fruit", 2],
    // Half of seeds is a measure the line left out (1/2 tsp), not half a seed.
    ["pomegranate seeds", 0.5],
    // Not a regular plural, or not a plural at all.
    ["chillies", 1],
    ["asparagus", 1],
    ["hummus", 1],
    ["molasses", 1],
    // Two foods, or two words for the food.
    ["salt and pepper", 2],
    ["plum or cherry tomatoes", 1],
    ["courgette/zucchini", 2],
    // Other languages.
    ["huevos grandes", 1],
    ["tomates maduros", 1],
    ["Eier", 1],
    ["champiñones", 1],
    ["яйца", 1],
  ])("leaves %j as written beside %j", (name, amount) => {
    expect(countedName(name, amount)).toBe(name);
  });
});

const LETTER = /\p{L}/u;
/** Whether `name` is in the printed `line` as whole words. */
function printedIn(line: string, name: string): boolean {
  for (let at = line.indexOf(name); at >= 0; at = line.indexOf(name, at + 1)) {
    if (!LETTER.test(line[at - 1] ?? "") && !LETTER.test(line[at + name.length] ?? "")) return true;
  }
  return false;
}

describe("counted names of the labelled ingredient lines, each for its own amount", () => {
  const labelled = inject("labelledLines");
  const counted = (labelled ?? []).filter((line) => line.quantity !== "" && line.unit === "");
  const changed = (lines: typeof counted) =>
    lines.flatMap((line) => {
      const name = countedName(line.name, line.quantity);
      return name === line.name ? [] : [[line.input, name]];
    });

  it("change only where the printed name disagrees with its amount", () => {
    expect(labelled, "the shared test data, in ../shared/data beside the repository or where KIM_SHARED_DATA points").not.toBeNull();
    const asPrinted = counted.filter((line) => printedIn(line.input, line.name));
    expect([counted.length, asPrinted.length]).toEqual([3289, 3056]);
    expect(changed(asPrinted)).toEqual([
      ["2 cinnamon stick", "cinnamon sticks"],
      ["1 Granny Smith apples, cut into thin strips (on a mandolin)", "Granny Smith apple"],
      ["1 shallots, thinly sliced", "shallot"],
      ["2 lime, zest only", "limes"],
      ["1 Arbroath smokies", "Arbroath smokie"],
      ["3 egg, yolks only", "eggs"],
      ["6 egg, yolks only", "eggs"],
      ["1 onions, chopped", "onion"],
    ]);
  });

  it("give back the printed plural where the label wrote the name singular", () => {
    // "1-2 bay leaves" is labelled "bay leaf", "12 cardamom pods" "cardamom pod".
    const relabelled = counted.filter((line) => !printedIn(line.input, line.name));
    const notPrinted = changed(relabelled).filter(([input, name]) => !printedIn(input!, name!));
    expect([relabelled.length, changed(relabelled).length]).toEqual([233, 175]);
    // Right too: the label dropped or moved a word of the printed name.
    expect(notPrinted).toEqual([
      ["2 good-quality strong, black tea bags", "good-quality strong black tea bags"],
      ["10 kokum (cocum) pods, soaked in 110ml/4floz hot water to soften (available from some Asian grocers)", "kokum cocum pods"],
      ["4 Jacob’s Ladder (short rib) beef pieces", "Jacob’s Ladder short rib beef pieces"],
    ]);
  });
});
