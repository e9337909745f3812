import type { Database } from "@kim/db";
import { QUOTAS, quotaMessage, type QuotaName } from "@kim/domain";
import type { Kysely } from "kysely";
import { appError } from "./errors";

const TABLES = {
  ingredients: "ingredients",
  recipes: "recipes",
  mealPlans: "mealPlans",
  shoppingLists: "shoppingLists",
} as const satisfies Record<QuotaName, keyof Database>;

/**
 * Refuses (403, naming the quota) a create that would take the user past a quota, before the insert. The count and
 * the insert are two statements, so a user's creates running at the same moment can each pass: the overshoot is at
 * most their number in flight (see decision 0027), for one count on the user's index per create.
 */
export async function checkQuota(db: Kysely<Database>, userId: string, name: QuotaName): Promise<void> {
  const { count } = await db
    .selectFrom(TABLES[name])
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("userId", "=", userId)
    .executeTakeFirstOrThrow();
  if (count >= QUOTAS[name].max) throw appError("FORBIDDEN", quotaMessage(name));
}
