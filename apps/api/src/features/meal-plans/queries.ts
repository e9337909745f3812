import { inTransaction, type Database } from "@kim/db";
import { MAX_MEALS_PER_SLOT, MAX_QUANTITY, type MealPlanInput, type MealType, type StockItem } from "@kim/domain";
import { sql, type Kysely } from "kysely";
import { jsonBuildObject } from "kysely/helpers/postgres";
import { lockMealSlot } from "../../lib/meal-slots";
import { checkQuota } from "../../lib/quotas";
import { jsonTimestamp, readList, type ListCache, type ListVersions, type UserListQuery } from "../../lists";
import type { Kitchen } from "../../sessions/kitchen";

/** A planned meal as clients receive it: the spec's fields, and its recipe with its title (null once the recipe is deleted). */
export interface MealPlan {
  id: string;
  /** The spec's name for who planned it; `createdBy` is the same, named as other shared things name it (decision 0036). */
  userId: string | null;
  createdBy: string | null;
  recipeId: string | null;
  date: string;
  mealType: MealType;
  servings: number;
  notes: string | null;
  recipe: { id: string; title: string } | null;
  createdAt: string;
}

const mealOrder = sql`array_position(array['breakfast', 'lunch', 'dinner'], mp.meal_type)`;

/**
 * The household's meals from `from` to `to` (both included), by day, then breakfast, lunch, dinner, then as added, as JSON
 * built by PostgreSQL. Kept under the meal plans' and the recipes' versions: a meal shows its recipe's title.
 */
export function listMealPlans(
  db: Kysely<Database>,
  lists: ListCache,
  householdId: string,
  range: { from: string; to: string },
  versions?: ListVersions | null,
) {
  const values = [range.from, range.to];
  return readList(db, lists, { householdId, lists: ["meal-plans", "recipes"], query: mealPlanList, values, versions });
}

const mealPlanList: UserListQuery<MealPlan> = (db, householdId, [from, to]) =>
  db
    .selectFrom("mealPlans as mp")
    .leftJoin("recipes as r", (join) => join.onRef("r.id", "=", "mp.recipeId").on("r.householdId", "=", householdId))
    .select((eb) =>
      eb.fn
        .jsonAgg(
          jsonBuildObject({
            id: eb.ref("mp.id"),
            userId: eb.ref("mp.createdBy"),
            createdBy: eb.ref("mp.createdBy"),
            date: eb.ref("mp.date"),
            mealType: eb.ref("mp.mealType"),
            servings: eb.ref("mp.servings"),
            notes: eb.ref("mp.notes"),
            // The recipe's, not the meal's: null once the recipe is deleted.
            recipeId: eb.ref("r.id"),
            recipe: eb
              .case()
              .when("r.id", "is", null)
              .then(null)
              .else(jsonBuildObject({ id: eb.ref("r.id").$notNull(), title: eb.ref("r.title").$notNull() }))
              .end(),
            createdAt: jsonTimestamp(eb.ref("mp.createdAt")),
          }),
        )
        .orderBy("mp.date")
        .orderBy(mealOrder)
        .orderBy("mp.createdAt")
        .orderBy("mp.id")
        .as("list"),
    )
    .where("mp.householdId", "=", householdId)
    .where("mp.date", ">=", from!)
    .where("mp.date", "<=", to!);

export type AddMealResult = { ok: true; meal: MealPlan } | { ok: false; reason: "no-recipe" | "slot-full" };

/**
 * Plans a meal if the recipe is the household's and the slot has room. The slot is locked for the transaction first, so
 * requests racing for its last place are taken one at a time and each counts what the one before it added.
 */
export function addMealPlan(db: Kysely<Database>, { householdId, userId }: Kitchen, input: MealPlanInput): Promise<AddMealResult> {
  return inTransaction(db, async (trx) => {
    await lockMealSlot(trx, householdId, input.date, input.mealType);
    const { rows } = await sql<{ title: string | null; taken: number }>`
      select (select title from recipes where id = ${input.recipeId} and household_id = ${householdId}) as title,
        (select count(*)::int from meal_plans where household_id = ${householdId} and date = ${input.date} and meal_type = ${input.mealType}) as taken`.execute(
      trx,
    );
    const { title, taken } = rows[0]!;
    if (title === null) return { ok: false, reason: "no-recipe" };
    if (taken >= MAX_MEALS_PER_SLOT) return { ok: false, reason: "slot-full" };
    await checkQuota(trx, householdId, "mealPlans");
    const row = await trx
      .insertInto("mealPlans")
      .values({ ...input, householdId, createdBy: userId, updatedBy: userId })
      .returning(["id", "createdBy", "recipeId", "date", "mealType", "servings", "notes", "createdAt"])
      .executeTakeFirstOrThrow();
    const meal = { ...row, userId: row.createdBy, recipe: { id: input.recipeId, title }, createdAt: row.createdAt.toISOString() };
    return { ok: true, meal };
  });
}

