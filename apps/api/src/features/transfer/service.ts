import { randomUUID } from "node:crypto";
import { mkdir, mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { PassThrough, type Readable } from "node:stream";
import { inTransaction } from "@kim/db";
import { excerpt, QUOTAS, quotaMessage, recipeFingerprint, recipeJsonLd, type DuplicateChoice, type RecipeInput } from "@kim/domain";
import yazl from "yazl";
import { appError, notFound } from "../../lib/errors";
import { kitchenOf, type Kitchen } from "../../sessions/kitchen";
import { clearSessionCookie } from "../../sessions/sessions";
import { deleteUser } from "../admin/service";
import { cancelSubscriptionBeforeDeletion } from "../billing/service";
import { confirmPassword } from "../auth/service";
import { IDEMPOTENCY_KEY_HOURS, KEY_REUSED, keyedRequest, type KeyedRequest } from "../../lib/idempotency";
import { spend, type Limit } from "../../lib/rate-limit";
import { saveUpload, type PendingDownload, type PendingUpload } from "../../lib/rest";
import type { Context } from "../../trpc/context";
import type { BackgroundJob } from "../feature";
import { WorkerPool } from "../extraction/worker-pool";
import { keepTimeZone } from "../insights/service";
import { householdRecipe, recipeCount } from "../recipes/service";
import { KIM_EXPORT_FILE, KIM_EXPORT_FORMAT, KIM_EXPORT_VERSION, KIM_JSONLD_FILE, type KimKitchen } from "./kim-format";
import {
  accountData,
  activeImports,
  claimImport,
  findImport,
  findRecipeImage,
  findShownImage,
  householdPhotoBytes,
  keepCheckedImage,
  keepDisplayCopy,
  forgetImport,
  insertIngredients,
  insertMealPlans,
  insertRecipes,
  insertShoppingLists,
  insertStockEvents,
  keepFirstAvatar,
  kitchenRows,
  pruneImports,
  recipeKeys,
  replaceRecipePhoto,
  type DrawnPhoto,
  setImportProgress,
  sharesHousehold,
  stillInHousehold,
} from "./queries";
import { DISPLAY_COPY, displayCopy, inDisplayTurn } from "./display-copy";
import { keptPhoto, PHOTO_PIXELS, type PhotoType } from "./photos";
import { planRestore, type RecipeTarget, type RestorePlan } from "./restore";
import {
  REASON_CHARACTERS,
  REFUSALS,
  TRANSFER_LIMITS,
  type CollectionFormat,
  type CollectionJob,
  type CollectionReading,
  type ReadRecipe,
} from "./reading";

/** What an import did, recipe by recipe (and row by row) for those it did not import (the first few hundred). */
export interface ImportSummary {
  format: CollectionFormat;
  /** Recipes imported; those skipped or failed, and the rows of a Kim export's kitchen skipped or failed. */
  imported: number;
  skipped: number;
  failed: number;
  /** What a Kim export brought besides its recipes. */
  restored?: Restored;
  details: { title: string; outcome: "skipped" | "failed"; reason: string }[];
}

export interface Restored {
  inventory: number;
  mealPlans: number;
  shoppingLists: number;
  stockHistory: number;
}

export interface ImportProgress {
  status: "reading" | "saving" | "done";
  total: number;
  done: number;
  summary: ImportSummary | null;
}

export const DUPLICATE = "Already in your recipes (same title and ingredients)";
export const STILL_RUNNING = "This import is still running: follow it at GET /api/transfer/imports/{key}";
export const HOUSEHOLD_CHANGED =
  "You are no longer in the household this file was being imported into, so the import stopped: what it saved before stays there. Import the file again to bring it into your kitchen now.";
export const TOO_MANY_AT_ONCE = `You are already importing ${TRANSFER_LIMITS.importsAtOnce} files. Wait for one to finish, then try again.`;
export const photosLeftOut = (count: number, householdFull = false) =>
  `${count.toLocaleString("en-US")} photos were left out: ${
    householdFull
      ? `your household's photos are at their limit of ${householdPhotoLimit()}`
      : `at most ${TRANSFER_LIMITS.photoBytes / (1024 * 1024)} MB of photos a file`
  }`;
const householdPhotoLimit = () => `${TRANSFER_LIMITS.householdPhotoBytes / (1024 * 1024 * 1024)} GB`;
/** A photo past the household's photos' bound. */
export const photosFull = () =>
  `Your household's photos have reached their limit of ${householdPhotoLimit()}; remove some photos to add more`;
