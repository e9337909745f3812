import type { Category } from "../shared/enums";
import { MAX_QUANTITY, parseQuantity } from "../shared/quantities";
import type { ShoppingItem } from "./shopping-input";
import { formatAmount } from "../shared/amounts";
import { convertIngredient } from "../shared/densities";
import {
  addQuantities,
  CONTAINERS,
  COUNTED_AFTER,
  keyWords,
  type Measured,
  measureKey,
  normalizeUnit,
  roundQuantity,
  singular,
  unitFamily,
} from "../shared/units";

/** A line as recipes write it: the quantity may be text ("1 1/2", "1-2", "to taste"). */
export interface IngredientLine {
  name: string;
  quantity: number | string;
  unit: string;
}

/** A line of a shopping list: quantity 0 (unit NO_AMOUNT_UNIT) when no recipe gave an amount. */
export interface ShoppingLine {
  name: string;
  quantity: number;
  unit: string;
}

export interface StockItem extends ShoppingLine {
  id: string;
}

/** What cooking takes from one inventory item, in its own unit. */
export interface StockTake {
  id: string;
  name: string;
  unit: string;
  before: number;
  after: number;
}

export interface PlannedMeal {
  servings: number;
  recipe: { servings: number; ingredients: IngredientLine[] };
}

/** The unit of a line no recipe gave an amount for ("salt, to taste"): the shopper buys it if they have none. */
export const NO_AMOUNT_UNIT = "as needed";

/** The amount to buy for a quantity: the top of a range ("1-2" buys 2); null for none ("to taste", "a pinch", 0). */
export function shoppingAmount(q: number | string): number | null {
  const amount = parseQuantity(q);
  const value = amount && (amount.upper ?? amount.value);
  return value && value > 0 ? value : null;
}

/** A name without its trailing preparation: "Onion, diced" is "Onion", "Butter (softened)" is "Butter". */
export function ingredientName(name: string): string {
  const head = name.split(",")[0]!.replace(/\([^)]*\)/g, " ");
  return (head.trim() ? head : name).replace(/\s+/g, " ").trim();
}

/**
 * What names one ingredient: its name without preparation, in lower case, without accents and punctuation,
 * each word singular. "Tomatoes, diced", "tomato" and "TOMATOES" are all "tomato"; "Jalapeños" is "jalapeno".
 */
export function ingredientKey(name: string): string {
  return keyWords(ingredientName(name)).join(" ");
}

/**
 * A line counted in plain units whose name ends with what it counts, counted in that: "garlic cloves, 3" is 3 cloves
 * of garlic, as a recipe's "3 garlic cloves" is read, so the two add up.
 */
function countedIn<T extends { name: string; unit: string }>(line: T): T {
  if (normalizeUnit(line.unit) !== "units") return line;
  const words = ingredientName(line.name).split(" ");
  const counted = singular(words.at(-1)!.toLowerCase());
  return words.length > 1 && COUNTED_AFTER.has(counted) ? { ...line, name: words.slice(0, -1).join(" "), unit: counted } : line;
}

/**
 * Recipe lines as one shopping list, in the order names first appear, each shown with the first name seen (without
 * preparation). Lines of one name and one measure (see measureKey) add up in the unit that reads best; a name's
 * measures join the one a shop sells it in when the ingredient converts (see convertedMeasures and convertIngredient:
 * 1 cup of flour and 250 g of flour are 370 g, a cup of chopped onion and an onion 3 onions, in any order), else
 * each is a line of its own, next to it. A name gets a NO_AMOUNT_UNIT line (quantity 0)
 * only when none of its lines has an amount: salt to taste is bought with the teaspoon of salt.
 */
export function mergeShoppingItems(lines: IngredientLine[]): ShoppingLine[] {
  const byName = new Map<string, { name: string; measures: Map<string, Measured[]> }>();
  for (const line of lines.map(countedIn)) {
    const key = ingredientKey(line.name);
    const entry = byName.get(key) ?? { name: ingredientName(line.name), measures: new Map() };
    byName.set(key, entry);
    const quantity = shoppingAmount(line.quantity);
    if (quantity === null) continue;
    const measure = measureKey(line.unit);
    entry.measures.set(measure, [...(entry.measures.get(measure) ?? []), { quantity, unit: line.unit }]);
  }
  return [...byName].flatMap(([key, { name, measures }]) =>
    measures.size === 0
      ? [{ name, quantity: 0, unit: NO_AMOUNT_UNIT }]
      : convertedMeasures(key, [...measures.values()]).map((parts) => ({ name, ...addQuantities(parts) })),
  );
}

