import { open, readFile, writeFile } from "node:fs/promises";
import { join, posix } from "node:path";
import { gunzipSync } from "node:zlib";
import { excerpt, recipeIngredientFromLine, recipeInput } from "@kim/domain";
import yauzl, { type Entry, type ZipFile } from "yauzl";
import { finishDraft, type RecipeDraft } from "../extraction/recipe-draft";
import { isNode } from "../extraction/html/schema-recipe";
import {
  csvRows,
  isMealieRecipe,
  isPaprikaRecipe,
  isTandoorRecipe,
  mealieDraft,
  paprikaDraft,
  planToEatDrafts,
  schemaOrgRecipes,
  tandoorDraft,
} from "./formats";
import { isKimExport, KIM_EXPORT_FILE, kimKitchen, kimRecipes, type Failure, type KimKitchen } from "./kim-format";
import { DISPLAY_COPY, displayCopy } from "./display-copy";
import { keptPhoto } from "./photos";
import {
  REASON_CHARACTERS,
  photosUnreadable,
  REFUSALS,
  Refused,
  TRANSFER_LIMITS,
  type CollectionFormat,
  type CollectionJob,
  type CollectionReading,
  type ReadRecipe,
  type SavedImage,
} from "./reading";

/**
 * Reads a collection file in the worker: a zip (Paprika, Mealie, Tandoor, Nextcloud Cookbook, Kim's own export, or
 * schema.org JSON files) or one JSON, JSON-LD or CSV file. A zip's central directory is checked whole (entry count,
 * paths, unpacked sizes and ratios) before one entry is unpacked; yauzl then checks each entry unpacks to exactly the
 * size the directory declared, so a bomb can't lie its way past. Photos go to disk as they are found.
 */
