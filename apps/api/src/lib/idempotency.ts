import { hash } from "node:crypto";
import { directRows, type Database } from "@kim/db";
import type { QuotaName } from "@kim/domain";
import {
  CompiledQuery,
  sql,
  type Compilable,
  type Expression,
  type QueryCreator,
  type ExpressionBuilder,
  type Insertable,
  type Kysely,
} from "kysely";
import { isUniqueViolation } from "./db-errors";
import { appError, unauthorized } from "./errors";
import { quotaReached, underQuota } from "./quotas";
import { RawJson } from "../lists";

/** How long a key's first answer is kept: far longer than any client goes on retrying one request. */
export const IDEMPOTENCY_KEY_HOURS = 24;

/** A UUID is what the web app sends; any other key of up to 255 visible ASCII characters is taken too (the IETF draft's). */
const KEY_FORM = /^[\x21-\x7e]{1,255}$/;

export const KEY_REUSED = "This Idempotency-Key was already used for a different request: send a new key for a new request";

/** The key a call was sent with, and what was asked (to tell a retry from a reuse). */
export interface RequestKey {
  key: string;
  fingerprint: string;
}

/** One create or stock change sent with a key: whose, the key, and what was asked. */
export interface KeyedRequest extends RequestKey {
  userId: string;
}

/** The request a key names, checked before any work: a bad key or a key on a batch of calls is a 400. */
export function requestKey(key: string, calls: number, procedure: string, input: unknown): RequestKey {
  if (!KEY_FORM.test(key)) throw appError("BAD_REQUEST", "Idempotency-Key must be 1 to 255 visible ASCII characters");
  if (calls > 1) throw appError("BAD_REQUEST", "An Idempotency-Key names one call: send the call alone, not in a batch");
  // One-shot, as the session's hash: no Hash object per call. The same digest as hashing the parts in turn.
  const fingerprint = hash("sha256", `${procedure}\n${inputText(input)}`, "base64url");
  return { key, fingerprint };
}

export const TOO_DEEP = "The request is nested too deeply";

/**
 * The input as JSON, to fingerprint. It is read before the procedure's schema, so it can be anything a body parses to:
 * nesting deep enough (5,000 arrays, a 10 KB body) runs JSON.stringify out of stack, and no schema takes such input.
 */
function inputText(input: unknown): string {
  try {
    return JSON.stringify(input) ?? "";
  } catch (error) {
    if (error instanceof RangeError) throw appError("BAD_REQUEST", TOO_DEEP);
    throw error;
  }
}

/** `requestKey` for a person already known. */
export function keyedRequest(userId: string, key: string, calls: number, procedure: string, input: unknown): KeyedRequest {
  return { userId, ...requestKey(key, calls, procedure, input) };
}

/** What a procedure call ended with, as tRPC's middleware sees it. */
interface CallResult {
  ok: boolean;
  data?: unknown;
}

/** Thrown to roll the work back when its answer is not to be recorded: the call failed, or the key is taken. */
const ROLL_BACK = new Error("rolled back");

/** What runs once each keyed call's transaction commits (see `afterCommit`), by the transaction. */
const commitHooks = new WeakMap<Kysely<Database>, (() => void)[]>();

/**
 * Runs `hook` once the work done through `db` is committed: at once outside a transaction, after the commit in a
 * keyed call's (`applyOnce`), and never when that one rolls back. For what looks at the change from another
 * connection, which sees nothing before the commit (waking the mail sender). Any other transaction runs it at once.
 */
export function afterCommit(db: Kysely<Database>, hook: () => void): void {
  const hooks = commitHooks.get(db);
  if (hooks) hooks.push(hook);
  else hook();
}

/**
 * Applies a keyed request once. The work runs in a transaction that also records its answer under the key (one
 * insert: nothing is read first), so a change is never applied without its answer being kept. When the key is
 * already recorded (a retry, or a duplicate sent at the same moment: PostgreSQL makes the second insert wait for the
 * first transaction, then skip), the work is rolled back and the first answer comes back as `replay`; the same key
 * with a different request is a 422. A failed call records nothing, so retrying it runs it again. What the work
 * asked to run after the commit (`afterCommit`) runs once it is committed, and is dropped with a rollback.
 */
