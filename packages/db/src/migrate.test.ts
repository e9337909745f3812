import { readdirSync } from "node:fs";
import { sql, type Kysely } from "kysely";
import { NO_MIGRATIONS } from "kysely/migration";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateDown, migrateToLatest, migrations, migrator } from "./migrate";
import { createTestDatabase, testDatabaseKind } from "./testing";
import { createDb, type Db } from "./create-db";

// One database for every test here: each migrates it back to nothing first (a fraction of a second), where a fresh
// PGlite database of its own cost 2.6 s of initdb alone, several times that on a loaded machine.
let handle: Db;
beforeAll(async () => {
  handle = await createTestDatabase({ migrate: false });
  // A fresh PGlite database runs initdb on its first query: here, under the hook's limit rather than a test's.
  await sql`select 1`.execute(handle.db);
});
afterAll(() => handle.close());

/** The shared database with every migration undone (nothing in it), then migrated up to `name` when given. */
async function emptyDatabase(name?: string): Promise<Db["db"]> {
  expect((await migrator(handle.db).migrateTo(NO_MIGRATIONS)).error).toBeUndefined();
  if (name) expect((await migrator(handle.db).migrateTo(name)).error).toBeUndefined();
  return handle.db;
}

async function tables(): Promise<string[]> {
  const { rows } = await sql<{ tableName: string }>`
    select table_name from information_schema.tables
    where table_schema = 'public' and table_name not like 'kysely_%' order by table_name`.execute(handle.db);
  return rows.map((r) => r.tableName);
}

describe("migrations", () => {
  it("are listed once each, every file in the folder under its own name", async () => {
    const files = readdirSync(new URL("./migrations", import.meta.url))
      .filter((file) => file.endsWith(".ts"))
      .map((file) => file.slice(0, -".ts".length));
    expect(Object.keys(migrations).sort()).toEqual(files.sort());
    for (const name of files) expect(migrations[name], name).toBe(await import(`./migrations/${name}.ts`));
  });

  it("go up, down and up again", async () => {
    await emptyDatabase();
    expect(await migrateToLatest(handle.db)).toContain("2026-11-21-0001-initial");
    expect(await tables()).toEqual([
      "admin_audit",
      "barcode_products",
      "bug_reports",
      "collection_imports",
      "email_outbox",
      "extraction_feedback",
      "household_invites",
      "household_members",
      "households",
      "idempotency_keys",
      "ingredients",
      "known_devices",
      "list_versions",
      "meal_plans",
      "rate_limits",
      "recipe_images",
      "recipes",
      "sessions",
      "shopping_lists",
      "stock_events",
      "stripe_events",
      "user_settings",
      "users",
    ]);
    while ((await migrateDown(handle.db)).length > 0) {
      // one migration down per call, newest first
    }
    expect(await tables()).toEqual([]);
    await migrateToLatest(handle.db);
    expect(await tables()).toHaveLength(23);
    expect(await migrateToLatest(handle.db)).toEqual([]);
  });
});

describe("accounts migrations (0018, 0019)", () => {
  it("mark the trial of accounts that had a subscription as used, and drop avatars from other sites", async () => {
    const db = await emptyDatabase("2026-11-25-0011-priority-support");
    const ends = new Date("2026-10-15T00:00:00Z");
    await sql`insert into users (email, profile_image_url, plan, subscription_status, trial_ends_at) values
        ('had-trial@example.com', 'https://tracker.example/p.gif', 'pro', 'canceled', ${ends}),
        ('never@example.com', 'Ice Cream', 'none', null, null)`.execute(db);
    await migrateToLatest(db);
    const rows = await db.selectFrom("users").select(["email", "profileImageUrl", "trialUsedAt"]).orderBy("email").execute();
    expect(rows).toEqual([
      { email: "had-trial@example.com", profileImageUrl: "User", trialUsedAt: new Date("2026-10-01T00:00:00Z") },
      { email: "never@example.com", profileImageUrl: "Ice Cream", trialUsedAt: null },
    ]);
  });
});

