import { ingredientInput, ingredientUpdate } from "@kim/domain";
import type { TRPCRouterRecord } from "@trpc/server";
import { notFound } from "../../lib/errors";
import { idInput } from "../../lib/ids";
import { authedProcedure } from "../../trpc/init";
import { createIngredient, deleteIngredient, listIngredients, updateIngredient } from "./queries";

const NOT_FOUND = "Ingredient not found";

export const inventoryRouter = {
  list: authedProcedure.query(({ ctx }) => listIngredients(ctx.db, ctx.caches.ingredients, ctx.user)),
  create: authedProcedure.input(ingredientInput).mutation(({ ctx, input }) => createIngredient(ctx.db, ctx.user.id, input)),
  update: authedProcedure
    .input(idInput.extend({ data: ingredientUpdate }))
    .mutation(async ({ ctx, input }) => {
      const row = await updateIngredient(ctx.db, ctx.user.id, input.id, input.data);
      if (!row) throw notFound(NOT_FOUND);
      return row;
    }),
  delete: authedProcedure.input(idInput).mutation(async ({ ctx, input }) => {
    if (!(await deleteIngredient(ctx.db, ctx.user.id, input.id))) throw notFound(NOT_FOUND);
    return { id: input.id };
  }),
} satisfies TRPCRouterRecord;

