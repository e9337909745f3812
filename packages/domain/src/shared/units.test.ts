import { describe, expect, it } from "vitest";
import { UNITS } from "./enums";
import { addQuantities, convertQuantity, measureKey, normalizeUnit, roundQuantity, singular, unitFamily } from "./units";

describe("singular", () => {
  it.each([
    ["eggs", "egg"],
    ["tomatoes", "tomato"],
    ["potatoes", "potato"],
    ["mangoes", "mango"],
    ["berries", "berry"],
    ["anchovies", "anchovy"],
    ["leaves", "leaf"],
    ["loaves", "loaf"],
    ["halves", "half"],
    ["boxes", "box"],
    ["peaches", "peach"],
    ["bunches", "bunch"],
    ["radishes", "radish"],
    ["glasses", "glass"],
    ["cheeses", "cheese"],
    ["slices", "slice"],
    ["olives", "olive"],
    ["cloves", "clove"],
    ["chives", "chive"],
    ["cookies", "cookie"],
    ["pies", "pie"],
    ["quiches", "quiche"],
    ["chilies", "chili"],
    ["kiwis", "kiwi"],
    ["peas", "pea"],
    ["avocados", "avocado"],
  ])("makes %j %j", (plural, one) => {
    expect(singular(plural)).toBe(one);
  });

  it.each([
    "egg",
    "glass",
    "swiss",
    "bass",
    "asparagus",
    "hummus",
    "couscous",
    "citrus",
    "molasses",
    "series",
    "gas",
    "lbs",
    "berry",
    "leaf",
  ])("keeps %j", (word) => {
    expect(singular(word)).toBe(word);
  });
});

describe("normalize unit", () => {
  it.each([
    ["cups", ["cup", "cups", "Cup", "c", "C", "c."]],
    ["tbsp", ["tablespoon", "Tablespoons", "tbsp", "Tbsp", "TBSP", "tbsp.", "tbs", "Tbs.", "T", "T."]],
    ["tsp", ["teaspoon", "teaspoons", "tsp", "Tsp", "tsps", "t", "t."]],
    ["g", ["g", "G", "gram", "grams", "gr", "gms"]],
    ["kg", ["kg", "KG", "kgs", "kilogram", "kilograms", "kilo"]],
    ["oz", ["oz", "oz.", "ounce", "Ounces"]],
    ["lbs", ["lb", "lbs", "lb.", "pound", "pounds"]],
    ["ml", ["ml", "mL", "ML", "millilitre", "milliliters"]],
    ["L", ["L", "l", "litre", "Liters"]],
    ["fl oz", ["fl oz", "fl. oz.", "fl  oz", "floz", "fluid ounce", "fluid ounces"]],
    ["units", ["", " ", "unit", "units", "each", "ea", "none"]],
  ])("reads %j from its spellings", (unit, spellings) => {
    for (const spelling of spellings) expect(normalizeUnit(spelling), spelling).toBe(unit);
  });

  it("keeps each of the spec's units as it is", () => {
    for (const unit of UNITS) expect(normalizeUnit(unit)).toBe(unit);
  });

  it.each([
    ["Cloves", "clove"],
    ["clove", "clove"],
    ["cans", "can"],
    ["slices", "slice"],
    ["tins", "tin"],
    ["bunches", "bunch"],
    ["pinch", "pinch"],
    ["sprigs", "sprig"],
    ["bay leaves", "bay leaf"],
    ["constructor", "constructor"],
  ])("keeps a counted word %j, singular: %j", (unit, counted) => {
    expect(normalizeUnit(unit)).toBe(counted);
  });
});

