import { sql, type Kysely } from "kysely";

/** The per-user lists a process may serve from memory, and the table each one is read from. */
const LISTS = [
  ["ingredients", "ingredients"],
  ["recipes", "recipes"],
  ["meal_plans", "meal-plans"],
  ["shopping_lists", "shopping-lists"],
] as const;

// One version per user and list, bumped in the same transaction as any change to the list's rows, whoever
// makes it: every API process can tell with one small query whether a list it serialized earlier is current.
// Replaces users.inventory_version, which tied the session lookup to one feature.
export async function up(db: Kysely<any>): Promise<void> {
  for (const op of ["insert", "update", "delete"]) {
    await sql`drop trigger ${sql.raw(`ingredients_${op}_bumps_version`)} on ingredients`.execute(db);
  }
  await sql`drop function bump_inventory_version()`.execute(db);
  await db.schema.alterTable("users").dropColumn("inventory_version").execute();

  await db.schema
    .createTable("list_versions")
    .addColumn("user_id", "uuid", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("list", "text", (c) => c.notNull())
    .addColumn("version", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("list_versions_pkey", ["user_id", "list"])
    .execute();
  // The list's name comes as the trigger's argument, so one function serves every list table.
  await sql`
    create function bump_list_version() returns trigger language plpgsql as $$
    begin
      -- The join skips users being deleted in this statement (their rows go by cascade).
      insert into list_versions (user_id, list, version)
      select distinct c.user_id, tg_argv[0], 1 from changed_rows c join users u on u.id = c.user_id
      on conflict (user_id, list) do update set version = list_versions.version + 1;
      return null;
    end $$`.execute(db);
  for (const [table, list] of LISTS) {
    for (const [op, rows] of [["insert", "new"], ["update", "new"], ["delete", "old"]] as const) {
      await sql`
        create trigger ${sql.raw(`${table}_${op}_bumps_list_version`)}
        after ${sql.raw(op)} on ${sql.table(table)}
        referencing ${sql.raw(rows)} table as changed_rows
        for each statement execute function bump_list_version(${sql.lit(list)})`.execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [table] of LISTS) {
    for (const op of ["insert", "update", "delete"]) {
      await sql`drop trigger ${sql.raw(`${table}_${op}_bumps_list_version`)} on ${sql.table(table)}`.execute(db);
    }
  }
  await sql`drop function bump_list_version()`.execute(db);
  await db.schema.dropTable("list_versions").execute();
  await db.schema.alterTable("users").addColumn("inventory_version", "bigint", (c) => c.notNull().defaultTo(0)).execute();
  await sql`
    create function bump_inventory_version() returns trigger language plpgsql as $$
    begin
      update users set inventory_version = inventory_version + 1
      where id in (select user_id from changed_rows);
      return null;
    end $$`.execute(db);
  for (const [op, rows] of [["insert", "new"], ["update", "new"], ["delete", "old"]] as const) {
    await sql`
      create trigger ${sql.raw(`ingredients_${op}_bumps_version`)}
      after ${sql.raw(op)} on ingredients
      referencing ${sql.raw(rows)} table as changed_rows
      for each statement execute function bump_inventory_version()`.execute(db);
  }
}
