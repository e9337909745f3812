import { MEAL_TYPES, type MealType } from "./enums";
import { daysBetween, EXPIRING_SOON_DAYS } from "./inventory";
import { namesSameFood } from "./insights";
import { weekDates } from "./week";

export interface SuggestionRecipe {
  id: string;
  title: string;
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

export interface RankedRecipe {
  id: string;
  title: string;
  score: number;
  /** The expiring items it uses, soonest first, with days left. */
  expiring: { name: string; days: number }[];
  /** How many of its ingredients are in stock. */
  inStock: number;
  /** Why it was picked, for the cook to read. */
  reason: string;
}

/** A suggested meal: a slot and the recipe for it. */
export interface Suggestion extends PlanSlot {
  recipe: { id: string; title: string };
  reason: string;
}

const whenLeft = (days: number) => (days === 0 ? "expires today" : days === 1 ? "expires tomorrow" : `expires in ${days} days`);

function reasonFor(expiring: RankedRecipe["expiring"], inStock: number): string {
  if (expiring.length > 0) {
    const [first, ...rest] = expiring;
    const more = rest.length > 0 ? ` and ${rest.length} more expiring ${rest.length === 1 ? "item" : "items"}` : "";
    return `Uses ${first!.name} (${whenLeft(first!.days)})${more}`;
  }
  if (inStock > 0) return `Uses ${inStock} ${inStock === 1 ? "thing" : "things"} you have`;
  return "From your recipes";
}

/**
 * The cook's recipes, best first: one that uses what expires soonest ranks highest (an item expiring today weighs 8,
 * in 7 days 1, each item once), then what uses more of the stock, then by title. Expired items count for nothing:
 * they may not be fit to cook.
 */
export function rankRecipes(recipes: SuggestionRecipe[], stock: SuggestionStock[], today: string): RankedRecipe[] {
  const usable = stock
    .filter((s) => s.quantity > 0)
    .map((s) => ({ ...s, days: s.expirationDate === null ? null : daysBetween(today, s.expirationDate) }))
    .filter((s) => s.days === null || s.days >= 0);
  return recipes
    .map((recipe) => {
      const used = usable.filter((s) => recipe.ingredients.some((i) => namesSameFood(s.name, i.name)));
      const expiring = used
        .filter((s): s is typeof s & { days: number } => s.days !== null && s.days <= EXPIRING_SOON_DAYS)
        .sort((a, b) => a.days - b.days)
        .map((s) => ({ name: s.name, days: s.days }));
      const inStock = recipe.ingredients.filter((i) => usable.some((s) => namesSameFood(s.name, i.name))).length;
      const score = expiring.reduce((sum, s) => sum + (EXPIRING_SOON_DAYS + 1 - s.days), 0);
      return { id: recipe.id, title: recipe.title, score, expiring, inStock, reason: reasonFor(expiring, inStock) };
    })
    .sort((a, b) => b.score - a.score || b.inStock - a.inStock || a.title.localeCompare(b.title) || a.id.localeCompare(b.id));
}

/**
 * The slots of the week starting `monday` that suggestions may fill: every breakfast, lunch and dinner from the cook's
 * today on (a past day is not planned) that holds no meal yet, in the week's order.
 */
export function emptySlots(monday: string, planned: PlanSlot[], today: string): PlanSlot[] {
  const taken = new Set(planned.map((m) => `${m.date} ${m.mealType}`));
  return weekDates(monday)
    .filter((date) => date >= today)
    .flatMap((date) => MEAL_TYPES.map((mealType) => ({ date, mealType })))
    .filter((slot) => !taken.has(`${slot.date} ${slot.mealType}`));
}

/**
 * Fills the slots in order with the recipes in the order given (the best first, so the soonest expiring stock is
 * cooked first), each recipe once and none already planned in the week. Slots left over when recipes run out stay
 * empty.
 */
export function assignSuggestions(slots: PlanSlot[], ranked: RankedRecipe[], plannedRecipeIds: Iterable<string>): Suggestion[] {
  const planned = new Set(plannedRecipeIds);
  const fresh = ranked.filter((r, i) => !planned.has(r.id) && ranked.findIndex((o) => o.id === r.id) === i);
  return slots.slice(0, fresh.length).map((slot, i) => {
    const r = fresh[i]!;
    return { ...slot, recipe: { id: r.id, title: r.title }, reason: r.reason };
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
