import type { Database } from "@kim/db";
import type { Kysely } from "kysely";

export async function countRecipes(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom("recipes")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("userId", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
