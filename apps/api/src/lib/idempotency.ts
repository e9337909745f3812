import { createHash } from "node:crypto";
import { directRows, type Database } from "@kim/db";
import type { QuotaName } from "@kim/domain";
import { CompiledQuery, type Kysely, type RawBuilder } from "kysely";
import { isUniqueViolation } from "./db-errors";
import { appError } from "./errors";
import { quotaReached, underQuotaSql } from "./quotas";
import { RawJson } from "../lists";

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
  const first = await firstAnswer(db, request);
  if (!first) {
    if (!result.ok) return { result };
    // Recorded a moment ago and pruned since: only a key over a day old gets here.
    throw appError("CONFLICT", "This Idempotency-Key has expired: send a new key");
  }
  return { result, replay: { answer: JSON.parse(first) } };
}

/** The answer first recorded under the request's key, as it was written; a 422 when the key named another request. */
async function firstAnswer(db: Kysely<Database>, { userId, key, fingerprint }: KeyedRequest): Promise<string | undefined> {
  const [first] = await directRows<Database, { fingerprint: string; answer: string }>(
    db,
    CompiledQuery.raw(FIRST_ANSWER_SQL, [userId, key]),
  );
  if (first && first.fingerprint !== fingerprint) throw appError("UNPROCESSABLE_CONTENT", KEY_REUSED);
  return first?.answer;
}

const FIRST_ANSWER_SQL = "select fingerprint, answer::text as answer from idempotency_keys where user_id = $1 and key = $2";

/** A create that is one INSERT of one row (see `createOnce`). */
export interface OneRowCreate {
  table: string;
  /**
   * The row's columns as PostgreSQL names, in the order `createOnce` is handed their values; `household_id` (whose
   * quota it counts in) and `created_by` (whose idempotency key it is) among them.
   */
  columns: readonly string[];
  quota: QuotaName;
  /** The answer's fields: a select list over the new row's columns, each named as clients see it. */
  answer: RawBuilder<unknown>;
}

/** Each create's two statements (without a key, with one), written once per database. */
const createStatements = new WeakMap<Kysely<Database>, Map<OneRowCreate, { plain: string; keyed: string }>>();

function createStatement(db: Kysely<Database>, create: OneRowCreate, keyed: boolean): string {
  let byCreate = createStatements.get(db);
  if (!byCreate) createStatements.set(db, (byCreate = new Map()));
  let texts = byCreate.get(create);
  if (!texts) {
    const n = create.columns.length;
    const household = create.columns.indexOf("household_id") + 1;
    const user = create.columns.indexOf("created_by") + 1;
    if (household === 0 || user === 0) throw new Error(`${create.table}: a create names its household_id and created_by`);
    const [key, fingerprint] = [n + 1, n + 2];
    const insert = (condition: string) => `insert into ${create.table} (${create.columns.join(", ")})
      select ${create.columns.map((_, i) => `$${i + 1}`).join(", ")}
      where ${underQuotaSql(create.quota, household)}${condition}
      returning *`;
    // row_to_json writes compact JSON, as JSON.stringify does: the answer is the same text whichever path sends it.
    const answered = `answered as (select row_to_json(a)::text as answer from (select ${create.answer.compile(db).sql} from created) a)`;
    texts = {
      plain: `with created as (${insert("")}), ${answered} select answer from answered`,
      keyed: `with created as (${insert(` and not exists (select 1 from idempotency_keys where user_id = $${user} and key = $${key})`)}),
        ${answered},
        recorded as (insert into idempotency_keys (user_id, key, fingerprint, answer) select $${user}, $${key}, $${fingerprint}, answer::json from answered)
        select answer from answered`,
    };
    byCreate.set(create, texts);
  }
  return keyed ? texts.keyed : texts.plain;
}

/** The unique violation of a key recorded by a duplicate a moment before (not of any other unique index the row meets). */
function isKeyTaken(error: unknown): boolean {
  return (
    isUniqueViolation(error) &&
    typeof error === "object" &&
    error !== null &&
    "constraint" in error &&
    error.constraint === "idempotency_keys_pkey"
  );
}

/**
 * Creates one row in a single statement, the quota checked in it (403 past it), answering the row as PostgreSQL wrote
 * it. Keyed, the key and that same answer go in with the row, in the same statement: no transaction, nothing read
 * first. A key already recorded inserts nothing, and the first answer comes back (a 422 for another request); a
 * duplicate sent at the same moment waits on the key's index for the first to commit, then fails as a whole, and
 * answers the first's answer too.
 */
export async function createOnce<T>(
  db: Kysely<Database>,
  create: OneRowCreate,
  values: readonly unknown[],
  keyed: KeyedRequest | undefined,
): Promise<RawJson<T>> {
  const parameters = keyed ? [...values, keyed.key, keyed.fingerprint] : values;
  const statement = CompiledQuery.raw(createStatement(db, create, !!keyed), [...parameters]);
  let created: { answer: string } | undefined;
  try {
    [created] = await directRows<Database, { answer: string }>(db, statement);
  } catch (error) {
    if (!keyed || !isKeyTaken(error)) throw error;
  }
  const answer = created?.answer ?? (keyed && (await firstAnswer(db, keyed)));
  if (!answer) throw quotaReached(create.quota);
  return new RawJson<T>(answer);
}