describe("unit families", () => {
  it.each([
    ["mass", ["g", "kg", "oz", "lbs", "pounds", "mg"]],
    ["volume", ["ml", "L", "tsp", "tbsp", "cups", "fl oz", "T", "t"]],
    ["count", ["units", "", "each", "cloves", "can", "slice", "pinch"]],
  ] as const)("puts %s units in their family", (family, units) => {
    for (const unit of units) expect(unitFamily(unit), unit).toBe(family);
  });

  it("adds up a family, and a counted word only with itself", () => {
    expect(measureKey("g")).toBe("mass");
    expect(measureKey("pounds")).toBe(measureKey("kg"));
    expect(measureKey("cups")).toBe("volume");
    expect(measureKey("fl oz")).toBe(measureKey("ml"));
    expect(measureKey("cloves")).toBe(measureKey("clove"));
    expect(measureKey("")).toBe(measureKey("units"));
    expect(measureKey("cloves")).not.toBe(measureKey("units"));
    expect(measureKey("cans")).not.toBe(measureKey("cloves"));
    expect(measureKey("oz")).not.toBe(measureKey("fl oz"));
    expect(measureKey("dozen")).toBe(measureKey("units"));
    expect(measureKey("doz")).toBe(measureKey(""));
  });
});

describe("convert quantity", () => {
  it("counts a dozen as 12 units", () => {
    expect(normalizeUnit("Dozens")).toBe("dozen");
    expect(normalizeUnit("doz")).toBe("dozen");
    expect(convertQuantity(1, "dozen", "units")).toBe(12);
    expect(convertQuantity(6, "", "dozen")).toBe(0.5);
    expect(
      addQuantities([
        { quantity: 1, unit: "dozen" },
        { quantity: 2, unit: "units" },
      ]),
    ).toEqual({ quantity: 14, unit: "units" });
    expect(
      addQuantities([
        { quantity: 1, unit: "dozen" },
        { quantity: 1, unit: "dozen" },
      ]),
    ).toEqual({ quantity: 2, unit: "dozen" });
  });

  it.each([
    [1, "cups", "ml", 236.588],
    [1, "tbsp", "ml", 14.787],
    [1, "tsp", "ml", 4.929],
    [1, "fl oz", "ml", 29.574],
    [1, "oz", "g", 28.3495],
    [1, "lbs", "g", 453.592],
    [1, "kg", "g", 1000],
    [1, "L", "ml", 1000],
  ])("uses US customary measures: %d %s in %s is %d", (value, from, to, expected) => {
    expect(convertQuantity(value, from, to)).toBeCloseTo(expected, 3);
  });

  it.each([
    [1500, "g", "kg", 1.5],
    [1.5, "kg", "g", 1500],
    [100, "g", "oz", 3.5274],
    [3.5274, "oz", "g", 100],
    [1, "kg", "lbs", 2.20462],
    [2.20462, "lbs", "kg", 1],
    [16, "oz", "lbs", 1],
    [500, "ml", "cups", 2.11338],
    [2.11338, "cups", "ml", 500],
    [3, "tsp", "tbsp", 1],
    [1, "tbsp", "tsp", 3],
    [16, "tbsp", "cups", 1],
    [48, "tsp", "cups", 1],
    [8, "fl oz", "cups", 1],
    [1, "cups", "fl oz", 8],
    [2, "tablespoons", "T", 2],
  ])("converts %d %s to %s: %d", (value, from, to, expected) => {
    expect(convertQuantity(value, from, to)).toBeCloseTo(expected, 2);
  });

  it("converts a counted word only into itself", () => {
    expect(convertQuantity(3, "cloves", "clove")).toBe(3);
    expect(convertQuantity(3, "", "units")).toBe(3);
    expect(convertQuantity(3, "cloves", "units")).toBeNull();
    expect(convertQuantity(3, "cans", "cloves")).toBeNull();
  });

  it("does not convert across families", () => {
    expect(convertQuantity(100, "g", "ml")).toBeNull();
    expect(convertQuantity(1, "cups", "oz")).toBeNull();
    expect(convertQuantity(1, "units", "g")).toBeNull();
    expect(convertQuantity(1, "kg", "units")).toBeNull();
  });
});

describe("round quantity", () => {
  it("rounds amounts to 2 decimals and counts up to whole ones", () => {
    expect(roundQuantity(1.2345, "g")).toBe(1.23);
    expect(roundQuantity(1 / 3, "cups")).toBe(0.33);
    expect(roundQuantity(1.2, "units")).toBe(2);
    expect(roundQuantity(0.5, "cloves")).toBe(1);
    expect(roundQuantity(3, "units")).toBe(3);
    expect(roundQuantity(2.000000001, "units")).toBe(2);
  });
});