export async function applyOnce<R extends CallResult>(
  db: Kysely<Database>,
  request: KeyedRequest,
  work: (trx: Kysely<Database>) => Promise<R>,
): Promise<{ result: R; replay?: { answer: unknown } }> {
  const attempt: { result?: R; recorded?: boolean } = {};
  const committed: (() => void)[] = [];
  try {
    await db.transaction().execute(async (trx) => {
      commitHooks.set(trx, committed);
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
  if (attempt.recorded) {
    for (const hook of committed) hook();
    return { result };
  }
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

/** The columns of a created row that say whose it is: the household's kitchen, and the person (decision 0036). */
type Signed = "householdId" | "createdBy" | "updatedBy";

/** The tables a cook creates rows in, one row a create, each row signed. */
type CreateTable = {
  [T in keyof Database]: Database[T] extends { householdId: string; createdBy: unknown; updatedBy: unknown; id: unknown } ? T : never;
}[keyof Database];

/**
 * A create that is one INSERT of one row (see `createOnce`): the table, the columns it is handed (the signed ones
 * among them, which the creator fills), its quota, and its answer, the JSON PostgreSQL writes over the new row
 * (`jsonBuildObject`, typed as clients receive it: the list of the same rows uses the same expression).
 */
export interface OneRowCreate<TB extends CreateTable, C extends keyof Insertable<Database[TB]> & string, A> {
  table: TB;
  columns: readonly (C | Signed)[];
  quota: QuotaName;
  answer: (eb: ExpressionBuilder<Database, TB>) => Expression<A>;
}

/** Whose a created row is: their household's, signed by them (sessions/ `Kitchen`). */
export interface Signer {
  householdId: string;
  userId: string;
}

/** The person a session names, as a session's lookup reads them: among their columns, who, their household, its end. */
export interface SessionPerson {
  id: string;
  householdId: string;
  expire: Date;
}

/** A session's lookup (sessions/ `sessionSelect`): the person of the live session whose hashed token is `sid`, or no row. */
export type SessionLookup<P extends SessionPerson> = (db: Kysely<Database>, sid: Expression<string>) => Compilable<P>;

/**
 * A session its create's statement checks (sessions/ `sessionCheck`): the statement finds the person by the session,
 * as the lookup before a request does (no cache), and creates as them: one statement rather than two. Once it has
 * run, `person` is who the session was; when it had ended, the create is refused as unauthorized.
 */
export class SessionCheck<P extends SessionPerson = SessionPerson> {
  person: P | null = null;

  constructor(
    readonly sid: string,
    readonly lookup: SessionLookup<P>,
  ) {}
}

/** Who creates: a person already read, or a session the create checks. */
export type Creator = Signer | SessionCheck;

// Stand-ins compiled into a create's statement where each request's values go (as src/lists does).
const KEY = Symbol("key");
const FINGERPRINT = Symbol("fingerprint");
const HOUSEHOLD = Symbol("household");
const PERSON = Symbol("person");
const SID = Symbol("sid");
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
/** What a create's statement answers: the row's JSON (none when nothing was created) and, checking a session, its person. */
type AnsweredRow = { answer: string | null } & Partial<SessionPerson>;
type Answered = CompiledQuery<AnsweredRow>;
/** Each create's statements (without a key, with one), by a person already read or by each session lookup. */
type Statements = { plain?: Answered; keyed?: Answered };
const createStatements = new WeakMap<Kysely<Database>, Map<AnyCreate, Map<SessionLookup<SessionPerson> | "signer", Statements>>>();

/**
 * `with [session as (<the session's person>),] created as (insert ... select <values> [from session] where <under
 * quota> [and the key is new] returning *), answered as (select <answer>::text from created) [, recorded as (insert
 * into idempotency_keys ... from answered)] select answer [with the session's person]`.
 */
function compileCreate(db: Kysely<Database>, create: AnyCreate, keyed: boolean, lookup: SessionLookup<SessionPerson> | null): Answered {
  const bySession = lookup !== null;
  const tables = db as unknown as Kysely<Tables>;
  // Checking a session, the household and the person are the session's; otherwise the request's values.
  const householdId = bySession ? sql<string>`session.household_id` : sql<string>`${HOUSEHOLD}`;
  const person = bySession ? sql<string>`session.id` : sql<string>`${PERSON}`;
  const value = (column: string) =>
    column === "householdId" ? householdId : column === "createdBy" || column === "updatedBy" ? person : sql<unknown>`${standIn(column)}`;
  const key = sql<string>`${KEY}`;
  const withSession: QueryCreator<Tables> = bySession
    ? (tables.with("session", () => lookup(db, sql<string>`${SID}`) as never) as unknown as QueryCreator<Tables>)
    : tables;
  const answered = withSession
    .with("created", (qc) => {
      const values = create.columns.map((column) => value(column).as(column));
      let row = (bySession ? qc.selectFrom("session").select(values) : qc.selectNoFrom(values)).where((eb) =>
        underQuota(eb, create.quota, householdId),
      );
      if (keyed) {
        const recorded = qc.selectFrom("idempotencyKeys").select(sql.lit(1).as("one")).where("userId", "=", person).where("key", "=", key);
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
        (bySession ? eb.selectFrom(["answered", "session"]) : eb.selectFrom("answered")).select([
          person.as("userId"),
          key.as("key"),
          sql`${FINGERPRINT}`.as("fingerprint"),
          sql`answer::json`.as("answer"),
        ]),
      ),
  );
  const statement = (keyed ? recorded : answered) as unknown as QueryCreator<Tables>;
  // Checking a session: its person, with the answer or null; no row at all when the session has ended.
  const final = bySession
    ? statement
        .selectFrom("session")
        .selectAll("session")
        .select((eb) => eb.selectFrom("answered").select("answer").as("answer"))
    : statement.selectFrom("answered").select("answer");
  return final.compile() as unknown as Answered;
}

function createStatement(db: Kysely<Database>, create: AnyCreate, keyed: boolean, lookup: SessionLookup<SessionPerson> | null): Answered {
  let byCreate = createStatements.get(db);
  if (!byCreate) createStatements.set(db, (byCreate = new Map()));
  let byCreator = byCreate.get(create);
  if (!byCreator) byCreate.set(create, (byCreator = new Map()));
  let statements = byCreator.get(lookup ?? "signer");
  if (!statements) byCreator.set(lookup ?? "signer", (statements = {}));
  const variant = keyed ? "keyed" : "plain";
  return (statements[variant] ??= compileCreate(db, create, keyed, lookup));
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
 * Creates one row in a single statement, signed by its creator, the quota checked in it (403 past it), answering the
 * row as PostgreSQL wrote it. Keyed, the key and that same answer go in with the row, in the same statement: no
 * transaction, nothing read first. A key already recorded inserts nothing, and the first answer comes back (a 422 for
 * another request); a duplicate sent at the same moment waits on the key's index for the first to commit, then fails
 * as a whole, and answers the first's answer too. Created by a `SessionCheck`, the same statement finds the session's
 * person first (401 when there is none) and creates as them.
 */
export async function createOnce<TB extends CreateTable, C extends keyof Insertable<Database[TB]> & string, A>(
  db: Kysely<Database>,
  create: OneRowCreate<TB, C, A>,
  creator: Creator,
  values: Pick<Insertable<Database[TB]>, Exclude<C, Signed>>,
  keyed: RequestKey | undefined,
): Promise<RawJson<A>> {
  const bySession = creator instanceof SessionCheck;
  const once = createStatement(db, create as unknown as AnyCreate, !!keyed, bySession ? creator.lookup : null);
  const byColumn = values as Record<string, unknown>;
  const parameters: unknown[] = [];
  for (const p of once.parameters) {
    if (p === KEY) parameters.push(keyed!.key);
    else if (p === FINGERPRINT) parameters.push(keyed!.fingerprint);
    else if (p === HOUSEHOLD) parameters.push((creator as Signer).householdId);
    else if (p === PERSON) parameters.push((creator as Signer).userId);
    else if (p === SID) parameters.push((creator as SessionCheck).sid);
    else if (typeof p === "symbol") parameters.push(byColumn[p.description!] ?? null);
    else parameters.push(p);
  }
  const run = async () => {
    const [row] = await directRows<Database, AnsweredRow>(db, { ...once, parameters });
    if (!bySession) return row;
    if (!row) throw unauthorized();
    const { answer: _answer, ...person } = row;
    creator.person = person as SessionPerson;
    return row;
  };
  let created: { answer: string | null } | undefined;
  try {
    created = await run();
  } catch (error) {
    if (!keyed || !isKeyTaken(error)) throw error;
    // The duplicate's key is in now: checking a session, run again to learn whose it is (it creates nothing).
    if (bySession) created = await run();
  }
  const userId = bySession ? creator.person!.id : creator.userId;
  const answer = created?.answer ?? (keyed && (await firstAnswer(db, { ...keyed, userId })));
  if (!answer) throw quotaReached(create.quota);
  return new RawJson<A>(answer);
}
