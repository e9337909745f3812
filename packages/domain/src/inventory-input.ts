import { z } from "zod";
import { CATEGORIES, UNITS } from "./enums";
import { isCalendarDate, MAX_QUANTITY } from "./inventory";
import { storableText } from "./text";

// Kept apart from the plain rules in inventory.ts so screens that only count and label don't load zod.
const optionalText = (label: string, max: number) =>
  storableText(label)
    .trim()
    .max(max, `${label} must be at most ${max.toLocaleString("en-US")} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

export const ingredientInput = z.object({
  name: storableText("Name").trim().min(1, "Name is required").max(200, "Name must be at most 200 characters"),
  quantity: z
    .number({ error: "Quantity must be a number" })
    .min(0, "Quantity must be 0 or more")
    .max(MAX_QUANTITY, "Quantity must be at most 1,000,000"),
  unit: z.enum(UNITS, { error: `Unit must be one of ${UNITS.join(", ")}` }),
  category: z.enum(CATEGORIES, { error: `Category must be one of ${CATEGORIES.join(", ")}` }),
  expirationDate: storableText("Expiration date")
    .refine(isCalendarDate, "Expiration date must be a date written yyyy-MM-dd")
    .nullish()
    .transform((v) => v ?? null),
  notes: optionalText("Notes", 2000),
});

export type IngredientInput = z.infer<typeof ingredientInput>;
export const ingredientUpdate = ingredientInput.partial();
