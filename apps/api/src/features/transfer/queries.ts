import type { Database } from "@kim/db";
import type { RecipeIngredient, RecipeInput } from "@kim/domain";
import type { Kysely } from "kysely";
import type { Kitchen } from "../../sessions/kitchen";

/** The SQL of moving in and out: collection imports, recipes and photos written in batches, and the account read whole. */

export type ImportRow = Awaited<ReturnType<typeof findImport>>;

export function findImport(db: Kysely<Database>, userId: string, key: string) {
  return db
    .selectFrom("collectionImports")
    .select(["id", "status", "total", "done", "summary", "updatedAt"])
    .where("userId", "=", userId)
    .where("idempotencyKey", "=", key)
    .executeTakeFirst();
}

/** Claims the key for a new import; undefined when an import already holds it (a retry). */
export async function claimImport(db: Kysely<Database>, userId: string, key: string): Promise<string | undefined> {
  const row = await db
    .insertInto("collectionImports")
    .values({ userId, idempotencyKey: key })
    .onConflict((oc) => oc.columns(["userId", "idempotencyKey"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  return row?.id;
}

/** A refused file leaves nothing behind, its key included: sending it again reads it again. */
export async function forgetImport(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom("collectionImports").where("id", "=", id).execute();
}

export async function setImportProgress(
  db: Kysely<Database>,
  id: string,
  progress: { status: "saving" | "done"; total: number; done: number; summary?: unknown },
): Promise<void> {
  const { summary, ...rest } = progress;
  await db
    .updateTable("collectionImports")
    .set({ ...rest, ...(summary !== undefined && { summary: JSON.stringify(summary) }), updatedAt: new Date() })
    .where("id", "=", id)
    .execute();
}

/** The title and ingredients of each of the household's recipes, to tell a duplicate. */
export function recipeKeys(db: Kysely<Database>, householdId: string): Promise<{ title: string; ingredients: RecipeIngredient[] }[]> {
  return db.selectFrom("recipes").select(["title", "ingredients"]).where("householdId", "=", householdId).execute();
}

export async function countRecipes(db: Kysely<Database>, householdId: string): Promise<number> {
  const row = await db
    .selectFrom("recipes")
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .where("householdId", "=", householdId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Saves recipes (and their photos) in one statement each, answering the new ids in the order given. */
export async function insertRecipes(
  trx: Kysely<Database>,
  { householdId, userId }: Kitchen,
  recipes: { recipe: RecipeInput; image: { contentType: string; bytes: Uint8Array } | null }[],
): Promise<string[]> {
  if (recipes.length === 0) return [];
  const rows = await trx
    .insertInto("recipes")
    .values(
      recipes.map(({ recipe }) => ({
        ...recipe,
        ingredients: JSON.stringify(recipe.ingredients),
        tags: JSON.stringify(recipe.tags),
        householdId,
        createdBy: userId,
        updatedBy: userId,
      })),
    )
    .returning("id")
    .execute();
  const ids = rows.map((row) => row.id);
  const images = recipes.flatMap(({ image }, i) =>
    image ? [{ recipeId: ids[i]!, contentType: image.contentType, bytes: image.bytes }] : [],
  );
  if (images.length > 0) await trx.insertInto("recipeImages").values(images).execute();
  return ids;
}

/** A recipe's photo, when it has one of its own and the recipe is the household's. */
export function findRecipeImage(db: Kysely<Database>, householdId: string, recipeId: string) {
  return db
    .selectFrom("recipeImages")
    .innerJoin("recipes", "recipes.id", "recipeImages.recipeId")
    .select(["recipeImages.contentType", "recipeImages.bytes"])
    .where("recipes.householdId", "=", householdId)
    .where("recipeImages.recipeId", "=", recipeId)
    .executeTakeFirst();
}

/** Everything the account holds and its kitchen (the household's), but the photos' bytes (read one at a time as the export is written). */
export async function accountData(db: Kysely<Database>, { householdId, userId }: Kitchen) {
  const [profile, settings, inventory, recipes, mealPlans, shoppingLists, stockHistory, images] = await Promise.all([
    db
      .selectFrom("users")
      .select(["email", "firstName", "lastName", "profileImageUrl", "plan", "createdAt"])
      .where("id", "=", userId)
      .executeTakeFirstOrThrow(),
    db.selectFrom("userSettings").selectAll().where("userId", "=", userId).executeTakeFirst(),
    db.selectFrom("ingredients").selectAll().where("householdId", "=", householdId).orderBy("createdAt").execute(),
    db.selectFrom("recipes").selectAll().where("householdId", "=", householdId).orderBy("createdAt").orderBy("id").execute(),
    db.selectFrom("mealPlans").selectAll().where("householdId", "=", householdId).orderBy("date").execute(),
    db.selectFrom("shoppingLists").selectAll().where("householdId", "=", householdId).orderBy("createdAt").execute(),
    db.selectFrom("stockEvents").selectAll().where("householdId", "=", householdId).orderBy("occurredAt").execute(),
    db
      .selectFrom("recipeImages")
      .innerJoin("recipes", "recipes.id", "recipeImages.recipeId")
      .select(["recipeImages.recipeId", "recipeImages.contentType"])
      .where("recipes.householdId", "=", householdId)
      .execute(),
  ]);
  return { profile, settings, inventory, recipes, mealPlans, shoppingLists, stockHistory, images };
}

export async function stripeSubscriptionOf(db: Kysely<Database>, userId: string): Promise<string | null> {
  const row = await db.selectFrom("users").select("stripeSubscriptionId").where("id", "=", userId).executeTakeFirst();
  return row?.stripeSubscriptionId ?? null;
}
