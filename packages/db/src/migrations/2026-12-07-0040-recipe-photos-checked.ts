import { sql, type Kysely } from "kysely";

// Frozen: never edit a migration that has shipped; add a new one.

// A recipe's photo is checked (its pixels bounded, its metadata left out) as an import keeps it; those kept before
// were not, and are checked once, the first time they are read (decision 0048). A photo added or removed changes the
// recipes list its household reads (each recipe's photoUrl), so it bumps that list's version as a recipe's change does.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("recipe_images")
    .addColumn("checked", "boolean", (c) => c.notNull().defaultTo(false))
    .execute();
  await sql`
    create function bump_recipes_list_for_photos() returns trigger language plpgsql as $$
    begin
      update list_versions v set version = v.version + 1
      where v.list = 'recipes'
        and v.household_id in (select r.household_id from changed_rows c join recipes r on r.id = c.recipe_id);
      return null;
    end $$`.execute(db);
  for (const [op, rows] of [
    ["insert", "new"],
    ["delete", "old"],
  ] as const) {
    await sql`
      create trigger ${sql.raw(`recipe_images_${op}_bumps_list_version`)}
      after ${sql.raw(op)} on recipe_images
      referencing ${sql.raw(rows)} table as changed_rows
      for each statement execute function bump_recipes_list_for_photos()`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const op of ["insert", "delete"]) {
    await sql`drop trigger ${sql.raw(`recipe_images_${op}_bumps_list_version`)} on recipe_images`.execute(db);
  }
  await sql`drop function bump_recipes_list_for_photos()`.execute(db);
  await db.schema.alterTable("recipe_images").dropColumn("checked").execute();
}
