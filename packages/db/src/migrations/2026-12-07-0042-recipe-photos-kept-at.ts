import type { Kysely } from "kysely";

// Frozen: never edit a migration that has shipped; add a new one.

// A cook may now replace a recipe's photo with one of their own (decision 0050). The photo's address carries the time
// it was kept ("/api/recipes/{id}/image?v=…"), so a browser that holds the old one for a day (its Cache-Control) asks
// for the new one at once. Photos kept before take the time of this migration.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("recipe_images")
    .addColumn("kept_at", "timestamptz", (c) => c.notNull().defaultTo(db.fn("now")))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("recipe_images").dropColumn("kept_at").execute();
}
