import { recipeCreateInput, recipeUpdate } from "@kim/domain";
import type { TRPCRouterRecord } from "@trpc/server";
import { notFound } from "../../lib/errors";
import { idInput } from "../../lib/ids";
import { kitchenOf } from "../../sessions/kitchen";
import { authedProcedure, idempotentProcedure, publishes } from "../../trpc/init";
import { createRecipe, deleteRecipe, getRecipe, listRecipes, removeRecipePhoto, updateRecipe } from "./queries";
import { recipeCount } from "./service";

const NOT_FOUND = "Recipe not found";
export const PHOTO_NOT_FOUND = "This recipe has no photo to remove";
// Each change reaches the open screens of everyone sharing the data (live updates, decision 0037).
const recipeCreate = idempotentProcedure.use(publishes("recipes"));
const recipeChange = authedProcedure.use(publishes("recipes"));

export const recipesRouter = {
  list: authedProcedure.query(({ ctx }) => listRecipes(ctx.db, ctx.lists, ctx.user.householdId, ctx.user.listVersions)),
  count: authedProcedure.query(({ ctx }) => recipeCount(ctx, ctx.user.householdId)),
  get: authedProcedure.input(idInput).query(async ({ ctx, input }) => {
    const recipe = await getRecipe(ctx.db, ctx.user.householdId, input.id);
    if (!recipe) throw notFound(NOT_FOUND);
    return recipe;
  }),
  create: recipeCreate.input(recipeCreateInput).mutation(({ ctx, input }) => createRecipe(ctx.db, kitchenOf(ctx.user), input)),
  update: recipeChange.input(idInput.extend({ data: recipeUpdate })).mutation(async ({ ctx, input }) => {
    const recipe = await updateRecipe(ctx.db, kitchenOf(ctx.user), input.id, input.data);
    if (!recipe) throw notFound(NOT_FOUND);
    return recipe;
  }),
  /** The photo an import kept: gone for everyone in the household (the recipe's imageUrl, if any, stays). */
  removePhoto: recipeChange.input(idInput).mutation(async ({ ctx, input }) => {
    const recipe = await removeRecipePhoto(ctx.db, kitchenOf(ctx.user), input.id);
    if (!recipe) throw notFound(PHOTO_NOT_FOUND);
    return recipe;
  }),
  delete: recipeChange.input(idInput).mutation(async ({ ctx, input }) => {
    if (!(await deleteRecipe(ctx.db, ctx.user.householdId, input.id))) throw notFound(NOT_FOUND);
    return { id: input.id };
  }),
} satisfies TRPCRouterRecord;
