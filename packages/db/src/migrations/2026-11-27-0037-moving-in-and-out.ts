import { sql, type Kysely } from "kysely";

// Frozen: never edit a migration that has shipped; add a new one.

// Moving in and out (decision 0039): a recipe's own photo, kept when a collection is imported (the recipe's
// image_url only takes https addresses), and each collection import under its idempotency key, with its progress
// for the browser to poll and its summary for a retry to get back.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("recipe_images")
    .addColumn("recipe_id", "uuid", (c) => c.primaryKey().references("recipes.id").onDelete("cascade"))
    .addColumn("content_type", "text", (c) => c.notNull())
    .addColumn("bytes", "bytea", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("collection_imports")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("user_id", "uuid", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("idempotency_key", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("reading"))
    .addColumn("total", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("done", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("summary", "jsonb")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint("collection_imports_user_key", ["user_id", "idempotency_key"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("collection_imports").execute();
  await db.schema.dropTable("recipe_images").execute();
}
