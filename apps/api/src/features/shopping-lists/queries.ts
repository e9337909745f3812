import type { Database } from "@kim/db";
import type { PlannedMeal, ShoppingItem, ShoppingLine, ShoppingListUpdate } from "@kim/domain";
import type { ExpressionBuilder, Kysely } from "kysely";
import { jsonBuildObject } from "kysely/helpers/postgres";
import { createOnce, type KeyedRequest, type OneRowCreate } from "../../lib/idempotency";
import { jsonTimestamp, readList, type ListCache, type RawJson, type UserListQuery } from "../../lists";

/** A shopping list as clients receive it; `version` goes back with the next save. */
export interface ShoppingList {
  id: string;
  name: string;
  items: ShoppingItem[];
  version: number;
  createdAt: string;
  updatedAt: string;
}

const columns = ["id", "name", "items", "version", "createdAt", "updatedAt"] as const;

function toList(row: Omit<ShoppingList, "createdAt" | "updatedAt"> & { createdAt: Date; updatedAt: Date }): ShoppingList {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

/** The user's lists, oldest first (the web uses the first), as JSON built by PostgreSQL. */
export function listShoppingLists(db: Kysely<Database>, lists: ListCache, userId: string): Promise<RawJson<ShoppingList[]>> {
  return readList(db, lists, { userId, lists: ["shopping-lists"], query: shoppingListList });
}

/** A shopping list as clients receive it, written by PostgreSQL over its row: the list's items and a create's answer. */
const shoppingListJson = (eb: ExpressionBuilder<Database, "shoppingLists">) =>
  jsonBuildObject({
    id: eb.ref("id"),
    name: eb.ref("name"),
    items: eb.ref("items"),
    version: eb.ref("version"),
    createdAt: jsonTimestamp(eb.ref("createdAt")),
    updatedAt: jsonTimestamp(eb.ref("updatedAt")),
  });

const shoppingListList: UserListQuery<ShoppingList> = (db, userId) =>
  db
    .selectFrom("shoppingLists")
    .select((eb) => eb.fn.jsonAgg(shoppingListJson(eb)).orderBy("createdAt").orderBy("id").as("list"))
    .where("userId", "=", userId);

const shoppingListCreate = {
  table: "shoppingLists",
  columns: ["userId", "name"],
  quota: "shoppingLists",
  answer: shoppingListJson,
} as const satisfies OneRowCreate<"shoppingLists", "userId" | "name", ShoppingList>;

/** Adds a list in one statement, within the quota, with its idempotency key when it has one. */
export function createShoppingList(
  db: Kysely<Database>,
  userId: string,
  name: string,
  keyed?: KeyedRequest,
): Promise<RawJson<ShoppingList>> {
  return createOnce(db, shoppingListCreate, { userId, name }, keyed);
}

export type SaveResult = { ok: true; list: ShoppingList } | { ok: false; reason: "not-found" | "stale" };

/** Saves the whole list if it is still at the version the change was made on, and moves it to the next version. */
export async function saveShoppingList(db: Kysely<Database>, userId: string, id: string, change: ShoppingListUpdate): Promise<SaveResult> {
  const row = await db
    .updateTable("shoppingLists")
    .set((eb) => ({
      ...(change.name !== undefined && { name: change.name }),
      items: JSON.stringify(change.items),
      version: eb("version", "+", 1),
      updatedAt: new Date(),
    }))
    .where("id", "=", id)
    .where("userId", "=", userId)
    .where("version", "=", change.version)
    .returning(columns)
    .executeTakeFirst();
  if (row) return { ok: true, list: toList(row) };
  const exists = await db.selectFrom("shoppingLists").select("id").where("id", "=", id).where("userId", "=", userId).executeTakeFirst();
  return { ok: false, reason: exists ? "stale" : "not-found" };
}

/** Every meal planned from `from` to `to` with its recipe's servings and ingredients; meals whose recipe is gone are skipped. */
export async function plannedMeals(db: Kysely<Database>, userId: string, range: { from: string; to: string }): Promise<PlannedMeal[]> {
  const rows = await db
    .selectFrom("mealPlans as mp")
    .innerJoin("recipes as r", (join) => join.onRef("r.id", "=", "mp.recipeId").on("r.userId", "=", userId))
    .select(["mp.servings", "r.servings as recipeServings", "r.ingredients"])
    .where("mp.userId", "=", userId)
    .where("mp.date", ">=", range.from)
    .where("mp.date", "<=", range.to)
    .orderBy("mp.date")
    .orderBy("mp.createdAt")
    .execute();
  return rows.map((row) => ({ servings: row.servings, recipe: { servings: row.recipeServings ?? 1, ingredients: row.ingredients } }));
}

/** What the user has in stock with an amount, as smart mode counts it. */
export function stockOnHand(db: Kysely<Database>, userId: string): Promise<ShoppingLine[]> {
  return db.selectFrom("ingredients").select(["name", "quantity", "unit"]).where("userId", "=", userId).where("quantity", ">", 0).execute();
}
