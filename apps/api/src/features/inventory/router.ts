import { ingredientInput, ingredientUpdate, isCalendarDate } from "@kim/domain";
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { notFound } from "../../lib/errors";
import { idInput } from "../../lib/ids";
import { authedProcedure, idempotentProcedure, keyedCreateProcedure, publishes } from "../../trpc/init";
import { createIngredient, deleteIngredient, inventorySummary, listIngredients, updateIngredient } from "./queries";

const NOT_FOUND = "Ingredient not found";
// Each change reaches the open screens of everyone sharing the data (live updates, decision 0037).
const stockCreate = keyedCreateProcedure.use(publishes("inventory"));
const stockChange = idempotentProcedure.use(publishes("inventory"));

export const inventoryRouter = {
  list: authedProcedure.query(({ ctx }) => listIngredients(ctx.db, ctx.lists, ctx.user.id)),
  summary: authedProcedure
    .input(z.object({ today: z.string().refine(isCalendarDate, "today must be the cook's date, yyyy-MM-dd") }))
    .query(({ ctx, input }) => inventorySummary(ctx.db, ctx.user.id, input.today)),
  create: stockCreate.input(ingredientInput).mutation(({ ctx, input }) => createIngredient(ctx.db, ctx.user.id, input, ctx.keyed)),
  update: stockChange.input(idInput.extend({ data: ingredientUpdate })).mutation(async ({ ctx, input }) => {
    const row = await updateIngredient(ctx.db, ctx.user.id, input.id, input.data, ctx.now());
    if (!row) throw notFound(NOT_FOUND);
    return row;
  }),
  delete: stockChange.input(idInput).mutation(async ({ ctx, input }) => {
    if (!(await deleteIngredient(ctx.db, ctx.user.id, input.id, ctx.now()))) throw notFound(NOT_FOUND);
    return { id: input.id };
  }),
} satisfies TRPCRouterRecord;
