import { describe, expect, it } from "vitest";
import type { Category } from "../shared/enums";
import {
  consumeStock,
  guessCategory,
  ingredientKey,
  ingredientName,
  notTakenText,
  replacePlanItems,
  mergeShoppingItems,
  NO_AMOUNT_UNIT,
  planShoppingLines,
  shoppingAmount,
  subtractStock,
  unconvertedText,
} from "./shopping";
import { shoppingItemSchema, type ShoppingItem } from "./shopping-input";

const line = <Q extends number | string>(name: string, quantity: Q, unit = "") => ({ name, quantity, unit });

describe("shopping amount", () => {
  it.each([
    [2, 2],
    [0.5, 0.5],
    ["2", 2],
    ["0.5", 0.5],
    ["1/2", 0.5],
    ["1 1/2", 1.5],
    ["½", 0.5],
    ["1½", 1.5],
    ["1-2", 2],
    ["2 to 3", 3],
    ["½-1", 1],
  ] as const)("buys %j as %d", (q, amount) => {
    expect(shoppingAmount(q)).toBe(amount);
  });

  it.each(["a pinch", "to taste", "", "some", 0, "0", -1, Number.NaN])("finds no amount in %j", (q) => {
    expect(shoppingAmount(q)).toBeNull();
  });
});

describe("ingredient names", () => {
  it("drops the trailing preparation", () => {
    expect(ingredientName("Onion, diced")).toBe("Onion");
    expect(ingredientName("Butter (softened)")).toBe("Butter");
    expect(ingredientName("  Red   onions , thinly sliced, to serve")).toBe("Red onions");
    expect(ingredientName("Flour")).toBe("Flour");
  });

  it.each([
    ["eggs", "Egg"],
    ["Tomatoes", "tomato"],
    ["berries", "berry"],
    ["Bay leaves", "bay leaf"],
    ["onion, diced", "Onion"],
    ["  RED   onions ", "red onion"],
    ["Cherry tomatoes (halved)", "cherry tomato"],
    ["Jalapeños", "jalapeno"],
    ["All-purpose flour", "all purpose flour"],
    ["Confectioners' sugar", "confectioners sugar"],
    ["Brussels sprouts", "brussel sprout"],
  ])("matches %j with %j", (a, b) => {
    expect(ingredientKey(a)).toBe(ingredientKey(b));
  });

  it.each(["glass", "asparagus", "hummus", "couscous", "molasses", "swiss chard", "sea bass", "citrus"])("keeps %j as it is", (name) => {
    expect(ingredientKey(name)).toBe(name);
  });

  it("keeps different foods apart", () => {
    expect(ingredientKey("green onions")).not.toBe(ingredientKey("onion"));
    expect(ingredientKey("peas")).not.toBe(ingredientKey("peaches"));
    expect(ingredientKey("Tomatoes")).toBe("tomato");
  });
});

