import type { Database } from "@kim/db";
import { EXPIRY_MAIL_DAYS, addDays } from "@kim/domain";
import { sql, type Kysely } from "kysely";

export function expiryMailSettings(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom("userSettings")
    .select(["expiryMail", "timeZone", "expiryMailSentOn"])
    .where("userId", "=", userId)
    .executeTakeFirst();
}

/** Saves the setting and the cook's time zone; `sentOn` is the day that counts as done already (see sentOnWhenTurnedOn). */
export async function saveExpiryMailSettings(
  db: Kysely<Database>,
  userId: string,
  settings: { expiryMail: boolean; timeZone: string; sentOn: string | null },
) {
  const values = { expiryMail: settings.expiryMail, timeZone: settings.timeZone, expiryMailSentOn: settings.sentOn };
  await db
    .insertInto("userSettings")
    .values({ userId, ...values })
    .onConflict((oc) => oc.column("userId").doUpdateSet({ ...values, updatedAt: sql`now()` }))
    .execute();
}

/** Turns the mail off; answers whether the user exists (a deleted account's link does nothing). */
export async function turnOffExpiryMail(db: Kysely<Database>, userId: string): Promise<boolean> {
  const user = await db.selectFrom("users").select("id").where("id", "=", userId).executeTakeFirst();
  if (!user) return false;
  await db
    .insertInto("userSettings")
    .values({ userId, expiryMail: false })
    .onConflict((oc) => oc.column("userId").doUpdateSet({ expiryMail: false, updatedAt: sql`now()` }))
    .execute();
  return true;
}

/**
 * Everyone who asked for the mail (each member of a household for themselves), with their clock, the local date it
 * last went out, and the household whose kitchen it tells of.
 */
export function expiryMailSubscribers(db: Kysely<Database>) {
  return db
    .selectFrom("userSettings as s")
    .innerJoin("users as u", "u.id", "s.userId")
    .innerJoin("householdMembers as m", "m.userId", "s.userId")
    .select(["s.userId", "m.householdId", "u.email", "s.timeZone", "s.expiryMailSentOn"])
    .where("s.expiryMail", "=", true)
    .execute();
}

/**
 * Marks the cook's `date` as done, if no process has yet: the row is locked by the update, so of processes racing
 * for one cook exactly one gets true. Run in the transaction that queues the mail, so a mail queued is a day marked.
 */
export async function claimExpiryMailDay(db: Kysely<Database>, userId: string, date: string): Promise<boolean> {
  const row = await db
    .updateTable("userSettings")
    .set({ expiryMailSentOn: date })
    .where("userId", "=", userId)
    .where("expiryMail", "=", true)
    .where((eb) => eb.or([eb("expiryMailSentOn", "is", null), eb("expiryMailSentOn", "<", date)]))
    .returning("userId")
    .executeTakeFirst();
  return !!row;
}

/** The household's items with an amount whose date falls from `today` to EXPIRY_MAIL_DAYS after. */
export function stockExpiringFrom(db: Kysely<Database>, householdId: string, today: string) {
  return db
    .selectFrom("ingredients")
    .select(["name", "quantity", "unit", sql<string>`expiration_date`.as("expirationDate")])
    .where("householdId", "=", householdId)
    .where("quantity", ">", 0)
    .where("expirationDate", ">=", today)
    .where("expirationDate", "<=", addDays(today, EXPIRY_MAIL_DAYS))
    .execute();
}
