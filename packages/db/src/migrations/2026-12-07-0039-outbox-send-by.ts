import type { Kysely } from "kysely";

// Frozen: never edit a migration that has shipped; add a new one.

// A mail that is no use late (the morning expiry mail's "expires today") carries the time it must go out by; a sender
// drops it after that rather than retrying it for ever. Null, as every mail before, is retried for as long as it takes.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("email_outbox").addColumn("send_by", "timestamptz").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("email_outbox").dropColumn("send_by").execute();
}