describe("merge shopping items", () => {
  it("adds the same item from three recipes in g, kg and oz as one metric line", () => {
    const lines = [line("Flour", 300, "g"), line("flour", "1/2", "kg"), line("flour, sifted", 8, "oz")];
    expect(mergeShoppingItems(lines)).toEqual([{ name: "Flour", quantity: 1.03, unit: "kg" }]);
  });

  it("keeps US units when every line was in them", () => {
    expect(mergeShoppingItems([line("Milk", 1, "cup"), line("milk", 8, "tbsp")])).toEqual([{ name: "Milk", quantity: 1.5, unit: "cups" }]);
    expect(mergeShoppingItems([line("Beef", 1, "lb"), line("beef", 8, "oz")])).toEqual([{ name: "Beef", quantity: 1.5, unit: "lbs" }]);
    expect(mergeShoppingItems([line("Salt", 1, "tsp"), line("salt", 2, "t")])).toEqual([{ name: "Salt", quantity: 1, unit: "tbsp" }]);
  });

  it("adds cloves written after the food's name in plain units to cloves counted as a unit", () => {
    expect(mergeShoppingItems([line("garlic", 2, "cloves"), line("Garlic cloves", 3, "units")])).toEqual([
      { name: "garlic", quantity: 5, unit: "cloves" },
    ]);
    expect(subtractStock([line("garlic", 2, "clove")], [{ name: "Garlic cloves", quantity: 4, unit: "" }]).items).toEqual([]);
  });

  it("adds quarts and cups of one liquid", () => {
    expect(mergeShoppingItems([line("Stock", 1, "qt"), line("stock", 2, "cups")])).toEqual([{ name: "Stock", quantity: 1.5, unit: "qt" }]);
  });

  it("reads every quantity form, a range by its top", () => {
    const lines = [line("Sugar", "1 1/2", "cups"), line("Sugar", "½", "cup"), line("Onions", "1-2"), line("onion", 1, "each")];
    expect(mergeShoppingItems(lines)).toEqual([
      { name: "Sugar", quantity: 2, unit: "cups" },
      { name: "Onions", quantity: 3, unit: "units" },
    ]);
  });

  it("converts a name's measures into the one it is bought in by density or weight each (2 tbsp of butter are 28.4 g)", () => {
    const lines = [line("Butter", 100, "g"), line("Eggs", 2), line("butter", 2, "tbsp"), line("butter", 50, "g"), line("eggs", 100, "g")];
    expect(mergeShoppingItems(lines)).toEqual([
      { name: "Butter", quantity: 178.38, unit: "g" },
      { name: "Eggs", quantity: 4, unit: "units" },
    ]);
    expect(mergeShoppingItems([line("Flour", 1, "cup"), line("flour", 240, "g")])).toEqual([{ name: "Flour", quantity: 360, unit: "g" }]);
  });

  it("gives the same amount whatever the order, counted when a weight each is known, else by weight, else by volume", () => {
    const onions = [line("Onion, chopped", 1, "cup"), line("onion", 1)];
    expect(mergeShoppingItems(onions)).toEqual([{ name: "Onion", quantity: 3, unit: "units" }]);
    expect(mergeShoppingItems([...onions].reverse())).toEqual([{ name: "onion", quantity: 3, unit: "units" }]);
    const flour = [line("Flour", 1, "cup"), line("flour", 240, "g"), line("flour", 1, "bag")];
    const forward = mergeShoppingItems(flour);
    expect(forward).toEqual([
      { name: "Flour", quantity: 360, unit: "g" },
      { name: "Flour", quantity: 1, unit: "bag" },
    ]);
    expect(mergeShoppingItems([...flour].reverse())).toEqual(forward.map((l) => ({ ...l, name: "flour" })));
    const milk = [line("Milk", 1, "cup"), line("Milk", 1, "L")];
    expect(mergeShoppingItems(milk)).toEqual([{ name: "Milk", quantity: 1.24, unit: "L" }]);
    expect(mergeShoppingItems([...milk].reverse())).toEqual(mergeShoppingItems(milk));
  });

  it("keeps measures that do not convert as lines of their own, next to the first", () => {
    const lines = [line("Saffron", 1, "g"), line("Eggs", 2), line("saffron", 1, "tsp"), line("saffron", 2, "g")];
    expect(mergeShoppingItems(lines)).toEqual([
      { name: "Saffron", quantity: 3, unit: "g" },
      { name: "Saffron", quantity: 1, unit: "tsp" },
      { name: "Eggs", quantity: 2, unit: "units" },
    ]);
  });

  it("adds heads and cloves of garlic, and dozens and units of eggs", () => {
    expect(mergeShoppingItems([line("garlic", 2, "cloves"), line("Garlic", 1, "head")])).toEqual([
      { name: "garlic", quantity: 2, unit: "head" },
    ]);
    expect(mergeShoppingItems([line("Eggs", 1, "dozen"), line("eggs", 2)])).toEqual([{ name: "Eggs", quantity: 14, unit: "units" }]);
    expect(subtractStock([line("Eggs", 14)], [{ name: "eggs", quantity: 1, unit: "dozen" }]).items).toEqual([line("Eggs", 2)]);
    expect(consumeStock([line("Eggs", 3)], [{ id: "e", name: "Eggs", quantity: 1, unit: "dozen" }]).taken).toEqual([
      { id: "e", name: "Eggs", unit: "dozen", before: 1, after: 0.75 },
    ]);
  });

  it("adds a counted word only to itself, singular or plural", () => {
    const lines = [line("Garlic", 2, "cloves"), line("garlic", 3, "units"), line("garlic", 1, "clove"), line("Tomatoes", 1, "can")];
    expect(mergeShoppingItems(lines)).toEqual([
      { name: "Garlic", quantity: 3, unit: "cloves" },
      { name: "Garlic", quantity: 3, unit: "units" },
      { name: "Tomatoes", quantity: 1, unit: "can" },
    ]);
  });

  it("matches names whatever their case, plural or preparation, and shows the first seen", () => {
    const lines = [line("Onions, diced", 1), line("onion", 2), line(" ONION (red) ", 1), line("Eggs", 2), line("egg", 1)];
    expect(mergeShoppingItems(lines)).toEqual([
      { name: "Onions", quantity: 4, unit: "units" },
      { name: "Eggs", quantity: 3, unit: "units" },
    ]);
  });

  it("gives a name without an amount one line, only when no line of it has one", () => {
    const lines = [line("Salt", "to taste"), line("Pepper", "to taste"), line("salt", 1, "tsp"), line("pepper", "a pinch"), line("Oil", 0)];
    expect(mergeShoppingItems(lines)).toEqual([
      { name: "Salt", quantity: 1, unit: "tsp" },
      { name: "Pepper", quantity: 0, unit: NO_AMOUNT_UNIT },
      { name: "Oil", quantity: 0, unit: "as needed" },
    ]);
  });

  it("rounds to 2 decimals and counts up to whole ones", () => {
    expect(mergeShoppingItems([line("Rice", 1 / 3, "cup"), line("Flour", 100.005, "g"), line("Eggs", 1.5)])).toEqual([
      { name: "Rice", quantity: 0.33, unit: "cups" },
      { name: "Flour", quantity: 100.01, unit: "g" },
      { name: "Eggs", quantity: 2, unit: "units" },
    ]);
  });

  it("gives nothing for nothing", () => {
    expect(mergeShoppingItems([])).toEqual([]);
  });
});

