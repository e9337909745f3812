import { sql, type Kysely } from "kysely";

// Frozen: never edit a migration that has shipped; add a new one.

const SEARCH_INDEXES = [
  ["users_email_search_idx", "lower(email)"],
  ["users_email_domain_search_idx", "lower(split_part(email, '@', 2))"],
  ["users_full_name_search_idx", "lower(coalesce(first_name, '') || ' ' || coalesce(last_name, ''))"],
  ["users_last_name_search_idx", "lower(last_name)"],
] as const;
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
  // The admin search finds the start of an email, of its domain, of the full name or of the last name, any case:
  // each an index that LIKE 'text%' can use (text_pattern_ops), so a search reads the matches, not every user.
  // Queries must write these expressions exactly as here (admin/queries.ts).
  for (const [name, expression] of SEARCH_INDEXES) {
    await sql`create index ${sql.raw(name)} on users ((${sql.raw(expression)}) text_pattern_ops)`.execute(db);
  }

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
  for (const [name] of SEARCH_INDEXES) await db.schema.dropIndex(name).execute();
  await db.schema.dropIndex("users_admins_idx").execute();
  await db.schema.dropIndex("users_created_idx").execute();
  await db.schema.dropTable("admin_audit").execute();
}
