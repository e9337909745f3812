import type { Database } from "@kim/db";
import { EXPIRING_SOON_DAYS, addDays } from "@kim/domain";
import { sql, type Kysely } from "kysely";

/**
 * Keeps the cook's time zone if none is kept yet. A read may be sent cross-site by a link, so it never overwrites
 * one: the mail setting (a JSON write, refused cross-site) does.
 */
export async function keepFirstTimeZone(db: Kysely<Database>, userId: string, timeZone: string): Promise<void> {
  await db
    .insertInto("userSettings")
    .values({ userId, timeZone })
    .onConflict((oc) => oc.column("userId").doUpdateSet({ timeZone }).where("userSettings.timeZone", "is", null))
    .execute();
}

/** The household's stock events since the day before `since` (a margin for time zones), oldest first. */
export function stockEventsSince(db: Kysely<Database>, householdId: string, since: string) {
  return db
    .selectFrom("stockEvents")
    .select(["kind", "category", "occurredAt"])
    .where("householdId", "=", householdId)
    .where("occurredAt", ">=", new Date(`${addDays(since, -1)}T00:00:00Z`))
    .orderBy("occurredAt")
    .execute();
}

/** Items with an amount whose date falls from the day before `today` to EXPIRING_SOON_DAYS after it. */
export function stockExpiringSoon(db: Kysely<Database>, householdId: string, today: string) {
  return db
    .selectFrom("ingredients")
    .select(["id", "name", "quantity", "unit", "category", sql<string>`expiration_date`.as("expirationDate")])
    .where("householdId", "=", householdId)
    .where("quantity", ">", 0)
    .where("expirationDate", ">=", addDays(today, -1))
    .where("expirationDate", "<=", addDays(today, EXPIRING_SOON_DAYS))
    .orderBy("expirationDate")
    .orderBy("name")
    .execute();
}

/** Each of the household's recipes with only its ingredient names: what matching against stock needs, nothing more. */
export async function recipeIngredientNames(db: Kysely<Database>, householdId: string) {
  const rows = await db
    .selectFrom("recipes")
    .select(["id", "title", sql<string[]>`array(select x->>'name' from jsonb_array_elements(ingredients) x)`.as("names")])
    .where("householdId", "=", householdId)
    .execute();
  return rows.map((r) => ({ id: r.id, title: r.title, ingredients: r.names.map((name) => ({ name })) }));
}