describe("plan shopping lines", () => {
  const pancakes = { servings: 4, ingredients: [line("Flour", 200, "g"), line("Eggs", 2), line("Salt", "to taste")] };
  const bread = { servings: 2, ingredients: [line("flour", "0.1", "kg"), line("egg", "1-2"), line("salt", 1, "tsp")] };

  it("scales each recipe to the meal's servings and merges them", () => {
    expect(planShoppingLines([{ servings: 2, recipe: pancakes }])).toEqual([
      { name: "Flour", quantity: 100, unit: "g" },
      { name: "Eggs", quantity: 1, unit: "units" },
      { name: "Salt", quantity: 0, unit: NO_AMOUNT_UNIT },
    ]);
    expect(
      planShoppingLines([
        { servings: 2, recipe: pancakes },
        { servings: 6, recipe: bread },
      ]),
    ).toEqual([
      { name: "Flour", quantity: 400, unit: "g" },
      { name: "Eggs", quantity: 7, unit: "units" },
      { name: "Salt", quantity: 1, unit: "tbsp" },
    ]);
  });

  it("holds a line at the most a list item can be, so the generated list can be saved", () => {
    const huge = { servings: 1, ingredients: [line("Rice", 1_000_000, "kg"), line("Salt", 1, "tsp")] };
    expect(planShoppingLines([{ servings: 100, recipe: huge }])).toEqual([
      { name: "Rice", quantity: 1_000_000, unit: "kg" },
      { name: "Salt", quantity: 2.08, unit: "cups" },
    ]);
    expect(shoppingItemSchema.safeParse({ name: "Rice", quantity: 1_000_000, unit: "kg" }).success).toBe(true);
  });

  it("counts a recipe planned twice twice", () => {
    expect(planShoppingLines([4, 8].map((servings) => ({ servings, recipe: pancakes })))[0]).toEqual({
      name: "Flour",
      quantity: 600,
      unit: "g",
    });
  });

  it("gives nothing for an empty plan", () => {
    expect(planShoppingLines([])).toEqual([]);
  });
});

