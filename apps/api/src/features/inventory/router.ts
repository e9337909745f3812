import { KITCHEN_DATE_YEARS, ingredientInput, ingredientUpdate, isCalendarDate, isKitchenDate } from "@kim/domain";
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { notFound } from "../../lib/errors";
import { idInput } from "../../lib/ids";
import { kitchenOf } from "../../sessions/kitchen";
import { authedProcedure, idempotentProcedure, publishes, sessionCreateProcedure } from "../../trpc/init";
import { createIngredient, deleteIngredient, inventorySummary, listIngredients, updateIngredient } from "./queries";

const NOT_FOUND = "Ingredient not found";
// Each change reaches the open screens of everyone sharing the data (live updates, decision 0037).
const stockCreate = sessionCreateProcedure("inventory");
const stockChange = idempotentProcedure.use(publishes("inventory"));

export const inventoryRouter = {
  list: authedProcedure.query(({ ctx }) => listIngredients(ctx.db, ctx.lists, ctx.user.householdId, ctx.user.listVersions)),
  summary: authedProcedure
    .input(
      z.object({
        today: z
          .string()
          .refine(isCalendarDate, "today must be the cook's date, yyyy-MM-dd")
          .refine(isKitchenDate, `today must be a date ${KITCHEN_DATE_YEARS}`),
      }),
    )
    .query(({ ctx, input }) => inventorySummary(ctx.db, ctx.user.householdId, input.today)),
  create: stockCreate.input(ingredientInput).mutation(({ ctx, input }) => createIngredient(ctx.db, ctx.creator, input, ctx.keyed)),
  update: stockChange.input(idInput.extend({ data: ingredientUpdate })).mutation(async ({ ctx, input }) => {
    const row = await updateIngredient(ctx.db, kitchenOf(ctx.user), input.id, input.data, ctx.now());
    if (!row) throw notFound(NOT_FOUND);
    return row;
  }),
  delete: stockChange.input(idInput).mutation(async ({ ctx, input }) => {
    if (!(await deleteIngredient(ctx.db, kitchenOf(ctx.user), input.id, ctx.now()))) throw notFound(NOT_FOUND);
    return { id: input.id };
  }),
} satisfies TRPCRouterRecord;
