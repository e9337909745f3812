import type { Database } from "@kim/db";
import { MAX_MEALS_PER_SLOT, type MealPlanInput, type MealType } from "@kim/domain";
import { sql, type Kysely } from "kysely";

/** A planned meal as clients receive it, with its recipe's title (null once the recipe is deleted). */
export interface MealPlan {
  id: string;
  date: string;
  mealType: MealType;
  servings: number;
  notes: string | null;
  recipe: { id: string; title: string } | null;
  createdAt: string;
}

const mealOrder = sql`array_position(array['breakfast', 'lunch', 'dinner'], mp.meal_type)`;

/** The user's meals from `from` to `to` (both included), by day, then breakfast, lunch, dinner, then as added. */
export async function listMealPlans(db: Kysely<Database>, userId: string, range: { from: string; to: string }): Promise<MealPlan[]> {
  const rows = await db
    .selectFrom("mealPlans as mp")
    .leftJoin("recipes as r", (join) => join.onRef("r.id", "=", "mp.recipeId").on("r.userId", "=", userId))
    .select(["mp.id", "mp.date", "mp.mealType", "mp.servings", "mp.notes", "mp.createdAt", "r.id as recipeId", "r.title as recipeTitle"])
    .where("mp.userId", "=", userId)
    .where("mp.date", ">=", range.from)
    .where("mp.date", "<=", range.to)
    .orderBy("mp.date")
    .orderBy(mealOrder)
    .orderBy("mp.createdAt")
    .orderBy("mp.id")
    .execute();
  return rows.map(({ recipeId, recipeTitle, createdAt, ...meal }) => ({
    ...meal,
    recipe: recipeId && recipeTitle !== null ? { id: recipeId, title: recipeTitle } : null,
    createdAt: createdAt.toISOString(),
  }));
}

export type AddMealResult = { ok: true; meal: MealPlan } | { ok: false; reason: "no-recipe" | "slot-full" };

/**
 * Plans a meal if the recipe is the user's and the slot has room. The slot is locked for the transaction first, so
 * requests racing for its last place are taken one at a time and each counts what the one before it added.
 */
export function addMealPlan(db: Kysely<Database>, userId: string, input: MealPlanInput): Promise<AddMealResult> {
  return db.transaction().execute(async (trx) => {
    const slot = `meal-slot:${userId}:${input.date}:${input.mealType}`;
    await sql`select pg_advisory_xact_lock(hashtextextended(${slot}, 0))`.execute(trx);
    const { rows } = await sql<{ title: string | null; taken: number }>`
      select (select title from recipes where id = ${input.recipeId} and user_id = ${userId}) as title,
        (select count(*)::int from meal_plans where user_id = ${userId} and date = ${input.date} and meal_type = ${input.mealType}) as taken`.execute(
      trx,
    );
    const { title, taken } = rows[0]!;
    if (title === null) return { ok: false, reason: "no-recipe" };
    if (taken >= MAX_MEALS_PER_SLOT) return { ok: false, reason: "slot-full" };
    const row = await trx
      .insertInto("mealPlans")
      .values({ ...input, userId })
      .returning(["id", "date", "mealType", "servings", "notes", "createdAt"])
      .executeTakeFirstOrThrow();
    return { ok: true, meal: { ...row, recipe: { id: input.recipeId, title }, createdAt: row.createdAt.toISOString() } };
  });
}

export async function deleteMealPlan(db: Kysely<Database>, userId: string, id: string): Promise<boolean> {
  const row = await db.deleteFrom("mealPlans").where("id", "=", id).where("userId", "=", userId).returning("id").executeTakeFirst();
  return !!row;
}
