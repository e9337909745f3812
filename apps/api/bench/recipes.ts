import { insertInBatches, jsonTimestamp, runListBench } from "./harness";
import { benchRecipe } from "./recipe-rows";

/**
 * GET recipes for a user with 2,000 of them, at 50 connections, on REST and tRPC beside a bare Fastify + driver
 * route doing the same work (see harness.ts). The rows are whole recipes (ingredients and instructions too), though
 * the list answers only the card fields.
 */
const ROWS = 2000;
const DAY_MS = 86_400_000;

await runListBench({
  list: "recipes",
  procedure: "recipes.list",
  rows: ROWS,
  // As features/recipes/queries.ts (listRecipes) writes it.
  fields: `'id', id, 'title', title, 'description', description, 'imageUrl', image_url,
    'prepTime', prep_time, 'cookTime', cook_time, 'servings', coalesce(servings, 4),
    'difficulty', difficulty, 'cuisineType', cuisine_type, 'tags', coalesce(tags, '[]'::jsonb),
    'isAiExtracted', is_ai_extracted, 'createdBy', created_by, 'updatedBy', updated_by,
    'createdAt', ${jsonTimestamp("created_at")}, 'updatedAt', ${jsonTimestamp("updated_at")}`,
  orderBy: "created_at desc, id desc",
  async seed(db, householdId) {
    // Collected over two years, some edited since.
    const now = Date.now();
    const rows = Array.from({ length: ROWS }, (_, i) => {
      const { ingredients, tags, ...recipe } = benchRecipe(i);
      const createdAt = new Date(now - (ROWS - i) * (730 / ROWS) * DAY_MS);
      return {
        ...recipe,
        householdId,
        ingredients: JSON.stringify(ingredients),
        tags: JSON.stringify(tags),
        createdAt,
        updatedAt: i % 4 === 0 ? new Date(createdAt.getTime() + (i % 30) * DAY_MS) : createdAt,
      };
    });
    await insertInBatches(db, "recipes", rows);
  },
});
