import { createHash } from "node:crypto";
import type { Database } from "@kim/db";
import type { Kysely } from "kysely";
import { appError } from "./errors";

/** How long a key's first answer is kept: far longer than any client goes on retrying one request. */
export const IDEMPOTENCY_KEY_HOURS = 24;

/** A UUID is what the web app sends; any other key of up to 255 visible ASCII characters is taken too (the IETF draft's). */
const KEY = /^[\x21-\x7e]{1,255}$/;

export const KEY_REUSED = "This Idempotency-Key was already used for a different request: send a new key for a new request";

/** One create or stock change sent with a key: whose, the key, and what was asked (to tell a retry from a reuse). */
export interface KeyedRequest {
  userId: string;
  key: string;
  fingerprint: string;
}

/** The request a key names, checked before any work: a bad key or a key on a batch of calls is a 400. */
export function keyedRequest(userId: string, key: string, calls: number, procedure: string, input: unknown): KeyedRequest {
  if (!KEY.test(key)) throw appError("BAD_REQUEST", "Idempotency-Key must be 1 to 255 visible ASCII characters");
  if (calls > 1) throw appError("BAD_REQUEST", "An Idempotency-Key names one call: send the call alone, not in a batch");
  const fingerprint = createHash("sha256")
    .update(procedure)
    .update("\n")
    .update(JSON.stringify(input) ?? "")
    .digest("base64url");
  return { userId, key, fingerprint };
}

/** What a procedure call ended with, as tRPC's middleware sees it. */
interface CallResult {
  ok: boolean;
  data?: unknown;
}

/** Thrown to roll the work back when its answer is not to be recorded: the call failed, or the key is taken. */
const ROLL_BACK = new Error("rolled back");

/**
 * Applies a keyed request once. The work runs in a transaction that also records its answer under the key (one
 * insert: nothing is read first), so a change is never applied without its answer being kept. When the key is
 * already recorded (a retry, or a duplicate sent at the same moment: PostgreSQL makes the second insert wait for the
 * first transaction, then skip), the work is rolled back and the first answer comes back as `replay`; the same key
 * with a different request is a 422. A failed call records nothing, so retrying it runs it again.
 */
export async function applyOnce<R extends CallResult>(
  db: Kysely<Database>,
  request: KeyedRequest,
  work: (trx: Kysely<Database>) => Promise<R>,
): Promise<{ result: R; replay?: { answer: unknown } }> {
  const attempt: { result?: R; recorded?: boolean } = {};
  try {
    await db.transaction().execute(async (trx) => {
      const result = await work(trx);
      attempt.result = result;
      if (!result.ok) throw ROLL_BACK;
      const row = await trx
        .insertInto("idempotencyKeys")
        .values({ ...request, answer: JSON.stringify(result.data) ?? "null" })
        .onConflict((oc) => oc.columns(["userId", "key"]).doNothing())
        .returning("key")
        .executeTakeFirst();
      if (!row) throw ROLL_BACK;
      attempt.recorded = true;
    });
  } catch (error) {
    if (error !== ROLL_BACK) throw error;
  }
  const { result } = attempt;
  if (!result) throw new Error("the idempotent call never ran");
  if (attempt.recorded) return { result };
  const first = await db
    .selectFrom("idempotencyKeys")
    .select(["fingerprint", "answer"])
    .where("userId", "=", request.userId)
    .where("key", "=", request.key)
    .executeTakeFirst();
  if (!first) {
    if (!result.ok) return { result };
    // Recorded a moment ago and pruned since: only a key over a day old gets here.
    throw appError("CONFLICT", "This Idempotency-Key has expired: send a new key");
  }
  if (first.fingerprint !== request.fingerprint) throw appError("UNPROCESSABLE_CONTENT", KEY_REUSED);
  return { result, replay: { answer: first.answer } };
}
