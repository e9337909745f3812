import type { MealType } from "@kim/domain";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sql } from "kysely";
import { createTestDatabase, testDatabaseKind } from "./testing";
import { createDb, type Db } from "./create-db";

let handle: Db;
/** The household a new account started (decision 0036). */
async function homeOf(userId: string): Promise<string> {
  const row = await handle.db.selectFrom("householdMembers").select("householdId").where("userId", "=", userId).executeTakeFirstOrThrow();
  return row.householdId;
}
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

describe("schema", () => {
  it("fills the spec's defaults", async () => {
    const { db } = handle;
    const user = await db.insertInto("users").values({ email: "a@example.com" }).returningAll().executeTakeFirstOrThrow();
    expect(user).toMatchObject({ role: "user", plan: "none", isPro: false, isBetaTester: false, profileImageUrl: "User" });
    const ingredient = await db
      .insertInto("ingredients")
      .values({ householdId: await homeOf(user.id), name: "Milk", category: "Dairy", expirationDate: "2026-12-01" })
      .returningAll()
      .executeTakeFirstOrThrow();
    expect(ingredient).toMatchObject({ quantity: 0, unit: "units", expirationDate: "2026-12-01" });
    const list = await db
      .insertInto("shoppingLists")
      .values({ householdId: await homeOf(user.id) })
      .returningAll()
      .executeTakeFirstOrThrow();
    expect(list).toMatchObject({ name: "Shopping List", items: [] });
    const report = await db
      .insertInto("bugReports")
      .values({ userId: user.id, title: "t", description: "d" })
      .returningAll()
      .executeTakeFirstOrThrow();
    expect(report).toMatchObject({ priority: "medium", status: "open" });
  });

  it("bumps a household's list version on every change to the list, once per statement, and survives its deletion", async () => {
    const { db } = handle;
    const user = await db.insertInto("users").values({ email: "v@example.com" }).returning("id").executeTakeFirstOrThrow();
    const householdId = await homeOf(user.id);
    const version = async (list: string) =>
      (
        await db
          .selectFrom("listVersions")
          .select("version")
          .where("householdId", "=", householdId)
          .where("list", "=", list)
          .executeTakeFirst()
      )?.version ?? 0;
    expect(await version("ingredients")).toBe(0);
    await db
      .insertInto("ingredients")
      .values([1, 2, 3].map((i) => ({ householdId, name: `n${i}`, category: "Other" })))
      .execute();
    expect(await version("ingredients")).toBe(1);
    await db.updateTable("ingredients").set({ quantity: 5 }).where("householdId", "=", householdId).execute();
    expect(await version("ingredients")).toBe(2);
    await db.deleteFrom("ingredients").where("name", "=", "n1").execute();
    expect(await version("ingredients")).toBe(3);
    expect(await version("recipes")).toBe(0);
    await db.insertInto("recipes").values({ householdId, title: "Soup", ingredients: "[]", instructions: "Boil" }).execute();
    expect(await version("recipes")).toBe(1);
    expect(await version("ingredients")).toBe(3);
    await db.deleteFrom("households").where("id", "=", householdId).execute();
    expect(await db.selectFrom("listVersions").select("list").where("householdId", "=", householdId).execute()).toEqual([]);
  });

  it("rejects a duplicate email", async () => {
    await handle.db.insertInto("users").values({ email: "dup@example.com" }).execute();
    await expect(handle.db.insertInto("users").values({ email: "dup@example.com" }).execute()).rejects.toThrow(/unique/i);
  });

  it("cascades: recipes and ingredients go with their household, meal plans lose a removed recipe", async () => {
    const { db } = handle;
    const user = await db.insertInto("users").values({ email: "c@example.com" }).returning("id").executeTakeFirstOrThrow();
    const householdId = await homeOf(user.id);
    const recipe = await db
      .insertInto("recipes")
      .values({ householdId, createdBy: user.id, title: "Soup", ingredients: JSON.stringify([]), instructions: "Boil" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const plan = await db
      .insertInto("mealPlans")
      .values({ householdId, recipeId: recipe.id, date: "2026-11-23", mealType: "lunch" })
      .returningAll()
      .executeTakeFirstOrThrow();
    expect(plan.servings).toBe(1);
    await db
      .insertInto("extractionFeedback")
      .values({
        recipeId: recipe.id,
        userId: user.id,
        originalExtraction: "{}",
        userCorrections: "{}",
        sourceType: "url",
      })
      .execute();

    await db.deleteFrom("recipes").where("id", "=", recipe.id).execute();
    const after = await db.selectFrom("mealPlans").select("recipeId").where("id", "=", plan.id).executeTakeFirstOrThrow();
    expect(after.recipeId).toBeNull();
    const feedback = await db.selectFrom("extractionFeedback").select("id").where("userId", "=", user.id).execute();
    expect(feedback).toEqual([]);

    await db.insertInto("ingredients").values({ householdId, createdBy: user.id, name: "Egg", category: "Dairy" }).execute();
    await db.deleteFrom("households").where("id", "=", householdId).execute();
    const left = await db.selectFrom("ingredients").select("id").where("householdId", "=", householdId).execute();
    expect(left).toEqual([]);
  });

  it("rejects a meal type outside the spec", async () => {
    const { db } = handle;
    const user = await db.insertInto("users").values({ email: "m@example.com" }).returning("id").executeTakeFirstOrThrow();
    // The type says no too; the check is what stops a client that gets past it.
    const brunch = { householdId: await homeOf(user.id), date: "2026-11-23", mealType: "brunch" as MealType };
    await expect(db.insertInto("mealPlans").values(brunch).execute()).rejects.toThrow(/check/i);
  });
});

describe("connection loss", () => {
  it.skipIf(testDatabaseKind() !== "postgres")(
    "survives the server dropping idle connections, and reconnects (PostgreSQL only: PGlite runs in-process and has no connection to lose)",
    async () => {
      const lost: Error[] = [];
      const fresh = await createTestDatabase();
      const second = createDb({ databaseUrl: fresh.url, dataDir: "", onConnectionError: (e) => lost.push(e) });
      try {
        await sql`select 1`.execute(second.db);
        await sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid()`.execute(fresh.db);
        await vi.waitFor(() => expect(lost.length).toBeGreaterThan(0));
        const { rows } = await sql<{ one: number }>`select 1 as one`.execute(second.db);
        expect(rows).toEqual([{ one: 1 }]);
      } finally {
        await second.close();
        await fresh.close();
      }
    },
  );
});
