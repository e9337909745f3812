import { sql, type Kysely } from "kysely";

// Frozen: never edit a migration that has shipped; add a new one.

/** The kitchen's data: owned by a household from here on, each row keeping who added it (and last changed it). */
const OWNED = [
  { table: "ingredients", index: "ingredients_user_expiry_idx", columns: "household_id, expiration_date, name", updatedBy: true },
  { table: "recipes", index: "recipes_user_created_idx", columns: "household_id, created_at", updatedBy: true },
  { table: "meal_plans", index: "meal_plans_user_date_idx", columns: "household_id, date", updatedBy: true },
  { table: "shopping_lists", index: "shopping_lists_user_created_idx", columns: "household_id, created_at", updatedBy: true },
  { table: "stock_events", index: "stock_events_user_id_occurred_at_idx", columns: "household_id, occurred_at", updatedBy: false },
] as const;

const LISTS = [
  ["ingredients", "ingredients"],
  ["recipes", "recipes"],
  ["meal_plans", "meal-plans"],
  ["shopping_lists", "shopping-lists"],
] as const;

// Households (decision 0036): the people who cook in one kitchen share its inventory, recipes, plans, lists and
// stock events. Every user is in exactly one household (household_members is keyed by the user); each existing user
// gets their own, whose id is the user's id (so the backfill is a copy), and a trigger gives every new account its
// own the same way (a person who leaves a shared household later gets a new one with an id of its own). `home_of` names the person whose own household it is: when they join another and leave their data behind, it
// stays there with no members, and they go back to it when they leave. Rows keep who added them (created_by, the
// former user_id) and who last changed them (updated_by); deleting a person clears those, never the shared rows.
// list_versions (versions and quotas) count per household; the update trigger can't count rows moved between
// households, so the merge that moves them counts them again (features/households).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("households")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("home_of", "uuid", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index households_home_of_idx on households (home_of) where home_of is not null`.execute(db);
  await db.schema
    .createTable("household_members")
    .addColumn("user_id", "uuid", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("household_id", "uuid", (c) => c.notNull().references("households.id").onDelete("cascade"))
    .addColumn("role", "text", (c) => c.notNull().check(sql`role in ('owner', 'member')`))
    .addColumn("joined_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("household_members_household_idx").on("household_members").columns(["household_id", "joined_at"]).execute();
  // One owner a household: a hand-over racing another can't leave two.
  await sql`create unique index household_members_one_owner_idx on household_members (household_id) where role = 'owner'`.execute(db);
  await db.schema
    .createTable("household_invites")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("household_id", "uuid", (c) => c.notNull().references("households.id").onDelete("cascade"))
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("invited_by", "uuid", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("used_at", "timestamptz")
    .addColumn("used_by", "uuid", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("household_invites_household_idx").on("household_invites").column("household_id").execute();

  await sql`insert into households (id, home_of, created_at) select id, id, created_at from users`.execute(db);
  await sql`insert into household_members (user_id, household_id, role, joined_at) select id, id, 'owner', created_at from users`.execute(db);
  await sql`
    create function start_own_household() returns trigger language plpgsql as $$
    declare household uuid;
    begin
      insert into households (id, home_of) values (new.id, new.id) returning id into household;
      insert into household_members (user_id, household_id, role) values (new.id, household, 'owner');
      return null;
    end $$`.execute(db);
  await sql`create trigger users_start_own_household after insert on users for each row execute function start_own_household()`.execute(
    db,
  );

  await sql`alter table list_versions drop constraint list_versions_user_id_fkey`.execute(db);
  await sql`alter table list_versions rename column user_id to household_id`.execute(db);
  await sql`alter table list_versions add foreign key (household_id) references households (id) on delete cascade`.execute(db);
  await sql`
    create or replace function bump_list_version() returns trigger language plpgsql as $$
    begin
      -- The join skips households being deleted in this statement (their rows go by cascade).
      insert into list_versions (household_id, list, version, row_count)
      select c.household_id, tg_argv[0], 1, case tg_op when 'INSERT' then count(*) when 'DELETE' then -count(*) else 0 end
      from changed_rows c join households h on h.id = c.household_id group by c.household_id
      on conflict (household_id, list) do update
        set version = list_versions.version + 1, row_count = greatest(list_versions.row_count + excluded.row_count, 0);
      return null;
    end $$`.execute(db);
  for (const { table, index, columns, updatedBy } of OWNED) {
    const t = sql.table(table);
    await sql`alter table ${t} add column household_id uuid references households (id) on delete cascade`.execute(db);
    await sql`update ${t} set household_id = user_id`.execute(db);
    await sql`alter table ${t} alter column household_id set not null`.execute(db);
    await sql`alter table ${t} rename column user_id to created_by`.execute(db);
    await sql`alter table ${t} alter column created_by drop not null`.execute(db);
    await sql`alter table ${t} drop constraint ${sql.raw(`${table}_user_id_fkey`)}`.execute(db);
    await sql`alter table ${t} add foreign key (created_by) references users (id) on delete set null`.execute(db);
    if (updatedBy) {
      await sql`alter table ${t} add column updated_by uuid references users (id) on delete set null`.execute(db);
      await sql`update ${t} set updated_by = created_by`.execute(db);
    }
    await sql`drop index ${sql.raw(index)}`.execute(db);
    await sql`create index ${sql.raw(index.replace("_user_", "_household_"))} on ${t} (${sql.raw(columns)})`.execute(db);
  }

}

export async function down(db: Kysely<any>): Promise<void> {
  // Back to one user a list: a household's rows go to its owner (a row whose adder is gone included). The versions
  // are counted again at the end, so the trigger does nothing meanwhile.
  await sql`create or replace function bump_list_version() returns trigger language plpgsql as $$ begin return null; end $$`.execute(db);
  await sql`delete from list_versions`.execute(db);
  await sql`alter table list_versions drop constraint list_versions_household_id_fkey`.execute(db);
  await sql`alter table list_versions rename column household_id to user_id`.execute(db);
  for (const { table, index, columns, updatedBy } of OWNED) {
    const t = sql.table(table);
    await sql`drop index ${sql.raw(index.replace("_user_", "_household_"))}`.execute(db);
    if (updatedBy) await sql`alter table ${t} drop column updated_by`.execute(db);
    await sql`alter table ${t} drop constraint ${sql.raw(`${table}_created_by_fkey`)}`.execute(db);
    await sql`
      update ${t} r set created_by = m.user_id from household_members m
      where m.household_id = r.household_id and m.role = 'owner' and (r.created_by is null or r.created_by <> m.user_id)`.execute(db);
    await sql`delete from ${t} where created_by is null`.execute(db);
    await sql`alter table ${t} rename column created_by to user_id`.execute(db);
    await sql`alter table ${t} alter column user_id set not null`.execute(db);
    await sql`alter table ${t} add constraint ${sql.raw(`${table}_user_id_fkey`)} foreign key (user_id) references users (id) on delete cascade`.execute(db);
    await sql`alter table ${t} drop column household_id`.execute(db);
    await sql`create index ${sql.raw(index)} on ${t} (${sql.raw(columns.replace("household_id", "user_id"))})`.execute(db);
  }
  await sql`alter table list_versions add constraint list_versions_user_id_fkey foreign key (user_id) references users (id) on delete cascade`.execute(
    db,
  );
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
  for (const [table, list] of LISTS) {
    await sql`
      insert into list_versions (user_id, list, version, row_count)
      select user_id, ${list}, 1, count(*) from ${sql.table(table)} group by user_id`.execute(db);
  }
  await sql`drop trigger users_start_own_household on users`.execute(db);
  await sql`drop function start_own_household()`.execute(db);
  await db.schema.dropTable("household_invites").execute();
  await db.schema.dropTable("household_members").execute();
  await db.schema.dropTable("households").execute();
}
