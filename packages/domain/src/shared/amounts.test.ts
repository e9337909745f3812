import { describe, expect, it } from "vitest";
import { formatAmount } from "./amounts";

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