describe("list row counts (0020)", () => {
  it("count each user's rows of a list when added, then as rows come and go", async () => {
    // Typed loosely: the tables are as they were before households (0036).
    const db = (await emptyDatabase("2026-11-26-0019-own-avatars-and-user-search")) as unknown as Kysely<any>;
    const [ann, bob] = await db
      .insertInto("users")
      .values([{ email: "ann@example.com" }, { email: "bob@example.com" }])
      .returning("id")
      .execute();
    const add = (userId: string, names: string[]) =>
      db
        .insertInto("ingredients")
        .values(names.map((name) => ({ userId, name, category: "Pantry" })))
        .execute();
    await add(ann!.id, ["Flour", "Sugar", "Salt"]);
    await migrator(handle.db).migrateTo("2026-11-27-0020-list-row-counts");
    const counts = () =>
      db.selectFrom("listVersions").select(["userId", "rowCount"]).where("list", "=", "ingredients").orderBy("rowCount").execute();
    expect(await counts()).toEqual([{ userId: ann!.id, rowCount: 3 }]);

    await add(ann!.id, ["Butter", "Eggs"]);
    await add(bob!.id, ["Milk"]);
    await db.updateTable("ingredients").set({ quantity: 2 }).execute();
    await db.deleteFrom("ingredients").where("name", "in", ["Flour", "Sugar"]).execute();
    expect(await counts()).toEqual([
      { userId: bob!.id, rowCount: 1 },
      { userId: ann!.id, rowCount: 3 },
    ]);
  });
});

describe("households (0036)", () => {
  it("give every existing user their own household holding their data, and every new account its own", async () => {
    const db = (await emptyDatabase("2026-11-27-0035-trial-checkout")) as unknown as Kysely<any>;
    const [ann, bob] = (await db
      .insertInto("users")
      .values([{ email: "ann@example.com" }, { email: "bob@example.com" }])
      .returning("id")
      .execute()) as [{ id: string }, { id: string }];
    await db
      .insertInto("ingredients")
      .values(["Flour", "Salt"].map((name) => ({ user_id: ann.id, name, category: "Pantry" })))
      .execute();
    await db.insertInto("recipes").values({ user_id: bob.id, title: "Soup", ingredients: "[]", instructions: "Boil" }).execute();
    await migrateToLatest(handle.db);
    const typed = handle.db;
    const members = await typed.selectFrom("householdMembers").select(["userId", "householdId", "role"]).orderBy("userId").execute();
    expect(members).toEqual([ann.id, bob.id].sort().map((id: string) => ({ userId: id, householdId: id, role: "owner" })));
    const items = await typed.selectFrom("ingredients").select(["householdId", "createdBy", "updatedBy"]).execute();
    expect(items).toEqual([
      { householdId: ann.id, createdBy: ann.id, updatedBy: ann.id },
      { householdId: ann.id, createdBy: ann.id, updatedBy: ann.id },
    ]);
    expect(await typed.selectFrom("listVersions").select(["householdId", "list", "rowCount"]).orderBy("list").execute()).toEqual([
      { householdId: ann.id, list: "ingredients", rowCount: 2 },
      { householdId: bob.id, list: "recipes", rowCount: 1 },
    ]);

    const carl = await typed.insertInto("users").values({ email: "carl@example.com" }).returning("id").executeTakeFirstOrThrow();
    const home = await typed
      .selectFrom("householdMembers")
      .innerJoin("households", "households.id", "householdMembers.householdId")
      .select(["role", "homeOf"])
      .where("userId", "=", carl.id)
      .executeTakeFirstOrThrow();
    expect(home).toEqual({ role: "owner", homeOf: carl.id });
  });
});

describe("concurrent starts", () => {
  it.skipIf(testDatabaseKind() !== "postgres")(
    "let two processes migrate one database at once (PostgreSQL only: PGlite is one connection in one process)",
    async () => {
      const fresh = await createTestDatabase({ migrate: false });
      const second = createDb({ databaseUrl: fresh.url, dataDir: "" });
      try {
        const [a, b] = await Promise.all([migrateToLatest(fresh.db), migrateToLatest(second.db)]);
        expect([...a, ...b].sort()).toEqual(Object.keys(migrations).sort());
      } finally {
        await second.close();
        await fresh.close();
      }
    },
  );
});
