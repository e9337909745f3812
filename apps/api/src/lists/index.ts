import { directRows, type Database } from "@kim/db";
import { sql, type CompiledQuery, type Expression, type Kysely, type RawBuilder } from "kysely";
import type { ListCache } from "./cache";
import { RawJson } from "./raw-json";

/**
 * Serving a cook's lists (decisions 0006 and 0029): PostgreSQL writes the list's JSON, typed by Kysely's JSON helpers,
 * and it travels as a RawJson that no layer parses, kept per list version in a ListCache as its gzip. `readList` is
 * the way in; the HTTP side (trpc/http.ts) sends a RawJson's gzip for its envelope.
 */
export { ListCache } from "./cache";
export { ENVELOPES, RawJson, type Envelope } from "./raw-json";

/** The per-user lists whose rows bump a version in list_versions (see the list-versions migration). */
export type ListName = "ingredients" | "recipes" | "meal-plans" | "shopping-lists";

/**
 * A list's statement: one row whose `list` column is the JSON array (built with `jsonBuildObject` and
 * `eb.fn.jsonAgg(...).orderBy(...)` from kysely/helpers/postgres, so its type follows the columns'), null when empty.
 */
export type ListExpression<T> = Expression<{ list: T[] | null }>;

/**
 * A list's statement written once for every user: given the user's id as an expression, the statement. It is compiled
 * once per database (building and compiling it cost more than the rest of a cached list request in Kim's own code);
 * a statement that needs other values per request is given as a `ListExpression` instead.
 */
export type UserListQuery<T> = (db: Kysely<Database>, userId: Expression<string>) => ListExpression<T>;

export interface ListRequest<T> {
  userId: string;
  /**
   * The list's name in list_versions: the answer is kept per version. Without it the list is read on every request
   * (one drawn from more than one table: meal plans show their recipes' titles).
   */
  list?: ListName;
  /** Names the statement's other values (a date range, say), so each variant is kept apart under the same version. */
  variant?: string;
  query: UserListQuery<T> | ListExpression<T>;
}

/** A timestamptz as JavaScript writes dates in JSON: 2026-11-21T05:57:00.123Z. */
export function jsonTimestamp(column: Expression<Date>): RawBuilder<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

const asText = (query: ListExpression<unknown>) => sql<string>`(select coalesce(l.list, '[]')::text from (${query}) l)`;

function versionedList(list: ListName, userId: unknown, cachedVersion: unknown, query: ListExpression<unknown>) {
  return sql<{ version: number; json: string | null }>`
    select v.version, case when v.version is distinct from ${cachedVersion}::bigint then ${asText(query)} end as json
    from (select coalesce(
      (select version from list_versions where user_id = ${userId} and list = ${list}), 0
    ) as version) v`;
}

// Stand-ins compiled into a statement where each request's values go.
const USER_ID = Symbol("userId");
const CACHED_VERSION = Symbol("cachedVersion");

type Compiled = CompiledQuery<{ version: number; json: string | null }>;
const compiledLists = new WeakMap<Kysely<Database>, WeakMap<UserListQuery<unknown>, Map<ListName | undefined, Compiled>>>();

function compiledList(db: Kysely<Database>, list: ListName | undefined, query: UserListQuery<unknown>): Compiled {
  let byQuery = compiledLists.get(db);
  if (!byQuery) compiledLists.set(db, (byQuery = new WeakMap()));
  let byList = byQuery.get(query);
  if (!byList) byQuery.set(query, (byList = new Map()));
  let compiled = byList.get(list);
  if (!compiled) byList.set(list, (compiled = statement(list, USER_ID, CACHED_VERSION, query(db, sql`${USER_ID}`)).compile(db)));
  return compiled;
}

function statement(list: ListName | undefined, userId: unknown, cachedVersion: unknown, query: ListExpression<unknown>) {
  return list
    ? versionedList(list, userId, cachedVersion, query)
    : sql<{ version: number; json: string | null }>`select 0 as version, ${asText(query)} as json`;
}

/**
 * One user's list. With a `list` name, from this process's cache while its version is current: one statement reads
 * the version and, only when it differs from the cached one, the list itself, both from the same snapshot. Without,
 * the list from PostgreSQL, every time.
 */
export async function readList<T>(db: Kysely<Database>, cache: ListCache, request: ListRequest<T>): Promise<RawJson<T[]>> {
  const { userId, list, query } = request;
  const key = list && `${list}:${userId}:${request.variant ?? ""}`;
  const cached = key ? cache.get(key) : undefined;
  const cachedVersion = cached?.version ?? null;
  let compiled: Compiled;
  if (typeof query === "function") {
    const once = compiledList(db, list, query);
    const parameters: unknown[] = [];
    for (const p of once.parameters) parameters.push(p === USER_ID ? userId : p === CACHED_VERSION ? cachedVersion : p);
    compiled = { ...once, parameters };
  } else compiled = statement(list, userId, cachedVersion, query).compile(db);
  const row = (await directRows(db, compiled))[0]!;
  if (!key) return new RawJson<T[]>(row.json ?? "[]");
  if (row.json === null && cached?.version === row.version) return cached.value as RawJson<T[]>;
  // Requests that missed together share the first one's value, and so its gzip, made once.
  const meanwhile = cache.get(key);
  if (meanwhile?.version === row.version) return meanwhile.value as RawJson<T[]>;
  const value = new RawJson<T[]>(row.json ?? "[]");
  cache.set(key, row.version, value);
  return value;
}
