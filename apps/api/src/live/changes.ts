import type { Database } from "@kim/db";
import { LIVE_KINDS, liveEventId, type LiveKind, type LiveVersions } from "@kim/domain";
import { sql, type Kysely } from "kysely";
import type { ListName, ListVersions } from "../lists";

/** The one PostgreSQL channel every process listens on; a change names its scope in its payload. */
export const CHANNEL = "kim_live";

/** The list in list_versions whose version a change of each kind carries (bumped by a trigger with every change). */
const LISTS: Record<LiveKind, ListName> = {
  shoppingList: "shopping-lists",
  mealPlan: "meal-plans",
  inventory: "ingredients",
  recipes: "recipes",
};

/**
 * Whose open screens hear a person's changes: the people sharing the data. The one place that says who they are
 * (the members of one household, decision 0036).
 */
export function liveScope(ctx: { user: { householdId: string } }): string {
  return ctx.user.householdId;
}

/** What a browser is told of a change: what changed, its list's new version and who changed it; never the data. */
export interface LiveChange {
  kind: LiveKind;
  version: number;
  /** The user who made it; null for a change a stream catches up on. */
  by: string | null;
}

/** A change as it travels between processes. */
export interface ScopedChange extends LiveChange {
  scope: string;
}

type Publication = Omit<ScopedChange, "version">;

/**
 * NOTIFY for each change, its version read from list_versions in the same statement: within a transaction, the
 * version the transaction wrote, sent when it commits.
 */
export async function notify(db: Kysely<Database>, changes: readonly Publication[]): Promise<void> {
  const rows = JSON.stringify(changes.map((c) => ({ ...c, list: LISTS[c.kind] })));
  await sql`select pg_notify(${CHANNEL}, json_build_object('scope', c.scope, 'kind', c.kind, 'by', c.by, 'version',
      (select coalesce(sum(v.version), 0) from list_versions v where v.household_id = c.scope::uuid and v.list = c.list))::text)
    from json_to_recordset(${rows}::json) as c(scope text, kind text, list text, by text)`.execute(db);
}

/** Each database's sender of committed changes (a LiveHub registers one), which sends them together, unawaited. */
const senders = new WeakMap<Kysely<Database>, (change: Publication) => void>();

export function registerSender(db: Kysely<Database>, send: (change: Publication) => void): void {
  senders.set(db, send);
}

/** Who publishes a change, through which database handle. */
type Publisher = { db: Kysely<Database>; user: { id: string; householdId: string } };

/**
 * Tells the open screens of everyone sharing the user's data that `kind` changed, once the change is committed:
 * called after a mutation's write, in its transaction if it runs in one (PostgreSQL sends NOTIFY at commit, and not
 * at all on rollback). A change already committed (no transaction) goes to this process's hub, which sends it with
 * the others of the moment in one statement without the request waiting: a keyed create stays one statement
 * (decision 0035).
 */
export function publishChange(ctx: Publisher, kind: LiveKind): Promise<void> {
  return publishChanges(ctx, [kind]);
}

/** `publishChange` for several kinds changed together: in a transaction, one NOTIFY statement for them all. */
export async function publishChanges(ctx: Publisher, kinds: readonly LiveKind[]): Promise<void> {
  const changes = kinds.map((kind) => ({ scope: liveScope(ctx), kind, by: ctx.user.id }));
  const send = ctx.db.isTransaction ? undefined : senders.get(ctx.db);
  if (send) for (const change of changes) send(change);
  else await notify(ctx.db, changes);
}

/**
 * Tells every process that these people moved to another household (joined, left, were removed, or their account
 * went): a stream keeps the scope it opened with, so theirs end, and their browsers reconnect in the new one. Called
 * in the moving transaction: sent at its commit, never on rollback.
 */
export async function publishMoves(db: Kysely<Database>, userIds: readonly string[]): Promise<void> {
  await sql`select pg_notify(${CHANNEL}, json_build_object('moved', u)::text)
    from json_array_elements_text(${JSON.stringify(userIds)}::json) as u`.execute(db);
}

/**
 * Tells every process that a session of this person ended (sign-out, password reset): their streams end, as at their
 * age limit, and each browser reconnects with its session checked again, so the ended one is refused (401) and the
 * person's other sessions go on. Called in the ending transaction when there is one: sent at its commit.
 */
export async function publishSignOut(db: Kysely<Database>, userId: string): Promise<void> {
  await sql`select pg_notify(${CHANNEL}, json_build_object('signedOut', ${userId}::text)::text)`.execute(db);
}

/** What a NOTIFY payload says of a person: that they moved household (publishMoves) or signed out (publishSignOut). */
export type PersonNotice = { moved: string } | { signedOut: string };

/** The person notice a NOTIFY payload carries; null for anything else (a change). */
export function parsePersonNotice(payload: string): PersonNotice | null {
  try {
    const { moved, signedOut } = JSON.parse(payload) as { moved?: unknown; signedOut?: unknown };
    if (typeof moved === "string") return { moved };
    return typeof signedOut === "string" ? { signedOut } : null;
  } catch {
    return null;
  }
}

/** The current versions of each scope's lists (0 for a list never changed), in one statement. */
export async function versionsOf(db: Kysely<Database>, scopes: readonly string[]): Promise<Map<string, LiveVersions>> {
  const versions = new Map(scopes.map((scope) => [scope, noVersions()]));
  if (scopes.length === 0) return versions;
  const kindOf = new Map(LIVE_KINDS.map((kind) => [LISTS[kind] as string, kind]));
  const rows = await db
    .selectFrom("listVersions")
    .select(["householdId", "list", "version"])
    .where("householdId", "in", scopes)
    .where("list", "in", Object.values(LISTS))
    .execute();
  for (const row of rows) {
    const kind = kindOf.get(row.list);
    const scoped = versions.get(row.householdId);
    if (kind && scoped) scoped[kind] = Number(row.version);
  }
  return versions;
}

export function noVersions(): LiveVersions {
  return { shoppingList: 0, mealPlan: 0, inventory: 0, recipes: 0 };
}

/**
 * The event id of a household's list versions as its session read them (SessionUser.listVersions): tRPC answers carry
 * it, so the web app knows what its first stream's `ready` may not tell it of (decision 0037).
 */
export function liveEventIdOfLists(lists: ListVersions | null): string {
  const versions = noVersions();
  for (const kind of LIVE_KINDS) versions[kind] = Number(lists?.[LISTS[kind]] ?? 0);
  return liveEventId(versions);
}

/** A change from a NOTIFY payload; null for anything else on the channel. */
export function parseChange(payload: string): ScopedChange | null {
  try {
    const c = JSON.parse(payload) as Partial<ScopedChange>;
    const known = (LIVE_KINDS as readonly unknown[]).includes(c.kind);
    if (!known || typeof c.scope !== "string" || typeof c.version !== "number") return null;
    return { scope: c.scope, kind: c.kind!, version: c.version, by: typeof c.by === "string" ? c.by : null };
  } catch {
    return null;
  }
}
