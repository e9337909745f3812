import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { directRows } from "./direct-rows";
import { createTestDatabase } from "./testing";
import type { Db } from "./create-db";
import type { Database } from "./schema";

let handle: Db;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

describe("directRows", () => {
  it("gives the rows Kysely gives, column names camel-cased, on either database", async () => {
    const user = await handle.db
      .insertInto("users")
      .values({ email: "direct@example.com", firstName: "Dee" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const query = handle.db
      .selectFrom("users")
      .select(["id", "email", "firstName", "profileImageUrl", "isPro", "createdAt"])
      .where("id", "=", user.id)
      .compile();
    const viaKysely = (await handle.db.executeQuery(query)).rows;
    const direct = await directRows(handle.db, query);
    expect(direct).toEqual(viaKysely);
    expect(direct).toEqual([expect.objectContaining({ email: "direct@example.com", firstName: "Dee", isPro: false })]);
    expect(direct[0]?.createdAt).toBeInstanceOf(Date);
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