export async function readCollection(job: CollectionJob): Promise<CollectionReading> {
  try {
    const head = await fileHead(job.path);
    if (head.subarray(0, 4).equals(ZIP_MAGIC)) return await readZipCollection(job);
    return await readPlainCollection(job.path);
  } catch (error) {
    if (error instanceof Refused) return error.reading;
    throw error;
  }
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

async function fileHead(path: string): Promise<Buffer> {
  const file = await open(path);
  try {
    const head = Buffer.alloc(4);
    await file.read(head, 0, 4, 0);
    return head;
  } finally {
    await file.close();
  }
}

/** A recipe's photo: its bytes, or a zip entry, which many recipes may name. */
type Photo = Buffer | { zip: Zip; entry: Entry };

/** The recipes read so far, with the failures and photos, and the bounds they count against. */
class Collection {
  readonly recipes: ReadRecipe[] = [];
  readonly failed: Failure[] = [];
  private unpacked = 0;
  private entries = 0;
  private images = 0;
  private ingredientLines = 0;
  private ingredientCharacters = 0;
  // Photos a recipe named that were not kept (its recipe still is), told in the details.
  private photosOut = 0;
  // An entry named by many recipes is unpacked and written once, not once a recipe.
  private readonly entryPhotos = new Map<Entry, Promise<SavedImage | null>>();
  // Display copies are made until then (performance.now()); the photos after it get theirs when first shown.
  private readonly copiesUntil: number;

  constructor(
    private readonly imagesDir: string,
    copySeconds = 0,
  ) {
    this.copiesUntil = performance.now() + copySeconds * 1000;
  }

  /** Counts entries of a zip (a nested zip's too) before they are read. */
  countEntries(count: number): void {
    this.entries += count;
    if (this.entries > TRANSFER_LIMITS.entries) throw new Refused(REFUSALS.tooManyEntries);
  }

  /** Counts bytes about to be unpacked against the file's total. */
  unpack(bytes: number): void {
    this.unpacked += bytes;
    if (this.unpacked > TRANSFER_LIMITS.unpackedBytes) throw new Refused(REFUSALS.bomb);
  }

  get room(): number {
    return Math.min(TRANSFER_LIMITS.entryBytes, TRANSFER_LIMITS.unpackedBytes - this.unpacked);
  }

  /** Adds the recipe a draft makes (or its failure, with the reason Kim's own form would give). */
  add(draft: RecipeDraft, image: Photo | undefined): Promise<void> {
    const { sourceUrl: _sourceUrl, ingredients, ...fields } = finishDraft(draft, "about:blank");
    this.countIngredients(ingredients);
    return this.addRecipe(draft.title, { ...fields, ingredients: ingredients.map(recipeIngredientFromLine) }, image);
  }

  /** Counts a recipe's ingredient lines against the file's total before they are parsed. */
  private countIngredients(lines: string[]): void {
    this.ingredientLines += lines.length;
    for (const line of lines) this.ingredientCharacters += line.length;
    const { ingredientLines, ingredientCharacters } = TRANSFER_LIMITS;
    if (this.ingredientLines > ingredientLines || this.ingredientCharacters > ingredientCharacters)
      throw new Refused(REFUSALS.tooManyLines);
  }

  /** Adds a recipe (or its failure); `image` is its photo, or null for one it named that the file does not hold. */
  async addRecipe(title: string, candidate: unknown, image: Photo | null | undefined, sourceId?: string | null): Promise<void> {
    if (this.recipes.length + this.failed.length >= TRANSFER_LIMITS.recipes) throw new Refused(REFUSALS.tooManyRecipes);
    const parsed = recipeInput.safeParse(candidate);
    if (!parsed.success) {
      this.failed.push({ title: title || "Untitled recipe", reason: parsed.error.issues[0]?.message ?? "Not a recipe" });
      return;
    }
    const saved = image ? await this.savePhoto(image) : null;
    if (image !== undefined && !saved) this.photosOut++;
    this.recipes.push({ recipe: parsed.data, image: saved, ...(sourceId && { sourceId }) });
  }

  private savePhoto(photo: Photo): Promise<SavedImage | null> {
    if (Buffer.isBuffer(photo)) return this.saveImage(photo);
    const { zip, entry } = photo;
    // Too large to keep: left out unread.
    if (entry.uncompressedSize > TRANSFER_LIMITS.imageBytes) return Promise.resolve(null);
    let saved = this.entryPhotos.get(entry);
    if (!saved) {
      saved = zip.read(entry).then((bytes) => this.saveImage(bytes));
      this.entryPhotos.set(entry, saved);
    }
    return saved;
  }

  /**
   * Keeps a photo (checked and stripped by keptPhoto, the cheap first gate) and its display copy (sharp, after it),
   * both written to disk; null when either can't be made, and the photo is left out. Past the import's time for copies
   * (the job's `copySeconds`) the photo is kept without one, which is made the first time it is shown: a file of
   * thousands of photos is not held to its time limit by them.
   */
  private async saveImage(bytes: Buffer): Promise<SavedImage | null> {
    const photo = bytes.length <= TRANSFER_LIMITS.imageBytes ? keptPhoto(bytes) : null;
    if (!photo) return null;
    const display = performance.now() < this.copiesUntil ? await displayCopy(photo.bytes) : undefined;
    if (display === null) return null;
    const path = join(this.imagesDir, `${this.images++}`);
    await writeFile(path, photo.bytes);
    if (display) await writeFile(`${path}.display`, display);
    return {
      path,
      contentType: photo.contentType,
      bytes: photo.bytes.length + (display?.length ?? 0),
      display: display ? { path: `${path}.display`, contentType: DISPLAY_COPY.contentType } : null,
    };
  }

  answer(format: CollectionFormat, kitchen?: KimKitchen): CollectionReading {
    if (this.recipes.length === 0 && this.failed.length === 0 && !kitchen) return REFUSALS.empty;
    if (this.photosOut > 0) this.failed.push({ title: "Photos", reason: photosUnreadable(this.photosOut) });
    // Cut here already, so a file's megabyte names never cross to the main thread.
    const failed = this.failed.map(({ title, reason }) => ({ title: excerpt(title), reason: excerpt(reason, REASON_CHARACTERS) }));
    return { kind: "ok", format, recipes: this.recipes, failed, ...(kitchen && { kitchen }) };
  }
}

const parseJson = (bytes: Buffer): unknown => {
  try {
    return JSON.parse(bytes.toString("utf8").replace(/^\uFEFF/, ""));
  } catch {
    return undefined;
  }
};

/** One JSON, JSON-LD or CSV file, read whole (it is held to TRANSFER_LIMITS.plainBytes). */
async function readPlainCollection(path: string): Promise<CollectionReading> {
  const file = await open(path);
  const { size } = await file.stat();
  await file.close();
  if (size > TRANSFER_LIMITS.plainBytes) return REFUSALS.plainTooLarge;
  const bytes = await readFile(path);
  const collection = new Collection("");
  const start = bytes
    .toString("utf8", 0, Math.min(bytes.length, 64))
    .replace(/^\uFEFF/, "")
    .trimStart();
  if (start.startsWith("{") || start.startsWith("[")) {
    const data = parseJson(bytes);
    if (data === undefined) return REFUSALS.badJson;
    const format = await addJson(collection, data, () => undefined);
    return format ? collection.answer(format) : REFUSALS.empty;
  }
  // A row past the recipes' bound is enough to refuse the file: the rest is not read.
  const drafts = planToEatDrafts(csvRows(bytes.toString("utf8").replace(/^\uFEFF/, ""), TRANSFER_LIMITS.recipes + 2));
  if (!drafts) return REFUSALS.unknown;
  if (drafts.length > TRANSFER_LIMITS.recipes) return REFUSALS.tooManyRecipes;
  for (const draft of drafts) await collection.add(draft, undefined);
  return collection.answer("plantoeat");
}

/** Adds the recipes of one JSON document, whichever app wrote it; answers the format, or undefined with none. */
async function addJson(collection: Collection, data: unknown, photo: () => Photo | undefined): Promise<CollectionFormat | undefined> {
  if (isMealieRecipe(data)) {
    await collection.add(mealieDraft(data), photo());
    return "mealie";
  }
  if (isTandoorRecipe(data)) {
    await collection.add(tandoorDraft(data), photo());
    return "tandoor";
  }
  const drafts = schemaOrgRecipes(data);
  if (drafts.length > TRANSFER_LIMITS.recipes) throw new Refused(REFUSALS.tooManyRecipes);
  const image = drafts.length === 1 ? photo() : undefined;
  for (const draft of drafts) await collection.add(draft, image);
  return drafts.length > 0 ? "schema.org" : undefined;
}

// --- zips ---

const IMAGE_NAME = /\.(jpe?g|png|webp|gif)$/i;
const isDirectory = (name: string) => name.endsWith("/");

/** A zip's directory, checked whole, and a reader of its entries. */
interface Zip {
  entries: Entry[];
  read(entry: Entry): Promise<Buffer>;
  close(): void;
}

function openZip(source: string | Buffer, collection: Collection): Promise<Zip> {
  return new Promise((resolve, reject) => {
    const options = { lazyEntries: true, autoClose: false, decodeStrings: true, validateEntrySizes: true, strictFileNames: false };
    const opened = (error: Error | null, zip: ZipFile) => {
      if (error) return reject(new Refused(REFUSALS.damaged));
      try {
        collection.countEntries(zip.entryCount);
      } catch (refused) {
        zip.close();
        return reject(refused);
      }
      const entries: Entry[] = [];
      zip.on("entry", (entry: Entry) => {
        try {
          checkEntry(entry);
          entries.push(entry);
          zip.readEntry();
        } catch (refused) {
          zip.close();
          reject(refused);
        }
      });
      zip.on("end", () => resolve({ entries, read: (entry) => readEntry(zip, entry, collection), close: () => zip.close() }));
      // yauzl refuses a file name that is absolute or climbs out with ../ before it reaches us.
      zip.on("error", (err: Error) =>
        reject(new Refused(/relative path|absolute path|invalid characters/i.test(err.message) ? REFUSALS.paths : REFUSALS.damaged)),
      );
      zip.readEntry();
    };
    if (typeof source === "string") yauzl.open(source, options, opened);
    else yauzl.fromBuffer(source, options, opened);
  });
}

/** A path that stays inside the zip's folder, and sizes that are no bomb. */
function checkEntry(entry: Entry): void {
  const name = entry.fileName;
  if (name.startsWith("/") || /^[a-z]:/i.test(name) || name.includes("\\") || name.split("/").includes("..")) {
    throw new Refused(REFUSALS.paths);
  }
  const { uncompressedSize: size, compressedSize: packed } = entry;
  if (size > TRANSFER_LIMITS.entryBytes) throw new Refused(REFUSALS.bomb);
  if (size > TRANSFER_LIMITS.ratioFloorBytes && size > packed * TRANSFER_LIMITS.ratio) throw new Refused(REFUSALS.bomb);
}

function readEntry(zip: ZipFile, entry: Entry, collection: Collection): Promise<Buffer> {
  collection.unpack(entry.uncompressedSize);
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error) return reject(new Refused(REFUSALS.damaged));
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => resolve(Buffer.concat(chunks)));
      // A size that differs from the directory's, or a damaged stream.
      stream.on("error", () => reject(new Refused(REFUSALS.damaged)));
    });
  });
}

