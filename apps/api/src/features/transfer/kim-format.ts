import {
  CATEGORIES,
  ingredientInput,
  canonicalTimeZone,
  isCalendarDate,
  isKitchenDate,
  isKitchenInstant,
  isTimeZone,
  KITCHEN_DATE_YEARS,
  mealPlanInput,
  profileInput,
  shoppingListInput,
  shoppingListUpdate,
  storableText,
  QUOTAS,
  type IngredientInput,
  type MealType,
  type ShoppingItem,
  type StockEventKind,
  type StockEventReason,
} from "@kim/domain";
import { z } from "zod";
import { isNode } from "../extraction/html/schema-recipe";

/** A recipe or row of a file that was not imported, and why (the import's summary lists it). */
export interface Failure {
  title: string;
  reason: string;
}

/**
 * Kim's own export (decision 0039): one zip holding kim-export.json (the whole account: profile, inventory, recipes,
 * plans, lists, stock history), each recipe's photo under images/, and the recipes again as schema.org JSON-LD
 * (recipes.jsonld) for other apps. Kim's import reads kim-export.json back whole: every row through the schema its own
 * form or API would use, the rows' ids kept only to join them again (a meal to its recipe, an event to its item).
 */
export const KIM_EXPORT_FILE = "kim-export.json";
export const KIM_JSONLD_FILE = "recipes.jsonld";
export const KIM_EXPORT_FORMAT = "kim-export";
export const KIM_EXPORT_VERSION = 1;

/** Stock history entries read from one file: years of a busy kitchen; older ones past it are left out. */
export const MAX_STOCK_EVENTS = 100_000;

export const stockHistoryLeftOut = (count: number) =>
  `${count.toLocaleString("en-US")} of the oldest entries were left out: at most ${MAX_STOCK_EVENTS.toLocaleString("en-US")} a file`;

/** An id in the file, only to join rows again: never written. */
const sourceId = z.string().max(64).nullish().catch(null);

const inventoryRow = ingredientInput.extend({ id: sourceId });
const mealPlanRow = mealPlanInput.extend({ recipeId: sourceId });
const shoppingListRow = shoppingListInput.extend({ items: shoppingListUpdate.shape.items });
const stockEventRow = z.object({
  ingredientId: sourceId,
  name: storableText("Name").trim().min(1, "Name is required").max(200, "Name must be at most 200 characters"),
  category: z.enum(CATEGORIES, { error: `Category must be one of ${CATEGORIES.join(", ")}` }),
  kind: z.enum(["wasted", "used"] satisfies StockEventKind[], { error: "Kind must be wasted or used" }),
  reason: z.enum(["deleted", "emptied", "cooked"] satisfies StockEventReason[], { error: "Reason must be deleted, emptied or cooked" }),
  expirationDate: storableText("Expiration date")
    .refine(isCalendarDate, "Expiration date must be a date written yyyy-MM-dd")
    .refine(isKitchenDate, `Expiration date must be a date ${KITCHEN_DATE_YEARS}`)
    .nullish()
    .transform((v) => v ?? null),
  // Bounded as the kitchen's dates are: the format alone lets year 0000 or 9999 through, which SQL can't store.
  occurredAt: z.iso
    .datetime({ offset: true, error: "When it happened must be a date and time" })
    .refine(isKitchenInstant, `When it happened must be a date and time ${KITCHEN_DATE_YEARS}`),
});
/** Display preferences only: the avatar and the clock; never the address, password, plan or mail opt-ins. */
const preferences = z.object({
  profileImageUrl: profileInput.shape.profileImageUrl.catch(undefined),
  settings: z
    .object({
      timeZone: z
        .string()
        .max(100)
        .refine(isTimeZone)
        .transform((zone) => canonicalTimeZone(zone) ?? zone)
        .nullish()
        .catch(null),
    })
    .nullish()
    .catch(null),
});

export interface InventoryRow extends IngredientInput {
  sourceId: string | null;
}
export interface MealPlanRow {
  date: string;
  mealType: MealType;
  /** The recipe's id in the file; null for a meal whose recipe was deleted before the export. */
  recipeId: string | null;
  servings: number;
  notes: string | null;
}
export interface ShoppingListRow {
  name: string;
  items: ShoppingItem[];
}
export interface StockEventRow {
  ingredientId: string | null;
  name: string;
  category: (typeof CATEGORIES)[number];
  kind: StockEventKind;
  reason: StockEventReason;
  expirationDate: string | null;
  occurredAt: string;
}

