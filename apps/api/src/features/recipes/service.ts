import type { Context } from "../../trpc/context";
import { countRecipes, getRecipe, type Recipe } from "./queries";

/** How many recipes the household keeps: the recipes screen's count, and what an import checks against the quota. */
export function recipeCount(ctx: Pick<Context, "db">, householdId: string): Promise<number> {
  return countRecipes(ctx.db, householdId);
}

/** The household's recipe as clients receive it, or undefined: what a change made elsewhere (its photo) answers. */
export function householdRecipe(ctx: Pick<Context, "db">, householdId: string, id: string): Promise<Recipe | undefined> {
  return getRecipe(ctx.db, householdId, id);
}
