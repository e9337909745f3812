import { z } from "zod";
import { CATEGORIES, UNITS } from "../shared/enums";
import { isCalendarDate } from "../shared/dates";
import { MAX_QUANTITY } from "../shared/quantities";
import { nameText, storableText } from "../shared/text";

/** The earliest expiry date Kim takes: older dates are typos (1900), not food. */
export const EARLIEST_EXPIRY = "2000-01-01";
/** How far ahead an expiry date may be: canned and dried food keeps for years, but not for centuries (9999). */
const EXPIRY_YEARS_AHEAD = 30;
export const EXPIRY_WINDOW_MESSAGE = `Expiration date must be between Jan 1, 2000 and ${EXPIRY_YEARS_AHEAD} years from today`;

/** The latest expiry date Kim takes on `now`'s day (yyyy-MM-dd, UTC). */
export function latestExpiry(now: Date = new Date()): string {
  return `${now.getUTCFullYear() + EXPIRY_YEARS_AHEAD}${now.toISOString().slice(4, 10)}`;
}

/** A yyyy-MM-dd date within EARLIEST_EXPIRY and latestExpiry(now). */
export function isPlausibleExpiry(date: string, now: Date = new Date()): boolean {
  return date >= EARLIEST_EXPIRY && date <= latestExpiry(now);
}

// Kept apart from the plain rules in inventory.ts so screens that only count and label don't load zod.
const optionalText = (label: string, max: number) =>
  storableText(label)
    .trim()
    .max(max, `${label} must be at most ${max.toLocaleString("en-US")} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

export const ingredientInput = z.object({
  name: nameText("Name").trim().min(1, "Name is required").max(200, "Name must be at most 200 characters"),
  quantity: z
    .number({ error: "Quantity must be a number" })
    .min(0, "Quantity must be 0 or more")
    .max(MAX_QUANTITY, "Quantity must be at most 1,000,000"),
  unit: z.enum(UNITS, { error: `Unit must be one of ${UNITS.join(", ")}` }),
  category: z.enum(CATEGORIES, { error: `Category must be one of ${CATEGORIES.join(", ")}` }),
  expirationDate: storableText("Expiration date")
    .refine(isCalendarDate, "Expiration date must be a date written yyyy-MM-dd")
    .refine((date) => isPlausibleExpiry(date), EXPIRY_WINDOW_MESSAGE)
    .nullish()
    .transform((v) => v ?? null),
  notes: optionalText("Notes", 2000),
});

export type IngredientInput = z.infer<typeof ingredientInput>;
export const ingredientUpdate = ingredientInput.partial();
