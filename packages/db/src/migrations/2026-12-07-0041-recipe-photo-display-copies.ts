import type { Kysely } from "kysely";

// Frozen: never edit a migration that has shipped; add a new one.

// A recipe's photo keeps, beside its checked original (for exports), the copy its cards are sent: at most 1,280 px,
// upright, WebP, no metadata (decision 0048, "Display copies"). Null for photos kept before, which get theirs the first
// time they are shown. Columns of the photo's own row, not a table: a copy lives and goes with its photo (a removal
// deletes both, and migration 0040's trigger moves the list's version for both), and PostgreSQL stores a large bytea
// out of the row, so reading the copy does not read the original.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("recipe_images").addColumn("display_bytes", "bytea").addColumn("display_type", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("recipe_images").dropColumn("display_bytes").dropColumn("display_type").execute();
}
