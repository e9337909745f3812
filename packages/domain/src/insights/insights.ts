import { CATEGORIES, type Category } from "../shared/enums";
import { isStockExpiringSoon } from "../inventory/inventory";
import { addDays, daysBetween, startOfWeek } from "../shared/dates";
import { ingredientKey } from "../shopping/shopping";

export type StockEventKind = "wasted" | "used";
/** How the item left: deleted, its quantity set to 0 by the cook, or used up by cooking a recipe. */
export type StockEventReason = "deleted" | "emptied" | "cooked";

/** Weeks and months the insights chart. */
const INSIGHT_WEEKS = 8;
const INSIGHT_MONTHS = 6;
/** Recipes shown beside each expiring item. */
const RECIPES_PER_EXPIRING_ITEM = 3;

export interface StockChange {
  reason: StockEventReason;
  /** The quantity before the change; after it is 0 (a delete takes it all). */
  before: number;
  expirationDate: string | null;
  /** The cook's date. */
  today: string;
}

/**
 * What a change to an item means, or null when it means nothing for insights. An item deleted or set to 0 after its
 * date was thrown away; one set to 0 on or before its date (or with none), or used up by cooking, was used. Deleting
 * an item still in date says nothing (a mistake, a tidy-up), and an item already at 0 was counted when it got there.
 */
export function stockEventKind(change: StockChange): StockEventKind | null {
  if (!(change.before > 0)) return null;
  const expired = change.expirationDate !== null && change.expirationDate < change.today;
  if (change.reason === "deleted") return expired ? "wasted" : null;
  if (change.reason === "emptied") return expired ? "wasted" : "used";
  return "used";
}

/** An event as the figures read it: its kind, the item's category, and the cook's date it happened on. */
export interface DatedStockEvent {
  kind: StockEventKind;
  category: string;
  on: string;
}

export interface PeriodFigures {
  /** The first day of the week (its Monday) or the month (yyyy-MM-01). */
  start: string;
  label: string;
  wasted: number;
  used: number;
}

export interface StockFigures {
  weeks: PeriodFigures[];
  months: PeriodFigures[];
  /** Categories with waste in the months shown, most first. */
  wastedByCategory: { category: string; count: number }[];
  totals: { wasted: number; used: number };
}

