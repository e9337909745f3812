import { sql, type Kysely } from "kysely";

const LISTS = [
  ["ingredients", "ingredients"],
  ["recipes", "recipes"],
  ["meal_plans", "meal-plans"],
  ["shopping_lists", "shopping-lists"],
] as const;

// Each user's number of rows in each list, kept beside the list's version by the same statement trigger, so a quota
// is checked by reading one row rather than counting a kitchen's rows on every create (decision 0027).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("list_versions")
    .addColumn("row_count", "bigint", (c) => c.notNull().defaultTo(0))
    .execute();
  for (const [table, list] of LISTS) {
    await sql`
      insert into list_versions (user_id, list, version, row_count)
      select user_id, ${list}, 1, count(*) from ${sql.table(table)} group by user_id
      on conflict (user_id, list) do update set row_count = excluded.row_count`.execute(db);
  }
  await sql`
    create or replace function bump_list_version() returns trigger language plpgsql as $$
    begin
      -- The join skips users being deleted in this statement (their rows go by cascade).
      insert into list_versions (user_id, list, version, row_count)
      select c.user_id, tg_argv[0], 1, case tg_op when 'INSERT' then count(*) when 'DELETE' then -count(*) else 0 end
      from changed_rows c join users u on u.id = c.user_id group by c.user_id
      on conflict (user_id, list) do update
        set version = list_versions.version + 1, row_count = greatest(list_versions.row_count + excluded.row_count, 0);
      return null;
    end $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace function bump_list_version() returns trigger language plpgsql as $$
    begin
      insert into list_versions (user_id, list, version)
      select distinct c.user_id, tg_argv[0], 1 from changed_rows c join users u on u.id = c.user_id
      on conflict (user_id, list) do update set version = list_versions.version + 1;
      return null;
    end $$`.execute(db);
  await db.schema.alterTable("list_versions").dropColumn("row_count").execute();
}