async function readZipCollection(job: CollectionJob): Promise<CollectionReading> {
  const collection = new Collection(job.imagesDir, job.copySeconds);
  const zip = await openZip(job.path, collection);
  try {
    const files = zip.entries.filter((entry) => !isDirectory(entry.fileName));
    // The whole directory is checked before the first entry is unpacked.
    const declared = files.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
    if (declared > TRANSFER_LIMITS.unpackedBytes) return REFUSALS.bomb;
    const kim = files.find((entry) => entry.fileName === KIM_EXPORT_FILE);
    if (kim) return await readKimExport(collection, zip, kim);
    const paprika = files.filter((entry) => entry.fileName.endsWith(".paprikarecipe"));
    if (paprika.length > 0) return await readPaprika(collection, zip, paprika);
    const inner = files.filter((entry) => entry.fileName.endsWith(".zip"));
    if (inner.length > 0) return await readTandoor(collection, zip, inner);
    return await readJsonFolders(collection, zip, files);
  } finally {
    zip.close();
  }
}

/** Kim's own export: its recipes with their photos, and the rest of the account (inventory, plans, lists, history). */
async function readKimExport(collection: Collection, zip: Zip, file: Entry): Promise<CollectionReading> {
  const data = parseJson(await zip.read(file));
  const recipes = kimRecipes(data);
  if (!recipes || !isKimExport(data)) return REFUSALS.badJson;
  if (recipes.length > TRANSFER_LIMITS.recipes) return REFUSALS.tooManyRecipes;
  // Told after the recipes' own failures, which count against the file's recipes.
  const kitchenFailed: Failure[] = [];
  const kitchen = kimKitchen(data, kitchenFailed);
  if (!kitchen) return REFUSALS.kimTooLarge;
  const byName = new Map(zip.entries.map((entry) => [entry.fileName, entry]));
  for (const { id, recipe, image } of recipes) {
    // A photo the recipe names that the zip does not hold (a ../ path among them) is told left out.
    const photo = image === null ? undefined : (byName.get(image) ?? null);
    await collection.addRecipe(isNode(recipe) ? String(recipe.title ?? "") : "", recipe, photo && { zip, entry: photo }, id);
  }
  for (const failure of kitchenFailed) collection.failed.push(failure);
  return collection.answer("kim", kitchen);
}