/** Moving in takes a few files; a script sending file after file stops here (each may hold a worker for minutes). */
export const IMPORT_LIMIT = { max: 20, windowMs: 60 * 60_000 } satisfies Limit;
const NO_FILE = "Please choose a collection file";
const IMPORT_NOT_FOUND = "Import not found";
// Recipes saved a transaction: progress moves often, and no transaction holds a connection long.
const BATCH = 100;
// Rows of a Kim export's kitchen (a few short columns each) saved a transaction.
const ROW_BATCH = 500;
const MAX_DETAILS = 500;
// An import not heard of for this long died with its process: its key may start over.
const ABANDONED_MS = 15 * 60_000;
// A slow connection's 200 MB: the upload is on disk as it arrives, so a long one holds no memory.
const UPLOAD_DEADLINE_MS = 15 * 60_000;
// Longer than any import lives (its upload, a wait for the worker, the reading and the saving): a folder this old
// was left by a process that died mid-import.
const LEFT_OVER_MS = 60 * 60_000;
const IMPORTS_FOLDER = "imports";
/**
 * How long a finished import's row (its key and summary) is kept: a retry under its key answers the first summary and
 * the browser polls its progress, both within minutes; as long as any keyed answer is kept (IDEMPOTENCY_KEY_HOURS).
 * After it the key starts a new import, which skips the recipes already there as duplicates.
 */
export const IMPORT_KEPT_MS = IDEMPOTENCY_KEY_HOURS * 60 * 60_000;

const STATUS = { 400: "BAD_REQUEST", 413: "PAYLOAD_TOO_LARGE", 422: "UNPROCESSABLE_CONTENT", 503: "SERVICE_UNAVAILABLE" } as const;

/**
 * One collection read at a time in this process (a second waits, two more past it are told 503): the worker holds a
 * file's recipes, and the file's photos go through the disk, so the server's memory grows by one collection at most.
 */
const pool = new WorkerPool<CollectionJob, CollectionReading>({
  worker: new URL("./collection-worker", import.meta.url),
  maxWorkers: 1,
  memoryMb: TRANSFER_LIMITS.memoryMb,
  idleMs: 30_000,
  broken: REFUSALS.broken,
  tooSlow: REFUSALS.tooSlow,
  maxQueued: 2,
  busy: REFUSALS.busy,
});

type User = NonNullable<Context["user"]>;

/**
 * Imports a collection file under the request's Idempotency-Key (one is made when it has none): a retry with the key
 * answers the first import's summary without reading its file, and spends none of the hour's imports. The file streams
 * to disk, is read in a worker (where every bound is checked before the work it guards), then its recipes are saved in
 * batches that move the progress on. A refused file changes nothing and keeps no key.
 */
