import type { Database } from "@kim/db";
import { TRPCError } from "@trpc/server";
import type { FastifyReply } from "fastify";
import { sql, type Kysely } from "kysely";

export interface Limit {
  max: number;
  windowMs: number;
}

/** Counts one event against `key` in a fixed window shared by every API process; answers the count so far. */
export async function countHit(db: Kysely<Database>, key: string, { windowMs }: Limit): Promise<{ count: number; resetAt: Date }> {
  const window = sql<Date>`now() + ${`${windowMs} milliseconds`}::interval`;
  return db
    .insertInto("rateLimits")
    .values({ key, count: 1, resetAt: window })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        count: sql`case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end`,
        resetAt: sql`case when rate_limits.reset_at <= now() then ${window} else rate_limits.reset_at end`,
      }),
    )
    .returning(["count", "resetAt"])
    .executeTakeFirstOrThrow();
}

/** The events counted so far in the current window, without adding one. */
export async function peekHits(db: Kysely<Database>, key: string): Promise<{ count: number; resetAt: Date } | null> {
  const row = await db
    .selectFrom("rateLimits")
    .select(["count", "resetAt"])
    .where("key", "=", key)
    .where("resetAt", ">", sql<Date>`now()`)
    .executeTakeFirst();
  return row ?? null;
}

export async function clearHits(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom("rateLimits").where("key", "=", key).execute();
}

function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} ${seconds === 1 ? "second" : "seconds"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} ${minutes === 1 ? "minute" : "minutes"}`;
}

/** A 429 with Retry-After and a message saying when to try again. */
export function tooManyRequests(reply: FastifyReply, resetAt: Date, what: string): TRPCError {
  const seconds = Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000));
  reply.header("retry-after", String(seconds));
  return new TRPCError({ code: "TOO_MANY_REQUESTS", message: `${what} Try again in ${waitText(seconds)}.` });
}

/** Counts a hit and refuses once the limit is passed. */
export async function enforceLimit(
  db: Kysely<Database>,
  reply: FastifyReply,
  key: string,
  limit: Limit,
  what: string,
): Promise<void> {
  const { count, resetAt } = await countHit(db, key, limit);
  if (count > limit.max) throw tooManyRequests(reply, resetAt, what);
}
