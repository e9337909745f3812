import { sql, type Kysely } from "kysely";

// Frozen: never edit a migration that has shipped; add a new one.

// One free trial per account: trial_used_at is set when the account's first trial starts (locally, or when Stripe
// reports a subscription with a trial) and never cleared, so a cancel or an expiry doesn't open a second one. Accounts
// that already had a subscription had their trial with it (every plan so far started with one).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").addColumn("trial_used_at", "timestamptz").execute();
  await db
    .updateTable("users")
    .set({ trial_used_at: sql`coalesce(trial_ends_at - interval '14 days', updated_at)` })
    .where("subscription_status", "is not", null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("trial_used_at").execute();
}
