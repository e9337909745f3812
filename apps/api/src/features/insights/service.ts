import { expiringWithRecipes, insightAdvice, insightsSince, stockFigures, zonedDate } from "@kim/domain";
import type { Kitchen } from "../../sessions/kitchen";
import type { Context } from "../../trpc/context";
import { recipeIngredientNames, keepFirstTimeZone, stockEventsSince, stockExpiringSoon } from "./queries";

/** Keeps `timeZone` as the person's clock unless one is kept already (a restored Kim export's, say). */
export function keepTimeZone(ctx: Pick<Context, "db">, userId: string, timeZone: string): Promise<void> {
  return keepFirstTimeZone(ctx.db, userId, timeZone);
}

/**
 * The Insights page, on the household's shared kitchen: the figures, a sentence of advice, and what expires soon with
 * recipes that use it. The time zone kept is the person's own.
 */
export async function insightsFor(ctx: Context, { householdId, userId }: Kitchen, timeZone: string) {
  const today = zonedDate(ctx.now(), timeZone);
  const [events, expiring, recipes] = await Promise.all([
    stockEventsSince(ctx.db, householdId, insightsSince(today), timeZone),
    stockExpiringSoon(ctx.db, householdId, today),
    recipeIngredientNames(ctx.db, householdId),
    keepFirstTimeZone(ctx.db, userId, timeZone),
  ]);
  return {
    today,
    figures: stockFigures(events, today),
    advice: insightAdvice(events, today),
    expiring: expiringWithRecipes(expiring, recipes, today),
  };
}