/**
 * Where a name's measures add up, whatever the order they came in, in a unit a shop sells: counted, when one of
 * its count units has a weight each (onions, eggs; of two, the heavier: heads of garlic over cloves), else by
 * weight, else by volume. A lower number ranks first; null for a count nothing weighs, which nothing joins.
 */
function shopRank(key: string, unit: string): number | null {
  const family = unitFamily(unit);
  if (family === "mass") return 1;
  if (family === "volume") return 2;
  const each = convertIngredient(key, 1, unit, "g");
  return each === null ? null : -each;
}

/**
 * A name's measures, those that convert moved into the one it is bought in (see shopRank), which comes first;
 * the others, which do not convert, follow as they came.
 */
function convertedMeasures(key: string, measures: Measured[][]): Measured[][] {
  const ranks = measures.map((parts) => shopRank(key, parts[0]!.unit));
  const best = ranks.reduce<number | null>((a, r) => (r === null ? a : a === null || r < a ? r : a), null);
  if (best === null) return measures;
  const target = measures[ranks.indexOf(best)]!;
  const unit = target[0]!.unit;
  const joined = [...target];
  const apart: Measured[][] = [];
  for (const parts of measures) {
    if (parts === target) continue;
    const converted = parts.map((p) => convertIngredient(key, p.quantity, p.unit, unit));
    if (converted.every((q) => q !== null)) joined.push(...converted.map((quantity) => ({ quantity: quantity!, unit })));
    else apart.push(parts);
  }
  return [joined, ...apart];
}

/** The days a generation covered, both included (yyyy-MM-dd). */
export interface PlanRange {
  from: string;
  to: string;
}

const overlaps = (a: PlanRange, b: PlanRange) => a.from <= b.to && b.from <= a.to;

/**
 * A list generated from the plan for `range`, put into a shopping list. Items an earlier generation put there for a
 * range overlapping this one are replaced, so generating again never adds twice; hand-added items and other ranges'
 * items stay as they are. A checked item of the range is bought: it stays checked, and what it covers is not added
 * again. A new line takes the place of the replaced item of its name, else comes last; each is unchecked, with its
 * category (guessed when not given) and the range.
 */
export function replacePlanItems(
  existing: ShoppingItem[],
  lines: (ShoppingLine & { category?: Category | undefined })[],
  range: PlanRange,
): ShoppingItem[] {
  const replaced = (item: ShoppingItem) => item.plan !== undefined && overlaps(item.plan, range);
  const bought = existing.filter((item) => replaced(item) && item.checked);
  const boughtKeys = new Set(bought.map((item) => ingredientKey(item.name)));
  const toBuy = subtractStock(
    lines.filter((line) => line.quantity > 0 || !boughtKeys.has(ingredientKey(line.name))),
    bought.filter((item) => item.quantity > 0),
  ).items;
  const planItem = (line: (typeof lines)[number]): ShoppingItem => ({
    name: line.name,
    quantity: line.quantity,
    unit: line.unit,
    checked: false,
    category: line.category ?? guessCategory(line.name),
    plan: { from: range.from, to: range.to },
  });
  const list: ShoppingItem[] = [];
  for (const item of existing) {
    if (!replaced(item) || item.checked) {
      list.push(item);
      continue;
    }
    const key = ingredientKey(item.name);
    const i = toBuy.findIndex((line) => ingredientKey(line.name) === key);
    if (i >= 0) list.push(planItem(toBuy.splice(i, 1)[0]!));
  }
  return [...list, ...toBuy.map(planItem)];
}

/**
 * Each planned meal's recipe, scaled to the meal's servings (quantity * servings / recipe servings), as one list. A
 * line adding up past what a list item can hold (a recipe's million grams for a hundred) is held at that most, so the
 * list the cook generated can be saved.
 */
export function planShoppingLines(meals: PlannedMeal[]): ShoppingLine[] {
  return mergeShoppingItems(
    meals.flatMap(({ servings, recipe }) =>
      recipe.ingredients.map((i) => ({ ...i, quantity: (shoppingAmount(i.quantity) ?? 0) * (servings / recipe.servings) })),
    ),
  ).map((line) => (line.quantity > MAX_QUANTITY ? { ...line, quantity: MAX_QUANTITY } : line));
}

interface Supply {
  key: string;
  unit: string;
  left: number;
  /** Which take first drew on it (the recipe's order), null while untouched. */
  takenBy: number | null;
}

function supplies(stock: ShoppingLine[]): Supply[] {
  return stock.map(countedIn).map((s) => ({ key: ingredientKey(s.name), unit: s.unit, left: s.quantity, takenBy: null }));
}

