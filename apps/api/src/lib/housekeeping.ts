import type { Database } from "@kim/db";
import type { FastifyBaseLogger } from "fastify";
import { sql, type Kysely } from "kysely";
import { IDEMPOTENCY_KEY_HOURS } from "./idempotency";
import type { Job } from "./jobs";

const HOUR_MS = 60 * 60 * 1000;
/** Sent mail is kept a while for support questions ("did my reset mail go out?"). */
const SENT_MAIL_DAYS = 30;
/** Stripe retries an event for 3 days; ids kept longer than that only catch nothing. */
const STRIPE_EVENT_DAYS = 30;

/**
 * Deletes what no request can use any more: expired sessions, spent rate-limit windows, old mail and cache rows,
 * idempotency keys past their day.
 */
export async function pruneExpired(db: Kysely<Database>): Promise<Record<string, number>> {
  const now = sql<Date>`now()`;
  const counts = await Promise.all([
    db.deleteFrom("sessions").where("expire", "<=", now).executeTakeFirst(),
    db.deleteFrom("rateLimits").where("resetAt", "<=", now).executeTakeFirst(),
    db
      .deleteFrom("emailOutbox")
      .where("sentAt", "<", sql<Date>`now() - ${`${SENT_MAIL_DAYS} days`}::interval`)
      .executeTakeFirst(),
    db.deleteFrom("barcodeProducts").where("expiresAt", "<=", now).executeTakeFirst(),
    db
      .deleteFrom("stripeEvents")
      .where("processedAt", "<", sql<Date>`now() - ${`${STRIPE_EVENT_DAYS} days`}::interval`)
      .executeTakeFirst(),
    db
      .deleteFrom("idempotencyKeys")
      .where("createdAt", "<", sql<Date>`now() - ${`${IDEMPOTENCY_KEY_HOURS} hours`}::interval`)
      .executeTakeFirst(),
  ]);
  const [sessions, rateLimits, sentMail, barcodeProducts, stripeEvents, idempotencyKeys] = counts.map((r) => Number(r.numDeletedRows));
  return {
    sessions: sessions!,
    rateLimits: rateLimits!,
    sentMail: sentMail!,
    barcodeProducts: barcodeProducts!,
    stripeEvents: stripeEvents!,
    idempotencyKeys: idempotencyKeys!,
  };
}

/** Prunes hourly in every process; the deletes are idempotent, so processes need not coordinate. */
export const housekeeping: Job<{ db: Kysely<Database>; log: FastifyBaseLogger }> = {
  name: "housekeeping",
  everyMs: HOUR_MS,
  async run({ db, log }) {
    log.info({ deleted: await pruneExpired(db) }, "housekeeping");
  },
};
