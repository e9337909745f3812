import { directRows, type Database } from "@kim/db";
import { sql, type CompiledQuery, type Kysely, type RawBuilder } from "kysely";
import { RawJson } from "./raw-json";

/** The per-user lists whose rows bump a version in list_versions (see the list-versions migration). */
export type ListName = "ingredients" | "recipes" | "meal-plans" | "shopping-lists";

/**
 * Serialized lists kept in memory per process, each under the version it was read at. The database owns the
 * version (a trigger bumps it in the same transaction as every change), so a process serves a kept list only
 * while the version it reads with the request still matches: processes never serve each other's stale data.
 * Least recently used entries go first once `maxBytes` or `maxEntries` is reached (the count bounds the keys and
 * bookkeeping that many small lists would cost beyond their bytes).
 */
export class ListCache {
  private readonly entries = new Map<string, { version: number; value: RawJson<unknown> }>();

  constructor(
    private readonly maxBytes = 32 * 1024 * 1024,
    private readonly maxEntries = 20_000,
  ) {}

  /** The key used last, already the newest entry: asked again, it needs no reordering. */
  private newest: string | undefined;

  get(key: string): { version: number; value: RawJson<unknown> } | undefined {
    const entry = this.entries.get(key);
    if (entry && key !== this.newest) {
      this.entries.delete(key);
      this.entries.set(key, entry);
      this.newest = key;
    }
    return entry;
  }

  set(key: string, version: number, value: RawJson<unknown>): void {
    this.entries.delete(key);
    this.newest = undefined;
    if (value.size > this.maxBytes) return;
    this.entries.set(key, { version, value });
    this.newest = key;
    // Sizes are read here rather than kept: a value grows as its compressed forms are made.
    let bytes = 0;
    for (const entry of this.entries.values()) bytes += entry.value.size;
    for (const [oldest, entry] of this.entries) {
      if (bytes <= this.maxBytes && this.entries.size <= this.maxEntries) break;
      bytes -= entry.value.size;
      this.entries.delete(oldest);
    }
  }
}

/** A JSON array built by PostgreSQL, as text: `json_agg(...)` over the rows, '[]' when there are none. */
export type JsonArrayQuery = RawBuilder<string | null>;

/**
 * A list's statement written once for every user: given the user's id as an SQL expression, the JSON array query.
 * It is compiled once per database (building and compiling it cost more than the rest of a cached list request
 * in Kim's own code); a query that needs other values per request is given as a `JsonArrayQuery` instead.
 */
export type UserJsonArrayQuery = (userId: RawBuilder<string>) => JsonArrayQuery;

// Stand-ins compiled into a statement where each request's values go.
const USER_ID = Symbol("userId");
const CACHED_VERSION = Symbol("cachedVersion");

function versionedList(list: ListName, userId: unknown, cachedVersion: unknown, query: JsonArrayQuery) {
  return sql<{ version: number; json: string | null }>`
    select v.version, case when v.version is distinct from ${cachedVersion}::bigint then (${query}) end as json
    from (select coalesce(
      (select version from list_versions where user_id = ${userId} and list = ${list}), 0
    ) as version) v`;
}

type VersionedList = CompiledQuery<{ version: number; json: string | null }>;
const compiledLists = new WeakMap<Kysely<Database>, WeakMap<UserJsonArrayQuery, Map<ListName, VersionedList>>>();

function compiledList(db: Kysely<Database>, list: ListName, query: UserJsonArrayQuery): VersionedList {
  let byQuery = compiledLists.get(db);
  if (!byQuery) compiledLists.set(db, (byQuery = new WeakMap()));
  let byList = byQuery.get(query);
  if (!byList) byQuery.set(query, (byList = new Map()));
  let compiled = byList.get(list);
  if (!compiled) byList.set(list, (compiled = versionedList(list, USER_ID, CACHED_VERSION, query(sql`${USER_ID}`)).compile(db)));
  return compiled;
}

/**
 * One user's list, from this process's cache while its version is current. One statement reads the version and,
 * only when it differs from the cached one, the list itself, both from the same snapshot. `variant` names the
 * query's parameters (a date range, say) so each variant is kept apart under the same version.
 */
export async function userList<T>(
  db: Kysely<Database>,
  cache: ListCache,
  request: { userId: string; list: ListName; variant?: string; query: JsonArrayQuery | UserJsonArrayQuery },
): Promise<RawJson<T[]>> {
  const { userId, list, query } = request;
  const key = `${list}:${userId}:${request.variant ?? ""}`;
  const cached = cache.get(key);
  const cachedVersion = cached?.version ?? null;
  let statement: VersionedList;
  if (typeof query === "function") {
    const compiled = compiledList(db, list, query);
    const parameters: unknown[] = [];
    for (const p of compiled.parameters) parameters.push(p === USER_ID ? userId : p === CACHED_VERSION ? cachedVersion : p);
    statement = { ...compiled, parameters };
  } else statement = versionedList(list, userId, cachedVersion, query).compile(db);
  const row = (await directRows(db, statement))[0]!;
  if (row.json === null && cached?.version === row.version) return cached.value as RawJson<T[]>;
  // Requests that missed together share the first one's value, and so its gzip, made once.
  const meanwhile = cache.get(key);
  if (meanwhile?.version === row.version) return meanwhile.value as RawJson<T[]>;
  const value = new RawJson<T[]>(row.json ?? "[]");
  cache.set(key, row.version, value);
  return value;
}
