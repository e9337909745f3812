import { shoppingListInput, shoppingListUpdate } from "@kim/domain";
import type { TRPCRouterRecord } from "@trpc/server";
import { appError, notFound } from "../../lib/errors";
import { idInput } from "../../lib/ids";
import { authedProcedure } from "../../trpc/init";
import { createShoppingList, listShoppingLists, saveShoppingList } from "./queries";

export const shoppingListsRouter = {
  list: authedProcedure.query(({ ctx }) => listShoppingLists(ctx.db, ctx.user.id)),
  create: authedProcedure.input(shoppingListInput).mutation(({ ctx, input }) => createShoppingList(ctx.db, ctx.user.id, input.name)),
  update: authedProcedure.input(idInput.extend({ data: shoppingListUpdate })).mutation(async ({ ctx, input }) => {
    const result = await saveShoppingList(ctx.db, ctx.user.id, input.id, input.data);
    if (result.ok) return result.list;
    if (result.reason === "not-found") throw notFound("Shopping list not found");
    throw appError("CONFLICT", "This shopping list was changed elsewhere since it was loaded; reload it and try again");
  }),
} satisfies TRPCRouterRecord;
