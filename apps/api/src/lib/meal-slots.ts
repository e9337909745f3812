import type { Database } from "@kim/db";
import { sql, type Kysely } from "kysely";

const slotsKey = (householdId: string) => `meal-slots:${householdId}`;

/**
 * Locks one meal slot until the transaction ends, so adds racing for its last place are taken one at a time; and
 * holds the household's slots shared, so a merge counting every slot (lockMealSlots) waits for it, and it for the merge.
 */
export async function lockMealSlot(db: Kysely<Database>, householdId: string, date: string, mealType: string): Promise<void> {
  const slot = `meal-slot:${householdId}:${date}:${mealType}`;
  await sql`select pg_advisory_xact_lock_shared(hashtextextended(${slotsKey(householdId)}, 0)),
    pg_advisory_xact_lock(hashtextextended(${slot}, 0))`.execute(db);
}

/** Locks every meal slot of the household until the transaction ends: a merge counts what each holds. */
export async function lockMealSlots(db: Kysely<Database>, householdId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${slotsKey(householdId)}, 0))`.execute(db);
}
