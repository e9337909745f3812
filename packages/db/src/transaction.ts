import type { Kysely } from "kysely";
import type { Database } from "./schema";

/**
 * Runs `work` in a transaction: the one `db` already is (a create or stock change sent with an idempotency key runs
 * in one, so its answer is recorded with the change), else a new one. Kysely can't nest transactions.
 */
export function inTransaction<T>(db: Kysely<Database>, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
