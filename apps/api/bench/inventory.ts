import { CATEGORIES, UNITS } from "@kim/domain";
import { insertInBatches, jsonTimestamp, runListBench } from "./harness";

/**
 * GET ingredients for a user with 1,000 of them, at 50 connections, on REST and tRPC beside a bare Fastify + driver
 * route doing the same work (see harness.ts).
 */
const ROWS = 1000;

await runListBench({
  list: "ingredients",
  procedure: "inventory.list",
  rows: ROWS,
  // As features/inventory/queries.ts writes it.
  fields: `'id', id, 'name', name, 'quantity', quantity, 'unit', unit, 'category', category,
    'expirationDate', expiration_date, 'notes', notes, 'createdBy', created_by, 'updatedBy', updated_by,
    'createdAt', ${jsonTimestamp("created_at")}, 'updatedAt', ${jsonTimestamp("updated_at")}`,
  orderBy: "expiration_date asc nulls last, name",
  async seed(db, householdId) {
    const today = Date.now();
    const rows = Array.from({ length: ROWS }, (_, i) => ({
      householdId,
      name: `Ingredient ${String(i).padStart(4, "0")}`,
      quantity: (i % 50) / 4,
      unit: UNITS[i % UNITS.length]!,
      category: CATEGORIES[i % CATEGORIES.length]!,
      expirationDate: i % 5 === 0 ? null : new Date(today + (i % 60) * 86_400_000).toISOString().slice(0, 10),
      notes: i % 3 === 0 ? "Bought at the market" : null,
    }));
    await insertInBatches(db, "ingredients", rows);
  },
});
