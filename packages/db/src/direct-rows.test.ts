import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { directRows } from "./direct-rows";
import { createTestDatabase, testDatabaseKind } from "./testing";
import type { Db } from "./create-db";
import type { Database } from "./schema";

let handle: Db;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

describe("directRows", () => {
  it("gives a row with camel-cased column names and the driver's values, on either database", async () => {
    const user = await handle.db
      .insertInto("users")
      .values({ email: "direct@example.com", firstName: "Dee" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const query = handle.db
      .selectFrom("users")
      .select(["id", "email", "firstName", "isPro", "createdAt"])
      .where("id", "=", user.id)
      .compile();
    expect(await directRows(handle.db, query)).toEqual([
      { id: user.id, email: "direct@example.com", firstName: "Dee", isPro: false, createdAt: expect.any(Date) },
    ]);
  });

  it("runs on PostgreSQL's pool, past Kysely's plugins, and through Kysely on PGlite", async () => {
    // Kysely's CamelCasePlugin re-cases a JSON value's keys on the way out; the pool path leaves them as written.
    const query = sql<{ nestedValue: unknown }>`select json_build_object('first_name', 'Dee') as nested_value`.compile(handle.db);
    const nestedValue = testDatabaseKind() === "postgres" ? { first_name: "Dee" } : { firstName: "Dee" };
    expect(await directRows(handle.db, query)).toEqual([{ nestedValue }]);
  });

  it("runs inside a transaction on the transaction's own connection", async () => {
    const count = sql<{ emailCount: number }>`select count(*)::int as email_count from users where email = ${"uncommitted@example.com"}`;
    await handle.db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto("users").values({ email: "uncommitted@example.com" }).execute();
        const query = count.compile(trx);
        expect(await directRows<Database, { emailCount: number }>(trx, query)).toEqual([{ emailCount: 1 }]);
        throw new Error("roll back");
      })
      .catch((error: unknown) => expect(error).toEqual(new Error("roll back")));
    expect(await directRows(handle.db, count.compile(handle.db))).toEqual([{ emailCount: 0 }]);
  });
});
