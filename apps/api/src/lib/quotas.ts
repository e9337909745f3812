import type { Database } from "@kim/db";
import { QUOTAS, quotaMessage, type QuotaName } from "@kim/domain";
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from "kysely";
import { appError } from "./errors";

/** Each quota's list, as list_versions names it. */
const LISTS = {
  ingredients: "ingredients",
  recipes: "recipes",
  mealPlans: "meal-plans",
  shoppingLists: "shopping-lists",
} as const satisfies Record<QuotaName, string>;

/** The refusal of a create past a quota: 403, naming it. */
export function quotaReached(name: QuotaName): Error {
  return appError("FORBIDDEN", quotaMessage(name));
}

/**
 * The quota as a condition of an INSERT ... SELECT (`where` it), for a create that is one statement: true while the
 * household is under the quota (a household's kitchen counts as one, decision 0036). The same kept row count as `checkQuota`, read in the insert, so the check costs no
 * statement of its own.
 */
export function underQuota<DB extends Database, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  name: QuotaName,
  householdId: Expression<string>,
): Expression<SqlBool> {
  const count = (eb as unknown as ExpressionBuilder<Database, never>)
    .selectFrom("listVersions")
    .select("rowCount")
    .where("householdId", "=", householdId)
    .where("list", "=", LISTS[name]);
  return sql<SqlBool>`coalesce((${count}), 0) < ${sql.lit(QUOTAS[name].max)}`;
}

/**
 * Refuses (403, naming the quota) a create that would take the household past a quota, before the insert. It reads the
 * user's row count that the list's trigger keeps (one row by its key, however full the kitchen), rather than counting
 * the rows. The read and the insert are two statements, so a user's creates running at the same moment can each pass:
 * the overshoot is at most their number in flight (see decision 0027).
 */
export async function checkQuota(db: Kysely<Database>, householdId: string, name: QuotaName): Promise<void> {
  const row = await db
    .selectFrom("listVersions")
    .select("rowCount")
    .where("householdId", "=", householdId)
    .where("list", "=", LISTS[name])
    .executeTakeFirst();
  if ((row?.rowCount ?? 0) >= QUOTAS[name].max) throw quotaReached(name);
}
