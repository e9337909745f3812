import { inTransaction, type Database } from "@kim/db";
import { consumeStock, scaleQuantity, type NotTaken, type StockTake } from "@kim/domain";
import type { Kysely } from "kysely";
import type { Kitchen } from "../../sessions/kitchen";
import { forgetCookedEvents, recordStockEvents } from "../insights/stock-events";
import { addQuantities, lockStock, recipeToCook, setQuantities } from "./queries";

/**
 * "I cooked this": the recipe's ingredients, scaled to the servings cooked, leave the inventory in one transaction
 * (never below 0), and each item used up is recorded as used. Answers what each item went from and to, so the cook
 * can see it and undo it, and what was not taken and why; undefined when the recipe is not the household's.
 */
export function cookRecipe(
  db: Kysely<Database>,
  kitchen: Kitchen,
  recipeId: string,
  servings: number,
  now: Date,
): Promise<{ taken: StockTake[]; notTaken: NotTaken[] } | undefined> {
  return inTransaction(db, async (trx) => {
    const recipe = await recipeToCook(trx, kitchen.householdId, recipeId);
    if (!recipe) return undefined;
    const factor = servings / (recipe.servings ?? servings);
    const scaled = recipe.ingredients.map((i) => ({ ...i, quantity: scaleQuantity(i.quantity, factor) }));
    const stock = await lockStock(trx, kitchen.householdId);
    const { taken: takes, notTaken } = consumeStock(scaled, stock);
    await setQuantities(
      trx,
      kitchen,
      takes.map((t) => ({ id: t.id, quantity: t.after })),
    );
    const usedUp = takes.filter((t) => t.after === 0);
    const byId = new Map(stock.map((s) => [s.id, s]));
    await recordStockEvents(
      trx,
      kitchen,
      "cooked",
      usedUp.map((t) => ({ ...byId.get(t.id)!, before: t.before })),
      now,
    );
    return { taken: takes, notTaken };
  });
}

/** Undoes a cook: puts the amounts it took back on their items, and forgets that it used any of them up. */
export function restock(db: Kysely<Database>, kitchen: Kitchen, items: { id: string; quantity: number }[]) {
  return inTransaction(db, async (trx) => {
    const rows = await addQuantities(trx, kitchen, items);
    await forgetCookedEvents(
      trx,
      kitchen.householdId,
      rows.filter((r) => r.wasEmpty).map((r) => r.id),
    );
    return rows.map(({ wasEmpty: _, ...row }) => row);
  });
}