/** A share of a need too small to buy or miss: less than the error of a density or of a rounded unit. */
const NEGLIGIBLE = 0.02;

/** What a take could not have: the amount missing, and the units of stock of the name that did not convert. */
interface Shortfall {
  missing: number;
  unconvertible: string[];
}

/**
 * `value` `from` of the stock `key` in a need's `to` (see convertIngredient), else, between a container (can, tin,
 * jar...) and plain units of a food with no weight each, one for one: a recipe's 2 cans of chickpeas take 2 of the
 * 3 units in stock, which are cans. A food weighed each (tomatoes) is not: its units are fresh ones, not cans.
 */
function stockAmount(key: string, value: number, from: string, to: string): number | null {
  const converted = convertIngredient(key, value, from, to);
  if (converted !== null) return converted;
  const [a, b] = [normalizeUnit(from), normalizeUnit(to)];
  const oneForOne = (a === "units" && CONTAINERS.has(b)) || (b === "units" && CONTAINERS.has(a));
  return oneForOne && convertIngredient(key, 1, "units", "g") === null ? value : null;
}

/** Takes `value` `unit` of `key` from the supplies in order, each in its own unit (see stockAmount). */
function take(from: Supply[], key: string, value: number, unit: string, turn = 0): Shortfall {
  let missing = value;
  let took = false;
  const unconvertible = new Set<string>();
  for (const s of from) {
    if (missing <= 0) break;
    if (s.key !== key || s.left <= 0) continue;
    const have = stockAmount(key, s.left, s.unit, unit);
    if (have === null) {
      unconvertible.add(s.unit);
      continue;
    }
    const taken = Math.min(have, missing);
    s.left = taken === have ? 0 : stockAmount(key, have - taken, unit, s.unit)!;
    s.takenBy ??= turn;
    missing -= taken;
    took = true;
  }
  // Stock that falls a sliver short covers the need, as after converting it does: 197 g of sugar is a cup (198 g).
  if (took && missing < value * NEGLIGIBLE) missing = 0;
  return { missing, unconvertible: [...unconvertible] };
}

/** A line smart mode could not compare with the stock of its name: the stock is in units it cannot convert to. */
export interface Unconverted {
  name: string;
  unit: string;
  stockUnits: string[];
}

/**
 * Smart mode: the lines the stock does not cover. Stock of a name adds up across rows and converts between units
 * (see convertIngredient: 2 kg of flour covers 2 1/2 cups); stock with no amount (0) does not count. A covered line
 * goes to excludedItems as it was; a partly covered one stays with what is missing, in its own unit. A line without
 * an amount is covered by any stock of its name that has an amount. A line left on the list while stock of its name
 * could not be converted is also in `unconverted`, so the cook is told rather than left to wonder.
 */