/** Everything of a Kim export but its recipes, each row checked; what failed is told with its reason. */
export interface KimKitchen {
  inventory: InventoryRow[];
  mealPlans: MealPlanRow[];
  shoppingLists: ShoppingListRow[];
  stockHistory: StockEventRow[];
  profile: { profileImageUrl?: string; timeZone?: string };
}

/** The recipes of a Kim export, each with its id and the path of its photo in the zip; undefined when the JSON is none. */
export function kimRecipes(data: unknown): { id: string | null; recipe: unknown; image: string | null }[] | undefined {
  if (!isKimExport(data)) return undefined;
  return data.recipes.map((item: unknown) => {
    if (!isNode(item)) return { id: null, recipe: item, image: null };
    const { id, createdAt: _createdAt, updatedAt: _updatedAt, createdBy: _createdBy, updatedBy: _updatedBy, image, ...recipe } = item;
    return { id: typeof id === "string" ? id : null, recipe, image: typeof image === "string" ? image : null };
  });
}

export function isKimExport(data: unknown): data is Record<string, unknown> & { recipes: unknown[] } {
  return isNode(data) && data.format === KIM_EXPORT_FORMAT && Array.isArray(data.recipes);
}

/**
 * The rest of a Kim export, read as the app's own forms would read it. A kind holding more rows than an account may
 * keep is refused (undefined) as no export of Kim's could hold them; a row its schema refuses is told in `failed`.
 */
export function kimKitchen(data: Record<string, unknown>, failed: Failure[]): KimKitchen | undefined {
  const list = (value: unknown) => (Array.isArray(value) ? (value as unknown[]) : []);
  const [inventory, mealPlans, shoppingLists] = [list(data.inventory), list(data.mealPlans), list(data.shoppingLists)];
  if (inventory.length > QUOTAS.ingredients.max || mealPlans.length > QUOTAS.mealPlans.max) return undefined;
  if (shoppingLists.length > QUOTAS.shoppingLists.max) return undefined;
  // The newest entries are kept: the insights chart the recent weeks.
  const events = list(data.stockHistory);
  const stockHistory = events.slice(Math.max(0, events.length - MAX_STOCK_EVENTS));
  if (stockHistory.length < events.length) {
    failed.push({
      title: "Stock history",
      reason: stockHistoryLeftOut(events.length - MAX_STOCK_EVENTS),
    });
  }
  const read = <S extends z.ZodType>(rows: unknown[], schema: S, label: (row: unknown) => string): z.infer<S>[] =>
    rows.flatMap((row) => {
      const parsed = schema.safeParse(row);
      if (parsed.success) return [parsed.data as z.infer<S>];
      failed.push({ title: label(row), reason: parsed.error.issues[0]?.message ?? "Not readable" });
      return [];
    });
  const named = (kind: string) => (row: unknown) => `${kind}: ${isNode(row) && typeof row.name === "string" ? row.name : "unnamed"}`;
  const dated = (row: unknown) => `Planned meal: ${isNode(row) && typeof row.date === "string" ? row.date : "undated"}`;
  const prefs = preferences.safeParse(isNode(data.profile) ? data.profile : {});
  const timeZone = prefs.success ? prefs.data.settings?.timeZone : undefined;
  return {
    inventory: read(inventory, inventoryRow, named("Inventory")).map(({ id, ...item }) => ({ ...item, sourceId: id ?? null })),
    mealPlans: read(mealPlans, mealPlanRow, dated).map((meal) => ({ ...meal, recipeId: meal.recipeId ?? null })),
    shoppingLists: read(shoppingLists, shoppingListRow, named("Shopping list")).map(({ name, items }) => ({
      name,
      items: items.map(({ changedBy: _changedBy, ...item }) => item),
    })),
    stockHistory: read(stockHistory, stockEventRow, named("Stock history")).map((event) => ({
      ...event,
      ingredientId: event.ingredientId ?? null,
    })),
    profile: {
      ...(prefs.success && prefs.data.profileImageUrl && { profileImageUrl: prefs.data.profileImageUrl }),
      ...(timeZone && { timeZone }),
    },
  };
}
