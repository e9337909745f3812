import type { Database } from "@kim/db";
import { stockEventKind, zonedDate, type StockEventReason } from "@kim/domain";
import type { Kysely } from "kysely";
import type { Kitchen } from "../../sessions/kitchen";

/** An item as it was just before it was deleted, emptied or used up. */
export interface ItemLeaving {
  id: string;
  name: string;
  category: string;
  before: number;
  expirationDate: string | null;
}

/** Where the date is latest (UTC+14): an item past its date on any cook's clock is past it on this one. */
const LATEST_CLOCK = "Etc/GMT-14";

/** The cook's time zone as their browser last told it; UTC until it has. */
export async function cookTimeZone(db: Kysely<Database>, userId: string): Promise<string> {
  const row = await db.selectFrom("userSettings").select("timeZone").where("userId", "=", userId).executeTakeFirst();
  return row?.timeZone ?? "UTC";
}

/**
 * Records what the changes mean (see stockEventKind), on the cook's date, in the caller's transaction: the event is
 * kept exactly when the change is. Insights judges an item with a date again on its reader's date, so a change that
 * means nothing on the cook's date but something on a clock ahead of it (an item deleted on its last day here, the
 * day after in Kiritimati) is kept too, as wasted. Items whose change means nothing anywhere are skipped; nothing to record costs no query.
 */
export async function recordStockEvents(
  db: Kysely<Database>,
  kitchen: Kitchen,
  reason: StockEventReason,
  items: ItemLeaving[],
  now: Date,
): Promise<void> {
  const candidates = items.filter((i) => i.before > 0);
  if (candidates.length === 0) return;
  const today = zonedDate(now, await cookTimeZone(db, kitchen.userId));
  const latest = zonedDate(now, LATEST_CLOCK);
  const rows = candidates.flatMap((item) => {
    const change = { reason, before: item.before, expirationDate: item.expirationDate };
    const kind = stockEventKind({ ...change, today }) ?? stockEventKind({ ...change, today: latest });
    return kind
      ? [
          {
            householdId: kitchen.householdId,
            createdBy: kitchen.userId,
            ingredientId: item.id,
            name: item.name,
            category: item.category,
            kind,
            reason,
            expirationDate: item.expirationDate,
            occurredAt: now,
          },
        ]
      : [];
  });
  if (rows.length > 0) await db.insertInto("stockEvents").values(rows).execute();
}

/** Undoing a cook: the items it used up are back, so their latest "used up by cooking" events go. */
export async function forgetCookedEvents(db: Kysely<Database>, householdId: string, ingredientIds: string[]): Promise<void> {
  if (ingredientIds.length === 0) return;
  await db
    .deleteFrom("stockEvents")
    .where("id", "in", (qb) =>
      qb
        .selectFrom("stockEvents")
        .select("id")
        .distinctOn("ingredientId")
        .where("householdId", "=", householdId)
        .where("reason", "=", "cooked")
        .where("ingredientId", "in", ingredientIds)
        .orderBy("ingredientId")
        .orderBy("occurredAt", "desc"),
    )
    .execute();
}
