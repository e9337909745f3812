import type { Kysely } from "kysely";

// Frozen: never edit a migration that has shipped; add a new one.

// Reports from cooks with Pro access at the time they wrote are marked priority support and triaged first; the mark is
// kept on the report, so a plan that ends later doesn't reorder what was promised. The triage index reads the list in
// that order (priority first, then newest) without sorting.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("bug_reports")
    .addColumn("priority_support", "boolean", (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema
    .createIndex("bug_reports_triage_idx")
    .on("bug_reports")
    .columns(["priority_support", "created_at", "id"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("bug_reports_triage_idx").execute();
  await db.schema.alterTable("bug_reports").dropColumn("priority_support").execute();
}
