import type { Kysely } from "kysely";

// Frozen: never edit a migration that has shipped; add a new one.

// What a collection import's Idempotency-Key was first sent with (decision 0039's keys, as decision 0022's): a retry
// naming another request is refused rather than answered the first summary. Imports claimed before have none.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("collection_imports").addColumn("fingerprint", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("collection_imports").dropColumn("fingerprint").execute();
}
