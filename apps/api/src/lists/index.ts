import { directRows, type Database } from "@kim/db";
import { sql, type CompiledQuery, type Expression, type Kysely, type RawBuilder } from "kysely";
import type { ListCache } from "./cache";
import { RawJson } from "./raw-json";

/**
 * Serving a cook's lists (decisions 0006 and 0029): PostgreSQL writes the list's JSON, typed by Kysely's JSON helpers,
 * and it travels as a RawJson that no layer parses, kept per list version in a ListCache as its gzip. `readList` is
 * the way in; the HTTP side (src/http.ts) sends a RawJson's gzip for its envelope.
 */
export { ListCache } from "./cache";
export { ENVELOPES, RawJson, type Envelope } from "./raw-json";

/** The per-household lists whose rows bump a version in list_versions (see the list-versions migration, and 0036). */
export type ListName = "ingredients" | "recipes" | "meal-plans" | "shopping-lists";

/**
 * A list's statement: one row whose `list` column is the JSON array (built with `jsonBuildObject` and
 * `eb.fn.jsonAgg(...).orderBy(...)` from kysely/helpers/postgres, so its type follows the columns'), null when empty.
 */
export type ListExpression<T> = Expression<{ list: T[] | null }>;

/**
 * A list's statement, written once for every request: given the household's id and the request's other values as
 * expressions, the statement. It is compiled once per database (building and compiling it cost more than the rest
 * of a cached list request in Kim's own code).
 */
export type UserListQuery<T> = (db: Kysely<Database>, householdId: Expression<string>, values: Expression<string>[]) => ListExpression<T>;

/**
 * A household's list versions as the request's own session statement read them (`listVersionsOf`), each list's
 * version by its name; a list with no row yet has version 0.
 */
export type ListVersions = Partial<Record<ListName, number>>;

/**
 * The household's list versions, for the session lookup every request makes: a list request whose kept list is at
 * those versions then needs no statement of its own (decision 0043). The snapshot is the request's, taken after it
 * arrived, so a change committed before it is always seen.
 */
export function listVersionsOf(householdId: Expression<string>): RawBuilder<ListVersions | null> {
  return sql`(select json_object_agg(lv.list, lv.version) from list_versions lv where lv.household_id = ${householdId})`;
}

export interface ListRequest<T> {
  /** The household whose kitchen it is (decision 0036). */
  householdId: string;
  /**
   * The lists in list_versions the answer is drawn from (meal plans show their recipes' titles): it is kept under the
   * sum of their versions, which moves whenever any of them does.
   */
  lists: readonly ListName[];
  query: UserListQuery<T>;
  /** The request's other values (a date range, say), in the order the query takes them; each is kept apart. */
  values?: readonly string[];
  /**
   * The household's versions as this request's session read them, when the request changed nothing before asking:
   * a kept list at those versions is served without a statement. Never pass them after a write in the same request.
   */
  versions?: ListVersions | null;
}

/** A timestamptz as JavaScript writes dates in JSON: 2026-11-21T05:57:00.123Z. */
export function jsonTimestamp(column: Expression<Date>): RawBuilder<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

// Stand-ins compiled into a statement where each request's values go.
const HOUSEHOLD_ID = Symbol("householdId");
const CACHED_VERSION = Symbol("cachedVersion");
const VALUES = Array.from({ length: 4 }, (_, i) => Symbol(`value ${i}`));

type Compiled = CompiledQuery<{ version: number; json: string | null }>;
const compiledLists = new WeakMap<Kysely<Database>, WeakMap<object, Map<string, Compiled>>>();

function compile(db: Kysely<Database>, lists: readonly ListName[], query: UserListQuery<unknown>, arity: number) {
  const placeholders = VALUES.slice(0, arity).map((value) => sql<string>`${value}`);
  return sql<{ version: number; json: string | null }>`
    select v.version, case when v.version is distinct from ${CACHED_VERSION}::bigint
      then (select coalesce(l.list, '[]')::text from (${query(db, sql`${HOUSEHOLD_ID}`, placeholders)}) l) end as json
    from (select coalesce(sum(version), 0)::bigint as version from list_versions
      where household_id = ${HOUSEHOLD_ID} and list in (${sql.join(lists)})) v`.compile(db);
}

function compiledList(db: Kysely<Database>, request: ListRequest<unknown>): Compiled {
  let byQuery = compiledLists.get(db);
  if (!byQuery) compiledLists.set(db, (byQuery = new WeakMap()));
  let byLists = byQuery.get(request.query);
  if (!byLists) byQuery.set(request.query, (byLists = new Map()));
  const names = request.lists.join(",");
  let compiled = byLists.get(names);
  if (!compiled) byLists.set(names, (compiled = compile(db, request.lists, request.query, request.values?.length ?? 0)));
  return compiled;
}

/** What the list statement reads as the version: the sum of the lists' versions. */
function versionOf(lists: readonly ListName[], versions: ListVersions | null): number {
  let sum = 0;
  for (const list of lists) sum += versions?.[list] ?? 0;
  return sum;
}

/**
 * One household's list, from this process's cache while its version is current. When the request's session already
 * read the versions (`versions`) and the kept list is at them, no statement runs; otherwise one statement reads the
 * version and, only when it differs from the cached one, the list itself, both from the same snapshot.
 */
export async function readList<T>(db: Kysely<Database>, cache: ListCache, request: ListRequest<T>): Promise<RawJson<T[]>> {
  const { householdId, lists, values = [], versions } = request;
  const key = `${lists.join(",")}:${householdId}:${values.join(",")}`;
  const cached = cache.get(key);
  if (cached && versions !== undefined && cached.version === versionOf(lists, versions)) return cached.value as RawJson<T[]>;
  const once = compiledList(db, request);
  const parameters: unknown[] = [];
  for (const p of once.parameters) {
    const at = typeof p === "symbol" ? VALUES.indexOf(p) : -1;
    parameters.push(p === HOUSEHOLD_ID ? householdId : p === CACHED_VERSION ? (cached?.version ?? null) : at >= 0 ? values[at] : p);
  }
  const statement: Compiled = { ...once, parameters };
  const row = (await directRows(db, statement))[0]!;
  const version = Number(row.version);
  if (row.json === null && cached?.version === version) return cached.value as RawJson<T[]>;
  // Requests that missed together share the first one's value, and so its gzip, made once.
  const meanwhile = cache.get(key);
  if (meanwhile?.version === version) return meanwhile.value as RawJson<T[]>;
  const value = new RawJson<T[]>(row.json ?? "[]");
  cache.set(key, version, value);
  return value;
}
