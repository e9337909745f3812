import { z } from "zod";
import { CATEGORIES } from "../shared/enums";
import { KITCHEN_DATE_YEARS, isCalendarDate, isKitchenDate } from "../shared/dates";
import { MAX_QUANTITY } from "../shared/quantities";
import { storableText } from "../shared/text";

/** One item of a shopping list, as kept in the shopping_lists.items jsonb column. */
export const shoppingItemSchema = z.object({
  name: storableText("Item name").trim().min(1, "Item name is required").max(200, "Item name must be at most 200 characters"),
  quantity: z
    .number({ error: "Quantity must be a number" })
    .min(0, "Quantity must be 0 or more")
    .max(MAX_QUANTITY, "Quantity must be at most 1,000,000"),
  unit: storableText("Unit").trim().min(1, "Unit is required").max(30, "Unit must be at most 30 characters"),
  checked: z.boolean({ error: "Checked must be true or false" }).default(false),
  /** The store section, so the list can be grouped and the shopper walks the store once. */
  category: z.enum(CATEGORIES, { error: `Category must be one of ${CATEGORIES.join(", ")}` }).optional(),
  /** The days of the plan a generation put the item there for; generating them again replaces it. None when added by hand. */
  plan: z
    .object({
      from: storableText("Plan from")
        .refine(isCalendarDate, "Plan from must be a date written yyyy-MM-dd")
        .refine(isKitchenDate, `Plan from must be a date ${KITCHEN_DATE_YEARS}`),
      to: storableText("Plan to")
        .refine(isCalendarDate, "Plan to must be a date written yyyy-MM-dd")
        .refine(isKitchenDate, `Plan to must be a date ${KITCHEN_DATE_YEARS}`),
    })
    .optional(),
  /**
   * Who added or last changed the item (a household member's id, decision 0036). Set by the server on each save from
   * what changed; whatever a client sends is only a hint it checks against the list as saved.
   */
  changedBy: storableText("changedBy").max(64, "changedBy must be a member's id").nullish(),
  /**
   * Made by the device with the add that put the item there by hand: the item's identity, so an add sent again after
   * its save was applied unanswered is not added twice (once its idempotency key has expired), and a check or removal
   * made offline finds its item. None on generated or scanned items.
   */
  addKey: storableText("addKey").max(64, "addKey must be at most 64 characters").optional(),
});

export type ShoppingItem = z.infer<typeof shoppingItemSchema>;
