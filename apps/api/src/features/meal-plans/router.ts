import { cookInput, dateRange, mealPlanInput, restockInput, slotFullText, suggestInput, weekOf } from "@kim/domain";
import type { TRPCRouterRecord } from "@trpc/server";
import { appError, notFound } from "../../lib/errors";
import { idInput } from "../../lib/ids";
import { kitchenOf } from "../../sessions/kitchen";
import { authedProcedure, idempotentProcedure, proProcedure, publishes } from "../../trpc/init";
import { addMealPlan, deleteMealPlan, listMealPlans } from "./queries";
import { cookRecipe, restock } from "./service";
import { suggestMeals } from "./suggest";

// Each change reaches the open screens of everyone sharing the data (live updates, decision 0037).
const planChange = idempotentProcedure.use(publishes("mealPlan"));
const planDelete = authedProcedure.use(publishes("mealPlan"));
const stockChange = idempotentProcedure.use(publishes("inventory"));

export const mealPlansRouter = {
  // Without a range, the current week by the server's date; the web always sends the week the cook is looking at.
  list: authedProcedure
    .input(dateRange.optional())
    .query(({ ctx, input }) =>
      listMealPlans(ctx.db, ctx.lists, ctx.user.householdId, input ?? weekOf(ctx.now().toISOString().slice(0, 10)), ctx.user.listVersions),
    ),
  create: planChange.input(mealPlanInput).mutation(async ({ ctx, input }) => {
    const result = await addMealPlan(ctx.db, kitchenOf(ctx.user), input);
    if (result.ok) return result.meal;
    if (result.reason === "no-recipe") throw notFound("Recipe not found");
    throw appError("CONFLICT", `${slotFullText(input.mealType)}; remove one to add another`);
  }),
  delete: planDelete.input(idInput).mutation(async ({ ctx, input }) => {
    if (!(await deleteMealPlan(ctx.db, ctx.user.householdId, input.id))) throw notFound("Meal not found");
    return { id: input.id };
  }),
  /** "I cooked this": takes the recipe's ingredients, for the servings cooked, from the inventory. */
  cook: stockChange.input(cookInput).mutation(async ({ ctx, input }) => {
    const cooked = await cookRecipe(ctx.db, kitchenOf(ctx.user), input.recipeId, input.servings, ctx.now());
    if (!cooked) throw notFound("Recipe not found");
    return cooked;
  }),
  /** Undoes a cook: puts the amounts it took back on their items. */
  restock: stockChange
    .input(restockInput)
    .mutation(async ({ ctx, input }) => ({ restocked: await restock(ctx.db, kitchenOf(ctx.user), input.items) })),
  /** Pro: meals for the week's empty slots, for the cook to review; nothing is saved (accepted ones go through create). */
  suggest: proProcedure
    .input(suggestInput)
    .mutation(({ ctx, input }) => suggestMeals(ctx, ctx.user.householdId, input.week, input.timeZone)),
} satisfies TRPCRouterRecord;