describe("add quantities", () => {
  const add = (...parts: [number, string][]) => addQuantities(parts.map(([quantity, unit]) => ({ quantity, unit })));

  it.each([
    [[[1500, "g"]], 1.5, "kg"],
    [
      [
        [1000, "g"],
        [500, "g"],
      ],
      1.5,
      "kg",
    ],
    [[[999, "g"]], 999, "g"],
    [
      [
        [1, "qt"],
        [2, "cups"],
      ],
      1.5,
      "qt",
    ],
    [[[5, "cups"]], 5, "cups"],
    [[[0.5, "gallon"]], 2, "qt"],
    [
      [
        [0.333, "cups"],
        [0.333, "cups"],
        [0.333, "cups"],
      ],
      1,
      "cups",
    ],
    [[[0.5, "kg"]], 500, "g"],
    [[[500, "mg"]], 0.5, "g"],
    [
      [
        [750, "ml"],
        [0.5, "L"],
      ],
      1.25,
      "L",
    ],
    [[[0.75, "L"]], 750, "ml"],
    [[[20, "oz"]], 1.25, "lbs"],
    [
      [
        [1, "lb"],
        [8, "oz"],
      ],
      1.5,
      "lbs",
    ],
    [[[8, "oz"]], 8, "oz"],
    [[[0.5, "lbs"]], 8, "oz"],
    [[[48, "tsp"]], 1, "cups"],
    [[[3, "tsp"]], 1, "tbsp"],
    [[[2, "tsp"]], 2, "tsp"],
    [
      [
        [1, "tsp"],
        [1, "tsp"],
        [1, "tsp"],
      ],
      1,
      "tbsp",
    ],
    [[[0.25, "cup"]], 0.25, "cups"],
    [[[1 / 3, "cup"]], 0.33, "cups"],
    [[[12, "tbsp"]], 0.75, "cups"],
    [[[6, "tbsp"]], 6, "tbsp"],
    [[[0.125, "cup"]], 2, "tbsp"],
    [
      [
        [1, "cup"],
        [8, "tbsp"],
      ],
      1.5,
      "cups",
    ],
    [[[8, "fl oz"]], 1, "cups"],
    [
      [
        [1, "Tbsp"],
        [1, "T"],
        [3, "t"],
      ],
      3,
      "tbsp",
    ],
    [
      [
        [2, "Tbsp"],
        [1, "T"],
        [3, "t"],
      ],
      0.25,
      "cups",
    ],
    [[[999.999, "g"]], 1, "kg"],
  ] as [[number, string][], number, string][])("adds %j as %d %s", (parts, quantity, unit) => {
    expect(add(...parts)).toEqual({ quantity, unit });
  });

  it("keeps US units when all were US and picks metric when they mix", () => {
    expect(add([2, "cups"], [1, "cup"])).toEqual({ quantity: 3, unit: "cups" });
    expect(add([2, "cups"], [100, "ml"])).toEqual({ quantity: 573.18, unit: "ml" });
    expect(add([300, "g"], [0.5, "kg"], [8, "oz"])).toEqual({ quantity: 1.03, unit: "kg" });
    expect(add([8, "oz"], [100, "g"])).toEqual({ quantity: 326.8, unit: "g" });
  });

  it("adds counts, in whole ones", () => {
    expect(add([2, ""], [1, "each"], [0.5, "units"])).toEqual({ quantity: 4, unit: "units" });
    expect(add([2, "cloves"], [1, "clove"])).toEqual({ quantity: 3, unit: "cloves" });
    expect(add([1, "clove"], [1, "clove"])).toEqual({ quantity: 2, unit: "clove" });
    expect(add([0.5, "Cans"])).toEqual({ quantity: 1, unit: "can" });
    expect(add([0.25, "can"], [0.5, "cans"])).toEqual({ quantity: 1, unit: "can" });
  });

  it("gives nothing for no parts", () => {
    expect(addQuantities([])).toEqual({ quantity: 0, unit: "units" });
  });
});
