import { sql, type Kysely } from "kysely";

// Every change to a user's ingredients bumps users.inventory_version, whoever makes it, so any API process can
// tell with one small query whether a list it serialized earlier is still current.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").addColumn("inventory_version", "bigint", (c) => c.notNull().defaultTo(0)).execute();
  await sql`
    create function bump_inventory_version() returns trigger language plpgsql as $$
    begin
      update users set inventory_version = inventory_version + 1
      where id in (select user_id from changed_rows);
      return null;
    end $$`.execute(db);
  for (const [op, table] of [["insert", "new"], ["update", "new"], ["delete", "old"]] as const) {
    await sql`
      create trigger ${sql.raw(`ingredients_${op}_bumps_version`)}
      after ${sql.raw(op)} on ingredients
      referencing ${sql.raw(table)} table as changed_rows
      for each statement execute function bump_inventory_version()`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const op of ["insert", "update", "delete"]) {
    await sql`drop trigger ${sql.raw(`ingredients_${op}_bumps_version`)} on ingredients`.execute(db);
  }
  await sql`drop function bump_inventory_version()`.execute(db);
  await db.schema.alterTable("users").dropColumn("inventory_version").execute();
}
