import { inTransaction, type Database } from "@kim/db";
import {
  extractionCorrections,
  RECIPE_DEFAULTS,
  RECIPE_FIELDS,
  type Cuisine,
  type Difficulty,
  type RecipeCreateInput,
  type RecipeInput,
  type RecipeSummaryField,
  type RecipeUpdate,
} from "@kim/domain";
import { sql, type ExpressionBuilder, type Kysely } from "kysely";
import { jsonBuildObject } from "kysely/helpers/postgres";
import { checkQuota } from "../../lib/quotas";
import { jsonTimestamp, readList, type ListCache, type ListVersions, type RawJson, type UserListQuery } from "../../lists";
import type { Kitchen } from "../../sessions/kitchen";

/** The row's own fields, as clients receive them. */
interface Stored {
  id: string;
  /** Where the recipe's own photo (one kept from an imported collection) is served, or null when it has none. */
  photoUrl: string | null;
  /** Who added it and who last changed it (household members' ids; null once the account is gone). */
  createdBy: string | null;
  updatedBy: string | null;
  createdAt: string;
  updatedAt: string;
}

/** What a recipe card needs: everything but the ingredients and instructions. */
export type RecipeSummary = Stored & Pick<RecipeInput, RecipeSummaryField>;

/** A whole recipe as clients receive it. */
export type Recipe = Stored & RecipeInput;

const columns = ["id", ...RECIPE_FIELDS, "createdBy", "updatedBy", "createdAt", "updatedAt"] as const;

/**
 * The recipe's photoUrl: the path of GET /api/recipes/{id}/image where a photo is kept for it, with the time it was
 * kept (`?v=`), so a photo replaced is fetched anew rather than read from a browser's cache.
 */
const photoUrl = (eb: ExpressionBuilder<Database, "recipes">) =>
  eb
    .selectFrom("recipeImages")
    .select(
      sql<string>`'/api/recipes/' || recipe_images.recipe_id || '/image?v=' || floor(extract(epoch from recipe_images.kept_at) * 1000)::bigint`.as(
        "url",
      ),
    )
    .whereRef("recipeImages.recipeId", "=", "recipes.id")
    .$asScalar();

/** A whole recipe's columns with its photoUrl, for a select or a returning clause. */
const recipeColumns = (eb: ExpressionBuilder<Database, "recipes">) => [...columns, photoUrl(eb).as("photoUrl")] as const;

type RecipeRow = Omit<Recipe, "createdAt" | "updatedAt"> & { createdAt: Date; updatedAt: Date };

