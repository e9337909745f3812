import {
  daysInRange,
  formatAmount,
  guessCategory,
  ingredientKey,
  isCalendarDate,
  isKitchenDate,
  KITCHEN_DATE_YEARS,
  MAX_PLAN_DAYS,
  NO_AMOUNT_UNIT,
  startOfWeek,
  type Category,
  type ShoppingItem,
} from "@kim/domain";
import { newIdempotencyKey } from "../../lib/keyed-mutation";
import type { OutcomeText } from "../../lib/offline/outcomes";
import type { RouterOutputs } from "../../lib/trpc";

export type ShoppingList = RouterOutputs["shoppingLists"]["list"][number];

export interface ShoppingListSearch {
  /** The Monday of a week to generate the list for: the planner links here with the week it shows. */
  generate?: string | undefined;
}

/** The page's URL search: a day in `generate` opens Generate from Meal Plan on its week; anything else is dropped. */
export function generateSearch(search: Record<string, unknown>): ShoppingListSearch {
  const { generate } = search;
  const usable = typeof generate === "string" && isKitchenDate(generate);
  return { generate: usable ? startOfWeek(generate) : undefined };
}

/** What is wrong with a range the cook typed in Generate from Meal Plan, null when it can be generated. */
export function generateRangeError(from: string, to: string): string | null {
  if (!isCalendarDate(from) || !isCalendarDate(to)) return "Pick a first and a last day";
  if (!isKitchenDate(from) || !isKitchenDate(to)) return `Pick days ${KITCHEN_DATE_YEARS}`;
  if (from > to) return "The first day must be on or before the last";
  return daysInRange(from, to) > MAX_PLAN_DAYS ? `Pick at most ${MAX_PLAN_DAYS} days` : null;
}

/**
 * A change to a list's items. Kept as a function so it can be applied again to a newer list after a conflict. The
 * changes a cook makes in the shop (check, uncheck, add, remove) carry their `op` too: offline, that is what the
 * device stores and applies to the server's list when the network is back (list-outbox.ts).
 */
export type ItemsChange = ((items: ShoppingItem[]) => ShoppingItem[]) & { op?: ListOp };

/** A change as data, to be kept on the device (IndexedDB) while offline. */
export type ListOp =
  | { kind: "check"; entry: ItemEntry; checked: boolean }
  | { kind: "remove"; entry: ItemEntry }
  | { kind: "add"; item: Omit<ShoppingItem, "checked" | "category"> };

/**
 * The order a shopper walks the store: fresh food by the entrance, then the shelves, then the chilled and frozen
 * counters last, so they stay cold on the way home.
 */
export const STORE_ORDER: readonly Category[] = ["Produce", "Pantry", "Spices", "Beverages", "Meat", "Seafood", "Dairy", "Frozen", "Other"];

/** An item on screen: its place in the saved array, which changes find it by. */
export interface ItemEntry {
  index: number;
  item: ShoppingItem;
}

export interface ItemGroup {
  category: Category;
  entries: ItemEntry[];
}

export const categoryOf = (item: ShoppingItem): Category => item.category ?? guessCategory(item.name);

/** Items by store section in STORE_ORDER, each section in list order: checking an item never moves it. */
export function groupByCategory(items: ShoppingItem[]): ItemGroup[] {
  const groups = new Map<Category, ItemEntry[]>(STORE_ORDER.map((category) => [category, []]));
  items.forEach((item, index) => groups.get(categoryOf(item))!.push({ index, item }));
  return [...groups].filter(([, entries]) => entries.length > 0).map(([category, entries]) => ({ category, entries }));
}

/** "1 1/2 kg", "as needed", or nothing for an amount of 0 in another unit: a "0" would read as "none to buy". */
export function amountText(item: Pick<ShoppingItem, "quantity" | "unit">): string {
  if (item.quantity > 0) return formatAmount(item.quantity, item.unit);
  return item.unit === NO_AMOUNT_UNIT ? NO_AMOUNT_UNIT : "";
}

/** The item as a person names it: "Flour, 1 1/2 kg". */
export function itemLabel(item: ShoppingItem): string {
  const amount = amountText(item);
  return amount ? `${item.name}, ${amount}` : item.name;
}

/**
 * How much `other` is still the item seen: 0 not at all (another name or unit), 1 the same name and unit (another
 * member changed its amount or checked it meanwhile), 2 also checked or not alike, 3 all of it alike. An item added by
 * hand is its add's key (nobody edits it); others have no identity, so a name and unit is what a change follows.
 */
function likeness(seen: ShoppingItem, other: ShoppingItem): number {
  if (seen.addKey !== undefined) return other.addKey === seen.addKey ? 3 : 0;
  if (other.unit !== seen.unit || ingredientKey(other.name) !== ingredientKey(seen.name)) return 0;
  if (other.checked !== seen.checked) return 1;
  return other.quantity === seen.quantity ? 3 : 2;
}

