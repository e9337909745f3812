import { sql, type Kysely } from "kysely";

// Frozen: never edit a migration that has shipped; add a new one.

// The first answer to each create or stock change a client sent with an Idempotency-Key, by user and key, so a retry
// (a double click, a resend after a lost answer) gets that answer instead of applying again. The primary key is what
// makes two requests with one key at the same moment apply once. The answer is json, not jsonb: kept as sent, key
// order included, so a replay is the same text. Rows older than a day are pruned by housekeeping, along created_at.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("idempotency_keys")
    .addColumn("user_id", "uuid", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("fingerprint", "text", (c) => c.notNull())
    .addColumn("answer", "json", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("idempotency_keys_pkey", ["user_id", "key"])
    .execute();
  await db.schema.createIndex("idempotency_keys_created_at_idx").on("idempotency_keys").column("created_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("idempotency_keys").execute();
}