export function subtractStock<T extends ShoppingLine>(
  needed: T[],
  stock: ShoppingLine[],
): { items: T[]; excludedItems: T[]; unconverted: Unconverted[] } {
  const from = supplies(stock);
  const items: T[] = [];
  const excludedItems: T[] = [];
  const unconverted: Unconverted[] = [];
  for (const line of needed) {
    const key = ingredientKey(line.name);
    if (line.quantity === 0) {
      (from.some((s) => s.key === key && s.left > 0) ? excludedItems : items).push(line);
      continue;
    }
    const { missing, unconvertible } = take(from, key, line.quantity, line.unit);
    const left = roundQuantity(missing, line.unit);
    if (left <= 0) excludedItems.push(line);
    else items.push({ ...line, quantity: left });
    if (left > 0 && unconvertible.length > 0) unconverted.push({ name: line.name, unit: line.unit, stockUnits: unconvertible });
  }
  return { items, excludedItems, unconverted };
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/** Why cooking took less of an ingredient than the recipe uses. */
export type NotTakenReason = "no-amount" | "not-in-stock" | "no-conversion" | "short";

/** An ingredient cooking took less of than the recipe uses: `quantity` `unit` were not taken (0 with no amount). */
export interface NotTaken {
  name: string;
  reason: NotTakenReason;
  quantity: number;
  unit: string;
  /** The units of stock of the name that did not convert to `unit` (for "no-conversion"). */
  stockUnits: string[];
}

/**
 * What cooking takes from the inventory: each ingredient (already scaled; a range takes its top, as the shopping
 * list bought) from the items of its name, converted to each item's unit (see convertIngredient), in the order
 * given (soonest to expire first, say), never below 0. `taken` has one entry per item taken from, rounded to 3
 * decimals, in the recipe's order (items of one ingredient in stock order). `notTaken` says, in the recipe's
 * order, what was not taken and why: no amount in the recipe, none in stock, stock in units that do not convert,
 * or not enough.
 */
export function consumeStock(ingredients: IngredientLine[], stock: StockItem[]): { taken: StockTake[]; notTaken: NotTaken[] } {
  const from = supplies(stock);
  const notTaken: NotTaken[] = [];
  ingredients.forEach((i, turn) => {
    const key = ingredientKey(i.name);
    const inStock = from.some((s) => s.key === key && s.left > 0);
    const value = shoppingAmount(i.quantity);
    const name = ingredientName(i.name);
    const unit = normalizeUnit(i.unit);
    if (value === null) {
      notTaken.push({ name, reason: inStock ? "no-amount" : "not-in-stock", quantity: 0, unit, stockUnits: [] });
      return;
    }
    const { missing, unconvertible } = take(from, key, value, i.unit, turn);
    const quantity = roundQuantity(missing, unit);
    if (quantity <= 0) return;
    const reason = !inStock ? "not-in-stock" : unconvertible.length > 0 ? "no-conversion" : "short";
    notTaken.push({ name, reason, quantity, unit, stockUnits: unconvertible });
  });
  const taken = stock.flatMap((item, n) => (from[n]!.takenBy === null ? [] : [{ item, supply: from[n]! }]));
  return {
    taken: taken
      .sort((a, b) => a.supply.takenBy! - b.supply.takenBy!)
      .map(({ item: { id, name, unit, quantity }, supply }) => ({ id, name, unit, before: quantity, after: round3(supply.left) })),
    notTaken,
  };
}

const unitList = (units: string[]) => units.map((u) => normalizeUnit(u)).join(" and ");

/** Why cooking took less of an ingredient, as the cook reads it beside the name. */
export function notTakenText(n: NotTaken): string {
  switch (n.reason) {
    case "no-amount":
      return "the recipe gives no amount to take";
    case "not-in-stock":
      return "not in your inventory";
    case "no-conversion":
      return `${formatAmount(n.quantity, n.unit, { measuring: true })} not taken: your inventory has it in ${unitList(n.stockUnits)}, which Kim can't convert to ${n.unit}`;
    case "short":
      return `${formatAmount(n.quantity, n.unit, { measuring: true })} more than your inventory had`;
  }
}

/** Why smart mode kept a line on the list although stock of its name is in the inventory. */
export function unconvertedText(u: Unconverted): string {
  return `your inventory has it in ${unitList(u.stockUnits)}, which Kim can't convert to ${normalizeUnit(u.unit)}`;
}

/**
 * Store sections by keyword, each a word or phrase in ingredientKey's form. A name is filed by its head noun, the
 * last word ("chicken stock" is Pantry), else the words before it ("chicken breast" is Meat); a phrase beats the word
 * it ends with ("peanut butter" is Pantry, "bell pepper" Produce).
 */
const SECTIONS: Record<Exclude<Category, "Other">, string> = {
  Produce: `produce, vegetable, veggie, fruit, salad, green, herb, onion, shallot, leek, scallion, garlic, garlic clove, ginger,
    tomato, potato, carrot, celery, lettuce, romaine, spinach, kale, chard, arugula, watercress, endive, cabbage,
    broccoli, cauliflower, cucumber, zucchini, courgette, eggplant, aubergine, bell pepper, red pepper, green pepper,
    yellow pepper, chili, chilli, jalapeno, mushroom, corn, pea, green bean, avocado, lemon, lime, orange, apple, banana,
    berry, strawberry, blueberry, raspberry, blackberry, cranberry, grape, pear, peach, plum, cherry, apricot, mango,
    pineapple, melon, watermelon, kiwi, grapefruit, pomegranate, squash, pumpkin, radish, beet, turnip, parsnip, asparagus,
    artichoke, fennel, okra, sprout, bok choy, tofu, lemon juice, lime juice, parsley, basil, cilantro, coriander, mint,
    dill, rosemary, thyme, sage, tarragon, chive, lemongrass`,
  Dairy: `dairy, milk, buttermilk, butter, margarine, ghee, cheese, cream, creamer, yogurt, yoghurt, kefir, egg, creme fraiche,
    half and half, mozzarella, parmesan, cheddar, feta, ricotta, mascarpone, brie, gouda, gruyere, pecorino, halloumi, paneer`,
  Meat: `meat, beef, steak, pork, bacon, ham, sausage, chicken, turkey, duck, lamb, veal, venison, mince, prosciutto, pancetta,
    salami, pepperoni, chorizo, meatball, rib, brisket`,
  Seafood: `seafood, fish, salmon, tuna, cod, halibut, tilapia, trout, mackerel, sardine, anchovy, haddock, bass, snapper,
    swordfish, shrimp, prawn, crab, lobster, scallop, mussel, clam, oyster, squid, calamari, octopus`,
  Pantry: `pantry, flour, sugar, rice, pasta, spaghetti, penne, macaroni, lasagna, noodle, oil, vinegar, bean, lentil, chickpea,
    oat, cereal, granola, bread, breadcrumb, crumb, panko, tortilla, cracker, biscuit, cookie, chip, popcorn, soup, stock,
    broth, bouillon, sauce, paste, puree, passata, dressing, ketchup, mustard, mayonnaise, mayo, worcestershire, sriracha,
    salsa, honey, syrup, molasses, jam, tahini, peanut butter, almond butter, nut, almond, walnut, pecan, cashew, peanut,
    pistachio, hazelnut, seed, raisin, coconut, coconut milk, coconut cream, condensed milk, evaporated milk, milk powder,
    cornstarch, cornmeal, polenta, quinoa, couscous, barley, baking soda, baking powder, cocoa powder, yeast, cocoa,
    chocolate, vanilla, extract, gelatin, cream of tartar, pickle, olive, caper, crouton`,
  Spices: `spice, seasoning, salt, pepper, peppercorn, cayenne, cumin, paprika, cinnamon, nutmeg, oregano, clove, turmeric,
    curry, powder, bay leaf, allspice, cardamom, saffron, fenugreek, anise, caraway, sumac, zaatar, masala, mustard seed,
    fennel seed, coriander seed, celery seed, cumin seed, poppy seed, pepper flake, chili flake, crushed red pepper`,
  Frozen: `ice cream, ice, sorbet, gelato, popsicle`,
  Beverages: `beverage, drink, water, juice, soda, club soda, coffee, coffee bean, espresso, tea, wine, beer, ale, cider,
    lemonade, kombucha, cola, vodka, rum, whiskey, whisky, gin, tequila, brandy, champagne, prosecco`,
};
const keywords = (list: string) => list.split(",").map(ingredientKey);
/** Herbs and aromatics that, dried, are sold with the spices; other dried produce (apricots, mushrooms) is pantry food. */
const DRIED_SPICE_WORDS =
  "herb, garlic, ginger, onion, chili, chilli, parsley, basil, cilantro, coriander, mint, dill, rosemary, thyme, sage, tarragon, chive";
let tables: { sectionOf: Map<string, Category>; driedSpices: Set<string> } | undefined;
/**
 * The keyword tables, built on first use: building them normalises hundreds of words, work every page that loads this
 * module (the web app's first screen among them) would otherwise do at start-up for nothing.
 */
function keywordTables() {
  tables ??= {
    sectionOf: new Map(
      Object.entries(SECTIONS).flatMap(([category, list]) => keywords(list).map((k) => [k, category as Category] as const)),
    ),
    driedSpices: new Set(keywords(DRIED_SPICE_WORDS)),
  };
  return tables;
}
const PRESERVED = ["canned", "tinned", "jarred"];

/** Cuts name the food before them when there is one: a tuna steak is fish, celery ribs are produce. */
const CUTS = new Set(["steak", "rib"]);

function section(words: string[]): [string, Category] | null {
  const { sectionOf } = keywordTables();
  let cut: [string, Category] | null = null;
  for (let end = words.length; end > 0; end--) {
    for (let start = 0; start < end; start++) {
      const phrase = words.slice(start, end).join(" ");
      const category = sectionOf.get(phrase);
      if (!category) continue;
      if (!CUTS.has(phrase)) return [phrase, category];
      cut ??= [phrase, category];
    }
  }
  return cut;
}

/**
 * The store section to find an ingredient in, so a shopper walks the store once: frozen and canned food by that
 * word, else by keyword (see SECTIONS; eggs are Dairy, as most stores shelve them there). Ground produce and dried
 * herbs and aromatics are Spices, other dried produce Pantry. Other when nothing matches.
 */
export function guessCategory(name: string): Category {
  const words = ingredientKey(name).split(" ");
  if (words.includes("frozen")) return "Frozen";
  if (words.some((w) => PRESERVED.includes(w))) return "Pantry";
  const [keyword, category] = section(words) ?? ["", "Other"];
  if (category !== "Produce") return category;
  if (words.includes("ground")) return "Spices";
  if (words.includes("dried")) return keywordTables().driedSpices.has(keyword) ? "Spices" : "Pantry";
  return category;
}
