import type { Database } from "@kim/db";
import { QUOTAS, quotaMessage, type QuotaName } from "@kim/domain";
import type { Kysely } from "kysely";
import { appError } from "./errors";

/** Each quota's list, as list_versions names it. */
const LISTS = {
  ingredients: "ingredients",
  recipes: "recipes",
  mealPlans: "meal-plans",
  shoppingLists: "shopping-lists",
} as const satisfies Record<QuotaName, string>;

/**
 * Refuses (403, naming the quota) a create that would take the user past a quota, before the insert. It reads the
 * user's row count that the list's trigger keeps (one row by its key, however full the kitchen), rather than counting
 * the rows. The read and the insert are two statements, so a user's creates running at the same moment can each pass:
 * the overshoot is at most their number in flight (see decision 0027).
 */
export async function checkQuota(db: Kysely<Database>, userId: string, name: QuotaName): Promise<void> {
  const row = await db
    .selectFrom("listVersions")
    .select("rowCount")
    .where("userId", "=", userId)
    .where("list", "=", LISTS[name])
    .executeTakeFirst();
  if ((row?.rowCount ?? 0) >= QUOTAS[name].max) throw appError("FORBIDDEN", quotaMessage(name));
}
