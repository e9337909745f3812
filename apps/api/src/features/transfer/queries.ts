import type { Database } from "@kim/db";
import type { RecipeIngredient, RecipeInput, ShoppingItem } from "@kim/domain";
import { sql, type Insertable, type Kysely } from "kysely";
import type { KeyedRequest } from "../../lib/idempotency";
import type { Kitchen } from "../../sessions/kitchen";
import { MAX_STOCK_EVENTS } from "./kim-format";

/** Every account starts with this avatar (the users table's default). */
const DEFAULT_AVATAR = "User";

/** The SQL of moving in and out: collection imports, recipes and photos written in batches, and the account read whole. */

export type ImportRow = Awaited<ReturnType<typeof findImport>>;

export function findImport(db: Kysely<Database>, userId: string, key: string) {
  return db
    .selectFrom("collectionImports")
    .select(["id", "fingerprint", "status", "total", "done", "summary", "updatedAt"])
    .where("userId", "=", userId)
    .where("idempotencyKey", "=", key)
    .executeTakeFirst();
}

/** Claims the key for a new import, with what it was sent with; undefined when an import already holds it (a retry). */
export async function claimImport(db: Kysely<Database>, { userId, key, fingerprint }: KeyedRequest): Promise<string | undefined> {
  const row = await db
    .insertInto("collectionImports")
    .values({ userId, idempotencyKey: key, fingerprint })
    .onConflict((oc) => oc.columns(["userId", "idempotencyKey"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  return row?.id;
}

/** The user's imports still running: claimed, not done, and heard of since `since` (older ones died with their process). */
export async function activeImports(db: Kysely<Database>, userId: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom("collectionImports")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("userId", "=", userId)
    .where("status", "!=", "done")
    .where("updatedAt", ">=", since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A refused file leaves nothing behind, its key included: sending it again reads it again. */
export async function forgetImport(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom("collectionImports").where("id", "=", id).execute();
}

/**
 * Deletes the imports last heard of before `before`: finished ones whose key no retry sends any more, and any that died
 * with their process. One still running moves its row on with every batch. Answers how many.
 */
export async function pruneImports(db: Kysely<Database>, before: Date): Promise<number> {
  const result = await db.deleteFrom("collectionImports").where("updatedAt", "<", before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function setImportProgress(
  db: Kysely<Database>,
  id: string,
  progress: { status: "saving" | "done"; total: number; done: number; summary?: unknown },
): Promise<void> {
  const { summary, ...rest } = progress;
  await db
    .updateTable("collectionImports")
    .set({ ...rest, ...(summary !== undefined && { summary: JSON.stringify(summary) }), updatedAt: new Date() })
    .where("id", "=", id)
    .execute();
}

/**
 * Whether the person is still in the household, read in a batch's transaction before it writes. Their account and the
 * household are locked for share, in the order an account's deletion and a change of members lock them for update:
 * such a change waits for the batch to commit, or the batch waits for it and then reads the change.
 */
export async function stillInHousehold(trx: Kysely<Database>, { householdId, userId }: Kitchen): Promise<boolean> {
  const user = await trx.selectFrom("users").select("id").where("id", "=", userId).forKeyShare().executeTakeFirst();
  const household = user && (await trx.selectFrom("households").select("id").where("id", "=", householdId).forShare().executeTakeFirst());
  if (!household) return false;
  const member = await trx
    .selectFrom("householdMembers")
    .select("userId")
    .where("userId", "=", userId)
    .where("householdId", "=", householdId)
    .executeTakeFirst();
  return member !== undefined;
}

/** The id, title and ingredients of each of the household's recipes, to tell a duplicate (and point a meal at it). */
export function recipeKeys(
  db: Kysely<Database>,
  householdId: string,
): Promise<{ id: string; title: string; ingredients: RecipeIngredient[] }[]> {
  return db.selectFrom("recipes").select(["id", "title", "ingredients"]).where("householdId", "=", householdId).execute();
}

/** A photo as an import stores it: the checked original (for exports) and the copy its cards are sent. */
export interface StoredPhoto {
  contentType: string;
  bytes: Uint8Array;
  display: { contentType: string; bytes: Uint8Array } | null;
}

/** A photo with its display copy made. */
export type DrawnPhoto = StoredPhoto & { display: NonNullable<StoredPhoto["display"]> };

/** Saves recipes (and their photos) in one statement each, answering the new ids in the order given. */
export async function insertRecipes(
  trx: Kysely<Database>,
  { householdId, userId }: Kitchen,
  recipes: { recipe: RecipeInput; image: StoredPhoto | null }[],
): Promise<string[]> {
  if (recipes.length === 0) return [];
  const rows = await trx
    .insertInto("recipes")
    .values(
      recipes.map(({ recipe }) => ({
        ...recipe,
        ingredients: JSON.stringify(recipe.ingredients),
        tags: JSON.stringify(recipe.tags),
        householdId,
        createdBy: userId,
        updatedBy: userId,
      })),
    )
    .returning("id")
    .execute();
  const ids = rows.map((row) => row.id);
  const images = recipes.flatMap(({ image }, i) =>
    // Checked by the reader as it kept them (photos.ts), with their display copies (display-copy.ts) made in its time.
    image
      ? [
          {
            recipeId: ids[i]!,
            contentType: image.contentType,
            bytes: image.bytes,
            checked: true,
            displayType: image.display?.contentType ?? null,
            displayBytes: image.display?.bytes ?? null,
          },
        ]
      : [],
  );
  if (images.length > 0) await trx.insertInto("recipeImages").values(images).execute();
  return ids;
}

/** The photos of the household's recipes: a photo is the household's through its recipe. */
function householdImages(db: Kysely<Database>, householdId: string) {
  return db
    .selectFrom("recipeImages")
    .innerJoin("recipes", "recipes.id", "recipeImages.recipeId")
    .where("recipes.householdId", "=", householdId);
}

/** The bytes of the household's photos, originals and display copies, but `except`'s (a photo about to be replaced). */
export async function householdPhotoBytes(db: Kysely<Database>, householdId: string, except?: string): Promise<number> {
  const row = await householdImages(db, householdId)
    .$if(except !== undefined, (qb) => qb.where("recipeImages.recipeId", "!=", except!))
    // octet_length reads a stored value's length from its header: no photo is read.
    .select(
      sql<string>`coalesce(sum(octet_length(recipe_images.bytes) + coalesce(octet_length(recipe_images.display_bytes), 0)), 0)`.as("bytes"),
    )
    .executeTakeFirstOrThrow();
  return Number(row.bytes);
}

/** A recipe's photo (its original), when it has one of its own and the recipe is the household's. */
export function findRecipeImage(db: Kysely<Database>, householdId: string, recipeId: string) {
  return householdImages(db, householdId)
    .select(["recipeImages.contentType", "recipeImages.bytes", "recipeImages.checked"])
    .where("recipeImages.recipeId", "=", recipeId)
    .executeTakeFirst();
}

/**
 * A recipe's photo as its cards are sent it: its display copy, and, when it has none yet (a photo kept before display
 * copies) and `original` is asked for, its original; a card's request does not read a 10 MB original otherwise.
 */
export function findShownImage(db: Kysely<Database>, householdId: string, recipeId: string, original = false) {
  return householdImages(db, householdId)
    .select(["recipeImages.displayType", "recipeImages.displayBytes", "recipeImages.contentType", "recipeImages.checked"])
    .select(
      original
        ? sql<Uint8Array | null>`case when recipe_images.display_bytes is null then recipe_images.bytes end`.as("bytes")
        : sql<Uint8Array | null>`null::bytea`.as("bytes"),
    )
    .where("recipeImages.recipeId", "=", recipeId)
    .executeTakeFirst();
}

/**
 * Keeps the display copy of a photo kept before display copies (with its original when it was just checked, in the
 * place of the one stored unchecked), or removes the photo (`null`: it could not be kept or drawn). Only one still
 * without a copy: another request may have made it meanwhile, and a photo is never replaced.
 */
export async function keepDisplayCopy(
  db: Kysely<Database>,
  recipeId: string,
  copy: { display: { contentType: string; bytes: Buffer }; checked?: { contentType: string; bytes: Buffer } } | null,
) {
  if (!copy) await db.deleteFrom("recipeImages").where("recipeId", "=", recipeId).where("displayBytes", "is", null).execute();
  else
    await db
      .updateTable("recipeImages")
      .set({
        ...(copy.checked && { ...copy.checked, checked: true }),
        displayType: copy.display.contentType,
        displayBytes: copy.display.bytes,
      })
      .where("recipeId", "=", recipeId)
      .where("displayBytes", "is", null)
      .execute();
}

/**
 * A cook's own photo (checked, with its display copy) in the place of the recipe's photo, if any: "missing" when the
 * recipe is not the household's, "full" when the household's other photos and this one would pass `maxBytes`. The
 * recipe's row is locked first, so two photos sent at once for it are kept one after the other (the later stays)
 * rather than the second's insert failing; the delete and the insert each move the recipes list's version (migration
 * 0040's triggers), and the new row's keptAt changes the photo's address.
 */
export async function replaceRecipePhoto(
  trx: Kysely<Database>,
  householdId: string,
  recipeId: string,
  photo: DrawnPhoto,
  maxBytes: number,
): Promise<"kept" | "missing" | "full"> {
  const recipe = await trx
    .selectFrom("recipes")
    .select("id")
    .where("id", "=", recipeId)
    .where("householdId", "=", householdId)
    .forUpdate()
    .executeTakeFirst();
  if (!recipe) return "missing";
  const others = await householdPhotoBytes(trx, householdId, recipeId);
  if (others + photo.bytes.length + photo.display.bytes.length > maxBytes) return "full";
  await trx.deleteFrom("recipeImages").where("recipeId", "=", recipeId).execute();
  await trx
    .insertInto("recipeImages")
    .values({
      recipeId,
      contentType: photo.contentType,
      bytes: photo.bytes,
      checked: true,
      displayType: photo.display.contentType,
      displayBytes: photo.display.bytes,
    })
    .execute();
  return "kept";
}

/** Keeps a photo once checked, in the place of the one stored unchecked, or removes it (`null`: it could not be kept). */
export async function keepCheckedImage(db: Kysely<Database>, recipeId: string, photo: { contentType: string; bytes: Buffer } | null) {
  // Only one still unchecked: another request may have checked it meanwhile, and a photo is never replaced.
  if (!photo) await db.deleteFrom("recipeImages").where("recipeId", "=", recipeId).where("checked", "=", false).execute();
  else
    await db
      .updateTable("recipeImages")
      .set({ ...photo, checked: true })
      .where("recipeId", "=", recipeId)
      .where("checked", "=", false)
      .execute();
}

/**
 * Everything the account holds and its kitchen (the household's), but the photos' bytes (read one at a time as the
 * export is written). Each kind is bounded by its quota, the stock history by MAX_STOCK_EVENTS.
 */
export async function accountData(db: Kysely<Database>, { householdId, userId }: Kitchen) {
  const [profile, settings, inventory, recipes, mealPlans, shoppingLists, stockHistory, images] = await Promise.all([
    db
      .selectFrom("users")
      .select(["email", "firstName", "lastName", "profileImageUrl", "plan", "createdAt"])
      .where("id", "=", userId)
      .executeTakeFirstOrThrow(),
    db.selectFrom("userSettings").selectAll().where("userId", "=", userId).executeTakeFirst(),
    db.selectFrom("ingredients").selectAll().where("householdId", "=", householdId).orderBy("createdAt").execute(),
    db.selectFrom("recipes").selectAll().where("householdId", "=", householdId).orderBy("createdAt").orderBy("id").execute(),
    db.selectFrom("mealPlans").selectAll().where("householdId", "=", householdId).orderBy("date").execute(),
    db.selectFrom("shoppingLists").selectAll().where("householdId", "=", householdId).orderBy("createdAt").execute(),
    // Stock history has no quota: the newest events, as many as an import reads back.
    db
      .selectFrom("stockEvents")
      .selectAll()
      .where("householdId", "=", householdId)
      .orderBy("occurredAt", "desc")
      .orderBy("id", "desc")
      .limit(MAX_STOCK_EVENTS)
      .execute()
      .then((events) => events.reverse()),
    householdImages(db, householdId).select(["recipeImages.recipeId", "recipeImages.contentType"]).execute(),
  ]);
  return { profile, settings, inventory, recipes, mealPlans, shoppingLists, stockHistory, images };
}

/** Whether others share the person's household: the things the person added stay in it when their account goes. */
export async function sharesHousehold(db: Kysely<Database>, { householdId, userId }: Kitchen): Promise<boolean> {
  const other = await db
    .selectFrom("householdMembers")
    .select("userId")
    .where("householdId", "=", householdId)
    .where("userId", "!=", userId)
    .executeTakeFirst();
  return other !== undefined;
}

// --- restoring the rest of a Kim export (restore.ts) ---

/** What the household already holds of each kind a Kim export restores, to tell duplicates and count quotas. */
export async function kitchenRows(db: Kysely<Database>, householdId: string, kinds: { stockHistory: boolean }) {
  const [inventory, mealPlans, shoppingLists, stockHistory] = await Promise.all([
    db
      .selectFrom("ingredients")
      .select(["id", "name", "quantity", "unit", "category", "expirationDate", "notes"])
      .where("householdId", "=", householdId)
      .execute(),
    db
      .selectFrom("mealPlans")
      .select(["date", "mealType", "recipeId", "servings", "notes"])
      .where("householdId", "=", householdId)
      .execute(),
    db.selectFrom("shoppingLists").select(["name", "items"]).where("householdId", "=", householdId).execute(),
    kinds.stockHistory
      ? db
          .selectFrom("stockEvents")
          .select(["name", "category", "kind", "reason", "expirationDate", "occurredAt"])
          .where("householdId", "=", householdId)
          .execute()
      : [],
  ]);
  return { inventory, mealPlans, shoppingLists, stockHistory };
}

export type KitchenRows = Awaited<ReturnType<typeof kitchenRows>>;

type Owned<T> = Omit<T, "householdId" | "createdBy" | "updatedBy">;

/** Saves inventory items, answering their new ids in the order given. */
export async function insertIngredients(
  trx: Kysely<Database>,
  { householdId, userId }: Kitchen,
  items: Owned<Insertable<Database["ingredients"]>>[],
): Promise<string[]> {
  if (items.length === 0) return [];
  const rows = await trx
    .insertInto("ingredients")
    .values(items.map((item) => ({ ...item, householdId, createdBy: userId, updatedBy: userId })))
    .returning("id")
    .execute();
  return rows.map((row) => row.id);
}

export async function insertMealPlans(
  trx: Kysely<Database>,
  { householdId, userId }: Kitchen,
  meals: Owned<Insertable<Database["mealPlans"]>>[],
): Promise<void> {
  if (meals.length > 0) {
    await trx
      .insertInto("mealPlans")
      .values(meals.map((meal) => ({ ...meal, householdId, createdBy: userId, updatedBy: userId })))
      .execute();
  }
}

export async function insertShoppingLists(
  trx: Kysely<Database>,
  { householdId, userId }: Kitchen,
  lists: { name: string; items: ShoppingItem[] }[],
): Promise<void> {
  if (lists.length > 0) {
    await trx
      .insertInto("shoppingLists")
      .values(
        lists.map(({ name, items }) => ({
          name,
          items: JSON.stringify(items.map((item) => ({ ...item, changedBy: userId }))),
          householdId,
          createdBy: userId,
          updatedBy: userId,
        })),
      )
      .execute();
  }
}

export async function insertStockEvents(
  trx: Kysely<Database>,
  { householdId, userId }: Kitchen,
  events: Omit<Insertable<Database["stockEvents"]>, "householdId" | "createdBy">[],
): Promise<void> {
  if (events.length > 0) {
    await trx
      .insertInto("stockEvents")
      .values(events.map((event) => ({ ...event, householdId, createdBy: userId })))
      .execute();
  }
}

/** The avatar from a Kim export, for an account still showing the default one. */
export async function keepFirstAvatar(db: Kysely<Database>, userId: string, avatar: string): Promise<void> {
  await db
    .updateTable("users")
    .set({ profileImageUrl: avatar, updatedAt: new Date() })
    .where("id", "=", userId)
    .where("profileImageUrl", "=", DEFAULT_AVATAR)
    .execute();
}
