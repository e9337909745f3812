import { sql, type Kysely } from "kysely";

// Browsers that signed in to an account before, by the SHA-256 of a long-lived cookie: sign-ins from them are
// not held back by the account's overall limit, so strangers failing elsewhere can't lock the owner out.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("known_devices")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("user_id", "uuid", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("last_used_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("known_devices_user_idx").on("known_devices").column("user_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("known_devices").execute();
}
