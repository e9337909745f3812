import type { Kysely } from "kysely";

// Frozen: never edit a migration that has shipped; add a new one.

// The Stripe Checkout that offers the account's one trial, while it is open (decision 0035): a second checkout opened
// meanwhile offers none, so two checkouts opened before either completes cannot both start a trial.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("users")
    .addColumn("trial_checkout_id", "text")
    .addColumn("trial_checkout_until", "timestamptz")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("trial_checkout_id").dropColumn("trial_checkout_until").execute();
}
