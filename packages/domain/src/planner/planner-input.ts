import { z } from "zod";
import { MEAL_TYPES } from "../shared/enums";
import { KITCHEN_DATE_YEARS, daysInRange, isCalendarDate, isKitchenDate } from "../shared/dates";
import { shoppingItemSchema } from "../shopping/shopping-input";
import { storableText } from "../shared/text";
import { RECIPE_LIMITS } from "../recipes/recipe-fields";

export const MAX_MEALS_PER_SLOT = 3;
export const MAX_MEAL_SERVINGS = 100;

/** The servings a recipe is planned for unless the cook says otherwise: what it makes, within a meal's bounds. */
export const mealServingsOf = (recipeServings: number | null) => Math.min(Math.max(recipeServings ?? 1, 1), MAX_MEAL_SERVINGS);
export const MAX_SHOPPING_ITEMS = 500;
/** The longest span one request reads or plans for: about two months. */
export const MAX_PLAN_DAYS = 62;
const DEFAULT_SHOPPING_LIST_NAME = "Shopping List";

/** Why a meal was not planned in its slot: the slot is full. */
export function slotFullText(mealType: string): string {
  return `This ${mealType} slot already holds ${MAX_MEALS_PER_SLOT} meals`;
}

/**
 * The meals that fit their slots beside the ones already planned (at most MAX_MEALS_PER_SLOT a slot), taken in the
 * order given; the rest are left out.
 */
export function fitInSlots<T extends { date: string; mealType: string }>(
  planned: readonly { date: string; mealType: string }[],
  meals: readonly T[],
): { kept: T[]; leftOut: T[] } {
  const taken = new Map<string, number>();
  const slot = (m: { date: string; mealType: string }) => `${m.date} ${m.mealType}`;
  for (const meal of planned) taken.set(slot(meal), (taken.get(slot(meal)) ?? 0) + 1);
  const kept: T[] = [];
  const leftOut: T[] = [];
  for (const meal of meals) {
    const n = taken.get(slot(meal)) ?? 0;
    if (n >= MAX_MEALS_PER_SLOT) leftOut.push(meal);
    else {
      taken.set(slot(meal), n + 1);
      kept.push(meal);
    }
  }
  return { kept, leftOut };
}

const calendarDate = (label: string) =>
  storableText(label)
    .refine(isCalendarDate, `${label} must be a date written yyyy-MM-dd`)
    .refine(isKitchenDate, `${label} must be a date ${KITCHEN_DATE_YEARS}`);
const uuid = (label: string) => z.uuid({ error: `${label} must be a valid id (uuid)` });

const servings = (max: number) =>
  z
    .number({ error: "Servings must be a number" })
    .int("Servings must be a whole number")
    .min(1, "Servings must be at least 1")
    .max(max, `Servings must be at most ${max.toLocaleString("en-US")}`);

type MaybeRange = { from?: string | undefined; to?: string | undefined };
// Each check passes a range it can't judge (an end missing, or out of order): another check speaks for that.
const ordered = (r: MaybeRange) => r.from === undefined || r.to === undefined || r.from <= r.to;
const shortEnough = (r: MaybeRange) =>
  !ordered(r) || r.from === undefined || r.to === undefined || daysInRange(r.from, r.to) <= MAX_PLAN_DAYS;
const ORDERED = { message: "From must be on or before To", path: ["to"] };
const SHORT_ENOUGH = { message: `A range can span at most ${MAX_PLAN_DAYS} days`, path: ["to"] };

/** A span of days, both ends included, `from` first and at most MAX_PLAN_DAYS long. */
export const dateRange = z
  .object({ from: calendarDate("From"), to: calendarDate("To") })
  .refine(ordered, ORDERED)
  .refine(shortEnough, SHORT_ENOUGH);

export const mealPlanInput = z.object({
  date: calendarDate("Date"),
  mealType: z.enum(MEAL_TYPES, { error: `Meal type must be one of ${MEAL_TYPES.join(", ")}` }),
  recipeId: uuid("Recipe"),
  servings: servings(MAX_MEAL_SERVINGS).default(1),
  notes: storableText("Notes")
    .trim()
    .max(500, "Notes must be at most 500 characters")
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type MealPlanInput = z.infer<typeof mealPlanInput>;

/** "I cooked this": the recipe and the servings cooked, taken from the inventory. */
export const cookInput = z.object({ recipeId: uuid("Recipe"), servings: servings(RECIPE_LIMITS.servings) });

/** Putting back what a cook took, to undo it: how much of each inventory item. */
export const restockInput = z.object({
  items: z
    .array(z.object({ id: uuid("Ingredient"), quantity: z.number({ error: "Quantity must be a number" }).min(0).max(1_000_000) }))
    .max(300, "At most 300 items at once"),
});

const listName = storableText("Name").trim().min(1, "Name is required").max(100, "Name must be at most 100 characters");

export const shoppingListInput = z.object({ name: listName.default(DEFAULT_SHOPPING_LIST_NAME) });

export const shoppingListUpdate = z.object({
  name: listName.optional(),
  items: z
    .array(shoppingItemSchema, { error: "Items must be a list" })
    .max(MAX_SHOPPING_ITEMS, `A shopping list can hold at most ${MAX_SHOPPING_ITEMS} items`),
  /** The version the change was made on; a newer one on the server means another change came first. */
  version: z.number({ error: "Version must be a number" }).int("Version must be a whole number").min(1, "Version must be at least 1"),
});
export type ShoppingListUpdate = z.infer<typeof shoppingListUpdate>;

/** Generating a list: a range, or none for the week holding the cook's `today` (their own date, in their time zone). */
export const generateInput = z
  .object({
    smartMode: z.boolean({ error: "smartMode must be true or false" }).default(false),
    today: calendarDate("Today").optional(),
    from: calendarDate("From").optional(),
    to: calendarDate("To").optional(),
  })
  .refine((r) => (r.from === undefined) === (r.to === undefined), { message: "Give both From and To, or neither", path: ["to"] })
  .refine(ordered, ORDERED)
  .refine(shortEnough, SHORT_ENOUGH);
