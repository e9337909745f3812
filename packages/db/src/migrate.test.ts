import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateDown, migrateToLatest, migrations } from "./migrate";
import { createTestDatabase, testDatabaseKind } from "./testing";
import { createDb, type Db } from "./create-db";

let handle: Db;
beforeAll(async () => {
  handle = await createTestDatabase({ migrate: false });
});
afterAll(() => handle.close());

async function tables(): Promise<string[]> {
  const { rows } = await sql<{ tableName: string }>`
    select table_name from information_schema.tables
    where table_schema = 'public' and table_name not like 'kysely_%' order by table_name`.execute(handle.db);
  return rows.map((r) => r.tableName);
}

describe("migrations", () => {
  it("go up, down and up again", async () => {
    expect(await migrateToLatest(handle.db)).toContain("2026-11-21-0001-initial");
    expect(await tables()).toEqual([
      "admin_audit",
      "barcode_products",
      "bug_reports",
      "email_outbox",
      "extraction_feedback",
      "idempotency_keys",
      "ingredients",
      "known_devices",
      "list_versions",
      "meal_plans",
      "rate_limits",
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
    expect(await tables()).toHaveLength(18);
    expect(await migrateToLatest(handle.db)).toEqual([]);
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
