import type { Database } from "@kim/db";
import { sql, type Kysely, type RawBuilder } from "kysely";
import { RawJson } from "./raw-json";

/** The per-user lists whose rows bump a version in list_versions (see the list-versions migration). */
export type ListName = "ingredients" | "recipes" | "meal-plans" | "shopping-lists";

/**
 * Serialized lists kept in memory per process, each under the version it was read at. The database owns the
 * version (a trigger bumps it in the same transaction as every change), so a process serves a kept list only
 * while the version it reads with the request still matches: processes never serve each other's stale data.
 * Least recently used entries go first once `maxBytes` is reached.
 */
export class ListCache {
  private readonly entries = new Map<string, { version: number; value: RawJson<unknown> }>();

  constructor(private readonly maxBytes = 32 * 1024 * 1024) {}

  get(key: string): { version: number; value: RawJson<unknown> } | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  set(key: string, version: number, value: RawJson<unknown>): void {
    this.entries.delete(key);
    if (value.size > this.maxBytes) return;
    this.entries.set(key, { version, value });
    // Sizes are read here rather than kept: a value grows as its compressed forms are made.
    let bytes = 0;
    for (const entry of this.entries.values()) bytes += entry.value.size;
    for (const [oldest, entry] of this.entries) {
      if (bytes <= this.maxBytes) break;
      bytes -= entry.value.size;
      this.entries.delete(oldest);
    }
  }
}

/** A JSON array built by PostgreSQL, as text: `json_agg(...)` over the rows, '[]' when there are none. */
export type JsonArrayQuery = RawBuilder<string | null>;

/**
 * One user's list, from this process's cache while its version is current. One statement reads the version and,
 * only when it differs from the cached one, the list itself, both from the same snapshot. `variant` names the
 * query's parameters (a date range, say) so each variant is kept apart under the same version.
 */
export async function userList<T>(
  db: Kysely<Database>,
  cache: ListCache,
  request: { userId: string; list: ListName; variant?: string; query: JsonArrayQuery },
): Promise<RawJson<T[]>> {
  const { userId, list, query } = request;
  const key = `${list}:${userId}:${request.variant ?? ""}`;
  const cached = cache.get(key);
  const { rows } = await sql<{ version: number; json: string | null }>`
    select v.version, case when v.version is distinct from ${cached?.version ?? null}::bigint then (${query}) end as json
    from (select coalesce(
      (select version from list_versions where user_id = ${userId} and list = ${list}), 0
    ) as version) v`.execute(db);
  const row = rows[0]!;
  if (row.json === null && cached?.version === row.version) return cached.value as RawJson<T[]>;
  const value = new RawJson<T[]>(row.json ?? "[]");
  cache.set(key, row.version, value);
  return value;
}