// Rows written before validation existed may hold nulls where the schema now requires a value.
function toRecipe(row: Record<(typeof columns)[number] | "photoUrl", unknown>): Recipe {
  const r = row as RecipeRow;
  return {
    ...r,
    servings: r.servings ?? 4,
    tags: r.tags ?? [],
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** The household's recipes for the list, newest first, as JSON built by PostgreSQL in one statement. */
export function listRecipes(
  db: Kysely<Database>,
  lists: ListCache,
  householdId: string,
  versions?: ListVersions | null,
): Promise<RawJson<RecipeSummary[]>> {
  return readList(db, lists, { householdId, lists: ["recipes"], query: recipeSummaries, versions });
}

const recipeSummaries: UserListQuery<RecipeSummary> = (db, householdId) =>
  db
    .selectFrom("recipes")
    .select((eb) =>
      eb.fn
        .jsonAgg(
          jsonBuildObject({
            id: eb.ref("id"),
            title: eb.ref("title"),
            description: eb.ref("description"),
            imageUrl: eb.ref("imageUrl"),
            photoUrl: photoUrl(eb),
            prepTime: eb.ref("prepTime"),
            cookTime: eb.ref("cookTime"),
            // Rows written before validation existed may hold nulls where the schema now requires a value.
            servings: eb.fn.coalesce("servings", sql.lit(RECIPE_DEFAULTS.servings)),
            difficulty: sql<Difficulty>`coalesce(difficulty, ${sql.lit(RECIPE_DEFAULTS.difficulty)})`,
            cuisineType: sql<Cuisine>`coalesce(cuisine_type, ${sql.lit(RECIPE_DEFAULTS.cuisineType)})`,
            tags: eb.fn.coalesce("tags", sql<string[]>`'[]'::jsonb`),
            isAiExtracted: eb.ref("isAiExtracted"),
            createdBy: eb.ref("createdBy"),
            updatedBy: eb.ref("updatedBy"),
            createdAt: jsonTimestamp(eb.ref("createdAt")),
            updatedAt: jsonTimestamp(eb.ref("updatedAt")),
          }),
        )
        .orderBy("createdAt", "desc")
        .orderBy("id", "desc")
        .as("list"),
    )
    .where("householdId", "=", householdId);

export async function getRecipe(db: Kysely<Database>, householdId: string, id: string): Promise<Recipe | undefined> {
  const row = await db
    .selectFrom("recipes")
    .select(recipeColumns)
    .where("id", "=", id)
    .where("householdId", "=", householdId)
    .executeTakeFirst();
  return row && toRecipe(row);
}

export async function countRecipes(db: Kysely<Database>, householdId: string): Promise<number> {
  const row = await db
    .selectFrom("recipes")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("householdId", "=", householdId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

// The jsonb columns are written as JSON text.
function storable(input: RecipeUpdate) {
  const { ingredients, tags, ...rest } = input;
  return {
    ...rest,
    ...(ingredients && { ingredients: JSON.stringify(ingredients) }),
    ...(tags && { tags: JSON.stringify(tags) }),
  };
}

/**
 * Saves a new recipe. One saved from an import with changes also keeps, in the same transaction, what the import read
 * and what the person corrected (extraction_feedback), so extraction can be measured against people's corrections.
 */
export async function createRecipe(db: Kysely<Database>, { householdId, userId }: Kitchen, input: RecipeCreateInput): Promise<Recipe> {
  await checkQuota(db, householdId, "recipes");
  const { extraction, ...recipe } = input;
  const corrections = extraction && extractionCorrections(extraction.originalExtraction, recipe);
  const insert = (trx: Kysely<Database>) =>
    trx
      .insertInto("recipes")
      .values({
        ...storable(recipe),
        title: recipe.title,
        instructions: recipe.instructions,
        ingredients: JSON.stringify(recipe.ingredients),
        householdId,
        createdBy: userId,
        updatedBy: userId,
      })
      .returning(recipeColumns)
      .executeTakeFirstOrThrow();
  if (!extraction || !corrections || Object.keys(corrections).length === 0) return toRecipe(await insert(db));
  return inTransaction(db, async (trx) => {
    const row = await insert(trx);
    await trx
      .insertInto("extractionFeedback")
      .values({
        recipeId: row.id,
        userId,
        originalExtraction: JSON.stringify(extraction.originalExtraction),
        userCorrections: JSON.stringify(corrections),
        sourceType: extraction.sourceType,
        sourceUrl: extraction.sourceUrl,
      })
      .execute();
    return toRecipe(row);
  });
}

export async function updateRecipe(db: Kysely<Database>, kitchen: Kitchen, id: string, input: RecipeUpdate): Promise<Recipe | undefined> {
  const row = await db
    .updateTable("recipes")
    .set({ ...storable(input), updatedBy: kitchen.userId, updatedAt: new Date() })
    .where("id", "=", id)
    .where("householdId", "=", kitchen.householdId)
    .returning(recipeColumns)
    .executeTakeFirst();
  return row && toRecipe(row);
}

/**
 * Removes the photo an import kept for the recipe, and answers the recipe without it; undefined when the household has
 * no such recipe or it has no photo. The recipe's own fields are not changed (nor its updatedAt, so a form open on it
 * is not started again).
 */
export function removeRecipePhoto(db: Kysely<Database>, { householdId }: Kitchen, id: string): Promise<Recipe | undefined> {
  return inTransaction(db, async (trx) => {
    const removed = await trx
      .deleteFrom("recipeImages")
      .where("recipeId", "=", id)
      .where(({ exists, selectFrom }) =>
        exists(selectFrom("recipes").select("id").where("recipes.id", "=", id).where("householdId", "=", householdId)),
      )
      .returning("recipeId")
      .executeTakeFirst();
    return removed && getRecipe(trx, householdId, id);
  });
}

export async function deleteRecipe(db: Kysely<Database>, householdId: string, id: string): Promise<boolean> {
  const row = await db.deleteFrom("recipes").where("id", "=", id).where("householdId", "=", householdId).returning("id").executeTakeFirst();
  return !!row;
}