const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const monthOf = (date: string) => `${date.slice(0, 7)}-01`;
const monthName = (start: string) => MONTH_NAMES[Number(start.slice(5, 7)) - 1]!;
const shortDate = (date: string) => `${monthName(date).slice(0, 3)} ${Number(date.slice(8, 10))}`;
function addMonths(start: string, months: number): string {
  const index = Number(start.slice(0, 4)) * 12 + Number(start.slice(5, 7)) - 1 + months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}-01`;
}

/** The first day of the oldest month the figures cover: events before it are not needed. */
export function insightsSince(today: string): string {
  const months = addMonths(monthOf(today), -(INSIGHT_MONTHS - 1));
  const weeks = addDays(startOfWeek(today), -7 * (INSIGHT_WEEKS - 1));
  return months < weeks ? months : weeks;
}

function tally(events: DatedStockEvent[], starts: string[], periodOf: (date: string) => string, label: (start: string) => string) {
  const byStart = new Map(starts.map((start) => [start, { start, label: label(start), wasted: 0, used: 0 }]));
  for (const e of events) {
    const period = byStart.get(periodOf(e.on));
    if (period) period[e.kind]++;
  }
  return starts.map((s) => byStart.get(s)!);
}

/**
 * Items wasted and used per week (the last INSIGHT_WEEKS, Monday to Sunday, this one last) and per month (the last
 * INSIGHT_MONTHS, this one last), and the categories wasted most over those months (most first, then in the
 * spec's order).
 */
export function stockFigures(events: DatedStockEvent[], today: string): StockFigures {
  const thisWeek = startOfWeek(today);
  const thisMonth = monthOf(today);
  const weekStarts = Array.from({ length: INSIGHT_WEEKS }, (_, i) => addDays(thisWeek, -7 * (INSIGHT_WEEKS - 1 - i)));
  const monthStarts = Array.from({ length: INSIGHT_MONTHS }, (_, i) => addMonths(thisMonth, -(INSIGHT_MONTHS - 1 - i)));
  const shown = events.filter((e) => e.on >= monthStarts[0]! && e.on <= today);
  const byCategory = new Map<string, number>();
  for (const e of shown) if (e.kind === "wasted") byCategory.set(e.category, (byCategory.get(e.category) ?? 0) + 1);
  const order = (c: string) => {
    const i = CATEGORIES.indexOf(c as Category);
    return i === -1 ? CATEGORIES.length : i;
  };
  return {
    weeks: tally(events, weekStarts, startOfWeek, shortDate),
    months: tally(events, monthStarts, monthOf, (s) => monthName(s).slice(0, 3)),
    wastedByCategory: [...byCategory]
      .map(([category, count]) => ({ category, count }))
      .sort((a, b) => b.count - a.count || order(a.category) - order(b.category)),
    totals: {
      wasted: shown.filter((e) => e.kind === "wasted").length,
      used: shown.filter((e) => e.kind === "used").length,
    },
  };
}

/** What to do about waste in each category, as the end of a sentence. */
const TIPS: Record<Category, string> = {
  Dairy: "buy smaller packs",
  Produce: "buy less at a time, or freeze what you won't eat in time",
  Meat: "freeze what you won't cook within two days",
  Seafood: "buy it for the day you cook it, or freeze it",
  Pantry: "check what you have before you shop",
  Spices: "buy smaller jars",
  Frozen: "plan one meal a week around the freezer",
  Beverages: "buy smaller bottles",
  Other: "plan your meals around what expires first",
};

const items = (n: number) => (n === 1 ? "item" : "items");

/**
 * One plain sentence of advice from the figures. It speaks of this month or the last, whichever threw more away
 * (this one on a tie), and of the category wasted most in it: "You threw away 4 dairy items in October; buy
 * smaller packs."
 */
export function insightAdvice(events: DatedStockEvent[], today: string): string {
  const thisMonth = monthOf(today);
  const lastMonth = addMonths(thisMonth, -1);
  const inMonth = (start: string) => events.filter((e) => monthOf(e.on) === start && e.on <= today);
  const wastedIn = (start: string) => inMonth(start).filter((e) => e.kind === "wasted");
  const month = wastedIn(lastMonth).length > wastedIn(thisMonth).length ? lastMonth : thisMonth;
  const wasted = wastedIn(month);
  if (wasted.length === 0) {
    const used = inMonth(thisMonth).filter((e) => e.kind === "used").length;
    if (used === 0 && events.length === 0) {
      return "Mark items used up (set them to 0) and delete what you throw away, and Kim will show where your food goes.";
    }
    return `Nothing went to waste in ${monthName(thisMonth)}${used > 0 ? ` and you used up ${used} ${items(used)}` : ""}; keep planning meals around what expires first.`;
  }
  const counts = new Map<string, number>();
  for (const e of wasted) counts.set(e.category, (counts.get(e.category) ?? 0) + 1);
  const [category, count] = [...counts].sort(
    (a, b) => b[1] - a[1] || CATEGORIES.indexOf(a[0] as Category) - CATEGORIES.indexOf(b[0] as Category),
  )[0]!;
  const known = (CATEGORIES as readonly string[]).includes(category) ? (category as Category) : "Other";
  const what = known === "Other" ? items(count) : `${known.toLowerCase()} ${items(count)}`;
  return `You threw away ${count} ${what} in ${monthName(month)}; ${TIPS[known]}.`;
}

/** Whether a recipe's ingredient line names a stock item: the same food, or the item with words before it ("baby spinach" is spinach). */
export function namesSameFood(stockName: string, recipeName: string): boolean {
  return keysSameFood(ingredientKey(stockName), ingredientKey(recipeName));
}

/** namesSameFood on names already made keys (ingredientKey): what a loop over many names compares. */
function keysSameFood(a: string, b: string): boolean {
  if (!a || !b) return false;
  return a === b || b.endsWith(` ${a}`) || a.endsWith(` ${b}`);
}

export interface ExpiringItem {
  id: string;
  name: string;
  quantity: number;
  unit: string;
  category: string;
  expirationDate: string;
}

export interface RecipeForMatching {
  id: string;
  title: string;
  ingredients: { name: string }[];
}

/**
 * The items expiring within EXPIRING_SOON_DAYS (soonest first), each with the recipes that use it, best first: a
 * recipe that uses more of the expiring items ranks higher (cooking it saves more), then by title.
 */
export function expiringWithRecipes(stock: ExpiringItem[], recipes: RecipeForMatching[], today: string) {
  const expiring = stock
    .map((item) => ({ ...item, days: daysBetween(today, item.expirationDate) }))
    .filter((item) => isStockExpiringSoon(item, today))
    .sort((a, b) => a.days - b.days || a.name.localeCompare(b.name));
  // Each name made a key once: making both keys for every item and recipe line took 71 ms (1.7 ms now) for the
  // Lighthouse bench's 51 expiring items and 40 recipes of 15 lines, on the API's main thread (issue 30).
  const itemKeys = expiring.map((item) => ({ id: item.id, key: ingredientKey(item.name) }));
  const uses = recipes.map((recipe) => {
    const lineKeys = recipe.ingredients.map((i) => ingredientKey(i.name));
    return { recipe, items: new Set(itemKeys.filter((item) => lineKeys.some((key) => keysSameFood(item.key, key))).map((i) => i.id)) };
  });
  return expiring.map((item) => ({
    ...item,
    recipes: uses
      .filter((u) => u.items.has(item.id))
      .sort((a, b) => b.items.size - a.items.size || a.recipe.title.localeCompare(b.recipe.title))
      .slice(0, RECIPES_PER_EXPIRING_ITEM)
      .map((u) => ({ id: u.recipe.id, title: u.recipe.title, expiringItemsUsed: u.items.size })),
  }));
}
