import type { Database } from "@kim/db";
import { consumeStock, scaleQuantity, type StockTake } from "@kim/domain";
import type { Kysely } from "kysely";
import { lockStock, recipeToCook, setQuantities } from "./queries";

/**
 * "I cooked this": the recipe's ingredients, scaled to the servings cooked, leave the inventory in one transaction
 * (never below 0). Answers what each item went from and to, so the cook can see it and undo it; undefined when the
 * recipe is not the user's.
 */
export function cookRecipe(db: Kysely<Database>, userId: string, recipeId: string, servings: number): Promise<StockTake[] | undefined> {
  return db.transaction().execute(async (trx) => {
    const recipe = await recipeToCook(trx, userId, recipeId);
    if (!recipe) return undefined;
    const factor = servings / (recipe.servings ?? servings);
    const scaled = recipe.ingredients.map((i) => ({ ...i, quantity: scaleQuantity(i.quantity, factor) }));
    const takes = consumeStock(scaled, await lockStock(trx, userId));
    await setQuantities(
      trx,
      userId,
      takes.map((t) => ({ id: t.id, quantity: t.after })),
    );
    return takes;
  });
}
