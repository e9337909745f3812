import { MEAL_TYPES, type MealType } from "../shared/enums";
import { EXPIRING_SOON_DAYS } from "../inventory/inventory";
import { daysBetween, weekDates } from "../shared/dates";
import { namesSameFood } from "../insights/insights";
import { mealServingsOf } from "./planner-input";

export interface SuggestionRecipe {
  id: string;
  title: string;
  /** What the recipe makes (null: not said). */
  servings: number | null;
  tags?: readonly string[] | null;
  ingredients: { name: string }[];
}

export interface SuggestionStock {
  name: string;
  quantity: number;
  expirationDate: string | null;
}

export interface PlanSlot {
  date: string;
  mealType: MealType;
}

/** How often the cook has planned a recipe as one meal type: what they eat it as. */
export interface MealTypeHistory {
  recipeId: string;
  mealType: MealType;
  count: number;
}

export interface RankedRecipe {
  id: string;
  title: string;
  /** The servings to plan it for: what it makes, as the Add Meal dialog plans a recipe. */
  servings: number;
  /** For the whole week ahead: what it uses that expires soonest weighs most. */
  score: number;
  /** The meals it suits. */
  mealTypes: MealType[];
  /** True when nothing said which meals it suits, so lunch and dinner are a guess. */
  guessed: boolean;
  /** The usable stock items it uses, each with its expiry (null: none). */
  uses: { name: string; expirationDate: string | null }[];
  /** For each of its ingredients in stock, the last day some stock of it keeps (null: no expiry). */
  inStockUntil: (string | null)[];
}

/** A suggested meal: a slot and the recipe for it. */
export interface Suggestion extends PlanSlot {
  recipe: { id: string; title: string; servings: number };
  reason: string;
}

/**
 * Words in a title or a tag that say which meals a dish is (English, French, German, Spanish, Italian, Dutch,
 * Swedish), compared without case or accents; an empty list marks what is not a meal (a dessert, a dip). Two-word
 * entries are matched before single words, so "petit déjeuner" is breakfast, not the French "déjeuner" (lunch).
 */
const MEAL_WORDS: Record<string, MealType[]> = {};
const BOTH_MAINS: MealType[] = ["lunch", "dinner"];
for (const [types, words] of [
  [
    ["breakfast"],
    "breakfast brunch pancake pancakes waffle waffles omelette omelet porridge oatmeal oats granola muesli cereal toast " +
      "crepe crepes bagel croissant croissants muffin muffins smoothie shakshuka benedict scrambled hashbrowns " +
      "petit_dejeuner tartine brioche pain_perdu fruhstuck pfannkuchen musli ruhrei spiegelei brotchen desayuno tostada " +
      "colazione cornetto ontbijt pannenkoek pannenkoeken wentelteefjes frukost grot",
  ],
  [
    ["lunch"],
    "lunch sandwich sandwiches wrap wraps salad soup hummus quiche panini panino toastie dejeuner salade soupe croque " +
      "mittagessen salat suppe almuerzo ensalada sopa bocadillo pranzo insalata zuppa broodje soep lunchbox",
  ],
  [
    ["dinner"],
    "dinner supper roast roasted stew casserole lasagna lasagne curry steak risotto chili goulash ragu bolognese tagine " +
      "meatloaf diner souper roti ragout bourguignon cassoulet gratin abendessen abendbrot braten eintopf gulasch " +
      "auflauf cena asado guiso estofado paella arrosto brasato spezzatino avondeten stoofpot ovenschotel stamppot",
  ],
  [BOTH_MAINS, "main main_course main_dish mains entree plat_principal hauptgericht hauptspeise secondo hoofdgerecht"],
  [
    [],
    "dessert desserts pudding mousse sorbet snack snacks cake cookie cookies biscuits brownie brownies dip sauce dressing drink " +
      "cocktail",
  ],
] as const) {
  for (const word of words.split(" ")) MEAL_WORDS[word.replace("_", " ")] = [...types];
}