/** Paprika: each recipe a gzipped JSON file, its photo inside as base64. */
async function readPaprika(collection: Collection, zip: Zip, files: Entry[]): Promise<CollectionReading> {
  if (files.length > TRANSFER_LIMITS.recipes) return REFUSALS.tooManyRecipes;
  for (const file of files) {
    const name = posix.basename(file.fileName, ".paprikarecipe");
    let json: Buffer;
    try {
      json = gunzipSync(await zip.read(file), { maxOutputLength: collection.room });
    } catch (error) {
      if (error instanceof Refused) throw error;
      // Past the room left, zlib stops: the file's whole unpacking is bounded, not just this recipe's.
      if (error instanceof RangeError) throw new Refused(REFUSALS.bomb);
      collection.failed.push({ title: name, reason: "The recipe's file is damaged (not gzipped JSON)." });
      continue;
    }
    collection.unpack(json.length);
    const data = parseJson(json);
    if (!isPaprikaRecipe(data)) {
      collection.failed.push({ title: name, reason: "The recipe's file is not a Paprika recipe." });
      continue;
    }
    const photo = typeof data.photo_data === "string" ? Buffer.from(data.photo_data, "base64") : undefined;
    await collection.add(paprikaDraft(data), photo);
  }
  return collection.answer("paprika");
}

