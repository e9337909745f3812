import { type Kysely } from "kysely";

// A shopping list is saved whole (its items array). Each save carries the version it was based on, so two tabs
// saving different changes can't silently overwrite each other: the second save finds a newer version and is
// refused, and its tab reloads the list, re-applies its change and saves again.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("shopping_lists").addColumn("version", "integer", (c) => c.notNull().defaultTo(1)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("shopping_lists").dropColumn("version").execute();
}
