import { QUOTAS, quotaMessage, type QuotaName } from "@kim/domain";
import { TRPCError } from "@trpc/server";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callerFor, createTestApp, createUser, type TestApp } from "../testing/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type User = Awaited<ReturnType<typeof createUser>>;

/** Fills `user`'s kitchen (alone, their household's id is theirs) with `name` up to its quota straight in the database, as a busy script would have through the API. */
async function fillTo(name: QuotaName, user: User, recipeId?: string) {
  const max = QUOTAS[name].max;
  const rows = sql`generate_series(1, ${max}) as n`;
  const fill = {
    ingredients: sql`insert into ingredients (household_id, created_by, name, category) select ${user.id}, ${user.id}, 'Item ' || n, 'Pantry' from ${rows}`,
    recipes: sql`insert into recipes (household_id, created_by, title, instructions, ingredients) select ${user.id}, ${user.id}, 'Recipe ' || n, 'Cook.', '[]'::jsonb from ${rows}`,
    mealPlans: sql`insert into meal_plans (household_id, created_by, recipe_id, date, meal_type) select ${user.id}, ${user.id}, ${recipeId}, date '2000-01-01' + n, 'dinner' from ${rows}`,
    shoppingLists: sql`insert into shopping_lists (household_id, created_by, name) select ${user.id}, ${user.id}, 'List ' || n from ${rows}`,
  }[name];
  await fill.execute(t.deps.db);
}

const post = (user: User, url: string, payload: object) => t.app.inject({ method: "POST", url, headers: { cookie: user.cookie }, payload });

const recipe = { title: "Soup", ingredients: [{ name: "Water", quantity: 1, unit: "L" }], instructions: "Boil." };

describe("quotas", () => {
  it("refuses the 5,001st ingredient with 403 naming the quota, on REST and tRPC, and takes one again after a delete", async () => {
    const cook = await createUser(t);
    await fillTo("ingredients", cook);
    const item = { name: "Flour", quantity: 1, unit: "kg", category: "Pantry" } as const;
    const refused = await post(cook, "/api/ingredients", item);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: "You have reached the limit of 5,000 ingredients; delete some to add more",
      code: "FORBIDDEN",
    });
    const { caller } = callerFor(t, cook);
    await expect(caller.inventory.create(item)).rejects.toThrow(new TRPCError({ code: "FORBIDDEN", message: quotaMessage("ingredients") }));
    const count = () =>
      t.deps.db
        .selectFrom("ingredients")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("householdId", "=", cook.householdId)
        .executeTakeFirstOrThrow();
    expect((await count()).n).toBe(5000);

    await t.deps.db.deleteFrom("ingredients").where("householdId", "=", cook.householdId).where("name", "=", "Item 1").execute();
    expect((await post(cook, "/api/ingredients", item)).statusCode).toBe(201);
    // The quota is each cook's own.
    expect((await post(await createUser(t), "/api/ingredients", item)).statusCode).toBe(201);
  });

  it("refuses the 2,001st recipe on REST and tRPC", async () => {
    const cook = await createUser(t);
    await fillTo("recipes", cook);
    const refused = await post(cook, "/api/recipes", recipe);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("You have reached the limit of 2,000 recipes; delete some to add more");
    await expect(callerFor(t, cook).caller.recipes.create(recipe)).rejects.toMatchObject({ code: "FORBIDDEN" });
  });

  it("refuses the 51st shopping list and the 20,001st planned meal on REST and tRPC", async () => {
    const cook = await createUser(t);
    await fillTo("shoppingLists", cook);
    const list = await post(cook, "/api/shopping-lists", { name: "One more" });
    expect(list.statusCode).toBe(403);
    expect(list.json().message).toBe("You have reached the limit of 50 shopping lists; delete some to add more");
    await expect(callerFor(t, cook).caller.shoppingLists.create({ name: "One more" })).rejects.toMatchObject({ code: "FORBIDDEN" });

    const created = await post(cook, "/api/recipes", recipe);
    expect(created.statusCode).toBe(201);
    const recipeId: string = created.json().id;
    await fillTo("mealPlans", cook, recipeId);
    const meal = { recipeId, date: "2030-01-01", mealType: "lunch" } as const;
    const refused = await post(cook, "/api/meal-plans", meal);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("You have reached the limit of 20,000 planned meals; delete some to add more");
    await expect(callerFor(t, cook).caller.mealPlans.create(meal)).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});
