import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  // Open Food Facts answers, so a code is looked up upstream once; unknown codes expire sooner.
  await db.schema
    .createTable("barcode_products")
    .addColumn("code", "text", (c) => c.primaryKey())
    .addColumn("found", "boolean", (c) => c.notNull())
    .addColumn("name", "text")
    .addColumn("category", "text")
    .addColumn("brand", "text")
    .addColumn("fetched_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("barcode_products").execute();
}
