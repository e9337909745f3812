import {
  generateInput,
  guessCategory,
  hasProAccess,
  planShoppingLines,
  shoppingListInput,
  shoppingListUpdate,
  subtractStock,
  weekOf,
} from "@kim/domain";
import type { TRPCRouterRecord } from "@trpc/server";
import { appError, notFound } from "../../lib/errors";
import { idInput } from "../../lib/ids";
import { kitchenOf } from "../../sessions/kitchen";
import { authedProcedure, idempotentProcedure, keyedCreateProcedure, PRO_ONLY, publishes } from "../../trpc/init";
import { createShoppingList, listShoppingLists, plannedMeals, saveShoppingList, stockOnHand } from "./queries";

// Each change reaches the open screens of everyone sharing the data (live updates, decision 0037).
const listCreate = keyedCreateProcedure.use(publishes("shoppingList"));
const listChange = idempotentProcedure.use(publishes("shoppingList"));

export const shoppingListsRouter = {
  list: authedProcedure.query(({ ctx }) => listShoppingLists(ctx.db, ctx.lists, ctx.user.householdId, ctx.user.listVersions)),
  create: listCreate
    .input(shoppingListInput)
    .mutation(({ ctx, input }) => createShoppingList(ctx.db, kitchenOf(ctx.user), input.name, ctx.keyed)),
  update: listChange.input(idInput.extend({ data: shoppingListUpdate })).mutation(async ({ ctx, input }) => {
    const result = await saveShoppingList(ctx.db, kitchenOf(ctx.user), input.id, input.data);
    if (result.ok) return result.list;
    if (result.reason === "not-found") throw notFound("Shopping list not found");
    throw appError("CONFLICT", "This shopping list was changed elsewhere since it was loaded; reload it and try again");
  }),
  /**
   * Every ingredient of the meals planned in the range (default: the week holding the cook's `today`), scaled to
   * each meal's servings and merged; with smart mode (Pro), less what the inventory already covers, and the lines
   * kept because their stock is in units that do not convert; stock past its date on the cook's `today` doesn't count. Answers the range, which the saved items carry.
   */
  generate: authedProcedure.input(generateInput).mutation(async ({ ctx, input }) => {
    if (input.smartMode && !hasProAccess(ctx.user, ctx.now())) throw appError("FORBIDDEN", `Smart Mode: ${PRO_ONLY}`);
    const { from, to } = input;
    const today = input.today ?? ctx.now().toISOString().slice(0, 10);
    const range = from !== undefined && to !== undefined ? { from, to } : weekOf(today);
    const [meals, stock] = await Promise.all([
      plannedMeals(ctx.db, ctx.user.householdId, range),
      input.smartMode ? stockOnHand(ctx.db, ctx.user.householdId, today) : [],
    ]);
    const needed = planShoppingLines(meals).map((line) => ({ ...line, category: guessCategory(line.name) }));
    return { range, ...(input.smartMode ? subtractStock(needed, stock) : { items: needed, excludedItems: [], unconverted: [] }) };
  }),
} satisfies TRPCRouterRecord;