/** Lower case, no accents, words separated by single spaces and padded with one, for matching whole words. */
const plainWords = (text: string) =>
  ` ${text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter(Boolean)
    .join(" ")} `;

/** The meals the words of `text` name; undefined when they name none and say nothing against being a meal. */
function mealTypesInWords(text: string): MealType[] | undefined {
  let rest = plainWords(text);
  const found: MealType[][] = [];
  for (const phrase of Object.keys(MEAL_WORDS).filter((w) => w.includes(" "))) {
    if (rest.includes(` ${phrase} `)) {
      found.push(MEAL_WORDS[phrase]!);
      rest = rest.replaceAll(` ${phrase} `, " ");
    }
  }
  for (const word of rest.split(" ")) {
    const types = word ? MEAL_WORDS[word] : undefined;
    if (types) found.push(types);
  }
  return found.length > 0 ? found.flat() : undefined;
}

/**
 * The meals a recipe suits: those the cook has planned it as, with those its tags and title name. When nothing says,
 * lunch or dinner (a guess: a breakfast is too particular to guess); a dessert or a dip suits none unless planned.
 */
export function recipeMealTypes(
  recipe: Pick<SuggestionRecipe, "title" | "tags">,
  planned: Iterable<MealType> = [],
): {
  mealTypes: MealType[];
  guessed: boolean;
} {
  const said = [...(recipe.tags ?? []), recipe.title].map(mealTypesInWords).filter((t) => t !== undefined);
  const known = new Set([...planned, ...said.flat()]);
  if (known.size === 0 && said.length === 0) return { mealTypes: [...BOTH_MAINS], guessed: true };
  return { mealTypes: MEAL_TYPES.filter((t) => known.has(t)), guessed: false };
}

const whenLeft = (days: number) => (days === 0 ? "expires today" : days === 1 ? "expires tomorrow" : `expires in ${days} days`);

function reasonFor(expiring: { name: string; days: number }[], inStock: number): string {
  if (expiring.length > 0) {
    const [first, ...rest] = expiring;
    const more = rest.length > 0 ? ` and ${rest.length} more expiring ${rest.length === 1 ? "item" : "items"}` : "";
    return `Uses ${first!.name} (${whenLeft(first!.days)})${more}`;
  }
  if (inStock > 0) return `Uses ${inStock} ${inStock === 1 ? "thing" : "things"} you have`;
  return "From your recipes";
}

/** What a recipe's expiring stock is worth for a meal on `date`: an item expiring today weighs 8, in 7 days 1. */
function expiringFor(recipe: RankedRecipe, date: string, today: string) {
  return recipe.uses
    .flatMap((u) => {
      // Only what keeps until the meal's day justifies it: cream that expires on the 26th is no reason to cook on the 30th.
      if (u.expirationDate === null || u.expirationDate < date) return [];
      const days = daysBetween(today, u.expirationDate);
      return days <= EXPIRING_SOON_DAYS ? [{ name: u.name, days }] : [];
    })
    .sort((a, b) => a.days - b.days);
}

const worth = (expiring: { days: number }[]) => expiring.reduce((sum, s) => sum + (EXPIRING_SOON_DAYS + 1 - s.days), 0);

/**
 * The cook's recipes, best first for the week ahead: one that uses what expires soonest ranks highest (each item
 * once), then what uses more of the stock, then by title. Expired items count for nothing: they may not be fit to
 * cook. `history` says which meals the cook has planned each recipe as.
 */
