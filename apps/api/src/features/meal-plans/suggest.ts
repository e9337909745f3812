import { assignSuggestions, daysBetween, emptySlots, mergeModelRanking, rankRecipes, weekOf, zonedDate } from "@kim/domain";
import type { Context } from "../../trpc/context";
import { rankWithModel } from "./meal-model";
import { listMealPlans, mealTypeHistory, recipesForSuggestions, stockForSuggestions } from "./queries";

/** At most this many of the rules' best candidates go to a model: enough to choose from, a prompt of bounded size. */
const MODEL_CANDIDATES = 40;

/**
 * Suggestions for the empty slots of the week holding `week`, from today on (the cook's clock): the cook's own
 * recipes, each in a meal it suits (its tags, its title, what the cook has planned it as), those using what expires
 * soonest on or before that day first, none repeated nor already planned that week. With a model, it ranks the same
 * candidates; its answer is checked, and the rules' ranking stands if it fails. Nothing is saved.
 */
export async function suggestMeals(ctx: Context, householdId: string, week: string, timeZone: string) {
  const today = zonedDate(ctx.now(), timeZone);
  const range = weekOf(week);
  const [planned, recipes, stock, history] = await Promise.all([
    listMealPlans(ctx.db, ctx.lists, householdId, range).then((meals) => meals.toJSON()),
    recipesForSuggestions(ctx.db, householdId),
    stockForSuggestions(ctx.db, householdId),
    mealTypeHistory(ctx.db, householdId),
  ]);
  const slots = emptySlots(range, planned, today);
  const plannedIds = planned.flatMap((m) => (m.recipe ? [m.recipe.id] : []));
  let ranked = rankRecipes(
    recipes.filter((r) => !plannedIds.includes(r.id)),
    stock,
    today,
    history,
  );
  let rankedBy: "rules" | "model" = "rules";
  const model = ctx.clients.model;
  if (model && slots.length > 0 && ranked.length > 1) {
    const candidates = ranked.slice(0, MODEL_CANDIDATES);
    const byId = new Map(recipes.map((r) => [r.id, r]));
    const ids = await rankWithModel(model, {
      candidates: candidates.map((c) => ({
        id: c.id,
        title: c.title,
        mealTypes: c.mealTypes,
        ingredients: byId.get(c.id)!.ingredients.map((i) => i.name),
      })),
      stock: stock.map((s) => ({ name: s.name, daysLeft: s.expirationDate === null ? null : daysBetween(today, s.expirationDate) })),
      slots: slots.length,
    });
    if (ids) {
      ranked = [...mergeModelRanking(candidates, ids), ...ranked.slice(MODEL_CANDIDATES)];
      rankedBy = "model";
    }
  }
  return { suggestions: assignSuggestions(slots, ranked, plannedIds, today), rankedBy };
}
