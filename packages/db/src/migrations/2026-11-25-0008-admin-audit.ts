import { sql, type Kysely } from "kysely";

// Frozen: never edit a migration that has shipped; add a new one.
// Admin actions are kept in admin_audit. Its user ids are not foreign keys on purpose: the record of who deleted
// whom must outlive both accounts, so the emails at the time are kept beside the ids.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("admin_audit")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("actor_id", "uuid", (c) => c.notNull())
    .addColumn("actor_email", "text", (c) => c.notNull())
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("target_user_id", "uuid")
    .addColumn("target_email", "text")
    .addColumn("bug_report_id", "uuid")
    .addColumn("before", "jsonb")
    .addColumn("after", "jsonb")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // Newest first, for everyone and for one user.
  await db.schema.createIndex("admin_audit_created_idx").on("admin_audit").columns(["created_at", "id"]).execute();
  await db.schema
    .createIndex("admin_audit_target_created_idx")
    .on("admin_audit")
    .columns(["target_user_id", "created_at", "id"])
    .execute();

  // The admin lists page newest first; the count of admins guards the last one.
  await db.schema.createIndex("users_created_idx").on("users").columns(["created_at", "id"]).execute();
  await db.schema.createIndex("users_admins_idx").on("users").column("id").where(sql.ref("role"), "=", "admin").execute();

  // Where a bug report was sent from, as the web tells it.
  await db.schema
    .alterTable("bug_reports")
    .addColumn("page_url", "text")
    .addColumn("user_agent", "text")
    .execute();
  await db.schema.createIndex("bug_reports_created_idx").on("bug_reports").columns(["created_at", "id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("bug_reports_created_idx").execute();
  await db.schema.alterTable("bug_reports").dropColumn("page_url").dropColumn("user_agent").execute();
  await db.schema.dropIndex("users_admins_idx").execute();
  await db.schema.dropIndex("users_created_idx").execute();
  await db.schema.dropTable("admin_audit").execute();
}