export async function deleteMealPlan(db: Kysely<Database>, householdId: string, id: string): Promise<boolean> {
  const row = await db
    .deleteFrom("mealPlans")
    .where("id", "=", id)
    .where("householdId", "=", householdId)
    .returning("id")
    .executeTakeFirst();
  return !!row;
}

/** A recipe's servings and ingredients, for cooking it; undefined when it is not the household's. */
export function recipeToCook(db: Kysely<Database>, householdId: string, recipeId: string) {
  return db
    .selectFrom("recipes")
    .select(["servings", "ingredients"])
    .where("id", "=", recipeId)
    .where("householdId", "=", householdId)
    .executeTakeFirst();
}

/**
 * The household's stock with an amount, soonest to expire first (what cooking should use up first), locked until the
 * transaction ends so two cooks of one kitchen can't both take the same flour.
 */
export function lockStock(
  db: Kysely<Database>,
  householdId: string,
): Promise<(StockItem & { category: string; expirationDate: string | null })[]> {
  return db
    .selectFrom("ingredients")
    .select(["id", "name", "quantity", "unit", "category", "expirationDate"])
    .where("householdId", "=", householdId)
    .where("quantity", ">", 0)
    .orderBy(sql`expiration_date asc nulls last`)
    .orderBy("createdAt")
    .orderBy("id")
    .forUpdate()
    .execute();
}

type Amounts = { id: string; quantity: number }[];

/** `(id, quantity)` rows for a statement to join on. */
const amountRows = (amounts: Amounts) => sql.join(amounts.map((a) => sql`(${a.id}::uuid, ${a.quantity}::double precision)`));

/** Sets each item's quantity in one statement; an item that is gone (or not the household's) is skipped. */
export async function setQuantities(db: Kysely<Database>, { householdId, userId }: Kitchen, quantities: Amounts): Promise<void> {
  if (quantities.length === 0) return;
  await sql`update ingredients i set quantity = v.quantity, updated_by = ${userId}, updated_at = now()
    from (values ${amountRows(quantities)}) as v(id, quantity)
    where i.id = v.id and i.household_id = ${householdId}`.execute(db);
}

/**
 * Adds each amount back to its item (capped like any quantity), in one statement; answers the items changed, each
 * with whether it was at 0 before (an undo brings back what a cook used up).
 */
export async function addQuantities(db: Kysely<Database>, { householdId, userId }: Kitchen, amounts: Amounts) {
  if (amounts.length === 0) return [];
  const { rows } = await sql<{ id: string; name: string; quantity: number; unit: string; wasEmpty: boolean }>`
    update ingredients i set quantity = least(i.quantity + v.quantity, ${MAX_QUANTITY}), updated_by = ${userId}, updated_at = now()
    from (values ${amountRows(amounts)}) as v(id, quantity), ingredients old
    where i.id = v.id and i.household_id = ${householdId} and old.id = i.id
    returning i.id, i.name, i.quantity, i.unit, old.quantity <= 0 and i.quantity > 0 as "wasEmpty"`.execute(db);
  return rows;
}

/** The household's stock with an amount: what suggestions prefer to cook with. */
export function stockForSuggestions(db: Kysely<Database>, householdId: string) {
  return db
    .selectFrom("ingredients")
    .select(["name", "quantity", "expirationDate"])
    .where("householdId", "=", householdId)
    .where("quantity", ">", 0)
    .execute();
}

/** The household's recipes with what suggestions weigh: title, tags and ingredient names. */
export async function recipesForSuggestions(db: Kysely<Database>, householdId: string) {
  const rows = await db
    .selectFrom("recipes")
    .select([
      "id",
      "title",
      "servings",
      "tags",
      sql<string[]>`array(select x->>'name' from jsonb_array_elements(ingredients) x)`.as("names"),
    ])
    .where("householdId", "=", householdId)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    servings: r.servings,
    tags: r.tags,
    ingredients: r.names.map((name) => ({ name })),
  }));
}

/** How many times the household has planned each recipe as each meal: what they eat it as. */
export function mealTypeHistory(db: Kysely<Database>, householdId: string) {
  return db
    .selectFrom("mealPlans")
    .select(["recipeId", "mealType", sql<number>`count(*)::int`.as("count")])
    .where("householdId", "=", householdId)
    .where("recipeId", "is not", null)
    .groupBy(["recipeId", "mealType"])
    .$narrowType<{ recipeId: string }>()
    .execute();
}