describe("replace plan items", () => {
  const item = (name: string, quantity: number, unit: string, checked = false): ShoppingItem => ({ name, quantity, unit, checked });
  const week = { from: "2026-11-23", to: "2026-11-29" };
  const planned = (name: string, quantity: number, unit: string, category: Category, range = week): ShoppingItem => ({
    ...item(name, quantity, unit),
    category,
    plan: range,
  });
  const generated = [line("Flour", 2.5, "cups"), line("Sugar", 1, "cups"), line("Salt", 0, NO_AMOUNT_UNIT)];

  it("puts a generation in as plan items, after the hand-added ones", () => {
    expect(replacePlanItems([item("Milk", 1, "L")], generated, week)).toEqual([
      item("Milk", 1, "L"),
      planned("Flour", 2.5, "cups", "Pantry"),
      planned("Sugar", 1, "cups", "Pantry"),
      planned("Salt", 0, NO_AMOUNT_UNIT, "Spices"),
    ]);
  });

  it("replaces what it put there for the range when generated again, in place, instead of adding again", () => {
    const once = replacePlanItems([item("Flour", 1, "kg")], generated, week);
    const twice = replacePlanItems(once, generated, week);
    expect(twice).toEqual(once);
    expect(replacePlanItems(twice, [line("Flour", 5, "cups")], week)).toEqual([
      item("Flour", 1, "kg"),
      planned("Flour", 5, "cups", "Pantry"),
    ]);
  });

  it("keeps hand-added items and checks: a bought item stays checked and is not added again", () => {
    const once = replacePlanItems([item("Eggs", 6, "units", true)], generated, week);
    const shopped = once.map((i) => (i.name === "Flour" || i.name === "Salt" ? { ...i, checked: true } : i));
    expect(replacePlanItems(shopped, [...generated, line("Flour", 1, "cups")], week)).toEqual([
      item("Eggs", 6, "units", true),
      { ...planned("Flour", 2.5, "cups", "Pantry"), checked: true },
      planned("Sugar", 1, "cups", "Pantry"),
      { ...planned("Salt", 0, NO_AMOUNT_UNIT, "Spices"), checked: true },
      planned("Flour", 1, "cups", "Pantry"),
    ]);
  });

  it("leaves another week's items alone and replaces any overlapping range", () => {
    const next = { from: "2026-11-30", to: "2026-12-06" };
    const both = { from: "2026-11-23", to: "2026-12-06" };
    const list = replacePlanItems(replacePlanItems([], generated.slice(0, 1), week), [line("Flour", 1, "cups")], next);
    expect(list).toEqual([planned("Flour", 2.5, "cups", "Pantry"), planned("Flour", 1, "cups", "Pantry", next)]);
    expect(replacePlanItems(list, [line("Flour", 3.5, "cups")], both)).toEqual([planned("Flour", 3.5, "cups", "Pantry", both)]);
  });

  it("keeps a line's category from the server and never changes the list it was given", () => {
    const existing = [planned("Flour", 1, "cups", "Pantry")];
    expect(replacePlanItems(existing, [{ ...line("Flour", 2, "cups"), category: "Other" }], week)).toEqual([
      planned("Flour", 2, "cups", "Other"),
    ]);
    expect(existing).toEqual([planned("Flour", 1, "cups", "Pantry")]);
  });
});

