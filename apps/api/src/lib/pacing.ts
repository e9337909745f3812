import type { Database } from "@kim/db";
import { sql, type Kysely } from "kysely";

/** A steady allowance: `perMinute` on average, up to `burst` at once after a quiet spell. */
export interface Pace {
  perMinute: number;
  burst: number;
}

/**
 * Reserves the next slot of a pace shared by every API process, in one statement, and answers how long to wait for
 * it (0 when it is free now), or null, taking nothing, when it is more than `maxWaitMs` away.
 *
 * It is the generic cell rate algorithm (a token bucket kept as one time): the row holds the theoretical arrival
 * time (TAT) of the next event; each reservation moves it on by one interval. It lives in rate_limits with the TAT as
 * `reset_at`, so housekeeping's sweep of past rows drops only buckets that are full again. Over any minute no more
 * than `burst + perMinute` pass, and waiting requests are served in the order they reserved.
 */
export async function reserveSlot(db: Kysely<Database>, key: string, pace: Pace, now: Date, maxWaitMs: number): Promise<number | null> {
  const interval = 60_000 / pace.perMinute;
  const tolerance = (pace.burst - 1) * interval;
  const at = sql<Date>`${now.toISOString()}::timestamptz`;
  const ms = (value: number) => sql<string>`${`${value} milliseconds`}::interval`;
  const start = sql<Date>`greatest(rate_limits.reset_at, ${at})`;
  const row = await db
    .insertInto("rateLimits")
    .values({ key, count: 1, resetAt: sql<Date>`${at} + ${ms(interval)}` })
    .onConflict((oc) =>
      oc
        .column("key")
        .doUpdateSet({ count: sql`rate_limits.count + 1`, resetAt: sql<Date>`${start} + ${ms(interval)}` })
        .where(sql<boolean>`${start} <= ${at} + ${ms(tolerance + maxWaitMs)}`),
    )
    .returning("resetAt")
    .executeTakeFirst();
  if (!row) return null;
  return Math.max(0, row.resetAt.getTime() - interval - tolerance - now.getTime());
}

/** Gives back a slot reserved but not used (another limit refused the work). */
export async function releaseSlot(db: Kysely<Database>, key: string, pace: Pace): Promise<void> {
  await db
    .updateTable("rateLimits")
    .set({ resetAt: sql<Date>`reset_at - ${`${60_000 / pace.perMinute} milliseconds`}::interval`, count: sql`count - 1` })
    .where("key", "=", key)
    .execute();
}
