import { inTransaction, type Database } from "@kim/db";
import { DASHBOARD_EXPIRING_LIMIT, expiringSoonRange, LOW_STOCK_QUANTITY, type IngredientInput } from "@kim/domain";
import { sql, type ExpressionBuilder, type Kysely } from "kysely";
import { jsonBuildObject } from "kysely/helpers/postgres";
import { createOnce, type Creator, type OneRowCreate, type RequestKey } from "../../lib/idempotency";
import type { Kitchen } from "../../sessions/kitchen";
import { jsonTimestamp, readList, type ListCache, type ListVersions, type RawJson, type UserListQuery } from "../../lists";
import { recordStockEvents } from "../insights/stock-events";

const columns = [
  "id",
  "name",
  "quantity",
  "unit",
  "category",
  "expirationDate",
  "notes",
  "createdBy",
  "updatedBy",
  "createdAt",
  "updatedAt",
] as const;

/** An ingredient as clients receive it. */
export interface Ingredient {
  id: string;
  name: string;
  quantity: number;
  unit: string;
  category: string;
  expirationDate: string | null;
  notes: string | null;
  /** Who added it and who last changed it (household members' ids; null once the account is gone). */
  createdBy: string | null;
  updatedBy: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The household's ingredients, soonest expiry first (no date last), then by name, as JSON built by PostgreSQL. */
export function listIngredients(
  db: Kysely<Database>,
  lists: ListCache,
  householdId: string,
  versions?: ListVersions | null,
): Promise<RawJson<Ingredient[]>> {
  return readList(db, lists, { householdId, lists: ["ingredients"], query: ingredientList, versions });
}

/** An ingredient as clients receive it, written by PostgreSQL over its row: the list's items and a create's answer. */
const ingredientJson = (eb: ExpressionBuilder<Database, "ingredients">) =>
  jsonBuildObject({
    id: eb.ref("id"),
    name: eb.ref("name"),
    quantity: eb.ref("quantity"),
    unit: eb.ref("unit"),
    category: eb.ref("category"),
    expirationDate: eb.ref("expirationDate"),
    notes: eb.ref("notes"),
    createdBy: eb.ref("createdBy"),
    updatedBy: eb.ref("updatedBy"),
    createdAt: jsonTimestamp(eb.ref("createdAt")),
    updatedAt: jsonTimestamp(eb.ref("updatedAt")),
  });

// Written for every household, so readList compiles it once per database rather than building it on every request.
const ingredientList: UserListQuery<Ingredient> = (db, householdId) =>
  db
    .selectFrom("ingredients")
    .select((eb) =>
      eb.fn
        .jsonAgg(ingredientJson(eb))
        .orderBy(sql`expiration_date asc nulls last`)
        .orderBy("name")
        .as("list"),
    )
    .where("householdId", "=", householdId);

/**
 * The dashboard's figures, counted by PostgreSQL on the cook's calendar date: how many ingredients, how many
 * expire soon and how many are low (the domain's rules, which the web's inventory filters also use), and the
 * soonest few of those expiring.
 */
export async function inventorySummary(db: Kysely<Database>, householdId: string, today: string) {
  const days = sql<number>`(expiration_date - ${today}::date)`;
  const soon = expiringSoonRange(today);
  // The domain's isStockExpiringSoon: a used-up item has nothing left to expire.
  const expiring = sql<boolean>`quantity > 0 and expiration_date between ${soon.from}::date and ${soon.to}::date`;
  const [counts, soonest] = await Promise.all([
    db
      .selectFrom("ingredients")
      .select((eb) => [
        eb.fn.countAll<number>().as("total"),
        sql<number>`count(*) filter (where ${expiring})`.as("expiringSoonCount"),
        sql<number>`count(*) filter (where quantity <= ${LOW_STOCK_QUANTITY})`.as("lowStockCount"),
      ])
      .where("householdId", "=", householdId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("ingredients")
      .select(["id", "name", "quantity", "unit", sql<string>`expiration_date`.as("expirationDate"), days.as("days")])
      .where("householdId", "=", householdId)
      .where(expiring)
      .orderBy("expirationDate")
      .orderBy("name")
      .limit(DASHBOARD_EXPIRING_LIMIT)
      .execute(),
  ]);
  return { ...counts, expiringSoon: soonest };
}

const ingredientCreate = {
  table: "ingredients",
  columns: ["householdId", "createdBy", "updatedBy", "name", "quantity", "unit", "category", "expirationDate", "notes"],
  quota: "ingredients",
  answer: ingredientJson,
} as const satisfies OneRowCreate<"ingredients", "householdId" | "createdBy" | "updatedBy" | keyof IngredientInput, Ingredient>;

/** Adds an ingredient in one statement, within the household's quota, with its idempotency key when it has one. */
export function createIngredient(
  db: Kysely<Database>,
  creator: Creator,
  input: IngredientInput,
  keyed?: RequestKey,
): Promise<RawJson<Ingredient>> {
  const { name, quantity, unit, category, expirationDate, notes } = input;
  return createOnce(db, ingredientCreate, creator, { name, quantity, unit, category, expirationDate, notes }, keyed);
}

/**
 * Changes an ingredient. Setting its quantity to 0 records what became of it (used, or wasted after its date), in
 * the same transaction, read against the quantity it had: so an item already at 0 counts once.
 */
export function updateIngredient(db: Kysely<Database>, kitchen: Kitchen, id: string, input: Partial<IngredientInput>, now: Date) {
  return inTransaction(db, async (trx) => {
    const before =
      input.quantity === 0
        ? await trx
            .selectFrom("ingredients")
            .select("quantity")
            .where("id", "=", id)
            .where("householdId", "=", kitchen.householdId)
            .forUpdate()
            .executeTakeFirst()
        : undefined;
    const row = await trx
      .updateTable("ingredients")
      .set({ ...input, updatedBy: kitchen.userId, updatedAt: new Date() })
      .where("id", "=", id)
      .where("householdId", "=", kitchen.householdId)
      .returning(columns)
      .executeTakeFirst();
    if (row && before) await recordStockEvents(trx, kitchen, "emptied", [{ ...row, before: before.quantity }], now);
    return row;
  });
}

/** Deletes an ingredient; one thrown away after its date is recorded as wasted, in the same transaction. */
export function deleteIngredient(db: Kysely<Database>, kitchen: Kitchen, id: string, now: Date): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const row = await trx
      .deleteFrom("ingredients")
      .where("id", "=", id)
      .where("householdId", "=", kitchen.householdId)
      .returning(["id", "name", "category", "quantity", "expirationDate"])
      .executeTakeFirst();
    if (row) await recordStockEvents(trx, kitchen, "deleted", [{ ...row, before: row.quantity }], now);
    return !!row;
  });
}