describe("subtract stock", () => {
  const stock = (name: string, quantity: number, unit: string) => ({ name, quantity, unit });

  it("excludes what the stock covers, across the units of a family", () => {
    expect(subtractStock([line("Flour", 500, "g")], [stock("flour", 2, "kg")])).toEqual({
      items: [],
      excludedItems: [line("Flour", 500, "g")],
      unconverted: [],
    });
    expect(subtractStock([line("Milk", 2, "cups")], [stock("Milk", 1, "L")]).excludedItems).toEqual([line("Milk", 2, "cups")]);
  });

  it("counts stock a sliver short of a need, after converting it, as covering it", () => {
    expect(subtractStock([line("sugar", 1, "cup")], [stock("Sugar", 197, "g")]).items).toEqual([]);
    expect(subtractStock([line("milk", 1, "cup")], [stock("Milk", 235, "ml")]).items).toEqual([]);
    expect(subtractStock([line("Chicken stock", 1, "quart")], [stock("chicken stock", 2, "L")]).items).toEqual([]);
    expect(subtractStock([line("milk", 1, "cup")], [stock("Milk", 220, "ml")]).items).toEqual([line("milk", 0.07, "cup")]);
  });

  it("keeps what is missing from a partly covered line, in its unit", () => {
    expect(subtractStock([line("Milk", 1, "L")], [stock("milk", 250, "ml")])).toEqual({
      items: [line("Milk", 0.75, "L")],
      excludedItems: [],
      unconverted: [],
    });
    expect(subtractStock([line("Eggs", 6, "units")], [stock("egg", 4, "units")]).items).toEqual([line("Eggs", 2, "units")]);
    expect(subtractStock([line("Eggs", 6, "units")], [stock("egg", 4.5, "units")]).items).toEqual([line("Eggs", 2, "units")]);
  });

  it("adds up several stock rows of a name", () => {
    const rows = [stock("Sugar", 300, "g"), stock("sugar", 500, "g")];
    expect(subtractStock([line("Sugar", 1, "kg")], rows).items).toEqual([line("Sugar", 0.2, "kg")]);
    expect(subtractStock([line("Sugar", 1, "kg")], [...rows, stock("sugar", 0.5, "lbs")]).excludedItems).toEqual([line("Sugar", 1, "kg")]);
  });

  it("converts weight, volume and counts by the ingredient's density and weight each", () => {
    const needed = [line("Flour", "2 1/2", "cups"), line("Sugar", 1, "cups"), line("Butter", 1, "cups"), line("Salt", 1, "tsp")];
    const pantry = [stock("flour", 2, "kg"), stock("sugar", 1, "kg"), stock("butter", 250, "g"), stock("salt", 500, "g")];
    expect(
      subtractStock(
        needed.map((l) => ({ ...l, quantity: shoppingAmount(l.quantity)! })),
        pantry,
      ),
    ).toMatchObject({
      items: [],
      unconverted: [],
    });
    // 2 1/2 cups of flour are 300 g: 250 g leaves 50 g, 5/12 cup.
    expect(subtractStock([line("Flour", 2.5, "cups")], [stock("flour", 250, "g")]).items).toEqual([line("Flour", 0.42, "cups")]);
    expect(subtractStock([line("Eggs", 200, "g")], [stock("egg", 3, "units")]).items).toEqual([line("Eggs", 50, "g")]);
    expect(subtractStock([line("Garlic", 4, "cloves")], [stock("garlic", 6, "g")]).items).toEqual([line("Garlic", 2, "cloves")]);
  });

  it("does not weigh a food by the describing word before it: tomato paste is not a tomato", () => {
    const result = subtractStock([line("Tomato paste", 6, "oz")], [stock("tomato paste", 1, "units")]);
    expect(result.items).toEqual([line("Tomato paste", 6, "oz")]);
    expect(result.unconverted).toHaveLength(1);
  });

  it("does not weigh a can counted in units as a fresh one, and says so", () => {
    const result = subtractStock([line("Canned tomatoes", 800, "g")], [stock("Canned tomatoes", 2, "units")]);
    expect(result.items).toEqual([line("Canned tomatoes", 800, "g")]);
    expect(result.unconverted).toEqual([{ name: "Canned tomatoes", unit: "g", stockUnits: ["units"] }]);
  });

  it("counts a recipe's cans, tins or jars one for one against stock of the food counted in units", () => {
    expect(subtractStock([line("Chickpeas", 2, "cans")], [stock("chickpeas", 3, "units")]).excludedItems).toEqual([
      line("Chickpeas", 2, "cans"),
    ]);
    expect(subtractStock([line("Chickpeas", 3, "tins")], [stock("chickpeas", 2, "units")]).items).toEqual([line("Chickpeas", 1, "tins")]);
    expect(subtractStock([line("Pesto", 1, "units")], [stock("pesto", 1, "jar")]).excludedItems).toHaveLength(1);
    // Not a fresh food with a weight each (a can of tomatoes is not a tomato), nor one container for another.
    expect(subtractStock([line("Tomatoes", 1, "can")], [stock("tomatoes", 5, "units")]).unconverted).toHaveLength(1);
    expect(subtractStock([line("Chickpeas", 1, "jar")], [stock("chickpeas", 2, "cans")]).unconverted).toHaveLength(1);
  });

  it("keeps what it cannot convert, and says so", () => {
    const result = subtractStock(
      [line("Garlic", 2, "cloves"), line("Saffron", 1, "tsp"), line("Onion", 2, "units")],
      [stock("garlic", 5, "units"), stock("saffron", 1, "g"), stock("onion", 1, "bag")],
    );
    expect(result.items).toEqual([line("Garlic", 2, "cloves"), line("Saffron", 1, "tsp"), line("Onion", 2, "units")]);
    expect(result.unconverted).toEqual([
      { name: "Garlic", unit: "cloves", stockUnits: ["units"] },
      { name: "Saffron", unit: "tsp", stockUnits: ["g"] },
      { name: "Onion", unit: "units", stockUnits: ["bag"] },
    ]);
    expect(unconvertedText(result.unconverted[0]!)).toBe("your inventory has it in units, which Kim can't convert to clove");
  });

  it("does not count stock without an amount, nor stock of another name", () => {
    expect(subtractStock([line("Rice", 200, "g")], [stock("rice", 0, "g"), stock("rice flour", 1, "kg")]).items).toEqual([
      line("Rice", 200, "g"),
    ]);
  });

  it("shares stock between lines instead of counting it twice", () => {
    const needed = [line("Butter", 100, "g"), line("Butter", 100, "g")];
    expect(subtractStock(needed, [stock("butter", 150, "g")])).toEqual({
      items: [line("Butter", 50, "g")],
      excludedItems: [needed[0]],
      unconverted: [],
    });
  });

  it("covers a line without an amount with any stock of its name", () => {
    const needed = [line("Salt", 0, NO_AMOUNT_UNIT), line("Pepper", 0, NO_AMOUNT_UNIT)];
    expect(subtractStock(needed, [stock("salt", 500, "g"), stock("pepper", 0, "g")])).toEqual({
      items: [needed[1]],
      excludedItems: [needed[0]],
      unconverted: [],
    });
  });

  it("keeps the lines' other fields", () => {
    const needed = [{ ...line("Flour", 500, "g"), category: "Pantry" }];
    expect(subtractStock(needed, [stock("flour", 200, "g")]).items).toEqual([{ ...line("Flour", 300, "g"), category: "Pantry" }]);
  });
});