export async function importCollection(ctx: Context, user: User, file: PendingUpload, duplicates: DuplicateChoice): Promise<ImportSummary> {
  const key = ctx.http.idempotencyKey ?? randomUUID();
  // Checks the key as every keyed path does (visible ASCII, no batch). The request is told apart by its `duplicates`
  // choice only: its file arrives after the key is claimed and a retry is answered without reading it, so another file
  // sent under the same key gets the first summary.
  const request = keyedRequest(user.id, key, ctx.http.calls, "transfer.importCollection", { duplicates });
  const earlier = await earlierImport(ctx, request);
  if (earlier) return earlier;
  await spend(ctx, { key: `transfer-import:user:${user.id}`, limit: IMPORT_LIMIT, refusal: "Too many imports." });
  const id = await claim(ctx, request);
  if (typeof id !== "string") return id;
  const dir = await importFolder(ctx.config.dataDir);
  try {
    const reading = await readUpload(file, dir);
    if (reading.kind === "refused") throw appError(STATUS[reading.status], reading.message);
    return await save(ctx, kitchenOf(user), id, reading, duplicates);
  } catch (error) {
    await forgetImport(ctx.db, id);
    throw error;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * What the import already holding the request's key answers: its summary once done, 409 while it runs, 422 when the
 * key was sent with another request. One not heard of for ABANDONED_MS died with its process: its key starts over.
 */
async function earlierImport(ctx: Context, { userId, key, fingerprint }: KeyedRequest): Promise<ImportSummary | undefined> {
  const earlier = await findImport(ctx.db, userId, key);
  if (!earlier) return undefined;
  if (earlier.status !== "done" && ctx.now().getTime() - earlier.updatedAt.getTime() >= ABANDONED_MS) {
    await forgetImport(ctx.db, earlier.id);
    return undefined;
  }
  // Imports claimed before their fingerprint was kept (migration 0038) have none.
  if (earlier.fingerprint !== null && earlier.fingerprint !== fingerprint) throw appError("UNPROCESSABLE_CONTENT", KEY_REUSED);
  if (earlier.status === "done") return earlier.summary as ImportSummary;
  throw appError("CONFLICT", STILL_RUNNING);
}

/**
 * The key's new import, or what the import that took the key a moment before answers. A new one is counted with the
 * user's others (claimed first, so parallel requests each see the others) and refused past the bound before its upload
 * is read.
 */
async function claim(ctx: Context, request: KeyedRequest): Promise<string | ImportSummary> {
  const id = await claimImport(ctx.db, request);
  if (!id) return (await earlierImport(ctx, request)) ?? claim(ctx, request);
  if ((await activeImports(ctx.db, request.userId, new Date(ctx.now().getTime() - ABANDONED_MS))) <= TRANSFER_LIMITS.importsAtOnce) {
    return id;
  }
  await forgetImport(ctx.db, id);
  throw appError("TOO_MANY_REQUESTS", TOO_MANY_AT_ONCE);
}

/** A new folder for one import's upload and photos, under DATA_DIR (the disk the operator gave Kim, not /tmp). */
async function importFolder(dataDir: string): Promise<string> {
  const imports = join(dataDir, IMPORTS_FOLDER);
  await mkdir(imports, { recursive: true });
  return mkdtemp(join(imports, "kim-import-"));
}

/**
 * Removes the import folders a process that died mid-import left (at start, and hourly): only those older than any
 * import lives, as another process may share DATA_DIR. Answers how many.
 */
export async function sweepImportFolders(dataDir: string, now = new Date()): Promise<number> {
  const imports = join(dataDir, IMPORTS_FOLDER);
  const names = await readdir(imports).catch(() => []);
  let removed = 0;
  for (const name of names) {
    const path = join(imports, name);
    const { mtimeMs } = await stat(path);
    if (now.getTime() - mtimeMs < LEFT_OVER_MS) continue;
    await rm(path, { recursive: true, force: true });
    removed++;
  }
  return removed;
}

export const importFoldersJob: BackgroundJob = {
  name: "import folders",
  everyMs: LEFT_OVER_MS,
  async run({ config, log }, now) {
    const removed = await sweepImportFolders(config.dataDir, now);
    if (removed > 0) log.info({ removed }, "import folders left by a stopped process removed");
  },
};

/** Deletes the imports last heard of IMPORT_KEPT_MS before `now` (finished, or died with their process). Answers how many. */
export function pruneFinishedImports(db: Context["db"], now: Date): Promise<number> {
  return pruneImports(db, new Date(now.getTime() - IMPORT_KEPT_MS));
}

/** Prunes hourly in every process; the delete is idempotent, so processes need not coordinate. */
export const finishedImportsJob: BackgroundJob = {
  name: "finished imports",
  everyMs: LEFT_OVER_MS,
  async run({ db, log }, now) {
    const removed = await pruneFinishedImports(db, now);
    if (removed > 0) log.info({ removed }, "finished imports removed");
  },
};

async function readUpload(file: PendingUpload, dir: string): Promise<CollectionReading> {
  const path = join(dir, "upload");
  const imagesDir = join(dir, "images");
  await mkdir(imagesDir);
  const size = await saveUpload(file, path, UPLOAD_DEADLINE_MS);
  if (size === undefined) throw appError("BAD_REQUEST", NO_FILE);
  return pool.run({ path, imagesDir, copySeconds: DISPLAY_COPY.importSeconds }, TRANSFER_LIMITS.timeoutMs);
}

async function save(
  ctx: Context,
  kitchen: Kitchen,
  id: string,
  reading: Extract<CollectionReading, { kind: "ok" }>,
  duplicates: DuplicateChoice,
): Promise<ImportSummary> {
  const details: ImportSummary["details"] = [];
  // A refused row's name is quoted from the file: cut short (a file may name a row with a megabyte, and the summary is
  // stored and polled), and what the summary's jsonb can't hold is swapped, not a 500.
  const tell = ({ title, outcome, reason }: ImportSummary["details"][number]) =>
    details.push({ title: excerpt(title), outcome, reason: excerpt(reason, REASON_CHARACTERS) });
  for (const failure of reading.failed) tell({ ...failure, outcome: "failed" });
  const there = new Map((await recipeKeys(ctx.db, kitchen.householdId)).map((recipe) => [recipeFingerprint(recipe), recipe.id]));
  const fresh: ReadRecipe[] = [];
  // Where each recipe of the file went (its index in `fresh`, or the same recipe already there): a meal names it.
  const target = new Map<string, RecipeTarget>();
  const firstOf = new Map<string, number>();
  for (const read of reading.recipes) {
    const fingerprint = recipeFingerprint(read.recipe);
    const same = there.get(fingerprint) ?? firstOf.get(fingerprint);
    if (duplicates === "skip" && same !== undefined) tell({ title: read.recipe.title, outcome: "skipped", reason: DUPLICATE });
    else {
      if (!firstOf.has(fingerprint)) firstOf.set(fingerprint, fresh.length);
      fresh.push(read);
    }
    if (read.sourceId) target.set(read.sourceId, duplicates === "skip" && same !== undefined ? same : fresh.length - 1);
  }
  const room = Math.max(0, QUOTAS.recipes.max - (await recipeCount(ctx, kitchen.householdId)));
  for (const over of fresh.splice(room)) tell({ title: over.recipe.title, outcome: "failed", reason: quotaMessage("recipes") });
  // Each recipe stores its own copy: one photo a file names for every recipe counts for each. A file keeps at most its
  // own bound, and no more than the household's photos have room for.
  const householdRoom = TRANSFER_LIMITS.householdPhotoBytes - (await householdPhotoBytes(ctx.db, kitchen.householdId));
  const photoRoom = Math.min(TRANSFER_LIMITS.photoBytes, householdRoom);
  let photoBytes = 0;
  let photosOut = 0;
  for (const read of fresh) {
    if (!read.image) continue;
    if (photoBytes + read.image.bytes <= photoRoom) photoBytes += read.image.bytes;
    else {
      read.image = null;
      photosOut++;
    }
  }
  if (photosOut > 0)
    tell({ title: "Photos", outcome: "failed", reason: photosLeftOut(photosOut, householdRoom < TRANSFER_LIMITS.photoBytes) });
  const recipeOf = (sourceId: string) => {
    const to = target.get(sourceId);
    return typeof to === "number" && to >= fresh.length ? undefined : to;
  };
  const plan = reading.kitchen && (await restorePlan(ctx, kitchen, reading.kitchen, duplicates, recipeOf));
  // One at a time: a file's rows may be past what a spread call takes.
  for (const detail of plan?.details ?? []) tell(detail);

  const total =
    fresh.length + (plan ? plan.inventory.length + plan.mealPlans.length + plan.shoppingLists.length + plan.stockHistory.length : 0);
  await setImportProgress(ctx.db, id, { status: "saving", total, done: 0 });
  const recipeIds: string[] = [];
  for (const recipes of photoBatches(fresh)) {
    const batch = await Promise.all(
      recipes.map(async ({ recipe, image }) => ({
        recipe,
        image: image && {
          contentType: image.contentType,
          bytes: await readFile(image.path),
          display: image.display && { contentType: image.display.contentType, bytes: await readFile(image.display.path) },
        },
      })),
    );
    await inKitchen(ctx, kitchen, async (trx) => {
      recipeIds.push(...(await insertRecipes(trx, kitchen, batch)));
      await setImportProgress(trx, id, { status: "saving", total, done: recipeIds.length });
    });
  }
  if (plan) await restore(ctx, kitchen, id, plan, recipeIds, { done: fresh.length, total });
  if (reading.kitchen) await keepPreferences(ctx, kitchen.userId, reading.kitchen.profile);

  const count = (outcome: string) => details.filter((d) => d.outcome === outcome).length;
  const summary: ImportSummary = {
    format: reading.format,
    imported: fresh.length,
    skipped: count("skipped"),
    failed: count("failed"),
    ...(plan && {
      restored: {
        inventory: plan.inventory.length,
        mealPlans: plan.mealPlans.length,
        shoppingLists: plan.shoppingLists.length,
        stockHistory: plan.stockHistory.length,
      },
    }),
    details: details.slice(0, MAX_DETAILS),
  };
  await setImportProgress(ctx.db, id, { status: "done", total, done: total, summary });
  return summary;
}

/**
 * Writes one batch in a transaction while the person is still in the kitchen's household: the upload may take minutes,
 * and someone removed from it (or whose household was merged into another) meanwhile writes nothing more (409).
 */
async function inKitchen(ctx: Context, kitchen: Kitchen, write: (trx: Context["db"]) => Promise<void>): Promise<void> {
  await inTransaction(ctx.db, async (trx) => {
    if (!(await stillInHousehold(trx, kitchen))) throw appError("CONFLICT", HOUSEHOLD_CHANGED);
    await write(trx);
  });
}

/**
 * The recipes in batches of at most BATCH recipes and `batchPhotoBytes` of photos (a batch holds one recipe at least):
 * a batch's photos are read into memory and sent in one INSERT.
 */
export function photoBatches(recipes: ReadRecipe[]): ReadRecipe[][] {
  const batches: ReadRecipe[][] = [];
  let batch: ReadRecipe[] = [];
  let bytes = 0;
  for (const read of recipes) {
    const size = read.image?.bytes ?? 0;
    if (batch.length === BATCH || (batch.length > 0 && bytes + size > TRANSFER_LIMITS.batchPhotoBytes)) {
      batches.push(batch);
      batch = [];
      bytes = 0;
    }
    batch.push(read);
    bytes += size;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

async function restorePlan(
  ctx: Context,
  kitchen: Kitchen,
  file: KimKitchen,
  duplicates: DuplicateChoice,
  recipeOf: (sourceId: string) => RecipeTarget | undefined,
): Promise<RestorePlan> {
  const rows = await kitchenRows(ctx.db, kitchen.householdId, { stockHistory: duplicates === "skip" && file.stockHistory.length > 0 });
  return planRestore(file, rows, duplicates, recipeOf);
}

/**
 * Saves a Kim export's kitchen after its recipes: the inventory first (the stock history names its items), then the
 * meals (each pointing at its recipe as saved now or already there), the lists and the history, in batches that move
 * the progress on.
 */
async function restore(
  ctx: Context,
  kitchen: Kitchen,
  id: string,
  plan: RestorePlan,
  recipeIds: string[],
  progress: { done: number; total: number },
): Promise<void> {
  let done = progress.done;
  const inBatches = async <T>(rows: T[], write: (trx: Context["db"], batch: T[]) => Promise<void>) => {
    for (let from = 0; from < rows.length; from += ROW_BATCH) {
      const batch = rows.slice(from, from + ROW_BATCH);
      await inKitchen(ctx, kitchen, async (trx) => {
        await write(trx, batch);
        done += batch.length;
        await setImportProgress(trx, id, { status: "saving", total: progress.total, done });
      });
    }
  };
  const itemIds = new Map(plan.inventoryThere);
  await inBatches(plan.inventory, async (trx, batch) => {
    const ids = await insertIngredients(
      trx,
      kitchen,
      batch.map(({ sourceId: _sourceId, ...item }) => item),
    );
    batch.forEach((item, i) => item.sourceId && itemIds.set(item.sourceId, ids[i]!));
  });
  await inBatches(plan.mealPlans, (trx, batch) =>
    insertMealPlans(
      trx,
      kitchen,
      batch.map(({ recipe, ...meal }) => ({ ...meal, recipeId: typeof recipe === "number" ? recipeIds[recipe]! : recipe })),
    ),
  );
  await inBatches(plan.shoppingLists, (trx, batch) => insertShoppingLists(trx, kitchen, batch));
  await inBatches(plan.stockHistory, (trx, batch) =>
    insertStockEvents(
      trx,
      kitchen,
      batch.map(({ ingredientId, occurredAt, ...event }) => ({
        ...event,
        ingredientId: (ingredientId && itemIds.get(ingredientId)) ?? null,
        occurredAt: new Date(occurredAt),
      })),
    ),
  );
}

/** A Kim export's display preferences, for an account that has not set its own (the browser's time zone is newer news). */
async function keepPreferences(ctx: Context, userId: string, profile: KimKitchen["profile"]): Promise<void> {
  if (profile.profileImageUrl) await keepFirstAvatar(ctx.db, userId, profile.profileImageUrl);
  if (profile.timeZone) await keepTimeZone(ctx, userId, profile.timeZone);
}

/** How far the import under `key` has got, for the browser's progress bar. */
export async function importProgress(ctx: Context, userId: string, key: string): Promise<ImportProgress> {
  const row = await findImport(ctx.db, userId, key);
  if (!row) throw notFound(IMPORT_NOT_FOUND);
  return { status: row.status, total: row.total, done: row.done, summary: (row.summary as ImportSummary | null) ?? null };
}

/**
 * How long a browser keeps a recipe's photo: a recipe's photo is never replaced, so its cards need not fetch it again
 * on each visit; a day, so one that left a household does not keep its photos for long.
 */
const PHOTO_KEPT_SECONDS = 24 * 60 * 60;

/**
 * A recipe's own photo as it may be exported (its original), or null when it has none. A photo an import kept before
 * photos were checked is checked the first time it is read (its pixels bounded, its metadata left out) and kept so, or
 * removed when it can't be kept (decision 0048).
 */
async function exportedPhoto(
  ctx: Context,
  householdId: string,
  recipeId: string,
): Promise<{ contentType: PhotoType; bytes: Buffer } | null> {
  const stored = await findRecipeImage(ctx.db, householdId, recipeId);
  if (!stored) return null;
  if (stored.checked) return { contentType: stored.contentType as PhotoType, bytes: Buffer.from(stored.bytes) };
  const photo = keptPhoto(Buffer.from(stored.bytes));
  await keepCheckedImage(ctx.db, recipeId, photo);
  return photo;
}

/**
 * A recipe's own photo as its cards are sent it (its display copy), or null when it has none. A photo kept before
 * display copies gets its copy the first time it is shown (checked first when it was kept unchecked) and keeps it, so
 * no request pays for it twice; one that can't be kept or drawn is removed (decision 0048, "Display copies").
 */
async function shownPhoto(ctx: Context, householdId: string, recipeId: string): Promise<{ contentType: string; bytes: Buffer } | null> {
  const shown = await findShownImage(ctx.db, householdId, recipeId);
  if (!shown) return null;
  if (shown.displayBytes && shown.displayType) return { contentType: shown.displayType, bytes: Buffer.from(shown.displayBytes) };
  return inDisplayTurn(async (copyOf) => {
    // Read again in its turn: another request may have made the copy (or removed the photo) meanwhile.
    const stored = await findShownImage(ctx.db, householdId, recipeId, true);
    if (!stored) return null;
    if (stored.displayBytes && stored.displayType) return { contentType: stored.displayType, bytes: Buffer.from(stored.displayBytes) };
    const original = Buffer.from(stored.bytes ?? []);
    const checked = stored.checked ? null : keptPhoto(original);
    const display = stored.checked || checked ? await copyOf(checked?.bytes ?? original) : null;
    const copy = display && { contentType: DISPLAY_COPY.contentType, bytes: display };
    await keepDisplayCopy(ctx.db, recipeId, copy && { display: copy, ...(checked && { checked }) });
    return copy;
  });
}

/** A recipe's own photo (kept from an import) as its cards show it, or 404. */
export async function recipeImage(ctx: Context, householdId: string, recipeId: string, to: PendingDownload): Promise<void> {
  const photo = await shownPhoto(ctx, householdId, recipeId);
  if (!photo) throw notFound("Image not found");
  const fileName = `${recipeId}.${EXTENSIONS[photo.contentType] ?? "img"}`;
  await to.send(fileName, photo.contentType, streamOf(photo.bytes), { inline: true, keepSeconds: PHOTO_KEPT_SECONDS });
}

/** A cook's own photos: each is checked and drawn (about a second of a core for the largest), so they are counted. */
export const OWN_PHOTO_LIMITS = { perHour: { max: 60, windowMs: 60 * 60_000 } satisfies Limit };
export const NO_PHOTO = "Please choose a photo";
export const NOT_A_PHOTO = `This file is not a photo Kim can keep: choose a JPEG, PNG, WebP or GIF image of at most ${TRANSFER_LIMITS.imageBytes / (1024 * 1024)} MB and ${PHOTO_PIXELS / 1_000_000} megapixels.`;
const RECIPE_NOT_FOUND = "Recipe not found";

/**
 * A photo the cook sends for a recipe, in the place of the one it had (decision 0050): checked as an import's photos are
 * (type, pixels, no metadata) and kept with its display copy, or refused with nothing changed. The recipe is looked up
 * and the hour's photos counted before a byte is read; the upload's own bounds (size, time, bytes in flight) are
 * PendingUpload's. Sending the same photo again changes nothing but its address. Answers the recipe.
 */
export async function keepRecipePhoto(ctx: Context, kitchen: Kitchen, recipeId: string, file: PendingUpload) {
  const { householdId, userId } = kitchen;
  if (!(await householdRecipe(ctx, householdId, recipeId))) throw notFound(RECIPE_NOT_FOUND);
  const maxBytes = TRANSFER_LIMITS.householdPhotoBytes;
  if ((await householdPhotoBytes(ctx.db, householdId, recipeId)) >= maxBytes) throw appError("FORBIDDEN", photosFull());
  await spend(ctx, { key: `recipe-photo:user:${userId}`, limit: OWN_PHOTO_LIMITS.perHour, refusal: "Too many photos." });
  const upload = await file.read(userId);
  if (!upload) throw appError("BAD_REQUEST", NO_PHOTO);
  const photo = await drawnPhoto(Buffer.from(upload.bytes.buffer, upload.bytes.byteOffset, upload.bytes.byteLength)).finally(() =>
    upload.release(),
  );
  if (!photo) throw appError("BAD_REQUEST", NOT_A_PHOTO);
  return inTransaction(ctx.db, async (trx) => {
    const kept = await replaceRecipePhoto(trx, householdId, recipeId, photo, maxBytes);
    if (kept === "full") throw appError("FORBIDDEN", photosFull());
    const recipe = kept === "kept" && (await householdRecipe({ db: trx }, householdId, recipeId));
    // Deleted (or its household left) while the photo was drawn.
    if (!recipe) throw notFound(RECIPE_NOT_FOUND);
    return recipe;
  });
}

/** A photo as Kim keeps it (checked: see keptPhoto) with its display copy, or null when it can't be kept or drawn. */
async function drawnPhoto(bytes: Buffer): Promise<DrawnPhoto | null> {
  const checked = keptPhoto(bytes);
  const display = checked && (await displayCopy(checked.bytes));
  return checked && display ? { ...checked, display: { contentType: DISPLAY_COPY.contentType, bytes: display } } : null;
}

const EXTENSIONS: Record<string, string> & Record<PhotoType, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/gif": "gif",
};

/**
 * Exports at once: one a person (a second is 429) and `perProcess` in this process (past them 503), as each holds its
 * kitchen's rows and their JSON in memory until its zip is sent (a kitchen at its quotas: a few hundred MB). Counted in
 * the process, so across processes the hour's limit holds: `perHour` a person, as moving out takes an export or a few.
 */
export const EXPORT_LIMITS = { perProcess: 2, perHour: { max: 10, windowMs: 60 * 60_000 } satisfies Limit };
export const EXPORT_RUNNING = "Your export is still being sent. Wait for it to finish, then try again.";
export const EXPORTS_BUSY = "Kim is sending other exports just now. Please try again shortly.";
/** The people whose export this process is sending. */
const exporting = new Set<string>();

/**
 * Everything of the account as one zip streamed to `download`, within EXPORT_LIMITS (checked before the kitchen is
 * read; a refusal for being busy spends none of the hour's exports).
 */
export async function exportAccount(ctx: Context, kitchen: Kitchen, download: PendingDownload): Promise<void> {
  if (exporting.has(kitchen.userId)) throw appError("TOO_MANY_REQUESTS", EXPORT_RUNNING);
  if (exporting.size >= EXPORT_LIMITS.perProcess) throw appError("SERVICE_UNAVAILABLE", EXPORTS_BUSY);
  exporting.add(kitchen.userId);
  try {
    await spend(ctx, { key: `transfer-export:user:${kitchen.userId}`, limit: EXPORT_LIMITS.perHour, refusal: "Too many exports." });
    await writeExport(ctx, kitchen, download);
  } finally {
    exporting.delete(kitchen.userId);
  }
}

/**
 * kim-export.json (profile, inventory, recipes with every field, plans, lists, stock history), each recipe photo under
 * images/, and the recipes as schema.org JSON-LD, as one zip. Photos are read one at a time as the zip is written.
 */
async function writeExport(ctx: Context, kitchen: Kitchen, download: PendingDownload): Promise<void> {
  const data = await accountData(ctx.db, kitchen);
  const imageOf = new Map(data.images.map((img) => [img.recipeId, `images/${img.recipeId}.${EXTENSIONS[img.contentType] ?? "img"}`]));
  // Rows keep their own ids (a meal names its recipe, an event its item) but not whose they were.
  const withoutOwner = <T extends { householdId: string; createdBy: string | null }>(rows: T[]) =>
    rows.map(({ householdId: _householdId, createdBy: _createdBy, updatedBy: _updatedBy, ...row }: T & { updatedBy?: unknown }) => row);
  const recipes = withoutOwner(data.recipes).map((recipe) => ({
    ...recipe,
    tags: recipe.tags ?? [],
    image: imageOf.get(recipe.id) ?? null,
  }));
  const document = {
    format: KIM_EXPORT_FORMAT,
    version: KIM_EXPORT_VERSION,
    exportedAt: ctx.now().toISOString(),
    profile: { ...data.profile, settings: data.settings ? { ...data.settings, userId: undefined } : null },
    inventory: withoutOwner(data.inventory),
    recipes,
    mealPlans: withoutOwner(data.mealPlans),
    shoppingLists: withoutOwner(data.shoppingLists).map((list) => ({
      ...list,
      items: list.items.map(({ changedBy: _changedBy, ...item }) => item),
    })),
    stockHistory: withoutOwner(data.stockHistory),
  };
  const jsonLd = recipes.map((recipe) =>
    recipeJsonLd({ ...(recipe as unknown as RecipeInput), createdAt: recipe.createdAt.toISOString() }, recipe.image ?? undefined),
  );
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from(JSON.stringify(document, null, 2)), KIM_EXPORT_FILE);
  zip.addBuffer(Buffer.from(JSON.stringify(jsonLd, null, 2)), KIM_JSONLD_FILE);
  for (const [recipeId, path] of imageOf) {
    zip.addReadStreamLazy(path, (done) => {
      exportedPhoto(ctx, kitchen.householdId, recipeId).then(
        (image) => done(null, streamOf(image?.bytes ?? new Uint8Array())),
        (error: unknown) => done(error, new PassThrough()),
      );
    });
  }
  zip.end();
  const day = ctx.now().toISOString().slice(0, 10);
  await download.send(`kim-export-${day}.zip`, "application/zip", zip.outputStream as Readable);
}

function streamOf(bytes: Uint8Array): Readable {
  const stream = new PassThrough();
  stream.end(Buffer.from(bytes));
  return stream;
}

export const WRONG_PASSWORD = "That is not your password; your account was not deleted";
const EVERYTHING_DELETED =
  "Your Kim account and everything in it (inventory, recipes, plans, lists and history) are deleted, as you asked.";
/** The goodbye of a person whose household others share: their rows stay there, no longer signed (decision 0036). */
export const SHARED_KITCHEN_STAYS =
  "Your Kim account is deleted, as you asked. The kitchen you shared stays with the others in your household: what you added to it (inventory, recipes, plans, lists and history) is theirs now, no longer under your name.";

/**
 * Deletes the signed-in person's account once they confirm their password: the Stripe subscription is cancelled first
 * (a failure there deletes nothing), then everything of theirs goes through the admin feature's one deletion path,
 * and a mail tells them it is done.
 */
export async function deleteAccount(ctx: Context, user: User, password: string): Promise<{ ok: true }> {
  if (!(await confirmPassword(ctx, user, password))) throw appError("FORBIDDEN", WRONG_PASSWORD);
  const subscription = await cancelSubscriptionBeforeDeletion(ctx, user.id);
  // Read before the deletion moves the household on: a shared kitchen stays with the others.
  const shared = await sharesHousehold(ctx.db, kitchenOf(user));
  await deleteUser(ctx, user, user.id, true);
  clearSessionCookie(ctx.http);
  await ctx.sendMail(ctx.db, {
    to: user.email,
    subject: "Your Kim account is deleted",
    text: [
      shared ? SHARED_KITCHEN_STAYS : EVERYTHING_DELETED,
      subscription ? "Your subscription is cancelled; you will not be charged again." : "",
      "",
      "Thank you for cooking with Kim. You are welcome back any time.",
    ]
      .filter((line, i) => line !== "" || i > 1)
      .join("\n"),
  });
  return { ok: true };
}