/**
 * Where an item seen on screen is in `items`: the item most like it (see `likeness`), at its old place among equals
 * (another change may have moved it); -1 when no item of its name and unit is left.
 */
function findItem(items: ShoppingItem[], { index, item }: ItemEntry): number {
  let found = -1;
  let best = 0;
  items.forEach((other, i) => {
    const like = likeness(item, other);
    const score = 2 * like + (i === index ? 1 : 0);
    if (like > 0 && score > best) [found, best] = [i, score];
  });
  return found;
}

/** An add whose item is on the list already: its save was applied, and its answer lost. */
const added = (op: ListOp & { kind: "add" }, items: ShoppingItem[]) =>
  op.item.addKey !== undefined && items.some((item) => item.addKey === op.item.addKey);

function applyOp(op: ListOp, items: ShoppingItem[]): ShoppingItem[] {
  if (op.kind === "add")
    return added(op, items) ? items : [...items, { ...op.item, checked: false, category: guessCategory(op.item.name) }];
  const i = findItem(items, op.entry);
  if (i < 0) return items;
  return op.kind === "check"
    ? items.map((item, n) => (n === i ? { ...item, checked: op.checked } : item))
    : items.filter((_, n) => n !== i);
}

/**
 * Why an op cannot apply to `items` as the cook made it, as the cook reads it; undefined when it applies. A check finds
 * no item of its name and unit (removed, or regenerated in another unit, meanwhile). A remove finds its name only in
 * another unit: it is kept, as the inventory keeps an ingredient changed meanwhile. A remove of an item gone
 * altogether (or of an item added by hand, which nobody changes) is done already.
 */
export function clashOf(op: ListOp, items: ShoppingItem[]): OutcomeText | undefined {
  if (op.kind === "add" || findItem(items, op.entry) >= 0) return undefined;
  const { name } = op.entry.item;
  if (op.kind === "check")
    return {
      title: `${name} was not ${op.checked ? "checked off" : "unchecked"}`,
      description: "It was removed or changed on another device meanwhile.",
    };
  const key = ingredientKey(name);
  if (op.entry.item.addKey !== undefined || !items.some((item) => ingredientKey(item.name) === key)) return undefined;
  return {
    title: `${name} was not removed`,
    description: "It was changed on another device meanwhile, so it was kept: remove it again if it should go.",
  };
}

/** Ops kept offline applied in turn to the server's newest items: the items, and what could not apply (to tell the cook). */
export function replayOps(ops: ListOp[], items: ShoppingItem[]): { items: ShoppingItem[]; clashes: OutcomeText[] } {
  const clashes: OutcomeText[] = [];
  const replayed = ops.reduce((all, op) => {
    const clash = clashOf(op, all);
    if (clash) clashes.push(clash);
    return applyOp(op, all);
  }, items);
  return { items: replayed, clashes };
}

/** The change an op makes. Checking and removing find the item seen by its name and unit, so after other changes they still hit it. */
export const changeOf = (op: ListOp): ItemsChange => Object.assign((items: ShoppingItem[]) => applyOp(op, items), { op });

export const setChecked = (entry: ItemEntry, checked: boolean): ItemsChange => changeOf({ kind: "check", entry, checked });

export const removeItem = (entry: ItemEntry): ItemsChange => changeOf({ kind: "remove", entry });

/** Adds an item as typed, filed in its guessed store section, with its own key (see `addKey`). */
export const addItem = (item: Omit<ShoppingItem, "checked" | "category">): ItemsChange =>
  changeOf({ kind: "add", item: { ...item, addKey: newIdempotencyKey() } });

/** A scanned product's name matches an item of the same name, in any case ("MILK" is "Milk", "Eggs" is "egg"). */
const matches = (name: string) => {
  const key = ingredientKey(name);
  return (item: ShoppingItem) => ingredientKey(item.name) === key;
};

/** What a scan does to a list: checks off an item of the product's name, or adds the product checked. */
export function scanOutcome(items: ShoppingItem[], name: string): "checked" | "added" {
  return items.some(matches(name)) ? "checked" : "added";
}

/** Spec (Shopping scan): the first unchecked item of the name is checked; without one, the product is added checked. */
export const scanProduct =
  (product: { name: string; category: Category }): ItemsChange =>
  (items) => {
    const match = matches(product.name);
    const i = items.findIndex((item) => !item.checked && match(item));
    if (i >= 0) return items.map((item, n) => (n === i ? { ...item, checked: true } : item));
    if (items.some(match)) return items;
    return [...items, { name: product.name, quantity: 1, unit: "units", checked: true, category: product.category }];
  };
