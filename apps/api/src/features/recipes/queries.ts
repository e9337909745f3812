import { inTransaction, type Database } from "@kim/db";
import {
  extractionCorrections,
  RECIPE_FIELDS,
  type RecipeCreateInput,
  type RecipeInput,
  type RecipeSummaryField,
  type RecipeUpdate,
} from "@kim/domain";
import { sql, type Kysely } from "kysely";
import { jsonTimestamp, type RawJson } from "../../lib/raw-json";
import { checkQuota } from "../../lib/quotas";
import { userList, type ListCache, type UserJsonArrayQuery } from "../../lib/user-lists";

/** The row's own fields, as clients receive them. */
interface Stored {
  id: string;
  createdAt: string;
  updatedAt: string;
}

/** What a recipe card needs: everything but the ingredients and instructions. */
export type RecipeSummary = Stored & Pick<RecipeInput, RecipeSummaryField>;

/** A whole recipe as clients receive it. */
export type Recipe = Stored & RecipeInput;

const columns = ["id", ...RECIPE_FIELDS, "createdAt", "updatedAt"] as const;

type RecipeRow = Omit<Recipe, "createdAt" | "updatedAt"> & { createdAt: Date; updatedAt: Date };

// Rows written before validation existed may hold nulls where the schema now requires a value.
function toRecipe(row: Record<(typeof columns)[number], unknown>): Recipe {
  const r = row as RecipeRow;
  return {
    ...r,
    servings: r.servings ?? 4,
    tags: r.tags ?? [],
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** The user's recipes for the list, newest first, as JSON built by PostgreSQL in one statement. */
export function listRecipes(db: Kysely<Database>, lists: ListCache, userId: string): Promise<RawJson<RecipeSummary[]>> {
  return userList<RecipeSummary>(db, lists, { userId, list: "recipes", query: recipeSummaries });
}

const recipeSummaries: UserJsonArrayQuery = (userId) => sql`select coalesce(json_agg(json_build_object(
    'id', id, 'title', title, 'description', description, 'imageUrl', image_url,
    'prepTime', prep_time, 'cookTime', cook_time, 'servings', coalesce(servings, 4),
    'difficulty', difficulty, 'cuisineType', cuisine_type, 'tags', coalesce(tags, '[]'::jsonb),
    'isAiExtracted', is_ai_extracted,
    'createdAt', ${jsonTimestamp("created_at")}, 'updatedAt', ${jsonTimestamp("updated_at")}
  ) order by created_at desc, id desc), '[]')::text
  from recipes where user_id = ${userId}`;

export async function getRecipe(db: Kysely<Database>, userId: string, id: string): Promise<Recipe | undefined> {
  const row = await db.selectFrom("recipes").select(columns).where("id", "=", id).where("userId", "=", userId).executeTakeFirst();
  return row && toRecipe(row);
}

export async function countRecipes(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom("recipes")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("userId", "=", userId)
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
export async function createRecipe(db: Kysely<Database>, userId: string, input: RecipeCreateInput): Promise<Recipe> {
  await checkQuota(db, userId, "recipes");
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
        userId,
      })
      .returning(columns)
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

export async function updateRecipe(db: Kysely<Database>, userId: string, id: string, input: RecipeUpdate): Promise<Recipe | undefined> {
  const row = await db
    .updateTable("recipes")
    .set({ ...storable(input), updatedAt: new Date() })
    .where("id", "=", id)
    .where("userId", "=", userId)
    .returning(columns)
    .executeTakeFirst();
  return row && toRecipe(row);
}

export async function deleteRecipe(db: Kysely<Database>, userId: string, id: string): Promise<boolean> {
  const row = await db.deleteFrom("recipes").where("id", "=", id).where("userId", "=", userId).returning("id").executeTakeFirst();
  return !!row;
}
