import type { Category } from "./enums";
import { parseQuantity } from "./quantities";
import type { ShoppingItem } from "./shopping-input";
import { addQuantities, convertQuantity, type Measured, measureKey, roundQuantity, singular } from "./units";

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

function keyWords(text: string): string[] {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/['’]/g, "")
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map(singular);
}

/**
 * What names one ingredient: its name without preparation, in lower case, without accents and punctuation,
 * each word singular. "Tomatoes, diced", "tomato" and "TOMATOES" are all "tomato"; "Jalapeños" is "jalapeno".
 */
export function ingredientKey(name: string): string {
  return keyWords(ingredientName(name)).join(" ");
}

/**
 * Recipe lines as one shopping list, in the order names first appear, each shown with the first name seen (without
 * preparation). Lines of one name and one measure (see measureKey) add up in the unit that reads best; each other
 * measure of the name is a line of its own, next to it. A name gets a NO_AMOUNT_UNIT line (quantity 0) only when
 * none of its lines has an amount: salt to taste is bought with the teaspoon of salt.
 */
export function mergeShoppingItems(lines: IngredientLine[]): ShoppingLine[] {
  const byName = new Map<string, { name: string; measures: Map<string, Measured[]> }>();
  for (const line of lines) {
    const key = ingredientKey(line.name);
    const entry = byName.get(key) ?? { name: ingredientName(line.name), measures: new Map() };
    byName.set(key, entry);
    const quantity = shoppingAmount(line.quantity);
    if (quantity === null) continue;
    const measure = measureKey(line.unit);
    entry.measures.set(measure, [...(entry.measures.get(measure) ?? []), { quantity, unit: line.unit }]);
  }
  return [...byName.values()].flatMap(({ name, measures }) =>
    measures.size === 0
      ? [{ name, quantity: 0, unit: NO_AMOUNT_UNIT }]
      : [...measures.values()].map((parts) => ({ name, ...addQuantities(parts) })),
  );
}

/**
 * Adds lines to a shopping list. A line adds to the first unchecked item of its name and measure, or fills in
 * one of its name that has no amount; checked items are already bought, so a line is added beside them. Existing
 * items keep their order and name; new ones come last, unchecked, with a guessed category. A line without an
 * amount is left out when an unchecked item of its name is on the list.
 */
export function mergeIntoList(existing: ShoppingItem[], incoming: IngredientLine[]): ShoppingItem[] {
  const list = [...existing];
  const keys = list.map((item) => ingredientKey(item.name));
  for (const line of mergeShoppingItems(incoming)) {
    const key = ingredientKey(line.name);
    const measure = measureKey(line.unit);
    const takes = (item: ShoppingItem) => line.quantity === 0 || item.quantity === 0 || measureKey(item.unit) === measure;
    const i = list.findIndex((item, n) => !item.checked && keys[n] === key && takes(item));
    const item = list[i];
    if (!item) {
      list.push({ ...line, checked: false, category: guessCategory(line.name) });
      keys.push(key);
    } else if (line.quantity > 0) {
      const { quantity, unit } = item.quantity === 0 ? line : addQuantities([item, line]);
      list[i] = { ...item, quantity, unit };
    }
  }
  return list;
}

/** Each planned meal's recipe, scaled to the meal's servings (quantity * servings / recipe servings), as one list. */
export function planShoppingLines(meals: PlannedMeal[]): ShoppingLine[] {
  return mergeShoppingItems(
    meals.flatMap(({ servings, recipe }) =>
      recipe.ingredients.map((i) => ({ ...i, quantity: (shoppingAmount(i.quantity) ?? 0) * (servings / recipe.servings) })),
    ),
  );
}

interface Supply {
  key: string;
  unit: string;
  left: number;
  /** Which take first drew on it (the recipe's order), null while untouched. */
  takenBy: number | null;
}

function supplies(stock: ShoppingLine[]): Supply[] {
  return stock.map((s) => ({ key: ingredientKey(s.name), unit: s.unit, left: s.quantity, takenBy: null }));
}

/** Takes `value` `unit` of `key` from the supplies in order, each in its own unit; returns what none of them had. */
function take(from: Supply[], key: string, value: number, unit: string, turn = 0): number {
  let missing = value;
  for (const s of from) {
    if (missing <= 0) break;
    const have = s.key === key && s.left > 0 ? convertQuantity(s.left, s.unit, unit) : null;
    if (have === null) continue;
    const taken = Math.min(have, missing);
    s.left = taken === have ? 0 : convertQuantity(have - taken, unit, s.unit)!;
    s.takenBy ??= turn;
    missing -= taken;
  }
  return missing;
}

/**
 * Smart mode: the lines the stock does not cover. Stock of a name adds up across rows and the units of one measure
 * (2 kg of flour covers 500 g); stock of another measure, or with no amount (0), does not count. A covered line goes
 * to excludedItems as it was; a partly covered one stays with what is missing, in its own unit. A line without an
 * amount is covered by any stock of its name that has an amount.
 */
export function subtractStock<T extends ShoppingLine>(needed: T[], stock: ShoppingLine[]): { items: T[]; excludedItems: T[] } {
  const from = supplies(stock);
  const items: T[] = [];
  const excludedItems: T[] = [];
  for (const line of needed) {
    const key = ingredientKey(line.name);
    if (line.quantity === 0) {
      (from.some((s) => s.key === key && s.left > 0) ? excludedItems : items).push(line);
      continue;
    }
    const missing = roundQuantity(take(from, key, line.quantity, line.unit), line.unit);
    if (missing <= 0) excludedItems.push(line);
    else items.push({ ...line, quantity: missing });
  }
  return { items, excludedItems };
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/**
 * What cooking takes from the inventory: each ingredient (already scaled; a range takes its top, as the shopping
 * list bought) from the items of its name and measure, in the order given (soonest to expire first, say), each in
 * its own unit and never below 0. Ingredients without an amount, or in another measure, take nothing. One entry per
 * item taken from, rounded to 3 decimals, in the recipe's order (items of one ingredient in stock order).
 */
export function consumeStock(ingredients: IngredientLine[], stock: StockItem[]): StockTake[] {
  const from = supplies(stock);
  ingredients.forEach((i, turn) => {
    const value = shoppingAmount(i.quantity);
    if (value !== null) take(from, ingredientKey(i.name), value, i.unit, turn);
  });
  const taken = stock.flatMap((item, n) => (from[n]!.takenBy === null ? [] : [{ item, supply: from[n]! }]));
  return taken
    .sort((a, b) => a.supply.takenBy! - b.supply.takenBy!)
    .map(({ item: { id, name, unit, quantity }, supply }) => ({ id, name, unit, before: quantity, after: round3(supply.left) }));
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
