import type { Database } from "@kim/db";
import { stampChangedBy, type PlannedMeal, type ShoppingItem, type ShoppingLine, type ShoppingListUpdate } from "@kim/domain";
import type { ExpressionBuilder, Kysely } from "kysely";
import { jsonBuildObject } from "kysely/helpers/postgres";
import { createOnce, type KeyedRequest, type OneRowCreate } from "../../lib/idempotency";
import { jsonTimestamp, readList, type ListCache, type ListVersions, type RawJson, type UserListQuery } from "../../lists";
import type { Kitchen } from "../../sessions/kitchen";

/** A shopping list as clients receive it; `version` goes back with the next save. */
export interface ShoppingList {
  id: string;
  name: string;
  items: ShoppingItem[];
  version: number;
  /** Who made the list and who saved it last (household members' ids); each item carries its own `changedBy`. */
  createdBy: string | null;
  updatedBy: string | null;
  createdAt: string;
  updatedAt: string;
}

const columns = ["id", "name", "items", "version", "createdBy", "updatedBy", "createdAt", "updatedAt"] as const;

function toList(row: Omit<ShoppingList, "createdAt" | "updatedAt"> & { createdAt: Date; updatedAt: Date }): ShoppingList {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

/** The household's lists, oldest first (the web uses the first), as JSON built by PostgreSQL. */
export function listShoppingLists(
  db: Kysely<Database>,
  lists: ListCache,
  householdId: string,
  versions?: ListVersions | null,
): Promise<RawJson<ShoppingList[]>> {
  return readList(db, lists, { householdId, lists: ["shopping-lists"], query: shoppingListList, versions });
}

/** A shopping list as clients receive it, written by PostgreSQL over its row: the list's items and a create's answer. */
const shoppingListJson = (eb: ExpressionBuilder<Database, "shoppingLists">) =>
  jsonBuildObject({
    id: eb.ref("id"),
    name: eb.ref("name"),
    items: eb.ref("items"),
    version: eb.ref("version"),
    createdBy: eb.ref("createdBy"),
    updatedBy: eb.ref("updatedBy"),
    createdAt: jsonTimestamp(eb.ref("createdAt")),
    updatedAt: jsonTimestamp(eb.ref("updatedAt")),
  });

const shoppingListList: UserListQuery<ShoppingList> = (db, householdId) =>
  db
    .selectFrom("shoppingLists")
    .select((eb) => eb.fn.jsonAgg(shoppingListJson(eb)).orderBy("createdAt").orderBy("id").as("list"))
    .where("householdId", "=", householdId);

const shoppingListCreate = {
  table: "shoppingLists",
  columns: ["householdId", "createdBy", "updatedBy", "name"],
  quota: "shoppingLists",
  answer: shoppingListJson,
} as const satisfies OneRowCreate<"shoppingLists", "householdId" | "createdBy" | "updatedBy" | "name", ShoppingList>;

/** Adds a list in one statement, within the household's quota, with its idempotency key when it has one. */
export function createShoppingList(
  db: Kysely<Database>,
  kitchen: Kitchen,
  name: string,
  keyed?: KeyedRequest,
): Promise<RawJson<ShoppingList>> {
  return createOnce(db, shoppingListCreate, kitchen, { name }, keyed);
}

export type SaveResult = { ok: true; list: ShoppingList } | { ok: false; reason: "not-found" | "stale" };

/**
 * Saves the whole list if it is still at the version the change was made on, and moves it to the next version: of two
 * members saving changes made on one version, the second is refused (409) and re-applies on the newer list. Each item
 * new or changed since that version is stamped as the saver's.
 */
export async function saveShoppingList(
  db: Kysely<Database>,
  kitchen: Kitchen,
  id: string,
  change: ShoppingListUpdate,
): Promise<SaveResult> {
  const saved = await db
    .selectFrom("shoppingLists")
    .select(["items", "version"])
    .where("id", "=", id)
    .where("householdId", "=", kitchen.householdId)
    .executeTakeFirst();
  if (!saved) return { ok: false, reason: "not-found" };
  if (saved.version !== change.version) return { ok: false, reason: "stale" };
  const row = await db
    .updateTable("shoppingLists")
    .set((eb) => ({
      ...(change.name !== undefined && { name: change.name }),
      items: JSON.stringify(stampChangedBy(saved.items, change.items, kitchen.userId)),
      version: eb("version", "+", 1),
      updatedBy: kitchen.userId,
      updatedAt: new Date(),
    }))
    .where("id", "=", id)
    .where("householdId", "=", kitchen.householdId)
    .where("version", "=", change.version)
    .returning(columns)
    .executeTakeFirst();
  // Another save may have come between the read and this one's update: the version check refuses it all the same.
  return row ? { ok: true, list: toList(row) } : { ok: false, reason: "stale" };
}

/** Every meal planned from `from` to `to` with its recipe's servings and ingredients; meals whose recipe is gone are skipped. */
export async function plannedMeals(db: Kysely<Database>, householdId: string, range: { from: string; to: string }): Promise<PlannedMeal[]> {
  const rows = await db
    .selectFrom("mealPlans as mp")
    .innerJoin("recipes as r", (join) => join.onRef("r.id", "=", "mp.recipeId").on("r.householdId", "=", householdId))
    .select(["mp.servings", "r.servings as recipeServings", "r.ingredients"])
    .where("mp.householdId", "=", householdId)
    .where("mp.date", ">=", range.from)
    .where("mp.date", "<=", range.to)
    .orderBy("mp.date")
    .orderBy("mp.createdAt")
    .execute();
  return rows.map((row) => ({ servings: row.servings, recipe: { servings: row.recipeServings ?? 1, ingredients: row.ingredients } }));
}

/**
 * What the household has in stock with an amount, as smart mode counts it on the cook's `today`: food past its date
 * is not something to cook with, so it is bought again rather than left off the list.
 */
export function stockOnHand(db: Kysely<Database>, householdId: string, today: string): Promise<ShoppingLine[]> {
  return db
    .selectFrom("ingredients")
    .select(["name", "quantity", "unit"])
    .where("householdId", "=", householdId)
    .where("quantity", ">", 0)
    .where((eb) => eb.or([eb("expirationDate", "is", null), eb("expirationDate", ">=", today)]))
    .execute();
}
