import { fitInSlots, QUOTAS, quotaMessage, slotFullText, type DuplicateChoice, type QuotaName, type ShoppingItem } from "@kim/domain";
import type { KimKitchen } from "./kim-format";
import type { KitchenRows } from "./queries";

/**
 * Plans what of a Kim export's kitchen (inventory, meal plans, shopping lists, stock history) a household takes, before
 * a row is written. With duplicates skipped, a row the household already holds field for field is not added again
 * (each row already there matches one row of the file, so two identical cartons of milk stay two); a meal whose slot
 * is full and, past a quota, the rest of that kind are refused with their message, as the app's own create would be.
 */

export interface RestoreDetail {
  title: string;
  outcome: "skipped" | "failed";
  reason: string;
}

/** Where a recipe of the file went: the index of the recipe saved now, or the id of the same recipe already there. */
export type RecipeTarget = number | string;

export interface RestorePlan {
  inventory: KimKitchen["inventory"];
  /** The items of the file already there (by their id in the file), which its stock history names. */
  inventoryThere: Map<string, string>;
  mealPlans: (Omit<KimKitchen["mealPlans"][number], "recipeId"> & { recipe: RecipeTarget | null })[];
  shoppingLists: KimKitchen["shoppingLists"];
  stockHistory: KimKitchen["stockHistory"];
  details: RestoreDetail[];
}

export const ALREADY_THERE = "Already in your kitchen (the same in every field)";
export const RECIPE_NOT_IMPORTED = "Its recipe was not imported";

const itemKey = (item: ShoppingItem) => [
  item.name,
  item.quantity,
  item.unit,
  item.checked,
  item.category ?? null,
  item.plan ? [item.plan.from, item.plan.to] : null,
];
// The file's instants are valid dates within the kitchen's years (their schema, kim-format.ts): none throws here.
const instant = (value: string | Date) => new Date(value).toISOString();

export function planRestore(
  kitchen: KimKitchen,
  there: KitchenRows,
  duplicates: DuplicateChoice,
  recipeOf: (sourceId: string) => RecipeTarget | undefined,
): RestorePlan {
  const details: RestoreDetail[] = [];
  /**
   * The rows of one kind the household takes: duplicates skipped (when asked), then those the kind's own rule admits
   * (`admit`: a meal's slot has room), then the quota's room.
   */
  const take = <T, E>(
    rows: T[],
    existing: E[],
    keys: { row: (row: T) => unknown[]; there: (row: E) => unknown[] },
    label: (row: T) => string,
    quota: QuotaName | null,
    { onSkip, admit }: { onSkip?: (row: T, same: E) => void; admit?: (rows: T[]) => T[] } = {},
  ): T[] => {
    const unmatched = new Map<string, E[]>();
    if (duplicates === "skip") {
      for (const row of existing) {
        const k = JSON.stringify(keys.there(row));
        const same = unmatched.get(k);
        if (same) same.push(row);
        else unmatched.set(k, [row]);
      }
    }
    const fresh: T[] = [];
    for (const row of rows) {
      const same = unmatched.get(JSON.stringify(keys.row(row)))?.pop();
      if (same === undefined) fresh.push(row);
      else {
        details.push({ title: label(row), outcome: "skipped", reason: ALREADY_THERE });
        onSkip?.(row, same);
      }
    }
    const admitted = admit ? admit(fresh) : fresh;
    if (quota === null) return admitted;
    const room = Math.max(0, QUOTAS[quota].max - existing.length);
    for (const over of admitted.splice(room)) details.push({ title: label(over), outcome: "failed", reason: quotaMessage(quota) });
    return admitted;
  };

  type Item = { name: string; quantity: number; unit: string; category: string; expirationDate: string | null; notes: string | null };
  const item = (i: Item) => [i.name, i.quantity, i.unit, i.category, i.expirationDate, i.notes];
  // An item already there is still the one the file's stock history names.
  const inventoryThere = new Map<string, string>();
  const inventory = take(kitchen.inventory, there.inventory, { row: item, there: item }, (i) => `Inventory: ${i.name}`, "ingredients", {
    onSkip: (row, same) => row.sourceId && inventoryThere.set(row.sourceId, same.id),
  });

  const meals: RestorePlan["mealPlans"] = [];
  for (const { recipeId, ...meal } of kitchen.mealPlans) {
    const recipe = recipeId === null ? null : recipeOf(recipeId);
    if (recipe === undefined) details.push({ title: `Planned meal: ${meal.date}`, outcome: "failed", reason: RECIPE_NOT_IMPORTED });
    else meals.push({ ...meal, recipe });
  }
  const mealPlans = take(
    meals,
    there.mealPlans,
    {
      // A recipe saved now is new, so no meal already there is planned with it.
      row: (m) => [typeof m.recipe === "number" ? `new ${m.recipe}` : m.recipe, m.date, m.mealType, m.servings, m.notes],
      there: (m) => [m.recipeId, m.date, m.mealType, m.servings, m.notes],
    },
    (m) => `Planned meal: ${m.date}`,
    "mealPlans",
    {
      // At most MAX_MEALS_PER_SLOT a slot, counting the meals already there, as planning one by one would allow.
      admit: (fresh) => {
        const { kept, leftOut } = fitInSlots(there.mealPlans, fresh);
        for (const m of leftOut) details.push({ title: `Planned meal: ${m.date}`, outcome: "failed", reason: slotFullText(m.mealType) });
        return kept;
      },
    },
  );

  const list = (l: { name: string; items: ShoppingItem[] }) => [l.name, l.items.map(itemKey)];
  const shoppingLists = take(
    kitchen.shoppingLists,
    there.shoppingLists,
    { row: list, there: list },
    (l) => `Shopping list: ${l.name}`,
    "shoppingLists",
  );

  type Event = { name: string; category: string; kind: string; reason: string; expirationDate: string | null; occurredAt: string | Date };
  const event = (e: Event) => [e.name, e.category, e.kind, e.reason, e.expirationDate, instant(e.occurredAt)];
  const stockHistory = take(
    kitchen.stockHistory,
    there.stockHistory,
    { row: event, there: event },
    (e) => `Stock history: ${e.name}`,
    null,
  );

  return { inventory, inventoryThere, mealPlans, shoppingLists, stockHistory, details };
}
