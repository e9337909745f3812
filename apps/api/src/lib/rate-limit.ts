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
 * Counts one event against each key, in fixed windows shared by every API process, in one statement: each
 * counter is incremented atomically before the work it guards, so parallel requests can't all pass a check
 * made before any of them counted. Answers the counts in the order given.
 */
async function countHits(db: Kysely<Database>, spends: Spend[]): Promise<{ count: number; resetAt: Date }[]> {
  const rows = await db
    .insertInto("rateLimits")
    .values(
      spends.map(({ key, limit }) => ({
        key,
        count: 1,
        resetAt: sql<Date>`now() + ${`${limit.windowMs} milliseconds`}::interval`,
      })),
    )
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        count: sql`case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end`,
        resetAt: sql`case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end`,
      }),
    )
    .returning(["key", "count", "resetAt"])
    .execute();
  return spends.map(({ key }) => rows.find((r) => r.key === key)!);
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

/** Spends one event on each counter, then refuses (429) if any is past its limit. */
export async function spend(ctx: { db: Kysely<Database>; http: Exchange }, ...spends: Spend[]): Promise<void> {
  if (spends.length === 0) return;
  const counts = await countHits(ctx.db, spends);
  const over = spends.findIndex((s, i) => counts[i]!.count > s.limit.max);
  if (over >= 0) throw tooManyRequests(ctx.http, counts[over]!.resetAt, spends[over]!.refusal);
}

/**
 * Counts one event against the key and answers whether it is still within the limit, refusing nothing: for limits on
 * what a request causes (mails sent) rather than on the request itself.
 */
export async function withinLimit(db: Kysely<Database>, key: string, limit: Limit): Promise<boolean> {
  const [hit] = await countHits(db, [{ key, limit, refusal: "" }]);
  return hit!.count <= limit.max;
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
