import type { Database } from "@kim/db";
import type { IngredientInput } from "@kim/domain";
import { sql, type Kysely } from "kysely";

const columns = ["id", "name", "quantity", "unit", "category", "expirationDate", "notes", "createdAt", "updatedAt"] as const;

/** The user's ingredients, soonest expiry first (no date last), then by name. */
export function listIngredients(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom("ingredients")
    .select(columns)
    .where("userId", "=", userId)
    .orderBy(sql`expiration_date asc nulls last`)
    .orderBy("name")
    .execute();
}

export type Ingredient = Awaited<ReturnType<typeof listIngredients>>[number];

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
