import type { Context } from "../../trpc/context";
import { countRecipes } from "./queries";

/** How many recipes the household keeps: the recipes screen's count, and what an import checks against the quota. */
export function recipeCount(ctx: Pick<Context, "db">, householdId: string): Promise<number> {
  return countRecipes(ctx.db, householdId);
}
