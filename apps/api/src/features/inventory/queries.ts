import type { Database } from "@kim/db";
import type { IngredientInput } from "@kim/domain";
import { sql, type Kysely } from "kysely";
import type { ListCache } from "../../lib/list-cache";
import { jsonTimestamp, RawJson } from "../../lib/raw-json";

const columns = ["id", "name", "quantity", "unit", "category", "expirationDate", "notes", "createdAt", "updatedAt"] as const;

/** An ingredient as clients receive it. */
export interface Ingredient {
  id: string;
  name: string;
  quantity: number;
  unit: string;
  category: string;
  expirationDate: string | null;
  notes: string | null;
  createdAt: string;
  updatedAt: string;
}

/**
 * The user's ingredients, soonest expiry first (no date last), then by name, as JSON built by PostgreSQL.
 * The session lookup already read the list's version: when the cached list has it, no query is needed; else one
 * statement answers the current version and, only when it differs from the cached one, the list itself.
 */
export async function listIngredients(
  db: Kysely<Database>,
  cache: ListCache<Ingredient[]>,
  user: { id: string; inventoryVersion: number },
): Promise<RawJson<Ingredient[]>> {
  const userId = user.id;
  const cached = cache.get(userId);
  if (cached?.version === user.inventoryVersion) return cached.value;
  const { rows } = await sql<{ version: number; json: string | null }>`
    select u.inventory_version as version, case when u.inventory_version is distinct from ${cached?.version ?? null}::bigint then (
      select coalesce(json_agg(json_build_object(
        'id', id, 'name', name, 'quantity', quantity, 'unit', unit, 'category', category,
        'expirationDate', expiration_date, 'notes', notes,
        'createdAt', ${jsonTimestamp("created_at")}, 'updatedAt', ${jsonTimestamp("updated_at")}
      ) order by expiration_date asc nulls last, name), '[]')::text
      from ingredients where user_id = u.id
    ) end as json
    from users u where u.id = ${userId}`.execute(db);
  const row = rows[0];
  if (!row) return new RawJson("[]");
  if (row.json === null && cached) return cached.value;
  const value = new RawJson<Ingredient[]>(row.json ?? "[]");
  cache.set(userId, row.version, value);
  return value;
}

export function createIngredient(db: Kysely<Database>, userId: string, input: IngredientInput) {
  return db
    .insertInto("ingredients")
    .values({ ...input, userId })
    .returning(columns)
    .executeTakeFirstOrThrow();
}

export function updateIngredient(db: Kysely<Database>, userId: string, id: string, input: Partial<IngredientInput>) {
  return db
    .updateTable("ingredients")
    .set({ ...input, updatedAt: new Date() })
    .where("id", "=", id)
    .where("userId", "=", userId)
    .returning(columns)
    .executeTakeFirst();
}

export async function deleteIngredient(db: Kysely<Database>, userId: string, id: string): Promise<boolean> {
  const row = await db.deleteFrom("ingredients").where("id", "=", id).where("userId", "=", userId).returning("id").executeTakeFirst();
  return !!row;
}
