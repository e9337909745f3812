import { sql, type Kysely } from "kysely";

// Stripe delivers each event at least once, maybe to two API processes at the same moment: its id goes into
// stripe_events in the same transaction that applies it, so the primary key lets exactly one of them apply it.
// past_due_since starts the 3-day grace of a failed payment; trial_warning_sent_at makes the local trial's
// "ends in 3 days" mail go once, whichever process's housekeeping finds it first.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("stripe_events")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("processed_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("stripe_events_processed_at_idx").on("stripe_events").column("processed_at").execute();
  await db.schema
    .alterTable("users")
    .addColumn("past_due_since", "timestamptz")
    .addColumn("trial_warning_sent_at", "timestamptz")
    .execute();
  // Housekeeping's hourly look for local trials (no Stripe subscription) that end soon or have ended.
  await db.schema
    .createIndex("users_local_trial_end_idx")
    .on("users")
    .column("trial_ends_at")
    .where(sql.ref("subscription_status"), "=", "trialing")
    .where(sql.ref("stripe_subscription_id"), "is", null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("users_local_trial_end_idx").execute();
  await db.schema.alterTable("users").dropColumn("past_due_since").dropColumn("trial_warning_sent_at").execute();
  await db.schema.dropTable("stripe_events").execute();
}