/** Tandoor: a zip of zips, each holding recipe.json and its image. */
async function readTandoor(collection: Collection, zip: Zip, files: Entry[]): Promise<CollectionReading> {
  if (files.length > TRANSFER_LIMITS.recipes) return REFUSALS.tooManyRecipes;
  for (const file of files) {
    const inner = await openZip(await zip.read(file), collection);
    try {
      const recipe = inner.entries.find((entry) => entry.fileName === "recipe.json");
      const image = inner.entries.find((entry) => /^image\./.test(entry.fileName) && IMAGE_NAME.test(entry.fileName));
      const data = recipe && parseJson(await inner.read(recipe));
      if (!isTandoorRecipe(data)) {
        collection.failed.push({ title: posix.basename(file.fileName, ".zip"), reason: "No Tandoor recipe.json inside." });
        continue;
      }
      await collection.add(tandoorDraft(data), image && { zip: inner, entry: image });
    } finally {
      inner.close();
    }
  }
  return collection.answer("tandoor");
}

/**
 * JSON files in folders: Mealie's export (a folder a recipe, its photo under images/), Nextcloud Cookbook's (a folder
 * a recipe: recipe.json and full.jpg), or any schema.org recipe files. A recipe's photo is the one in its folder.
 */
async function readJsonFolders(collection: Collection, zip: Zip, files: Entry[]): Promise<CollectionReading> {
  const jsons = files.filter((entry) => entry.fileName.toLowerCase().endsWith(".json"));
  if (jsons.length === 0) return REFUSALS.unknown;
  const images = files.filter((entry) => IMAGE_NAME.test(entry.fileName));
  const formats = new Set<CollectionFormat>();
  for (const file of jsons) {
    const folder = posix.dirname(file.fileName);
    const photo = () => {
      const mine = images.filter((entry) => [folder, `${folder}/images`].includes(posix.dirname(entry.fileName)));
      const best = mine.find((entry) => /(?:^|\/)(?:full|original)\./i.test(entry.fileName)) ?? mine[0];
      return best && { zip, entry: best };
    };
    const data = parseJson(await zip.read(file));
    const format = data === undefined ? undefined : await addJson(collection, data, photo);
    if (!format) collection.failed.push({ title: posix.basename(file.fileName), reason: "Not a recipe file Kim reads." });
    else formats.add(format === "schema.org" && posix.basename(file.fileName) === "recipe.json" ? "nextcloud" : format);
  }
  const [format = "schema.org"] = formats;
  return collection.recipes.length === 0 ? REFUSALS.empty : collection.answer(format);
}
