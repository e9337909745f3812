import { sql, type Kysely } from "kysely";

// Frozen: never edit a migration that has shipped; add a new one.

const PREFIX_INDEXES = [
  ["users_email_search_idx", "lower(email)"],
  ["users_email_domain_search_idx", "lower(split_part(email, '@', 2))"],
  ["users_full_name_search_idx", "lower(coalesce(first_name, '') || ' ' || coalesce(last_name, ''))"],
  ["users_last_name_search_idx", "lower(last_name)"],
] as const;

// Avatars come from Kim's own icon set only: an image address from another site would be loaded by whoever views
// the avatar (an admin), a tracking pixel. Stored addresses become the default icon; down can't bring them back.
//
// The admin search finds any part of a name or an email ("gmail", part of a surname) in search_text, the names and
// email lowered once when written (a search too short for trigrams then scans stored text, 10x faster than lowering
// every row again); a trigram GIN index on it serves LIKE '%text%', so a search reads its matches, not every user.
// It replaces migration 0008's prefix indexes. pg_trgm ships with PostgreSQL's contrib and with PGlite (loaded by
// openPglite); it is a trusted extension, so the database's owner may create it.
export async function up(db: Kysely<any>): Promise<void> {
  await db.updateTable("users").set({ profile_image_url: "User" }).where("profile_image_url", "like", "%/%").execute();

  await sql`create extension if not exists pg_trgm`.execute(db);
  await db.schema
    .alterTable("users")
    .addColumn("search_text", "text", (c) =>
      c.generatedAlwaysAs(sql`lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || email)`).stored().notNull(),
    )
    .execute();
  await sql`create index users_search_trgm_idx on users using gin (search_text gin_trgm_ops)`.execute(db);
  for (const [name] of PREFIX_INDEXES) await db.schema.dropIndex(name).execute();
}

// The extension stays: other databases' objects may use it, and it costs nothing unused.
export async function down(db: Kysely<any>): Promise<void> {
  for (const [name, expression] of PREFIX_INDEXES) {
    await sql`create index ${sql.raw(name)} on users ((${sql.raw(expression)}) text_pattern_ops)`.execute(db);
  }
  await db.schema.dropIndex("users_search_trgm_idx").execute();
  await db.schema.alterTable("users").dropColumn("search_text").execute();
}
