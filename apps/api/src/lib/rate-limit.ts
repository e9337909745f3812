import type { Database } from "@kim/db";
import { TRPCError } from "@trpc/server";
import { sql, type Kysely } from "kysely";
import type { Exchange } from "./exchange";

export interface Limit {
  max: number;
  windowMs: number;
}

/** One counter to spend: its key, its limit, and what a refusal tells the client ("Too many sign-ups."). */
export interface Spend {
  key: string;
  limit: Limit;
  refusal: string;
}

/**
 * Counts one event against the key, in fixed windows shared by every API process, in one statement: the counter is
 * incremented atomically before the work it guards, so parallel requests can't all pass a check made before any of
 * them counted.
 */
function countHit(db: Kysely<Database>, key: string, limit: Limit): Promise<{ count: number; resetAt: Date }> {
  return db
    .insertInto("rateLimits")
    .values({ key, count: 1, resetAt: sql<Date>`now() + ${`${limit.windowMs} milliseconds`}::interval` })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        count: sql`case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end`,
        resetAt: sql`case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end`,
      }),
    )
    .returning(["count", "resetAt"])
    .executeTakeFirstOrThrow();
}

function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} ${seconds === 1 ? "second" : "seconds"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} ${minutes === 1 ? "minute" : "minutes"}`;
}

/** A 429 with Retry-After and a message saying when to try again. */
function tooManyRequests(http: Exchange, resetAt: Date, refusal: string): TRPCError {
  const seconds = Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000));
  http.header("retry-after", String(seconds));
  return new TRPCError({ code: "TOO_MANY_REQUESTS", message: `${refusal} Try again in ${waitText(seconds)}.` });
}

/**
 * Spends one event on each counter in turn, and refuses (429) at the first past its limit without charging the ones
 * after it: requests one counter refuses don't use up the others (a stranger refused for their own tries doesn't
 * spend an account's or an address's count).
 */
export async function spend(ctx: { db: Kysely<Database>; http: Exchange }, ...spends: Spend[]): Promise<void> {
  for (const { key, limit, refusal } of spends) {
    const hit = await countHit(ctx.db, key, limit);
    if (hit.count > limit.max) throw tooManyRequests(ctx.http, hit.resetAt, refusal);
  }
}

/**
 * Counts one event against the key and answers whether it is still within the limit, refusing nothing: for limits on
 * what a request causes (mails sent) rather than on the request itself.
 */
export async function withinLimit(db: Kysely<Database>, key: string, limit: Limit): Promise<boolean> {
  const hit = await countHit(db, key, limit);
  return hit.count <= limit.max;
}

/** Gives back one event spent on the key in its current window: for work refused for the server's reasons (busy), not the caller's. */
export async function refund(db: Kysely<Database>, key: string): Promise<void> {
  await db
    .updateTable("rateLimits")
    .set({ count: sql`count - 1` })
    .where("key", "=", key)
    .where("count", ">", 0)
    .where("resetAt", ">", sql<Date>`now()`)
    .execute();
}

/** Forgets a counter, e.g. the failed sign-ins of an account at an address once the right password came. */
export async function clearHits(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom("rateLimits").where("key", "=", key).execute();
}
