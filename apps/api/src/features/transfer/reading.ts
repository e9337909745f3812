import { QUOTAS, type RecipeInput } from "@kim/domain";
import type { Failure, KimKitchen } from "./kim-format";
import { PHOTO_PIXELS } from "./photos";

/** What the collection reader (collection-worker.ts) is given and answers: shared by the worker and the service. */

const MIB = 1024 * 1024;

/** Bounds on a collection file, each checked before the work it guards (decision 0039). */
export const TRANSFER_LIMITS = {
  /** The upload: a Paprika file of a large collection with photos is 100 to 200 MB. */
  fileBytes: 256 * MIB,
  /** A file that is no zip (JSON, JSON-LD, CSV) is read whole in the worker, so it is held smaller. */
  plainBytes: 32 * MIB,
  /** Entries in a zip, nested zips' included: 2,000 recipes in folders of a JSON, a photo and a directory each. */
  entries: 20_000,
  /** What every entry of a zip (and every gzipped recipe in it) unpacks to, in all. */
  unpackedBytes: 1024 * MIB,
  /** One entry unpacked: the largest recipe JSON with its photo inside. */
  entryBytes: 64 * MIB,
  /** Unpacked bytes per packed byte of an entry over `ratioFloorBytes`: JSON packs 5 to 20 times, a bomb a thousand. */
  ratio: 100,
  ratioFloorBytes: MIB,
  /** A photo kept with a recipe; a larger one is left out (the recipe is still imported). */
  imageBytes: 10 * MIB,
  /**
   * The photos kept from one file, each recipe's copy counted: as much as the largest file can carry (photos don't
   * pack), so only a file naming one photo for many recipes gets past it; the photos past it are left out and told.
   */
  photoBytes: 256 * MIB,
  /**
   * The photos a household keeps, originals and display copies: about 500 phone photos. Without it a person sending a
   * photo a minute, or a collection an hour, could fill the server's disk; past it, photos are refused or left out.
   */
  householdPhotoBytes: 2048 * MIB,
  /** Photos (and recipes) saved a transaction: what one INSERT holds in memory, however many photos a file has. */
  batchPhotoBytes: 16 * MIB,
  /** Imports one user runs at once (one reading, one more waiting); past it 429 before the upload is read. */
  importsAtOnce: 2,
  /** Recipes in one file: an account's whole quota. */
  recipes: QUOTAS.recipes.max,
  /**
   * Ingredient lines parsed from one file, counted before each recipe's are: 50 lines of 80 characters for each of
   * 2,000 recipes, where real collections hold about 15 of 40. Past it a file held the one reader for minutes.
   */
  ingredientLines: 100_000,
  ingredientCharacters: 8_000_000,
  /** The worker's time and heap for one file. */
  timeoutMs: 5 * 60_000,
  memoryMb: 256,
} as const;

/**
 * The longest reason an import's summary tells for a row: Kim's own messages fit (a schema's list of categories is the
 * longest); one built from a file is cut to it, as each quoted name is to EXCERPT_CHARACTERS, so a summary holds at
 * most its details' count of short lines.
 */
export const REASON_CHARACTERS = 500;

/**
 * The photos a file names that Kim could not keep (not JPEG, PNG, WebP or GIF, empty, broken, too large in bytes or in
 * pixels, or not in the file).
 */
export const photosUnreadable = (count: number) =>
  `${count.toLocaleString("en-US")} ${count === 1 ? "photo was" : "photos were"} left out: not a JPEG, PNG, WebP or GIF image of at most ${TRANSFER_LIMITS.imageBytes / MIB} MB and ${PHOTO_PIXELS / 1_000_000} megapixels found in the file`;

export type CollectionFormat = "kim" | "paprika" | "mealie" | "tandoor" | "nextcloud" | "plantoeat" | "schema.org";

/** A photo the worker wrote beside the upload, for the service to store with its recipe. */
export interface SavedImage {
  path: string;
  contentType: string;
  /** The original's and its display copy's bytes, in all: what storing it takes. */
  bytes: number;
  /**
   * Its display copy (display-copy.ts), written beside it; null past the import's time for copies
   * (DISPLAY_COPY.importSeconds), when it is made the first time the photo is shown.
   */
  display: { path: string; contentType: string } | null;
}

export interface ReadRecipe {
  recipe: RecipeInput;
  image: SavedImage | null;
  /** Its id in a Kim export, which the export's planned meals name. */
  sourceId?: string | null;
}

export type RefusalStatus = 400 | 413 | 422 | 503;

export type CollectionReading =
  | { kind: "ok"; format: CollectionFormat; recipes: ReadRecipe[]; failed: Failure[]; kitchen?: KimKitchen }
  | { kind: "refused"; status: RefusalStatus; message: string };

export interface CollectionJob {
  /** The uploaded file on disk. */
  path: string;
  /** Where the worker writes the photos it finds. */
  imagesDir: string;
  /** How long the worker makes display copies of them (DISPLAY_COPY.importSeconds); the rest get theirs when shown. */
  copySeconds: number;
}

const refusal = (status: RefusalStatus, message: string) => ({ kind: "refused", status, message }) as const;

export const REFUSALS = {
  unknown: refusal(
    400,
    "Kim can't read this file. Choose a Paprika (.paprikarecipes), Mealie, Tandoor or Nextcloud Cookbook export, a Plan to Eat CSV, a schema.org recipe JSON file, or a Kim export.",
  ),
  damaged: refusal(400, "The file is damaged: it could not be read as a zip."),
  badJson: refusal(400, "The file is not valid JSON."),
  kimTooLarge: refusal(422, "The Kim export holds more inventory items, planned meals or shopping lists than an account can keep."),
  paths: refusal(400, "The zip holds a path outside its own folder (../ or an absolute path); nothing was imported."),
  empty: refusal(422, "The file holds no recipes Kim can read."),
  tooLarge: refusal(413, `The file is too large: at most ${TRANSFER_LIMITS.fileBytes / MIB} MB.`),
  plainTooLarge: refusal(413, `A JSON or CSV file can be at most ${TRANSFER_LIMITS.plainBytes / MIB} MB; zip it to send more.`),
  tooManyEntries: refusal(422, `The zip holds more than ${TRANSFER_LIMITS.entries.toLocaleString("en-US")} files.`),
  bomb: refusal(422, "The zip unpacks to far more than it holds (a compression bomb); nothing was imported."),
  tooManyRecipes: refusal(
    422,
    `The file holds more than ${TRANSFER_LIMITS.recipes.toLocaleString("en-US")} recipes; split it into smaller files.`,
  ),
  tooManyLines: refusal(
    422,
    `The file holds more ingredient text than Kim reads from one file (${TRANSFER_LIMITS.ingredientLines.toLocaleString("en-US")} lines, ${TRANSFER_LIMITS.ingredientCharacters / 1_000_000} million characters); split it into smaller files.`,
  ),
  tooSlow: refusal(422, "The file took too long to read; split it into smaller files."),
  broken: refusal(422, "The file could not be read: it is too complex or damaged."),
  busy: refusal(503, "Kim is reading other collections right now. Please try again in a minute."),
};

/** A refusal raised while reading, carried to the worker's answer. */
export class Refused extends Error {
  constructor(readonly reading: Extract<CollectionReading, { kind: "refused" }>) {
    super(reading.message);
  }
}
