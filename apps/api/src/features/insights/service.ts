import { expiringWithRecipes, insightAdvice, insightsSince, stockFigures, zonedDate } from "@kim/domain";
import type { Context } from "../../trpc/context";
import { recipeIngredientNames, keepFirstTimeZone, stockEventsSince, stockExpiringSoon } from "./queries";

/** The Insights page: the figures, a sentence of advice, and what expires soon with recipes that use it. */
export async function insightsFor(ctx: Context, userId: string, timeZone: string) {
  const today = zonedDate(ctx.now(), timeZone);
  const [events, expiring, recipes] = await Promise.all([
    stockEventsSince(ctx.db, userId, insightsSince(today)),
    stockExpiringSoon(ctx.db, userId, today),
    recipeIngredientNames(ctx.db, userId),
    keepFirstTimeZone(ctx.db, userId, timeZone),
  ]);
  const dated = events.map((e) => ({ kind: e.kind, category: e.category, on: zonedDate(e.occurredAt, timeZone) }));
  return {
    today,
    figures: stockFigures(dated, today),
    advice: insightAdvice(dated, today),
    expiring: expiringWithRecipes(expiring, recipes, today),
  };
}