export function rankRecipes(
  recipes: SuggestionRecipe[],
  stock: SuggestionStock[],
  today: string,
  history: readonly MealTypeHistory[] = [],
): RankedRecipe[] {
  const usable = stock.filter((s) => s.quantity > 0 && (s.expirationDate === null || s.expirationDate >= today));
  const plannedAs = new Map<string, MealType[]>();
  for (const h of history) if (h.count > 0) plannedAs.set(h.recipeId, [...(plannedAs.get(h.recipeId) ?? []), h.mealType]);
  return recipes
    .map((recipe) => {
      const uses = usable.filter((s) => recipe.ingredients.some((i) => namesSameFood(s.name, i.name)));
      const inStockUntil = recipe.ingredients.flatMap((i) => {
        const dates = uses.filter((s) => namesSameFood(s.name, i.name)).map((s) => s.expirationDate);
        if (dates.length === 0) return [];
        return [dates.reduce((a, b) => (a === null || b === null ? null : a > b ? a : b))];
      });
      const ranked = {
        id: recipe.id,
        title: recipe.title,
        servings: mealServingsOf(recipe.servings),
        ...recipeMealTypes(recipe, plannedAs.get(recipe.id)),
        uses: uses.map((s) => ({ name: s.name, expirationDate: s.expirationDate })),
        inStockUntil,
        score: 0,
      };
      return { ...ranked, score: worth(expiringFor(ranked, today, today)) };
    })
    .sort(
      (a, b) =>
        b.score - a.score || b.inStockUntil.length - a.inStockUntil.length || a.title.localeCompare(b.title) || a.id.localeCompare(b.id),
    );
}

/**
 * The slots of `week` (weekOf's range) that suggestions may fill: every breakfast, lunch and dinner from the cook's
 * today on (a past day is not planned) that holds no meal yet, in the week's order. None past the range's end: the
 * last week of 2999 has no days in 3000, where nothing can be planned.
 */
export function emptySlots(week: { from: string; to: string }, planned: PlanSlot[], today: string): PlanSlot[] {
  const taken = new Set(planned.map((m) => `${m.date} ${m.mealType}`));
  return weekDates(week.from)
    .filter((date) => date >= today && date <= week.to)
    .flatMap((date) => MEAL_TYPES.map((mealType) => ({ date, mealType })))
    .filter((slot) => !taken.has(`${slot.date} ${slot.mealType}`));
}

/**
 * Fills the slots in order, each recipe once and none already planned in the week: for each slot, of the recipes that
 * suit its meal, the one whose expiring stock is worth most on that day (so what expires is cooked on or before its
 * date, soonest first), then one known to suit that meal over a guess, then the first in the order given (the rules'
 * or a model's). A slot no remaining recipe suits stays empty.
 */
export function assignSuggestions(
  slots: PlanSlot[],
  ranked: RankedRecipe[],
  plannedRecipeIds: Iterable<string>,
  today: string,
): Suggestion[] {
  const planned = new Set(plannedRecipeIds);
  const left = ranked.filter((r, i) => !planned.has(r.id) && ranked.findIndex((o) => o.id === r.id) === i);
  return slots.flatMap((slot) => {
    let best: { at: number; expiring: { name: string; days: number }[]; value: number; known: boolean } | undefined;
    left.forEach((r, at) => {
      if (!r.mealTypes.includes(slot.mealType)) return;
      const expiring = expiringFor(r, slot.date, today);
      const value = worth(expiring);
      const known = !r.guessed;
      if (!best || value > best.value || (value === best.value && known && !best.known)) best = { at, expiring, value, known };
    });
    if (!best) return [];
    const { at, expiring } = best;
    const r = left.splice(at, 1)[0]!;
    const inStock = r.inStockUntil.filter((until) => until === null || until >= slot.date).length;
    return [{ ...slot, recipe: { id: r.id, title: r.title, servings: r.servings }, reason: reasonFor(expiring, inStock) }];
  });
}

/** The ranking a model answered, made safe: only the candidates' ids, each once, any it left out after in the rules' order. */
export function mergeModelRanking(ranked: RankedRecipe[], modelIds: unknown): RankedRecipe[] {
  const byId = new Map(ranked.map((r) => [r.id, r]));
  const picked = new Set<string>();
  const order: RankedRecipe[] = [];
  for (const id of Array.isArray(modelIds) ? modelIds : []) {
    const r = typeof id === "string" ? byId.get(id) : undefined;
    if (r && !picked.has(r.id)) {
      picked.add(r.id);
      order.push(r);
    }
  }
  return [...order, ...ranked.filter((r) => !picked.has(r.id))];
}
