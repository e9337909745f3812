import type { Database } from "@kim/db";
import { EXPIRING_SOON_DAYS, addDays, type StockEventKind } from "@kim/domain";
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

/**
 * The household's stock events since the day before `since` (a margin for time zones), oldest first, each on the
 * reader's date in `timeZone` and judged on it: what it means was recorded on the server's idea of its cook's date,
 * which may be UTC or a zone kept long ago, and a household's cooks may live on different clocks.
 */
export function stockEventsSince(db: Kysely<Database>, householdId: string, since: string, timeZone: string) {
  const wallClock = sql<Date>`(occurred_at at time zone ${timeZone})`;
  const on = sql<string>`${wallClock}::date`;
  // stockEventKind on that date, in PostgreSQL so a long history costs no work per row here: an item deleted or set
  // to 0 after its date was wasted, one set to 0 on or before it used, one deleted on or before it means nothing
  // (null). One used up by cooking, or with no date, means what was recorded.
  const kind = sql<StockEventKind | null>`case
    when reason = 'cooked' or expiration_date is null then kind
    when expiration_date < ${on} then 'wasted'
    when reason = 'emptied' then 'used'
  end`;
  return db
    .selectFrom("stockEvents")
    .select([kind.as("kind"), "category", sql<string>`to_char(${wallClock}, 'YYYY-MM-DD')`.as("on")])
    .where("householdId", "=", householdId)
    .where("occurredAt", ">=", new Date(`${addDays(since, -1)}T00:00:00Z`))
    .where(kind, "is not", null)
    .orderBy("occurredAt")
    .$narrowType<{ kind: StockEventKind }>()
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