describe("consume stock", () => {
  const row = (id: string, name: string, quantity: number, unit: string) => ({ id, name, quantity, unit });

  it("takes each ingredient from its items in their own units", () => {
    const stock = [row("a", "Flour", 1, "kg"), row("b", "Milk", 1, "L"), row("c", "Butter", 1, "lbs"), row("d", "Sugar", 2, "cups")];
    const cooked = [line("flour", 250, "g"), line("milk", 1, "cup"), line("Butter", 100, "g")];
    expect(consumeStock(cooked, stock).taken).toEqual([
      { id: "a", name: "Flour", unit: "kg", before: 1, after: 0.75 },
      { id: "b", name: "Milk", unit: "L", before: 1, after: 0.763 },
      { id: "c", name: "Butter", unit: "lbs", before: 1, after: 0.78 },
    ]);
  });

  it("spreads over several items in the order given, never below 0", () => {
    const stock = [row("old", "Eggs", 2, "units"), row("new", "eggs", 12, "units"), row("flour", "Flour", 100, "g")];
    expect(consumeStock([line("Eggs", 3), line("Flour", 1, "kg")], stock).taken).toEqual([
      { id: "old", name: "Eggs", unit: "units", before: 2, after: 0 },
      { id: "new", name: "eggs", unit: "units", before: 12, after: 11 },
      { id: "flour", name: "Flour", unit: "g", before: 100, after: 0 },
    ]);
  });

  it("answers in the recipe's order, whatever the stock's", () => {
    const stock = [row("e", "Eggs", 6, "units"), row("f", "Flour", 1, "kg")];
    expect(consumeStock([line("Flour", 250, "g"), line("Eggs", 2)], stock).taken.map((t) => t.id)).toEqual(["f", "e"]);
  });

  it("takes only what it needs, leaving later items alone", () => {
    const stock = [row("old", "Eggs", 2, "units"), row("new", "eggs", 12, "units")];
    expect(consumeStock([line("Eggs", 2)], stock).taken).toEqual([{ id: "old", name: "Eggs", unit: "units", before: 2, after: 0 }]);
  });

  it("reads text quantities, a range by its top", () => {
    const stock = [row("o", "Onion", 5, "units"), row("s", "Sugar", 1, "cups")];
    expect(consumeStock([line("onions", "1-2"), line("sugar", "1/2", "cup")], stock).taken).toEqual([
      { id: "o", name: "Onion", unit: "units", before: 5, after: 3 },
      { id: "s", name: "Sugar", unit: "cups", before: 1, after: 0.5 },
    ]);
  });

  it("takes nothing without an amount, what it cannot convert or from an empty item, and says why", () => {
    const stock = [row("s", "Salt", 500, "g"), row("g", "Garlic", 3, "units"), row("r", "Rice", 0, "g")];
    const cooked = [line("Salt", "to taste"), line("Garlic", 2, "cloves"), line("Rice", 100, "g"), line("Basil, torn", "1/2", "cup")];
    const { taken, notTaken } = consumeStock(cooked, stock);
    expect(taken).toEqual([]);
    expect(notTaken).toEqual([
      { name: "Salt", reason: "no-amount", quantity: 0, unit: "units", stockUnits: [] },
      { name: "Garlic", reason: "no-conversion", quantity: 2, unit: "clove", stockUnits: ["units"] },
      { name: "Rice", reason: "not-in-stock", quantity: 100, unit: "g", stockUnits: [] },
      { name: "Basil", reason: "not-in-stock", quantity: 0.5, unit: "cups", stockUnits: [] },
    ]);
    expect(notTaken.map(notTakenText)).toEqual([
      "the recipe gives no amount to take",
      "2 cloves not taken: your inventory has it in units, which Kim can't convert to clove",
      "not in your inventory",
      "not in your inventory",
    ]);
  });

  it("converts between weight, volume and counts, and says what was short", () => {
    const stock = [row("f", "Flour", 2, "kg"), row("b", "Butter", 100, "g"), row("e", "Eggs", 200, "g")];
    const { taken, notTaken } = consumeStock([line("flour", "2 1/2", "cups"), line("butter", "1/2", "cup"), line("eggs", 2)], stock);
    expect(taken).toEqual([
      { id: "f", name: "Flour", unit: "kg", before: 2, after: 1.7 },
      { id: "b", name: "Butter", unit: "g", before: 100, after: 0 },
      { id: "e", name: "Eggs", unit: "g", before: 200, after: 100 },
    ]);
    expect(notTaken).toEqual([{ name: "butter", reason: "short", quantity: 0.06, unit: "cups", stockUnits: [] }]);
    expect(notTakenText(notTaken[0]!)).toBe("1 tbsp more than your inventory had");
  });

  it("takes canned food counted in units only by the can, never by a fresh one's weight", () => {
    const stock = [row("t", "Canned tomatoes", 2, "units"), row("c", "Chickpeas", 3, "units")];
    const { taken, notTaken } = consumeStock([line("Canned tomatoes", 400, "g"), line("Chickpeas", 2, "cans")], stock);
    expect(taken).toEqual([{ id: "c", name: "Chickpeas", unit: "units", before: 3, after: 1 }]);
    expect(notTaken).toEqual([{ name: "Canned tomatoes", reason: "no-conversion", quantity: 400, unit: "g", stockUnits: ["units"] }]);
  });

  it("takes an ingredient named twice from one item once each", () => {
    const stock = [row("b", "Butter", 200, "g")];
    expect(consumeStock([line("butter", 50, "g"), line("Butter, melted", 30, "g")], stock).taken).toEqual([
      { id: "b", name: "Butter", unit: "g", before: 200, after: 120 },
    ]);
  });
});

