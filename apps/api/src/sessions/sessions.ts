import { hash, randomBytes } from "node:crypto";
import { directRows, type Database } from "@kim/db";
import { sql, type Expression, type InferResult, type Kysely } from "kysely";
import type { Exchange } from "../lib/exchange";
import { SessionCheck } from "../lib/idempotency";
import { listVersionsOf, type ListVersions } from "../lists";
import { publishSignOut } from "../live/changes";
import { userColumns, type UserRow } from "./user-columns";

export const SESSION_COOKIE = "kim_session";
const SESSION_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Renew at most once a day so a busy session does not write on every request. */
const RENEW_AFTER_MS = DAY_MS;

/**
 * The signed-in user, as the session lookup read it: the user's columns and, beside them, the session's `expire`
 * (kept on the row rather than copied off it on every request; publicUser leaves it out of what clients see) and the
 * household whose kitchen they cook in: what every query of inventory, recipes, plans, lists and stock events is
 * scoped by (decision 0036), read in the same statement, with that household's list versions (decision 0043).
 */
export type SessionUser = UserRow & { expire?: Date; householdId: string; listVersions?: ListVersions | null };

export function hashToken(token: string): string {
  // One-shot: no Hash object per call (every request hashes its session cookie).
  return hash("sha256", token, "hex");
}

function expiry(): Date {
  return new Date(Date.now() + SESSION_DAYS * DAY_MS);
}

/** A secret for a cookie or a mailed link: 32 random bytes; the database keeps only its hashToken. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

export async function createSession(db: Kysely<Database>, userId: string): Promise<string> {
  const token = newToken();
  await db
    .insertInto("sessions")
    .values({ sid: hashToken(token), userId, expire: expiry() })
    .execute();
  return token;
}

/** The session lookup, compiled once per database: it runs on every request, and building it costs about as much. */
const sessionQueries = new WeakMap<Kysely<Database>, ReturnType<typeof compileSessionQuery>>();

/**
 * The signed-in user of the session whose hashed token is `sid`, with the session's `expire` and the household they
 * cook in: one row, or none for a session ended, expired or never made. Also the first part of a create that checks
 * the session in its own statement (lib/idempotency `createOnce`).
 */
export function sessionSelect(db: Kysely<Database>, sid: Expression<string>) {
  return db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.userId")
    .innerJoin("householdMembers", "householdMembers.userId", "sessions.userId")
    .select([...userColumns, "sessions.expire", "householdMembers.householdId"])
    .where("sessions.sid", "=", sid)
    .where("sessions.expire", ">", sql<Date>`now()`);
}

function compileSessionQuery(db: Kysely<Database>) {
  return (
    sessionSelect(db, sql.val(""))
      // The household's list versions: a list kept at them is served with no statement of its own (lists/, 0043).
      .select((eb) => listVersionsOf(eb.ref("householdMembers.householdId")).as("listVersions"))
      .compile()
  );
}

type SessionRow = InferResult<ReturnType<typeof compileSessionQuery>>[number];

/**
 * The signed-in user for a cookie token. The session's expiry is renewed as it is used (at most daily);
 * `renewed` tells the caller to send the cookie again so the browser's copy lasts as long.
 */
export async function findSession(db: Kysely<Database>, token: string): Promise<{ user: SessionUser; renewed: boolean } | null> {
  const sid = hashToken(token);
  let query = sessionQueries.get(db);
  if (!query) sessionQueries.set(db, (query = compileSessionQuery(db)));
  const [row] = await directRows<Database, SessionRow>(db, { ...query, parameters: [sid] });
  if (!row) return null;
  return { user: row, renewed: await renewIfDue(db, sid, row.expire) };
}

/** Moves a session's expiry on when it was last moved over a day ago; true when it did. */
async function renewIfDue(db: Kysely<Database>, sid: string, expire: Date): Promise<boolean> {
  const due = expire.getTime() - Date.now() < SESSION_DAYS * DAY_MS - RENEW_AFTER_MS;
  if (due) await db.updateTable("sessions").set({ expire: expiry() }).where("sid", "=", sid).execute();
  return due;
}

/** A session for a create's own statement to check (lib/idempotency `createOnce`), rather than read before it. */
export function sessionCheck(token: string): SessionCheck<SessionUser & { expire: Date }> {
  return new SessionCheck(hashToken(token), sessionSelect);
}

/**
 * For a statement that read the session itself (`sessionSelect`): renews it as `loadSession` would, re-sending the
 * cookie when it did.
 */
export async function sessionUsed(db: Kysely<Database>, http: Exchange, token: string, expire: Date): Promise<void> {
  if (await renewIfDue(db, hashToken(token), expire)) setSessionCookie(http, token);
}

/** The request's signed-in user, or null. A renewed session's cookie is sent again, on every kind of request. */
export async function loadSession(db: Kysely<Database>, http: Exchange): Promise<SessionUser | null> {
  const token = http.cookie(SESSION_COOKIE);
  const session = token ? await findSession(db, token) : null;
  if (token && session?.renewed) setSessionCookie(http, token);
  return session?.user ?? null;
}

/** Ends the session; answers whose it was (undefined when there was none). */
export async function deleteSession(db: Kysely<Database>, token: string): Promise<string | undefined> {
  const row = await db.deleteFrom("sessions").where("sid", "=", hashToken(token)).returning("userId").executeTakeFirst();
  return row?.userId;
}

/**
 * Ends every session of the person (a password reset, an admin's demotion or promotion), and with them their open live
 * streams: in a transaction, they hear it at its commit.
 */
export async function deleteUserSessions(db: Kysely<Database>, userId: string): Promise<void> {
  await db.deleteFrom("sessions").where("userId", "=", userId).execute();
  await publishSignOut(db, userId);
}

export function setSessionCookie(http: Exchange, token: string): void {
  http.setCookie(SESSION_COOKIE, token, { maxAge: SESSION_DAYS * 24 * 60 * 60 });
}

export function clearSessionCookie(http: Exchange): void {
  http.clearCookie(SESSION_COOKIE);
}
