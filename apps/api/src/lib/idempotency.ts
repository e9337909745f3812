import { hash } from "node:crypto";
import { directRows, type Database } from "@kim/db";
import type { QuotaName } from "@kim/domain";
import { CompiledQuery, sql, type Expression, type ExpressionBuilder, type Insertable, type Kysely } from "kysely";
import { isUniqueViolation } from "./db-errors";
import { appError } from "./errors";
import { quotaReached, underQuota } from "./quotas";
import { RawJson } from "../lists";

/** How long a key's first answer is kept: far longer than any client goes on retrying one request. */
export const IDEMPOTENCY_KEY_HOURS = 24;

/** A UUID is what the web app sends; any other key of up to 255 visible ASCII characters is taken too (the IETF draft's). */
const KEY_FORM = /^[\x21-\x7e]{1,255}$/;

export const KEY_REUSED = "This Idempotency-Key was already used for a different request: send a new key for a new request";

/** One create or stock change sent with a key: whose, the key, and what was asked (to tell a retry from a reuse). */
export interface KeyedRequest {
  userId: string;
  key: string;
  fingerprint: string;
}

/** The request a key names, checked before any work: a bad key or a key on a batch of calls is a 400. */
export function keyedRequest(userId: string, key: string, calls: number, procedure: string, input: unknown): KeyedRequest {
  if (!KEY_FORM.test(key)) throw appError("BAD_REQUEST", "Idempotency-Key must be 1 to 255 visible ASCII characters");
  if (calls > 1) throw appError("BAD_REQUEST", "An Idempotency-Key names one call: send the call alone, not in a batch");
  // One-shot, as the session's hash: no Hash object per call. The same digest as hashing the parts in turn.
  const fingerprint = hash("sha256", `${procedure}\n${JSON.stringify(input) ?? ""}`, "base64url");
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

/** The tables a cook creates rows in, one row a create. */
type CreateTable = { [T in keyof Database]: Database[T] extends { householdId: string; id: unknown } ? T : never }[keyof Database];

/**
 * A create that is one INSERT of one row (see `createOnce`): the table, the columns it is handed (`householdId` among
 * them), its quota, and its answer, the JSON PostgreSQL writes over the new row (`jsonBuildObject`, typed as clients
 * receive it: the list of the same rows uses the same expression).
 */
export interface OneRowCreate<TB extends CreateTable, C extends keyof Insertable<Database[TB]> & string, A> {
  table: TB;
  columns: readonly C[];
  quota: QuotaName;
  answer: (eb: ExpressionBuilder<Database, TB>) => Expression<A>;
}

// Stand-ins compiled into a create's statement where each request's values go (as src/lists does).
const KEY = Symbol("key");
const KEY_USER = Symbol("keyUser");
const FINGERPRINT = Symbol("fingerprint");
const columnStandIns = new Map<string, symbol>();
const standIn = (column: string) => {
  let symbol = columnStandIns.get(column);
  if (!symbol) columnStandIns.set(column, (symbol = Symbol(column)));
  return symbol;
};

/** Any create, as the statement sees it: the same shape whatever the table. */
interface AnyCreate {
  table: string;
  columns: readonly string[];
  quota: QuotaName;
  answer: (eb: ExpressionBuilder<Database, CreateTable>) => Expression<unknown>;
}
/** The tables and columns as `compileCreate` names them: any, as the create hands them. */
type Tables = Record<string, Record<string, unknown>>;
type Answered = CompiledQuery<{ answer: string }>;
/** Each create's two statements (without a key, with one), compiled once per database. */
const createStatements = new WeakMap<Kysely<Database>, Map<AnyCreate, { plain: Answered; keyed: Answered }>>();

/**
 * `with created as (insert ... select <values> where <under quota> [and the key is new] returning *), answered as
 * (select <answer>::text from created) [, recorded as (insert into idempotency_keys ... from answered)] select answer`.
 */
function compileCreate(db: Kysely<Database>, create: AnyCreate, keyed: boolean): Answered {
  const value = (column: string) => sql<unknown>`${standIn(column)}`;
  // The quota counts the household's rows; the key is the person's who sent it.
  const householdId = sql<string>`${standIn("householdId")}`;
  const userId = sql<string>`${KEY_USER}`;
  const key = sql<string>`${KEY}`;
  const answered = (db as unknown as Kysely<Tables>)
    .with("created", (qc) => {
      let row = qc
        .selectNoFrom(create.columns.map((column) => value(column).as(column)))
        .where((eb) => underQuota(eb, create.quota, householdId));
      if (keyed) {
        const recorded = qc.selectFrom("idempotencyKeys").select(sql.lit(1).as("one")).where("userId", "=", userId).where("key", "=", key);
        row = row.where((eb) => eb.not(eb.exists(recorded)));
      }
      return qc.insertInto(create.table).columns(create.columns).expression(row).returningAll();
    })
    // The new row has the table's columns (returning *): its answer is the table's JSON.
    .with("answered", (qc) =>
      qc
        .selectFrom("created")
        .select((eb) => sql<string>`${create.answer(eb as unknown as ExpressionBuilder<Database, CreateTable>)}::text`.as("answer")),
    );
  const recorded = answered.with("recorded", (qc) =>
    qc
      .insertInto("idempotencyKeys")
      .columns(["userId", "key", "fingerprint", "answer"])
      .expression((eb) =>
        eb
          .selectFrom("answered")
          .select([userId.as("userId"), key.as("key"), sql`${FINGERPRINT}`.as("fingerprint"), sql`answer::json`.as("answer")]),
      ),
  );
  const statement = keyed ? recorded.selectFrom("answered").select("answer") : answered.selectFrom("answered").select("answer");
  return statement.compile();
}

function createStatement(db: Kysely<Database>, create: AnyCreate, keyed: boolean): CompiledQuery<{ answer: string }> {
  let byCreate = createStatements.get(db);
  if (!byCreate) createStatements.set(db, (byCreate = new Map()));
  let compiled = byCreate.get(create);
  if (!compiled) byCreate.set(create, (compiled = { plain: compileCreate(db, create, false), keyed: compileCreate(db, create, true) }));
  return keyed ? compiled.keyed : compiled.plain;
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
export async function createOnce<TB extends CreateTable, C extends keyof Insertable<Database[TB]> & string, A>(
  db: Kysely<Database>,
  create: OneRowCreate<TB, C, A>,
  values: Pick<Insertable<Database[TB]>, C> & { householdId: string },
  keyed: KeyedRequest | undefined,
): Promise<RawJson<A>> {
  const once = createStatement(db, create as unknown as AnyCreate, !!keyed);
  const byColumn = values as Record<string, unknown>;
  const parameters: unknown[] = [];
  for (const p of once.parameters) {
    if (p === KEY) parameters.push(keyed!.key);
    else if (p === KEY_USER) parameters.push(keyed!.userId);
    else if (p === FINGERPRINT) parameters.push(keyed!.fingerprint);
    else if (typeof p === "symbol") parameters.push(byColumn[p.description!] ?? null);
    else parameters.push(p);
  }
  let created: { answer: string } | undefined;
  try {
    [created] = await directRows(db, { ...once, parameters });
  } catch (error) {
    if (!keyed || !isKeyTaken(error)) throw error;
  }
  const answer = created?.answer ?? (keyed && (await firstAnswer(db, keyed)));
  if (!answer) throw quotaReached(create.quota);
  return new RawJson<A>(answer);
}