describe("guess category", () => {
  it.each<[Category, string[]]>([
    [
      "Produce",
      ["Onion", "red onions, diced", "Garlic cloves", "cherry tomatoes", "Lettuce", "fresh parsley", "Basil", "Apples", "Bell peppers"],
    ],
    [
      "Produce",
      ["Strawberries", "Lemon juice", "Baby spinach", "Sweet potatoes", "green beans", "Fresh ginger", "Jalapeños", "Celery ribs"],
    ],
    ["Dairy", ["Milk", "Butter, softened", "Cheddar cheese", "Cream cheese", "Greek yogurt", "Heavy cream", "Eggs", "Egg whites"]],
    ["Meat", ["Chicken breasts", "Ground beef", "Bacon", "pork chops", "Italian sausage", "Steak", "Short ribs"]],
    ["Seafood", ["Salmon fillets", "Shrimp", "Sea bass", "Mussels", "Tuna steaks", "Anchovies"]],
    ["Pantry", ["All-purpose flour", "Brown sugar", "Rice", "Spaghetti", "Olive oil", "Red wine vinegar", "Black beans", "Chicken stock"]],
    ["Pantry", ["Tomato paste", "Canned tomatoes", "Peanut butter", "Coconut milk", "Baking soda", "Sun-dried tomatoes", "Dried apricots"]],
    ["Pantry", ["Graham crackers", "Pine nuts", "Honey", "Soy sauce", "Fish sauce", "Molasses", "Couscous"]],
    ["Spices", ["Salt", "Black pepper", "salt and pepper", "Ground cumin", "Paprika", "Cinnamon", "Dried oregano", "Dried basil"]],
    ["Spices", ["Ground ginger", "Garlic powder", "Bay leaves", "Whole cloves", "Red pepper flakes", "Crushed red pepper", "Chili powder"]],
    ["Frozen", ["Frozen peas", "Frozen spinach", "Vanilla ice cream", "Ice"]],
    ["Beverages", ["Orange juice", "Red wine", "Coffee", "Green tea", "Club soda", "Ginger ale", "Sparkling water"]],
    ["Other", ["Paper towels", "Aluminum foil", "", "   "]],
  ])("files %s: %j", (category, names) => {
    for (const name of names) expect(guessCategory(name), name).toBe(category);
  });

  it("matches whole words only", () => {
    expect(guessCategory("Steak")).toBe("Meat");
    expect(guessCategory("Peanuts")).toBe("Pantry");
    expect(guessCategory("Peaches")).toBe("Produce");
    expect(guessCategory("Hamburger")).toBe("Other");
    expect(guessCategory("Kale")).toBe("Produce");
    expect(guessCategory("Gingerbread")).toBe("Other");
  });
});
