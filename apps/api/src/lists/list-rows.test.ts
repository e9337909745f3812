import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { Db } from "@kim/db";
import { createTestDatabase } from "@kim/db/testing";
import { ingredientInput, mealPlanInput, recipeInput, shoppingItemSchema, shoppingListInput } from "@kim/domain";
import { createIngredient, listIngredients } from "../features/inventory/queries";
import { listMealPlans } from "../features/meal-plans/queries";
import { listRecipes } from "../features/recipes/queries";
import { createShoppingList, listShoppingLists } from "../features/shopping-lists/queries";
import { ListCache } from ".";

// The lists' JSON is written by PostgreSQL and sent untouched: these hold what it writes to the domain's own schemas,
// on real rows (older ones too), on whichever database the suite runs on.
const timestamp = z.string().refine((s) => new Date(s).toISOString() === s, "a timestamp as JavaScript writes it");
/** Who added and last changed a shared thing (decision 0036). */
const who = { createdBy: z.uuid().nullable(), updatedBy: z.uuid().nullable() };
const stored = { id: z.uuid(), createdAt: timestamp, ...who };
const ingredient = ingredientInput.extend({ ...stored, updatedAt: timestamp }).strict();
const recipeSummary = recipeInput
  .omit({ ingredients: true, instructions: true })
  .extend({
    ...stored,
    updatedAt: timestamp,
    photoUrl: z
      .string()
      .regex(/^\/api\/recipes\/[0-9a-f-]{36}\/image$/)
      .nullable(),
  })
  .strict();
const mealPlan = mealPlanInput
  .extend({
    id: z.uuid(),
    createdAt: timestamp,
    createdBy: who.createdBy,
    userId: z.uuid().nullable(),
    recipeId: z.uuid().nullable(),
    recipe: z.object({ id: z.uuid(), title: z.string() }).strict().nullable(),
  })
  .strict();
const shoppingList = shoppingListInput
  .extend({ ...stored, updatedAt: timestamp, items: z.array(shoppingItemSchema.strict()), version: z.number().int() })
  .strict();

let handle: Db;
let userId: string;
let householdId: string;
let owned: { householdId: string; createdBy: string; updatedBy: string };
const soon = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
const week = { from: soon, to: soon };

beforeAll(async () => {
  handle = await createTestDatabase();
  const { db } = handle;
  userId = (await db.insertInto("users").values({ email: "rows@example.com" }).returning("id").executeTakeFirstOrThrow()).id;
  householdId = (await db.selectFrom("householdMembers").select("householdId").where("userId", "=", userId).executeTakeFirstOrThrow())
    .householdId;
  owned = { householdId, createdBy: userId, updatedBy: userId };
  await db
    .insertInto("ingredients")
    .values([
      { ...owned, name: "Milk", quantity: 1.5, unit: "L", category: "Dairy", expirationDate: soon, notes: "Organic" },
      { ...owned, name: "Salt", quantity: 0, unit: "g", category: "Spices", expirationDate: null, notes: null },
    ])
    .execute();
  const ingredients = JSON.stringify([{ name: "Flour", quantity: 200, unit: "g" }]);
  const [kept, gone] = await db
    .insertInto("recipes")
    .values([
      {
        ...owned,
        title: "Pancakes",
        description: "Sunday",
        prepTime: 5,
        cookTime: 10,
        servings: 2,
        difficulty: "Easy",
        cuisineType: "American",
        tags: JSON.stringify(["breakfast"]),
        ingredients,
        instructions: "Mix. Fry.",
      },
      // Written before validation existed: no servings, difficulty, cuisine or tags.
      { ...owned, title: "Old soup", servings: null, difficulty: null, cuisineType: null, tags: null, ingredients, instructions: "Boil." },
    ])
    .returning("id")
    .execute();
  await db
    .insertInto("mealPlans")
    .values([
      { ...owned, recipeId: kept!.id, date: soon, mealType: "breakfast", servings: 2, notes: "Double" },
      { ...owned, recipeId: gone!.id, date: soon, mealType: "dinner", servings: 1, notes: null },
    ])
    .execute();
  await db.deleteFrom("recipes").where("id", "=", gone!.id).execute();
  const items = [
    { name: "Eggs", quantity: 6, unit: "pcs", checked: false, category: "Dairy", plan: week },
    { name: "Bread", quantity: 1, unit: "loaf", checked: true },
  ];
  await db
    .insertInto("shoppingLists")
    .values({ ...owned, name: "Groceries", items: JSON.stringify(items) })
    .execute();
});
afterAll(() => handle.close());

describe("list rows", () => {
  it("match the domain's schemas, field for field", async () => {
    const lists = new ListCache();
    const ingredients = (await listIngredients(handle.db, lists, householdId)).toJSON();
    expect(ingredients.map((i) => ingredient.parse(i).name)).toEqual(["Milk", "Salt"]);
    const recipes = (await listRecipes(handle.db, lists, householdId)).toJSON();
    expect(recipes.map((r) => recipeSummary.parse(r).title)).toEqual(["Pancakes"]);
    const meals = (await listMealPlans(handle.db, lists, householdId, week)).toJSON();
    expect(meals.map((m) => mealPlan.parse(m).recipe)).toEqual([{ id: meals[0]!.recipeId, title: "Pancakes" }, null]);
    const shopping = (await listShoppingLists(handle.db, lists, householdId)).toJSON();
    expect(shopping.map((l) => shoppingList.parse(l).items.length)).toEqual([2]);
  });

  it("answer a create with the row its list then holds (createOnce), keyed or not", async () => {
    const kitchen = { householdId, userId };
    const input = { name: 'Crème "fraîche" 🍋', quantity: 0.25, unit: "L", category: "Dairy", expirationDate: soon, notes: null } as const;
    const plain = await createIngredient(handle.db, kitchen, input);
    const keyed = await createIngredient(handle.db, kitchen, { ...input, notes: "a\\b" }, { key: "k-1", fingerprint: "f" });
    const listed = (await listIngredients(handle.db, new ListCache(), householdId)).toJSON();
    for (const created of [plain.toJSON(), keyed.toJSON()]) {
      expect(ingredient.parse(created)).toEqual(listed.find((i) => i.id === created.id));
    }
    const list = (await createShoppingList(handle.db, kitchen, "Weekend \u00e9", { userId, key: "k-2", fingerprint: "f" })).toJSON();
    const lists = (await listShoppingLists(handle.db, new ListCache(), householdId)).toJSON();
    expect(shoppingList.parse(list)).toEqual(lists.find((l) => l.id === list.id));
    // A retry answers the first answer, the same text.
    const again = await createIngredient(handle.db, kitchen, { ...input, notes: "a\\b" }, { key: "k-1", fingerprint: "f" });
    expect(again.text).toBe(keyed.text);
  });

  it("give rows written before validation the domain's defaults", async () => {
    await handle.db
      .insertInto("recipes")
      .values({
        ...owned,
        title: "Older",
        servings: null,
        difficulty: null,
        cuisineType: null,
        tags: null,
        ingredients: "[]",
        instructions: ".",
      })
      .execute();
    const recipes = (await listRecipes(handle.db, new ListCache(), householdId)).toJSON();
    const older = recipeSummary.parse(recipes.find((r) => r.title === "Older"));
    expect(older).toMatchObject({ servings: 4, difficulty: "Medium", cuisineType: "Other", tags: [] });
  });
});
