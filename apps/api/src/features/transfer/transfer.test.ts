import { randomBytes, randomUUID } from "node:crypto";
import { mkdir, mkdtemp, readdir, utimes } from "node:fs/promises";
import { connect, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { RECIPE_FIELDS } from "@kim/domain";
import type { Database } from "@kim/db";
import { sql, type ExpressionBuilder } from "kysely";
import sharp from "sharp";
import yauzl from "yauzl";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  fileUpload,
  gzippedZeros,
  jsonLdFile,
  mealieZip,
  nextcloudZip,
  paprikaFile,
  planToEatCsv,
  rawZip,
  sampleRecipes,
  tandoorZip,
  zipOf,
} from "../../testing/collection-samples";
import { drawnJpeg, exifBlock, jpegPhoto, jpegSegment, pngPhoto } from "../../testing/photos";
import { KEY_REUSED } from "../../lib/idempotency";
import { BODY_REFUSALS } from "../../lib/request-bodies";
import { DOWNLOAD_LIMITS } from "../../lib/rest";
import { createTestApp, createUser, type TestApp } from "../../testing/test-app";
import { EXCERPT_CHARACTERS, MAX_MEALS_PER_SLOT, QUOTAS, quotaMessage, slotFullText } from "@kim/domain";
import { DISPLAY_COPY, displayCopy } from "./display-copy";
import { KIM_EXPORT_FILE, MAX_STOCK_EVENTS, stockHistoryLeftOut } from "./kim-format";
import { keptPhoto } from "./photos";
import { photosUnreadable, REFUSALS, TRANSFER_LIMITS, type ReadRecipe } from "./reading";
import { ALREADY_THERE } from "./restore";
import { PHOTO_NOT_FOUND } from "../recipes/router";
import {
  DUPLICATE,
  EXPORT_LIMITS,
  EXPORT_RUNNING,
  EXPORTS_BUSY,
  HOUSEHOLD_CHANGED,
  IMPORT_LIMIT,
  NO_PHOTO,
  NOT_A_PHOTO,
  OWN_PHOTO_LIMITS,
  photoBatches,
  photosFull,
  IMPORT_KEPT_MS,
  photosLeftOut,
  pruneFinishedImports,
  SHARED_KITCHEN_STAYS,
  sweepImportFolders,
  TOO_MANY_AT_ONCE,
} from "./service";

let t: TestApp;
// Imports write their upload and photos under DATA_DIR: a folder of the test's own, checked empty after each import.
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "kim-transfer-test-"));
  t = await createTestApp({ dataDir });
});
afterAll(() => t.close());

type Cookie = string;
type Person = Awaited<ReturnType<typeof createUser>>;
// How long a test waits for what the server does once a client has left (it notices when the connection closes).
const SOON = { timeout: 10_000, interval: 20 };
const MILK = { name: "Milk", quantity: 1, unit: "L", category: "Dairy" };
// Files of thousands of recipes are made and read here; on a busy 2-core machine that takes a while.
const SLOW = 240_000;

function upload(cookie: Cookie, bytes: Buffer, options: { key?: string; duplicates?: string; filename?: string } = {}) {
  const { payload, headers } = fileUpload(bytes, options.filename);
  return t.app.inject({
    method: "POST",
    url: `/api/transfer/import${options.duplicates ? `?duplicates=${options.duplicates}` : ""}`,
    payload,
    headers: { ...headers, cookie, ...(options.key && { "idempotency-key": options.key }) },
  });
}

const get = (cookie: Cookie, url: string) => t.app.inject({ method: "GET", url, headers: { cookie } });
/** A recipe's photoUrl: its image's path with the time the photo was kept. */
const photoPath = (id: string) => expect.stringMatching(new RegExp(`^/api/recipes/${id}/image\\?v=\\d+$`));

// Each test's cook is alone in the household a new account starts, whose id is the account's.
async function recipesOf(householdId: string) {
  return t.deps.db.selectFrom("recipes").selectAll().where("householdId", "=", householdId).orderBy("title").execute();
}

async function countOf(table: "recipes" | "collectionImports" | "recipeImages", id: string): Promise<number> {
  const { db } = t.deps;
  const count = (eb: ExpressionBuilder<Database, keyof Database>) => eb.fn.countAll<string>().as("n");
  const row =
    table === "collectionImports"
      ? await db.selectFrom("collectionImports").select(count).where("userId", "=", id).executeTakeFirstOrThrow()
      : table === "recipes"
        ? await db.selectFrom("recipes").select(count).where("householdId", "=", id).executeTakeFirstOrThrow()
        : await db
            .selectFrom("recipeImages")
            .innerJoin("recipes", "recipes.id", "recipeImages.recipeId")
            .select(count)
            .where("recipes.householdId", "=", id)
            .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe("importing a collection from another app", () => {
  const formats = [
    { name: "Paprika", make: paprikaFile, format: "paprika", photos: true },
    { name: "Mealie", make: mealieZip, format: "mealie", photos: true },
    { name: "Tandoor", make: tandoorZip, format: "tandoor", photos: true },
    { name: "Nextcloud Cookbook", make: nextcloudZip, format: "nextcloud", photos: true },
    { name: "Plan to Eat", make: async (r: ReturnType<typeof sampleRecipes>) => planToEatCsv(r), format: "plantoeat", photos: false },
    { name: "schema.org JSON-LD", make: async (r: ReturnType<typeof sampleRecipes>) => jsonLdFile(r), format: "schema.org", photos: false },
  ] as const;

  for (const { name, make, format, photos } of formats) {
    it(`reads a ${name} file: every recipe, ingredient lines parsed by Kim with the line kept, photos kept`, async () => {
      const user = await createUser(t);
      const samples = sampleRecipes(4, name);
      const res = await upload(user.cookie, await make(samples));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ format, imported: 4, skipped: 0, failed: 0 });

      const saved = await recipesOf(user.id);
      expect(saved.map((r) => r.title)).toEqual(samples.map((s) => s.title).sort());
      const first = saved.find((r) => r.title === samples[0]!.title)!;
      expect(first.ingredients[0]).toMatchObject({ quantity: 2, name: "plain flour", original: "2 cups plain flour, sifted" });
      expect(first.ingredients.map((i) => i.original)).toEqual(samples[0]!.ingredients);
      expect(first.instructions).toBe(samples[0]!.steps.join("\n"));
      expect(first.servings).toBe(samples[0]!.servings);
      expect(first.prepTime).toBe(samples[0]!.prepMinutes);
      expect(first.cookTime).toBe(samples[0]!.cookMinutes);
      expect(first.tags).toEqual(expect.arrayContaining(["dinner"]));

      expect(await countOf("recipeImages", user.id)).toBe(photos ? 2 : 0);
      // Each recipe says where its photo is (null without one), in the list, alone and after a change.
      const list: { id: string; photoUrl: string | null }[] = (await get(user.cookie, "/api/recipes")).json();
      const withPhotos = list.filter((recipe) => recipe.photoUrl !== null);
      expect(withPhotos).toHaveLength(photos ? 2 : 0);
      for (const recipe of withPhotos) expect(recipe.photoUrl).toEqual(photoPath(recipe.id));
      if (photos) {
        expect((await get(user.cookie, `/api/recipes/${first.id}`)).json().photoUrl).toEqual(photoPath(first.id));
        const patched = await t.app.inject({
          method: "PATCH",
          url: `/api/recipes/${first.id}`,
          headers: { cookie: user.cookie },
          payload: { servings: 9 },
        });
        expect(patched.json()).toMatchObject({ servings: 9, photoUrl: photoPath(first.id) });
        const image = await get(user.cookie, `/api/recipes/${first.id}/image`);
        expect(image.statusCode).toBe(200);
        expect(image.headers["content-type"]).toMatch(/^image\//);
        // Kept by the browser a day (a photo is never replaced), never by a shared cache, and never sniffed as markup.
        expect(image.headers["cache-control"]).toBe("private, max-age=86400");
        expect(image.headers["x-content-type-options"]).toBe("nosniff");
        expect(image.rawPayload.subarray(0, 12).toString("latin1")).toMatch(/^\x89PNG|^RIFF/);
      }
    });
  }

  it(
    "imports a file of 2,000 recipes, made here, with its progress readable under the key",
    async () => {
      const user = await createUser(t);
      const key = randomUUID();
      const res = await upload(user.cookie, await paprikaFile(sampleRecipes(2000, "Big")), { key });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ format: "paprika", imported: 2000, skipped: 0, failed: 0 });
      expect(await countOf("recipes", user.id)).toBe(2000);
      const progress = await get(user.cookie, `/api/transfer/imports/${key}`);
      expect(progress.json()).toMatchObject({ status: "done", total: 2000, done: 2000, summary: { imported: 2000 } });
    },
    SLOW,
  );

  it("skips recipes already in the collection (same title and ingredients), or keeps them when the cook chooses", async () => {
    const user = await createUser(t);
    const file = await paprikaFile(sampleRecipes(3, "Twice"));
    expect((await upload(user.cookie, file)).json()).toMatchObject({ imported: 3 });
    const again = await upload(user.cookie, file);
    expect(again.json()).toMatchObject({ imported: 0, skipped: 3 });
    expect(again.json().details[0]).toEqual({ title: "Twice stew 1", outcome: "skipped", reason: DUPLICATE });
    expect(await countOf("recipes", user.id)).toBe(3);
    expect((await upload(user.cookie, file, { duplicates: "keep" })).json()).toMatchObject({ imported: 3, skipped: 0 });
    expect(await countOf("recipes", user.id)).toBe(6);
    expect((await upload(user.cookie, file, { duplicates: "sometimes" })).statusCode).toBe(400);
  });

  it("reports recipes it could not import with the reason, and imports the rest", async () => {
    const user = await createUser(t);
    const [good, noIngredients] = sampleRecipes(2, "Mixed");
    const res = await upload(user.cookie, jsonLdFile([good!, { ...noIngredients!, ingredients: [] }]));
    expect(res.json()).toMatchObject({ imported: 1, failed: 1 });
    expect(res.json().details).toEqual([{ title: "Mixed stew 2", outcome: "failed", reason: "Add at least one ingredient" }]);
  });

  it("imports once per idempotency key: a retry answers the first summary without importing again", async () => {
    const user = await createUser(t);
    const file = await paprikaFile(sampleRecipes(2, "Retry"));
    const key = randomUUID();
    const first = await upload(user.cookie, file, { key, duplicates: "keep" });
    const retry = await upload(user.cookie, file, { key, duplicates: "keep" });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect(await countOf("recipes", user.id)).toBe(2);
    expect((await upload(user.cookie, file, { key: "bad key with spaces" })).statusCode).toBe(400);
  });

  it("refuses a key sent again with another duplicates choice (422), and answers a retry without spending an import", async () => {
    const max = IMPORT_LIMIT.max;
    IMPORT_LIMIT.max = 1;
    try {
      const user = await createUser(t);
      const file = jsonLdFile(sampleRecipes(1, "Keyed"));
      const key = randomUUID();
      const first = await upload(user.cookie, file, { key, duplicates: "skip" });
      expect(first.statusCode, first.body).toBe(200);
      // The hour's only import is spent: a retry still gets its answer, a new import doesn't run.
      const retry = await upload(user.cookie, file, { key, duplicates: "skip" });
      expect(retry.statusCode, retry.body).toBe(200);
      expect(retry.json()).toEqual(first.json());
      const reused = await upload(user.cookie, file, { key, duplicates: "keep" });
      expect(reused.statusCode).toBe(422);
      expect(reused.json().message).toBe(KEY_REUSED);
      expect(await countOf("recipes", user.id)).toBe(1);
      expect((await upload(user.cookie, file, { key: randomUUID() })).statusCode).toBe(429);
    } finally {
      IMPORT_LIMIT.max = max;
    }
  });

  it("is free: a cook without any plan imports", async () => {
    const user = await createUser(t);
    expect((await upload(user.cookie, jsonLdFile(sampleRecipes(1)))).statusCode).toBe(200);
  });

  it("refuses strangers, and another cook's import or photo is not found", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/transfer/import", ...fileUpload(jsonLdFile(sampleRecipes(1))) });
    expect(res.statusCode).toBe(401);
    const owner = await createUser(t);
    const other = await createUser(t);
    const key = randomUUID();
    await upload(owner.cookie, await paprikaFile(sampleRecipes(1, "Mine")), { key });
    const [recipe] = await recipesOf(owner.id);
    expect((await get(other.cookie, `/api/transfer/imports/${key}`)).statusCode).toBe(404);
    expect((await get(other.cookie, `/api/recipes/${recipe!.id}/image`)).statusCode).toBe(404);
    expect((await get(owner.cookie, `/api/recipes/${recipe!.id}/image`)).statusCode).toBe(200);
  });
});

describe("bad and hostile files: a clear 4xx, nothing changed", () => {
  async function refused(bytes: Buffer, status: number, message: string) {
    const user = await createUser(t);
    const res = await upload(user.cookie, bytes, { key: randomUUID() });
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().message).toBe(message);
    expect(await countOf("recipes", user.id)).toBe(0);
    expect(await countOf("recipeImages", user.id)).toBe(0);
    expect(await countOf("collectionImports", user.id)).toBe(0);
  }

  it("refuses a file that is no collection, and JSON that does not parse", async () => {
    await refused(Buffer.from("just some words\nand more"), 400, REFUSALS.unknown.message);
    await refused(Buffer.from('{"name": '), 400, REFUSALS.badJson.message);
    await refused(Buffer.from(JSON.stringify({ hello: "world" })), 422, REFUSALS.empty.message);
  });

  it("refuses a zip with a ../ path or an absolute path before reading any entry", async () => {
    const recipe = Buffer.from(JSON.stringify(jsonLdFile(sampleRecipes(1))));
    await refused(
      rawZip([
        { name: "ok/recipe.json", data: recipe },
        { name: "../../etc/passwd", data: Buffer.from("x") },
      ]),
      400,
      REFUSALS.paths.message,
    );
    await refused(rawZip([{ name: "/etc/cron.d/job", data: Buffer.from("x") }]), 400, REFUSALS.paths.message);
    await refused(rawZip([{ name: "a/../../b.json", data: recipe }]), 400, REFUSALS.paths.message);
  });

  it(
    "refuses a compression bomb: an entry unpacking far past its size, or one lying about its size",
    async () => {
      await refused(rawZip([{ name: "bomb.json", data: Buffer.alloc(32 * 1024 * 1024) }]), 422, REFUSALS.bomb.message);
      // Declares 10 bytes and unpacks to a megabyte: yauzl stops at the declared size.
      const liar = rawZip([{ name: "recipes.json", data: Buffer.alloc(1024 * 1024, 0x20), declaredSize: 10 }]);
      await refused(liar, 400, REFUSALS.damaged.message);
      // A Paprika recipe gzipped inside the zip that unpacks past what a file may.
      await refused(await zipOf([{ name: "Bomb.paprikarecipe", data: await gzippedZeros(80) }]), 422, REFUSALS.bomb.message);
    },
    SLOW,
  );

  it(
    "refuses a zip of more entries than the bound, and a file of more recipes than the bound",
    async () => {
      const many = Array.from({ length: TRANSFER_LIMITS.entries + 1 }, (_, i) => ({ name: `e${i}.txt`, data: Buffer.alloc(0) }));
      await refused(rawZip(many), 422, REFUSALS.tooManyEntries.message);
      await refused(jsonLdFile(sampleRecipes(TRANSFER_LIMITS.recipes + 1)), 422, REFUSALS.tooManyRecipes.message);
    },
    SLOW,
  );

  it(
    "refuses a file of more ingredient text than the bound",
    async () => {
      // The reviewer's lines: 500 digits each, 30 a recipe, just past the file's characters.
      const recipes = Math.ceil(TRANSFER_LIMITS.ingredientCharacters / (30 * 500)) + 1;
      const digits = sampleRecipes(recipes).map((r, i) => ({
        ...r,
        ingredients: Array.from({ length: 30 }, (_, j) => String(i * 100 + j).padStart(500, "1")),
      }));
      await refused(jsonLdFile(digits), 422, REFUSALS.tooManyLines.message);
    },
    SLOW,
  );

  it(
    "refuses a JSON or CSV file over its size, and a damaged zip",
    async () => {
      const big = Buffer.concat([Buffer.from("["), Buffer.alloc(TRANSFER_LIMITS.plainBytes, 0x20), Buffer.from("]")]);
      await refused(big, 413, REFUSALS.plainTooLarge.message);
      const zip = await paprikaFile(sampleRecipes(2));
      await refused(zip.subarray(0, zip.length - 30), 400, REFUSALS.damaged.message);
    },
    SLOW,
  );

  it("refuses an upload declaring more than the bound before reading it", async () => {
    const user = await createUser(t);
    const { payload, headers } = fileUpload(Buffer.from("[]"));
    const res = await t.app.inject({
      method: "POST",
      url: "/api/transfer/import",
      payload,
      headers: { ...headers, cookie: user.cookie, "content-length": String(TRANSFER_LIMITS.fileBytes + 1024 * 1024) },
    });
    expect(res.statusCode).toBe(413);
    expect(await countOf("collectionImports", user.id)).toBe(0);
  });

  it("refuses an upload without a file", async () => {
    const user = await createUser(t);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/transfer/import",
      payload: "{}",
      headers: { "content-type": "application/json", cookie: user.cookie },
    });
    expect(res.statusCode).toBe(400);
  });
});

const kimExport = (document: object) =>
  zipOf([{ name: KIM_EXPORT_FILE, data: JSON.stringify({ format: "kim-export", version: 1, recipes: [], ...document }) }]);
const importFolders = () => readdir(join(dataDir, "imports"));
/** A Kim export recipe; `n` tells it from the others. */
const kimRecipe = (n: number, image?: string) => ({
  id: `r${n}`,
  title: `Recipe ${n}`,
  ingredients: [{ name: "flour", quantity: 1, unit: "cup" }],
  instructions: "Mix.",
  ...(image && { image }),
});

/** Runs `test` with TRANSFER_LIMITS (read by the service, on this thread) changed, then puts them back. */
async function withLimits(limits: Partial<typeof TRANSFER_LIMITS>, test: () => Promise<void>) {
  const before = { ...TRANSFER_LIMITS };
  Object.assign(TRANSFER_LIMITS, limits);
  try {
    await test();
  } finally {
    Object.assign(TRANSFER_LIMITS, before);
  }
}

describe("what one import may cost", () => {
  it(
    "reads a photo that many recipes name once, keeps at most the file's photo bytes and tells the rest left out",
    async () => {
      // A PNG of nearly the largest size kept (noise pixels don't pack), and its display copy, stored beside it.
      const photo = pngPhoto({ width: 1_860, height: 1_860 });
      expect(photo.length).toBeLessThanOrEqual(TRANSFER_LIMITS.imageBytes);
      const stored = photo.length + (await displayCopy(photo))!.length;
      // Read once a recipe, these recipes would unpack to more than a file may (a bomb) and store as much again.
      const count = Math.ceil(TRANSFER_LIMITS.unpackedBytes / photo.length) + 1;
      const recipes = Array.from({ length: count }, (_, i) => kimRecipe(i, "images/big.jpg"));
      const file = await zipOf([
        { name: KIM_EXPORT_FILE, data: JSON.stringify({ format: "kim-export", version: 1, recipes }) },
        { name: "images/big.jpg", data: photo },
      ]);
      await withLimits({ photoBytes: 3 * stored }, async () => {
        const user = await createUser(t);
        const res = await upload(user.cookie, file);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toMatchObject({ imported: count, failed: 1 });
        expect(res.json().details).toEqual([{ title: "Photos", outcome: "failed", reason: photosLeftOut(count - 3) }]);
        expect(await countOf("recipeImages", user.id)).toBe(3);
      });
      expect(await importFolders()).toEqual([]);
    },
    SLOW,
  );

  it("tells the photos it could not keep (not an image, empty, too many pixels, not in the file) and imports their recipes", async () => {
    const user = await createUser(t);
    const place = "GPS 52.3676N 4.9041E";
    const jpeg = drawnJpeg({ segments: [jpegSegment(0xe1, Buffer.concat([exifBlock([{ tag: 0x0112, value: 6 }]), Buffer.from(place)]))] });
    const recipes = [
      kimRecipe(1, "images/text.jpg"),
      kimRecipe(2, "images/empty.jpg"),
      kimRecipe(3, "../../etc/passwd"),
      kimRecipe(4, "images/missing.jpg"),
      kimRecipe(5, "images/real.jpg"),
      kimRecipe(6),
      kimRecipe(7, "images/bomb.png"),
    ];
    const file = await zipOf([
      { name: KIM_EXPORT_FILE, data: JSON.stringify({ format: "kim-export", version: 1, recipes }) },
      { name: "images/text.jpg", data: "not a photo" },
      { name: "images/empty.jpg", data: Buffer.alloc(0) },
      { name: "images/real.jpg", data: jpeg },
      // 48 KB that a browser would draw as 1.6 GB of pixels.
      { name: "images/bomb.png", data: pngPhoto({ width: 20_000, height: 20_000, imageData: Buffer.alloc(48_000) }) },
    ]);
    const res = await upload(user.cookie, file);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ imported: 7, failed: 1 });
    expect(res.json().details).toEqual([{ title: "Photos", outcome: "failed", reason: photosUnreadable(5) }]);
    expect(await countOf("recipes", user.id)).toBe(7);
    expect(await countOf("recipeImages", user.id)).toBe(1);
    // Kept, and served, without where it was taken.
    const withPhoto = (await recipesOf(user.id)).find((recipe) => recipe.title === "Recipe 5")!;
    const served = await t.app.inject({ method: "GET", url: `/api/recipes/${withPhoto.id}/image`, headers: { cookie: user.cookie } });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.includes(Buffer.from(place))).toBe(false);
    // Its display copy is served; the original is kept, its picture whole, for exports.
    expect(served.headers["content-type"]).toBe("image/webp");
    const { bytes } = await t.deps.db
      .selectFrom("recipeImages")
      .select("bytes")
      .where("recipeId", "=", withPhoto.id)
      .executeTakeFirstOrThrow();
    const original = Buffer.from(bytes);
    expect(original.includes(Buffer.from(place))).toBe(false);
    expect(original.includes(jpeg.subarray(jpeg.indexOf(Buffer.from([0xff, 0xda]))))).toBe(true);
  });

  it("removes a recipe's photo for its household only, once: the recipe stays and says it has none", async () => {
    const [cook, stranger] = [await createUser(t), await createUser(t)];
    await upload(cook.cookie, await paprikaFile(sampleRecipes(1, "Pictured")));
    const [recipe] = await recipesOf(cook.id);
    const remove = (who: typeof cook) =>
      t.app.inject({ method: "DELETE", url: `/api/recipes/${recipe!.id}/image`, headers: { cookie: who.cookie } });

    // The list as the cook's screen read it before: served again from the process's cache unless its version moves.
    expect((await get(cook.cookie, "/api/recipes")).json()).toMatchObject([{ id: recipe!.id, photoUrl: photoPath(recipe!.id) }]);
    expect((await remove(stranger)).statusCode).toBe(404);
    expect(await countOf("recipeImages", cook.id)).toBe(1);
    const removed = await remove(cook);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({
      id: recipe!.id,
      title: recipe!.title,
      photoUrl: null,
      updatedAt: recipe!.updatedAt.toISOString(),
    });
    expect(await countOf("recipeImages", cook.id)).toBe(0);
    expect((await get(cook.cookie, "/api/recipes")).json()).toMatchObject([{ id: recipe!.id, photoUrl: null }]);
    expect((await get(cook.cookie, `/api/recipes/${recipe!.id}/image`)).statusCode).toBe(404);
    // A second press finds nothing to remove, and says so.
    const again = await remove(cook);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(PHOTO_NOT_FOUND);
  });

  describe("a cook's own photo (PUT /api/recipes/{id}/image)", () => {
    const putPhoto = (cookie: Cookie, id: string, bytes: Buffer, filename = "dish.jpg") => {
      const { payload, headers } = fileUpload(bytes, filename);
      return t.app.inject({ method: "PUT", url: `/api/recipes/${id}/image`, payload, headers: { ...headers, cookie } });
    };
    const storedPhotos = (id: string) =>
      t.deps.db.selectFrom("recipeImages").select(["contentType", "bytes", "checked", "displayType"]).where("recipeId", "=", id).execute();

    it("keeps it checked and drawn in the place of the photo the recipe had, for its household only", async () => {
      const [cook, stranger] = [await createUser(t), await createUser(t)];
      await upload(cook.cookie, await paprikaFile(sampleRecipes(1, "Pictured")));
      const [recipe] = await recipesOf(cook.id);
      const before: string = (await get(cook.cookie, "/api/recipes")).json()[0].photoUrl;
      const imported = await storedPhotos(recipe!.id);
      const place = "GPS 52.3676N 4.9041E";
      const jpeg = drawnJpeg({ segments: [jpegSegment(0xe1, Buffer.concat([exifBlock([]), Buffer.from(place)]))] });

      // Another household's recipe is not found, and nothing of the cook's changes.
      const refused = await putPhoto(stranger.cookie, recipe!.id, jpeg);
      expect(refused.statusCode).toBe(404);
      expect(await storedPhotos(recipe!.id)).toEqual(imported);

      const kept = await putPhoto(cook.cookie, recipe!.id, jpeg);
      expect(kept.statusCode, kept.body).toBe(200);
      // The recipe as it is now: its fields and updatedAt as they were (an open form is not started again), the photo's
      // address new, so a browser holding the old photo for a day asks for this one.
      expect(kept.json()).toMatchObject({ id: recipe!.id, title: recipe!.title, updatedAt: recipe!.updatedAt.toISOString() });
      expect(kept.json().photoUrl).toEqual(photoPath(recipe!.id));
      expect(kept.json().photoUrl).not.toBe(before);
      expect((await get(cook.cookie, "/api/recipes")).json()).toMatchObject([{ id: recipe!.id, photoUrl: kept.json().photoUrl }]);
      const [stored] = await storedPhotos(recipe!.id);
      expect(stored).toMatchObject({ contentType: "image/jpeg", checked: true, displayType: DISPLAY_COPY.contentType });
      expect(Buffer.from(stored!.bytes).includes(Buffer.from(place))).toBe(false);
      const served = await get(cook.cookie, kept.json().photoUrl);
      expect(served.statusCode).toBe(200);
      expect(served.headers["content-type"]).toBe("image/webp");
      expect(served.rawPayload.includes(Buffer.from(place))).toBe(false);
      expect((await get(stranger.cookie, `/api/recipes/${recipe!.id}/image`)).statusCode).toBe(404);
    });

    it("refuses what is not a photo it can keep with a clear message, and changes nothing", async () => {
      const cook = await createUser(t);
      await upload(cook.cookie, await paprikaFile(sampleRecipes(1, "Pictured")));
      const [recipe] = await recipesOf(cook.id);
      const imported = await storedPhotos(recipe!.id);
      const refusals: [string, Buffer, string][] = [
        ["a text file", Buffer.from("not a photo at all"), NOT_A_PHOTO],
        ["a pixel bomb", pngPhoto({ width: 20_000, height: 20_000, imageData: Buffer.alloc(48_000) }), NOT_A_PHOTO],
        ["a JPEG cut short", drawnJpeg().subarray(0, 40), NOT_A_PHOTO],
        ["an empty file", Buffer.alloc(0), NOT_A_PHOTO],
      ];
      for (const [what, bytes, message] of refusals) {
        const answer = await putPhoto(cook.cookie, recipe!.id, bytes);
        expect(answer.statusCode, what).toBe(400);
        expect(answer.json().message, what).toBe(message);
      }
      // No file in the form, or no form.
      const json = await t.app.inject({
        method: "PUT",
        url: `/api/recipes/${recipe!.id}/image`,
        payload: {},
        headers: { cookie: cook.cookie },
      });
      expect(json.statusCode).toBe(400);
      expect(json.json().message).toBe(NO_PHOTO);
      // Over the size bound: refused from its declared length, before it is read.
      const large = await putPhoto(cook.cookie, recipe!.id, Buffer.alloc(TRANSFER_LIMITS.imageBytes + 1024 * 1024));
      expect(large.statusCode).toBe(413);
      const missing = await putPhoto(cook.cookie, randomUUID(), drawnJpeg());
      expect(missing.statusCode).toBe(404);
      expect((await putPhoto(cook.cookie, "not-an-id", drawnJpeg())).statusCode).toBe(400);
      expect(await storedPhotos(recipe!.id)).toEqual(imported);
    });

    it("keeps a household's photos within their bound: a photo past it refused, an import's photos past it left out", async () => {
      const cook = await createUser(t);
      await upload(
        cook.cookie,
        await paprikaFile(sampleRecipes(2, "Bounded").map((r) => ({ ...r, photo: pngPhoto({ width: 64, height: 64 }) }))),
      );
      const [first, second] = await recipesOf(cook.id);
      const sizes = await t.deps.db
        .selectFrom("recipeImages")
        .select(["recipeId", sql<number>`octet_length(bytes) + octet_length(display_bytes)`.as("size")])
        .where("recipeId", "in", [first!.id, second!.id])
        .execute();
      const sizeOf = (id: string) => Number(sizes.find((row) => row.recipeId === id)!.size);
      const before = await storedPhotos(first!.id);
      // The other photo fills the bound: refused before the upload is read.
      await withLimits({ householdPhotoBytes: sizeOf(second!.id) }, async () => {
        const refused = await putPhoto(cook.cookie, first!.id, drawnJpeg());
        expect(refused.statusCode).toBe(403);
        expect(refused.json().message).toBe(photosFull());
      });
      // Room for a byte more: refused once the photo is drawn and its size known.
      await withLimits({ householdPhotoBytes: sizeOf(second!.id) + 1 }, async () => {
        const refused = await putPhoto(cook.cookie, first!.id, drawnJpeg());
        expect(refused.statusCode).toBe(403);
        expect(refused.json().message).toBe(photosFull());
        // An import keeps its recipes and tells the photos left out, and why.
        const imported = await upload(cook.cookie, await paprikaFile(sampleRecipes(1, "Over the bound")));
        expect(imported.json()).toMatchObject({ imported: 1, failed: 1 });
        expect(imported.json().details).toEqual([{ title: "Photos", outcome: "failed", reason: photosLeftOut(1, true) }]);
      });
      expect(await storedPhotos(first!.id)).toEqual(before);
      expect(await countOf("recipeImages", cook.id)).toBe(2);
    });

    it(
      "keeps one photo when the same one is sent twice at once, and counts a person's photos by the hour",
      async () => {
        const cook = await createUser(t);
        await upload(cook.cookie, await paprikaFile(sampleRecipes(1, "Plain")));
        const [recipe] = await recipesOf(cook.id);
        await t.deps.db.deleteFrom("recipeImages").where("recipeId", "=", recipe!.id).execute();
        const twice = await Promise.all([putPhoto(cook.cookie, recipe!.id, drawnJpeg()), putPhoto(cook.cookie, recipe!.id, drawnJpeg())]);
        expect(twice.map((answer) => answer.statusCode)).toEqual([200, 200]);
        expect(await storedPhotos(recipe!.id)).toHaveLength(1);
        for (let sent = 2; sent < OWN_PHOTO_LIMITS.perHour.max; sent++)
          expect((await putPhoto(cook.cookie, recipe!.id, drawnJpeg())).statusCode).toBe(200);
        const past = await putPhoto(cook.cookie, recipe!.id, drawnJpeg());
        expect(past.statusCode).toBe(429);
        expect(await storedPhotos(recipe!.id)).toHaveLength(1);
      },
      SLOW,
    );
  });

  it("checks a photo kept before photos were checked as it serves it: too many pixels not found, its Exif left out", async () => {
    const user = await createUser(t);
    await upload(user.cookie, await kimExport({ recipes: [kimRecipe(1), kimRecipe(2)] }));
    const [bomb, camera] = await recipesOf(user.id);
    const place = "GPS 52.3676N 4.9041E";
    const jpeg = drawnJpeg({ segments: [jpegSegment(0xe1, Buffer.concat([exifBlock([]), Buffer.from(place)]))] });
    // Stored as an earlier import stored them, unchecked.
    await t.deps.db
      .insertInto("recipeImages")
      .values([
        {
          recipeId: bomb!.id,
          contentType: "image/png",
          bytes: pngPhoto({ width: 20_000, height: 20_000, imageData: Buffer.alloc(48_000) }),
        },
        { recipeId: camera!.id, contentType: "image/jpeg", bytes: jpeg },
      ])
      .execute();
    const photoUrls = async () =>
      Object.fromEntries(
        ((await get(user.cookie, "/api/recipes")).json() as { id: string; photoUrl: string | null }[]).map((r) => [
          r.id,
          r.photoUrl !== null,
        ]),
      );
    expect(await photoUrls()).toEqual({ [bomb!.id]: true, [camera!.id]: true });
    expect((await get(user.cookie, `/api/recipes/${bomb!.id}/image`)).statusCode).toBe(404);
    const served = await get(user.cookie, `/api/recipes/${camera!.id}/image`);
    expect(served.statusCode).toBe(200);
    // Its display copy, made as it was first shown.
    expect(served.headers["content-type"]).toBe("image/webp");
    expect(served.rawPayload.includes(Buffer.from(place))).toBe(false);
    // Checked once and kept so: the bomb is gone (and its recipe's card says so), the other stored without the place,
    // with the display copy it was served.
    expect(await photoUrls()).toEqual({ [bomb!.id]: false, [camera!.id]: true });
    const stored = await t.deps.db
      .selectFrom("recipeImages")
      .select(["recipeId", "bytes", "checked", "contentType", "displayType", "displayBytes"])
      .where("recipeId", "=", camera!.id)
      .execute();
    expect(stored).toEqual([
      {
        recipeId: camera!.id,
        bytes: expect.anything(),
        checked: true,
        contentType: "image/jpeg",
        displayType: "image/webp",
        displayBytes: expect.anything(),
      },
    ]);
    expect(Buffer.from(stored[0]!.bytes).equals(keptPhoto(jpeg)!.bytes)).toBe(true);
    expect(Buffer.from(stored[0]!.displayBytes!).equals(served.rawPayload)).toBe(true);
  });

  it("makes the display copy of a photo checked before display copies the first time it is shown, and keeps it", async () => {
    const user = await createUser(t);
    await upload(user.cookie, await kimExport({ recipes: [kimRecipe(1)] }));
    const [recipe] = await recipesOf(user.id);
    const photo = await sharp({ create: { width: 2000, height: 1500, channels: 3, background: "#c08040" } })
      .png()
      .toBuffer();
    // As an import stored it after photos were checked, before display copies.
    await t.deps.db
      .insertInto("recipeImages")
      .values({ recipeId: recipe!.id, contentType: "image/png", bytes: photo, checked: true })
      .execute();
    const served = await get(user.cookie, `/api/recipes/${recipe!.id}/image`);
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/webp");
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: "webp", width: 1280, height: 960 });
    const stored = await t.deps.db
      .selectFrom("recipeImages")
      .select(["bytes", "displayBytes"])
      .where("recipeId", "=", recipe!.id)
      .executeTakeFirstOrThrow();
    expect(Buffer.from(stored.bytes).equals(photo)).toBe(true);
    expect(Buffer.from(stored.displayBytes!).equals(served.rawPayload)).toBe(true);
    // Read again, the stored copy is sent as it is.
    expect((await get(user.cookie, `/api/recipes/${recipe!.id}/image`)).rawPayload.equals(served.rawPayload)).toBe(true);
  });

  it("saves recipes in batches bounded by their photos' bytes, not only by their count", () => {
    const read = (bytes: number): ReadRecipe => ({
      recipe: { title: "R" } as ReadRecipe["recipe"],
      image: bytes ? { path: "p", contentType: "image/jpeg", bytes, display: { path: "p.display", contentType: "image/webp" } } : null,
    });
    const mib = 1024 * 1024;
    const sizes = (recipes: ReadRecipe[]) => photoBatches(recipes).map((batch) => batch.length);
    expect(sizes(Array.from({ length: 250 }, () => read(0)))).toEqual([100, 100, 50]);
    // 16 MiB of photos a batch; a photo larger than that goes alone.
    expect(sizes([read(10 * mib), read(5 * mib), read(2 * mib), read(0), read(20 * mib), read(mib)])).toEqual([2, 2, 1, 1]);
  });

  it("removes import folders left by a process that died, not those of imports still running", async () => {
    const dir = await mkdtemp(join(tmpdir(), "kim-sweep-test-"));
    const [old, fresh] = [join(dir, "imports", "kim-import-old"), join(dir, "imports", "kim-import-fresh")];
    await mkdir(join(old, "images"), { recursive: true });
    await mkdir(fresh, { recursive: true });
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60_000);
    await utimes(old, twoHoursAgo, twoHoursAgo);
    expect(await sweepImportFolders(dir)).toBe(1);
    expect(await readdir(join(dir, "imports"))).toEqual(["kim-import-fresh"]);
    expect(await sweepImportFolders(join(dir, "nothing-here"))).toBe(0);
  });

  it("keeps a finished import's summary for its key's retries a day, then deletes it", async () => {
    const user = await createUser(t);
    const key = randomUUID();
    const first = await upload(user.cookie, await kimExport({ recipes: [kimRecipe(1)] }), { key });
    expect(first.statusCode, first.body).toBe(200);
    const imports = () => t.deps.db.selectFrom("collectionImports").select("idempotencyKey").where("userId", "=", user.id).execute();
    // The clock the housekeeping is handed: the import finished a moment before the real now.
    const later = (ms: number) => new Date(Date.now() + ms);

    await pruneFinishedImports(t.deps.db, later(IMPORT_KEPT_MS - 60_000));
    expect(await imports()).toEqual([{ idempotencyKey: key }]);
    expect((await get(user.cookie, `/api/transfer/imports/${key}`)).json()).toMatchObject({ status: "done", summary: first.json() });
    const retry = await upload(user.cookie, await kimExport({ recipes: [kimRecipe(2)] }), { key });
    expect(retry.json()).toEqual(first.json());

    expect(await pruneFinishedImports(t.deps.db, later(IMPORT_KEPT_MS + 60_000))).toBeGreaterThanOrEqual(1);
    expect(await imports()).toEqual([]);
    expect((await get(user.cookie, `/api/transfer/imports/${key}`)).statusCode).toBe(404);
    expect(await countOf("recipes", user.id)).toBe(1);
  });

  it("leaves out a kitchen row holding text PostgreSQL can't store, names it in the details, and saves the rest", async () => {
    const user = await createUser(t);
    const res = await upload(
      user.cookie,
      await kimExport({
        recipes: [kimRecipe(1)],
        inventory: [{ ...MILK, name: "Mi\u0000lk" }, MILK],
        shoppingLists: [{ name: "L\u0000", items: [{ name: "x\u0000", checked: false }] }],
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ imported: 1, failed: 2, restored: { inventory: 1, shoppingLists: 0 } });
    expect(res.json().details).toEqual([
      { title: "Inventory: Mi\uFFFDlk", outcome: "failed", reason: "Name contains a character that can't be saved" },
      { title: "Shopping list: L\uFFFD", outcome: "failed", reason: "Name contains a character that can't be saved" },
    ]);
    expect(await countOf("recipes", user.id)).toBe(1);
  });

  it("quotes a refused row's megabyte name cut short, in the answer and in the summary kept for the progress", async () => {
    const user = await createUser(t);
    // Random, so the zip does not pack it a thousand times (a bomb): a megabyte a name, as a file may hold.
    const huge = (letter: string) => `${letter}${randomBytes(512 * 1024).toString("hex")}`;
    const [titles, names] = [["a", "b", "c"].map(huge), ["d", "e", "f"].map(huge)];
    const key = randomUUID();
    const res = await upload(
      user.cookie,
      await kimExport({
        recipes: [kimRecipe(1), ...titles.map((title) => ({ ...kimRecipe(2), title }))],
        inventory: [...names.map((name) => ({ ...MILK, name })), MILK],
      }),
      { key },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ imported: 1, failed: 6, restored: { inventory: 1 } });
    const details = res.json().details as { title: string }[];
    expect(details.map((d) => d.title)).toEqual([
      ...titles.map((title) => `${title.slice(0, EXCERPT_CHARACTERS - 1)}…`),
      ...names.map((name) => `${`Inventory: ${name}`.slice(0, EXCERPT_CHARACTERS - 1)}…`),
    ]);
    expect(res.body.length).toBeLessThan(10_000);
    const progress = await get(user.cookie, `/api/transfer/imports/${key}`);
    expect(progress.json()).toMatchObject({ status: "done", summary: res.json() });
    expect(progress.body.length).toBeLessThan(10_000);
    const stored = await t.deps.db
      .selectFrom("collectionImports")
      .select(sql<number>`octet_length(summary::text)`.as("bytes"))
      .where("userId", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(stored.bytes).toBeLessThan(10_000);
  });

  it("lists stock events dated outside the kitchen's years as failed and saves the rest, never a 500 after the recipes", async () => {
    const user = await createUser(t);
    const event = { name: "Milk", category: "Dairy", kind: "used", reason: "emptied", expirationDate: null };
    // Year 0000 or 9999 with an offset pushing it further out: a date and time as written, none SQL can store.
    const outOfRange = ["0000-01-01T00:00:00Z", "9999-12-31T23:59:59-23:59", "0000-01-01T00:00:00+23:59"];
    const res = await upload(
      user.cookie,
      await kimExport({
        recipes: [kimRecipe(1)],
        stockHistory: [
          ...outOfRange.map((occurredAt) => ({ ...event, occurredAt })),
          { ...event, name: "Old milk", expirationDate: "0100-01-01", occurredAt: "2026-01-01T00:00:00Z" },
          { ...event, occurredAt: "2026-01-02T00:00:00+01:00" },
        ],
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ imported: 1, failed: 4, restored: { stockHistory: 1 } });
    const when = "When it happened must be a date and time from 1900 to 2999";
    expect(res.json().details).toEqual([
      ...outOfRange.map(() => ({ title: "Stock history: Milk", outcome: "failed", reason: when })),
      { title: "Stock history: Old milk", outcome: "failed", reason: "Expiration date must be a date from 1900 to 2999" },
    ]);
    const events = await t.deps.db.selectFrom("stockEvents").select("occurredAt").where("householdId", "=", user.householdId).execute();
    expect(events.map((e) => e.occurredAt.toISOString())).toEqual(["2026-01-01T23:00:00.000Z"]);
  });

  it("refuses a user's import past the ones running at once with 429, before reading the upload", async () => {
    const user = await createUser(t);
    const running = Array.from({ length: TRANSFER_LIMITS.importsAtOnce }, () => ({ userId: user.id, idempotencyKey: randomUUID() }));
    await t.deps.db.insertInto("collectionImports").values(running).execute();
    const res = await upload(user.cookie, jsonLdFile(sampleRecipes(1)));
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(TOO_MANY_AT_ONCE);
    expect(await countOf("collectionImports", user.id)).toBe(TRANSFER_LIMITS.importsAtOnce);
    // One finished: there is room again.
    await t.deps.db
      .updateTable("collectionImports")
      .set({ status: "done" })
      .where("idempotencyKey", "=", running[0]!.idempotencyKey)
      .execute();
    expect((await upload(user.cookie, jsonLdFile(sampleRecipes(1)))).statusCode).toBe(200);
  });

  it("counts a user's imports: past the hour's limit, 429", async () => {
    const max = IMPORT_LIMIT.max;
    IMPORT_LIMIT.max = 2;
    try {
      const user = await createUser(t);
      const file = jsonLdFile(sampleRecipes(1, "Limited"));
      for (let i = 0; i < 2; i++) expect((await upload(user.cookie, file)).statusCode).toBe(200);
      const res = await upload(user.cookie, file);
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toMatch(/^Too many imports\. Try again in/);
      expect((await upload((await createUser(t)).cookie, file)).statusCode).toBe(200);
    } finally {
      IMPORT_LIMIT.max = max;
    }
  });

  it(
    "refuses a Plan to Eat CSV of more rows than recipes a file may hold, reading no further than the bound",
    async () => {
      const user = await createUser(t);
      const res = await upload(user.cookie, Buffer.from(`Title,Ingredients\n${"x,\n".repeat(2_000_000)}`), { filename: "p.csv" });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().message).toBe(REFUSALS.tooManyRecipes.message);
    },
    SLOW,
  );
});

describe("an import while its household changes", () => {
  const send = (who: Person, method: "POST" | "DELETE", url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload && { payload }) });

  /** `who` joins `owner`'s household with the invitation mailed to them (an empty kitchen is merged). */
  async function join(owner: Person, who: Person) {
    expect((await send(owner, "POST", "/api/household/invites", { email: who.email })).statusCode).toBe(201);
    const mail = await t.deps.db
      .selectFrom("emailOutbox")
      .select("textBody")
      .where("toAddress", "=", who.email)
      .orderBy("createdAt", "desc")
      .executeTakeFirstOrThrow();
    const token = decodeURIComponent(/\/household\/join\?token=([^\s"&]+)/.exec(mail.textBody)![1]!);
    const res = await send(who, "POST", "/api/household/join", { token });
    expect(res.statusCode, res.body).toBe(200);
  }

  /**
   * An upload held after its first bytes, as a slow line sends it: `reading` resolves once the server reads the file
   * (its checks done, the kitchen taken from the session), `finish` sends the rest.
   */
  function heldUpload(who: Person, bytes: Buffer) {
    const { payload, headers } = fileUpload(bytes);
    let reading!: () => void;
    let finish!: () => void;
    const [started, rest] = [new Promise<void>((r) => (reading = r)), new Promise<void>((r) => (finish = r))];
    async function* body() {
      reading();
      yield payload.subarray(0, 100);
      await rest;
      yield payload.subarray(100);
    }
    const answer = t.app.inject({
      method: "POST",
      url: "/api/transfer/import?duplicates=keep",
      payload: Readable.from(body()),
      headers: { ...headers, cookie: who.cookie },
    });
    return { reading: started, finish, answer };
  }

  const kitchenSize = async (householdId: string) => ({
    recipes: await countOf("recipes", householdId),
    inventory: (await t.deps.db.selectFrom("ingredients").select("id").where("householdId", "=", householdId).execute()).length,
  });

  it("stops with 409 when the owner removes the importer mid-upload: nothing is written to the kitchen they left", async () => {
    const [owner, member] = [await createUser(t), await createUser(t)];
    await join(owner, member);
    const upload = heldUpload(member, await kimExport({ recipes: [kimRecipe(1)], inventory: [MILK] }));
    await upload.reading;
    expect((await send(owner, "DELETE", `/api/household/members/${member.id}`)).statusCode).toBe(200);
    upload.finish();
    const res = await upload.answer;
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(HOUSEHOLD_CHANGED);
    expect(await kitchenSize(owner.householdId)).toEqual({ recipes: 0, inventory: 0 });
    expect(await countOf("collectionImports", member.id)).toBe(0);
  });

  it("stops with 409, not a 500, when the importer's household is merged into another mid-upload", async () => {
    const [owner, member] = [await createUser(t), await createUser(t)];
    const upload = heldUpload(member, await kimExport({ recipes: [kimRecipe(1)], inventory: [MILK] }));
    await upload.reading;
    // The importer's empty kitchen is merged into the owner's, and their own household deleted.
    await join(owner, member);
    upload.finish();
    const res = await upload.answer;
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(HOUSEHOLD_CHANGED);
    expect(await kitchenSize(owner.householdId)).toEqual({ recipes: 0, inventory: 0 });
  });
});

describe("malformed uploads: 400 or 413, never a 500", () => {
  const boundary = "----kim-bad-form";
  const part = (name: string, body: string, filename?: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"` : ""}\r\n\r\n${body}\r\n`;
  const send = async (payload: string | Readable, contentType = `multipart/form-data; boundary=${boundary}`) => {
    const user = await createUser(t);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/transfer/import",
      payload,
      headers: { cookie: user.cookie, "content-type": contentType },
    });
    expect(await countOf("collectionImports", user.id)).toBe(0);
    return res;
  };
  const recipe = JSON.stringify(jsonLdFile(sampleRecipes(1)).toString());

  it("refuses a second file, too many fields, a missing boundary and a body cut short", async () => {
    const twoFiles = await send(part("other", "x", "a.txt") + part("file", recipe, "b.json") + `--${boundary}--\r\n`);
    expect(twoFiles.statusCode, twoFiles.body).toBe(413);
    const fields = await send(["a", "b", "c", "d", "e"].map((name) => part(name, "x")).join("") + part("file", recipe, "b.json"));
    expect(fields.statusCode, fields.body).toBe(413);
    const noBoundary = await send(part("file", recipe, "b.json"), "multipart/form-data");
    expect(noBoundary.statusCode, noBoundary.body).toBe(400);
    const cut = await send(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="b.json"\r\n\r\n[{"@type"`);
    expect(cut.statusCode, cut.body).toBe(400);
    for (const res of [twoFiles, fields, noBoundary, cut]) expect(res.json().message).toEqual(expect.any(String));
  });

  it(
    "refuses a file sent in chunks that grows past the cap with 413, rather than reading the part that came",
    async () => {
      // No length declared: the body's size is known only as it arrives (made as it is sent, a MiB at a time).
      const mib = Buffer.alloc(1024 * 1024, 0x20);
      async function* body() {
        yield `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.json"\r\n\r\n[`;
        for (let sent = 0; sent <= TRANSFER_LIMITS.fileBytes; sent += mib.length) yield mib;
        yield `]\r\n--${boundary}--\r\n`;
      }
      const res = await send(Readable.from(body()));
      expect(res.statusCode, res.body).toBe(413);
      // Not the refusal of a JSON file read whole: the file never reached the reader.
      expect(res.json().message).toBe(BODY_REFUSALS.tooLarge().message);
      expect(await importFolders()).toEqual([]);
    },
    SLOW,
  );
});

/** The entries of a zip, by name. */
function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const files = new Map<string, Buffer>();
      zip.on("entry", (entry: yauzl.Entry) =>
        zip.openReadStream(entry, (err, stream) => {
          if (err) return reject(err);
          const chunks: Buffer[] = [];
          stream.on("data", (c: Buffer) => chunks.push(c));
          stream.on("end", () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        }),
      );
      zip.on("end", () => resolve(files));
      zip.readEntry();
    });
  });
}

describe("exporting everything", () => {
  it(
    "streams one zip of the whole account that Kim's import reads back exactly, every recipe field and photo",
    async () => {
      const user = await createUser(t);
      await upload(user.cookie, await paprikaFile(sampleRecipes(6, "Round")));
      // A recipe made in Kim's own form, with fields no other app's file sets.
      const made = await t.app.inject({
        method: "POST",
        url: "/api/recipes",
        headers: { cookie: user.cookie },
        payload: {
          title: "Kim's own — ünïcode",
          description: "Made here",
          imageUrl: "https://example.com/a.jpg",
          difficulty: "Hard",
          cuisineType: "Italian",
          servings: 3,
          ingredients: [
            { name: "eggs", quantity: 2, unit: "" },
            { name: "salt", quantity: "a pinch", unit: "" },
          ],
          instructions: "Beat.\nCook.",
          tags: ["quick"],
          isAiExtracted: true,
        },
      });
      expect(made.statusCode, made.body).toBe(201);
      await t.app.inject({ method: "POST", url: "/api/ingredients", headers: { cookie: user.cookie }, payload: MILK });

      const res = await get(user.cookie, "/api/transfer/export");
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("application/zip");
      expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="kim-export-\d{4}-\d{2}-\d{2}\.zip"$/);
      expect(res.headers["cache-control"]).toBe("private, no-store");
      const files = await unzip(res.rawPayload);
      const document = JSON.parse(files.get("kim-export.json")!.toString());
      expect(document).toMatchObject({ format: "kim-export", version: 1, profile: { email: user.email } });
      expect(document.inventory.map((i: { name: string }) => i.name)).toEqual(["Milk"]);
      expect(document.recipes).toHaveLength(7);
      for (const key of ["mealPlans", "shoppingLists", "stockHistory"]) expect(Array.isArray(document[key])).toBe(true);
      const jsonLd = JSON.parse(files.get("recipes.jsonld")!.toString());
      expect(jsonLd).toHaveLength(7);
      expect(jsonLd[0]).toMatchObject({ "@type": "Recipe" });
      expect([...files.keys()].filter((name) => name.startsWith("images/"))).toHaveLength(3);

      const newcomer = await createUser(t);
      const imported = await upload(newcomer.cookie, res.rawPayload, { filename: "kim-export.zip" });
      expect(imported.json()).toMatchObject({ format: "kim", imported: 7, skipped: 0, failed: 0 });
      const fields = (r: Record<string, unknown>) => Object.fromEntries(RECIPE_FIELDS.map((f) => [f, r[f]]));
      const [before, after] = [await recipesOf(user.id), await recipesOf(newcomer.id)];
      expect(after.map(fields)).toEqual(before.map(fields));
      const photos = async (householdId: string, recipes: { id: string; title: string }[]) => {
        const rows = await t.deps.db
          .selectFrom("recipeImages")
          .innerJoin("recipes", "recipes.id", "recipeImages.recipeId")
          .select(["recipeImages.recipeId", "recipeImages.bytes", "recipeImages.contentType"])
          .where("recipes.householdId", "=", householdId)
          .execute();
        const titleOf = new Map(recipes.map((r) => [r.id, r.title]));
        return rows.map((r) => [titleOf.get(r.recipeId), r.contentType, Buffer.from(r.bytes).toString("base64")]).sort();
      };
      expect(await photos(newcomer.id, after)).toEqual(await photos(user.id, before));

      // The JSON-LD half reads as schema.org recipes too.
      const asJsonLd = await upload((await createUser(t)).cookie, files.get("recipes.jsonld")!);
      expect(asJsonLd.json()).toMatchObject({ format: "schema.org", imported: 7 });
    },
    SLOW,
  );

  it(
    "a Kim export imported into another account gives the same kitchen: every field of every kind",
    async () => {
      const a = await createUser(t);
      const send = (method: "POST" | "PATCH" | "PUT", url: string, payload: object) =>
        t.app.inject({ method, url, headers: { cookie: a.cookie, "idempotency-key": randomUUID() }, payload });
      await upload(a.cookie, await paprikaFile(sampleRecipes(3, "Whole")));
      const [first, second] = await recipesOf(a.householdId);
      const item = async (payload: object) => (await send("POST", "/api/ingredients", payload)).json().id as string;
      await item({ ...MILK, expirationDate: "2030-05-01", notes: "Oat, not cow" });
      const yogurt = await item({ name: "Yogurt", quantity: 2, unit: "units", category: "Dairy" });
      const old = await item({ name: "Old cheese", quantity: 1, unit: "units", category: "Dairy", expirationDate: "2020-01-01" });
      // Stock history: one emptied (the item stays, at 0), one thrown away after its date (the item gone).
      expect((await send("PATCH", `/api/ingredients/${yogurt}`, { quantity: 0 })).statusCode).toBe(200);
      expect((await t.app.inject({ method: "DELETE", url: `/api/ingredients/${old}`, headers: { cookie: a.cookie } })).statusCode).toBe(
        200,
      );
      for (const meal of [
        { recipeId: first!.id, date: "2026-12-01", mealType: "dinner", servings: 3, notes: "Double the garlic" },
        { recipeId: second!.id, date: "2026-12-02", mealType: "lunch", servings: 1 },
      ]) {
        expect((await send("POST", "/api/meal-plans", meal)).statusCode).toBe(201);
      }
      const list = (await send("POST", "/api/shopping-lists", { name: "Market" })).json();
      const items = [
        { name: "Leeks", quantity: 2, unit: "units", checked: true, category: "Produce", plan: { from: "2026-12-01", to: "2026-12-07" } },
        { name: "Butter", quantity: 250, unit: "g", checked: false },
      ];
      expect((await send("PATCH", `/api/shopping-lists/${list.id}`, { items, version: list.version })).statusCode).toBe(200);
      await send("POST", "/api/shopping-lists", { name: "Party" });
      await send("PATCH", "/api/user/profile", { profileImageUrl: "Ice Cream" });
      await send("PUT", "/api/user/expiry-mail", { expiryMail: true, timeZone: "Asia/Tokyo" });

      const exported = await get(a.cookie, "/api/transfer/export");
      const document = JSON.parse((await unzip(exported.rawPayload)).get(KIM_EXPORT_FILE)!.toString());
      // Every kind the export holds is compared below: a kind added to the export fails here until it is restored too.
      expect(Object.keys(document).sort()).toEqual(
        ["exportedAt", "format", "inventory", "mealPlans", "profile", "recipes", "shoppingLists", "stockHistory", "version"].sort(),
      );
      expect(JSON.stringify(document)).not.toContain(a.id);

      const b = await createUser(t);
      const res = await upload(b.cookie, exported.rawPayload, { filename: "kim-export.zip" });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        format: "kim",
        imported: 3,
        skipped: 0,
        failed: 0,
        restored: { inventory: 2, mealPlans: 2, shoppingLists: 2, stockHistory: 2 },
      });

      const kitchenOf = async (householdId: string) => {
        const { db } = t.deps;
        const recipes = await recipesOf(householdId);
        const titleOf = new Map(recipes.map((r) => [r.id, r.title]));
        const inventory = await db.selectFrom("ingredients").selectAll().where("householdId", "=", householdId).orderBy("name").execute();
        const nameOf = new Map(inventory.map((i) => [i.id, i.name]));
        const strip = <T extends object>(row: T) =>
          Object.fromEntries(
            Object.entries(row).filter(
              ([k]) => !["id", "householdId", "createdBy", "updatedBy", "createdAt", "updatedAt", "version"].includes(k),
            ),
          );
        const sorted = <T>(rows: T[]) => rows.map((r) => JSON.stringify(r)).sort();
        return {
          recipes: recipes.map(({ ingredients, ...r }) => ({ ...strip(r), ingredients })),
          inventory: inventory.map(strip),
          mealPlans: sorted(
            (await db.selectFrom("mealPlans").selectAll().where("householdId", "=", householdId).execute()).map(({ recipeId, ...m }) => ({
              ...strip(m),
              recipe: recipeId && titleOf.get(recipeId),
            })),
          ),
          shoppingLists: sorted(
            (await db.selectFrom("shoppingLists").selectAll().where("householdId", "=", householdId).execute()).map(({ items, ...l }) => ({
              ...strip(l),
              items: items.map(({ changedBy, ...i }) => ({ ...i, byTheCook: changedBy !== null })),
            })),
          ),
          // The item an event names, when it is still in the inventory.
          stockHistory: sorted(
            (await db.selectFrom("stockEvents").selectAll().where("householdId", "=", householdId).execute()).map(
              ({ ingredientId, ...e }) => ({
                ...strip(e),
                item: (ingredientId && nameOf.get(ingredientId)) ?? null,
              }),
            ),
          ),
          profile: await db
            .selectFrom("users")
            .leftJoin("userSettings", "userSettings.userId", "users.id")
            .select(["users.profileImageUrl", "userSettings.timeZone", "userSettings.expiryMail"])
            .where("users.id", "=", householdId)
            .executeTakeFirstOrThrow(),
        };
      };
      const [before, after] = [await kitchenOf(a.householdId), await kitchenOf(b.householdId)];
      for (const kind of ["recipes", "inventory", "mealPlans", "shoppingLists", "stockHistory"] as const) {
        expect(before[kind].length, kind).toBeGreaterThanOrEqual(2);
        expect(after[kind], kind).toEqual(before[kind]);
      }
      expect(before.stockHistory.map((e) => JSON.parse(e).item).sort()).toEqual(["Yogurt", null]);
      // Display preferences come along; the mail opt-in is the account's own to give.
      expect(after.profile).toEqual({ profileImageUrl: "Ice Cream", timeZone: "Asia/Tokyo", expiryMail: false });
      expect(before.profile).toMatchObject({ expiryMail: true });
      expect((await t.deps.db.selectFrom("users").select("email").where("id", "=", b.id).executeTakeFirstOrThrow()).email).toBe(b.email);

      // The same file again: everything is already there, so nothing is added twice.
      const again = await upload(b.cookie, exported.rawPayload, { filename: "kim-export.zip" });
      expect(again.json()).toMatchObject({
        imported: 0,
        skipped: 3 + 8,
        restored: { inventory: 0, mealPlans: 0, shoppingLists: 0, stockHistory: 0 },
      });
      expect(again.json().details).toContainEqual({ title: "Shopping list: Market", outcome: "skipped", reason: ALREADY_THERE });
      expect(await kitchenOf(b.householdId)).toEqual(after);
    },
    SLOW,
  );

  it(
    "restores a Kim export's kitchen within the quotas, row by row, and refuses one no account could hold",
    { timeout: SLOW },
    async () => {
      const kimExport = (rest: object) =>
        zipOf([{ name: KIM_EXPORT_FILE, data: JSON.stringify({ format: "kim-export", version: 1, recipes: [], ...rest }) }]);
      const user = await createUser(t);
      await t.app.inject({ method: "POST", url: "/api/shopping-lists", headers: { cookie: user.cookie }, payload: { name: "Mine" } });
      const lists = Array.from({ length: QUOTAS.shoppingLists.max }, (_, i) => ({ name: `List ${i + 1}`, items: [] }));
      const res = await upload(
        user.cookie,
        await kimExport({
          shoppingLists: lists,
          inventory: [MILK, { ...MILK, name: "Bad", unit: "bushels" }],
          mealPlans: [{ recipeId: randomUUID(), date: "2026-12-01", mealType: "dinner", servings: 2 }],
        }),
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        imported: 0,
        restored: { shoppingLists: QUOTAS.shoppingLists.max - 1, inventory: 1, mealPlans: 0 },
      });
      expect(res.json().details).toEqual(
        expect.arrayContaining([
          { title: `Shopping list: List ${QUOTAS.shoppingLists.max}`, outcome: "failed", reason: quotaMessage("shoppingLists") },
          { title: "Inventory: Bad", outcome: "failed", reason: expect.stringMatching(/^Unit must be one of/) },
          { title: "Planned meal: 2026-12-01", outcome: "failed", reason: "Its recipe was not imported" },
        ]),
      );
      const lists2 = await t.deps.db.selectFrom("shoppingLists").select("name").where("householdId", "=", user.householdId).execute();
      expect(lists2).toHaveLength(QUOTAS.shoppingLists.max);

      // Stock history has no quota: a file's is read up to its bound, the oldest past it left out and told. (Each row
      // has its id, as in a real export: rows all alike would pack like a compression bomb.)
      const event = { name: "Milk", category: "Dairy", kind: "spilled", reason: "emptied", occurredAt: "2026-01-01T00:00:00.000Z" };
      const history = await upload(
        user.cookie,
        await kimExport({ stockHistory: Array.from({ length: MAX_STOCK_EVENTS + 2 }, () => ({ ...event, id: randomUUID() })) }),
      );
      expect(history.json()).toMatchObject({ failed: MAX_STOCK_EVENTS + 1, restored: { stockHistory: 0 } });
      expect(history.json().details[0]).toEqual({ title: "Stock history", outcome: "failed", reason: stockHistoryLeftOut(2) });
      expect(history.json().details[1]).toEqual({ title: "Stock history: Milk", outcome: "failed", reason: "Kind must be wasted or used" });

      // More lists than any account may keep: no export of Kim's, so the file is refused and nothing changes.
      const other = await createUser(t);
      const tooMany = await upload(
        other.cookie,
        await kimExport({ shoppingLists: [...lists, { name: "One more", items: [] }], inventory: [MILK] }),
      );
      expect(tooMany.statusCode).toBe(422);
      expect(tooMany.json().message).toBe(REFUSALS.kimTooLarge.message);
      expect(await t.deps.db.selectFrom("ingredients").select("id").where("householdId", "=", other.householdId).execute()).toEqual([]);
      expect(await countOf("collectionImports", other.id)).toBe(0);
    },
  );

  it("keeps a meal slot's limit when a kitchen is restored with duplicates kept: meals past it left out and listed", async () => {
    const user = await createUser(t);
    const send = (url: string, payload: object) =>
      t.app.inject({ method: "POST", url, headers: { cookie: user.cookie, "idempotency-key": randomUUID() }, payload });
    const recipe = (
      await send("/api/recipes", { title: "Soup", ingredients: [{ name: "Leek", quantity: 1, unit: "units" }], instructions: "Simmer." })
    ).json();
    for (const servings of [1, 2]) {
      expect((await send("/api/meal-plans", { recipeId: recipe.id, date: "2027-07-05", mealType: "dinner", servings })).statusCode).toBe(
        201,
      );
    }
    const exported = (await get(user.cookie, "/api/transfer/export")).rawPayload;
    const dinners = async () =>
      (await get(user.cookie, "/api/meal-plans?from=2027-07-05&to=2027-07-05"))
        .json()
        .filter((m: { mealType: string }) => m.mealType === "dinner");
    const leftOut = { title: "Planned meal: 2027-07-05", outcome: "failed", reason: slotFullText("dinner") };

    // Two in the slot and two in the file: one more fits.
    const first = await upload(user.cookie, exported, { filename: "kim-export.zip", duplicates: "keep" });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ restored: { mealPlans: 1 } });
    expect(first.json().details).toEqual([leftOut]);
    expect(await dinners()).toHaveLength(MAX_MEALS_PER_SLOT);
    const again = await upload(user.cookie, exported, { filename: "kim-export.zip", duplicates: "keep" });
    expect(again.json()).toMatchObject({ restored: { mealPlans: 0 } });
    expect(again.json().details).toEqual([leftOut, leftOut]);
    expect(await dinners()).toHaveLength(MAX_MEALS_PER_SLOT);
  });

  it("refuses strangers and has no tRPC way in", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/transfer/export" })).statusCode).toBe(401);
    const user = await createUser(t);
    const res = await t.app.inject({ method: "GET", url: "/trpc/transfer.exportAll?input=%7B%7D", headers: { cookie: user.cookie } });
    expect(res.statusCode).toBe(400);
  });
});

describe("what one export may cost", () => {
  let port: number;
  // A kitchen whose zip is far more than the connection's buffers hold, so a client that stops reading holds its export.
  let big: Person;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    port = (t.app.server.address() as AddressInfo).port;
    big = await createUser(t);
    const ingredients = JSON.stringify([{ name: "Salt", quantity: 1, unit: "g" }]);
    const recipes = await t.deps.db
      .insertInto("recipes")
      .values([1, 2, 3].map((n) => ({ householdId: big.householdId, title: `Photo ${n}`, ingredients, instructions: "Mix." })))
      .returning("id")
      .execute();
    await t.deps.db
      .insertInto("recipeImages")
      // Marked checked, so they are sent as stored: these tests are about the zip's size, not the photos.
      .values(recipes.map(({ id }) => ({ recipeId: id, contentType: "image/jpeg", bytes: randomBytes(8 * 1024 * 1024), checked: true })))
      .execute();
  });

  /**
   * An export whose client reads its first bytes (`sending` resolves with their status line), then stops reading;
   * `leave` closes the connection.
   */
  function heldExport(who: Person) {
    const socket = connect(port, "127.0.0.1");
    socket.on("error", () => {});
    const sending = new Promise<string>((resolve) =>
      socket.once("data", (chunk: Buffer) => {
        socket.pause();
        resolve(chunk.toString("latin1").split("\r\n")[0]!);
      }),
    );
    socket.write(`GET /api/transfer/export HTTP/1.1\r\nHost: localhost\r\nCookie: ${who.cookie}\r\n\r\n`);
    return { sending, leave: () => socket.destroy() };
  }

  /** The app's log lines since `from`, parsed. */
  const logSince = (from: number) => t.logs.slice(from).map((line) => JSON.parse(line) as { level: number; msg: string });
  const CLIENT_LEFT = "download ended early: the client left";

  async function withExportLimits(perProcess: number, test: () => Promise<void>) {
    const before = EXPORT_LIMITS.perProcess;
    EXPORT_LIMITS.perProcess = perProcess;
    try {
      await test();
    } finally {
      EXPORT_LIMITS.perProcess = before;
    }
  }

  it("sends one export a person at a time (429) and a few a process (503 with Retry-After), before reading the kitchen", async () => {
    await withExportLimits(1, async () => {
      const other = await createUser(t);
      const held = heldExport(big);
      try {
        expect(await held.sending).toBe("HTTP/1.1 200 OK");
        const again = await get(big.cookie, "/api/transfer/export");
        expect(again.statusCode).toBe(429);
        expect(again.json().message).toBe(EXPORT_RUNNING);
        const busy = await get(other.cookie, "/api/transfer/export");
        expect(busy.statusCode).toBe(503);
        expect(busy.json().message).toBe(EXPORTS_BUSY);
        expect(Number(busy.headers["retry-after"])).toBeGreaterThan(0);
        // Refusals for being busy spend none of the hour's exports.
        expect(await t.deps.db.selectFrom("rateLimits").select("key").where("key", "like", `%${other.id}%`).execute()).toEqual([]);
      } finally {
        held.leave();
      }
      await vi.waitFor(async () => expect((await get(other.cookie, "/api/transfer/export")).statusCode).toBe(200), SOON);
    });
  });

  it("logs a download the client leaves as the client's doing, not as an error", async () => {
    const from = t.logs.length;
    const held = heldExport(big);
    expect(await held.sending).toBe("HTTP/1.1 200 OK");
    held.leave();
    await vi.waitFor(() => expect(logSince(from).map((line) => line.msg)).toContain(CLIENT_LEFT), SOON);
    expect(logSince(from).filter((line) => line.level >= 50)).toEqual([]);
  });

  it("ends a download the client stopped reading, so it holds no export's place", async () => {
    const stalledMs = DOWNLOAD_LIMITS.stalledMs;
    DOWNLOAD_LIMITS.stalledMs = 200;
    try {
      await withExportLimits(1, async () => {
        const other = await createUser(t);
        const from = t.logs.length;
        const held = heldExport(big);
        try {
          expect(await held.sending).toBe("HTTP/1.1 200 OK");
          // The client never reads on and never leaves: the server ends the download (the client, paused, can't see it).
          await vi.waitFor(() => expect(logSince(from).map((line) => line.msg)).toContain(CLIENT_LEFT), SOON);
          await vi.waitFor(async () => expect((await get(other.cookie, "/api/transfer/export")).statusCode).toBe(200), SOON);
        } finally {
          held.leave();
        }
      });
    } finally {
      DOWNLOAD_LIMITS.stalledMs = stalledMs;
    }
  });

  it("counts a person's exports: past the hour's limit, 429", async () => {
    const max = EXPORT_LIMITS.perHour.max;
    EXPORT_LIMITS.perHour.max = 2;
    try {
      const user = await createUser(t);
      for (let i = 0; i < 2; i++) expect((await get(user.cookie, "/api/transfer/export")).statusCode).toBe(200);
      const res = await get(user.cookie, "/api/transfer/export");
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toMatch(/^Too many exports\. Try again in/);
      expect((await get((await createUser(t)).cookie, "/api/transfer/export")).statusCode).toBe(200);
    } finally {
      EXPORT_LIMITS.perHour.max = max;
    }
  });

  it(
    "reads at most as much stock history as an import reads back: the newest events",
    async () => {
      const user = await createUser(t);
      // One event a minute, the oldest first.
      await sql`
        insert into stock_events (household_id, name, category, kind, reason, occurred_at)
        select ${user.householdId}, 'Milk', 'Dairy', 'used', 'emptied', timestamptz '2026-01-01T00:00:00Z' + n * interval '1 minute'
        from generate_series(0, ${MAX_STOCK_EVENTS}) as n`.execute(t.deps.db);
      const res = await get(user.cookie, "/api/transfer/export");
      expect(res.statusCode).toBe(200);
      const { stockHistory } = JSON.parse((await unzip(res.rawPayload)).get(KIM_EXPORT_FILE)!.toString());
      expect(stockHistory).toHaveLength(MAX_STOCK_EVENTS);
      expect(stockHistory[0].occurredAt).toBe("2026-01-01T00:01:00.000Z");
    },
    SLOW,
  );
});

/** Every row in every table that names the person, by id or email, in any column. */
async function rowsNaming(person: { id: string; email: string }): Promise<string[]> {
  const tables = await sql<{ table_name: string }>`
    select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(
    t.deps.db,
  );
  const found: string[] = [];
  for (const { tableName: table } of tables.rows as unknown as { tableName: string }[]) {
    const { rows } = await sql<{ row: string }>`select t::text as row from ${sql.table(table)} t`.execute(t.deps.db);
    for (const { row } of rows)
      if (row.includes(person.id) || row.toLowerCase().includes(person.email.toLowerCase())) found.push(`${table}: ${row}`);
  }
  return found;
}

describe("deleting my account", () => {
  const remove = (cookie: Cookie, password: unknown) =>
    t.app.inject({ method: "DELETE", url: "/api/user/account", headers: { cookie }, payload: { password } as object });

  it("asks for the password: a wrong one deletes nothing", async () => {
    const user = await createUser(t, { password: "correct horse battery" });
    const res = await remove(user.cookie, "wrong");
    expect(res.statusCode).toBe(403);
    expect(await t.deps.db.selectFrom("users").select("id").where("id", "=", user.id).executeTakeFirst()).toBeDefined();
    expect((await remove(user.cookie, "")).statusCode).toBe(400);
  });

  it("removes every row of the person in every table, ends the session and mails a goodbye", async () => {
    const user = await createUser(t, { password: "correct horse battery" });
    const other = await createUser(t);
    const headers = { cookie: user.cookie, "idempotency-key": randomUUID() };
    await upload(user.cookie, await paprikaFile(sampleRecipes(3, "Gone")), { key: randomUUID() });
    await t.app.inject({ method: "POST", url: "/api/ingredients", headers, payload: MILK });
    const [recipe] = await recipesOf(user.id);
    await t.app.inject({
      method: "POST",
      url: "/api/meal-plans",
      headers: { cookie: user.cookie },
      payload: { recipeId: recipe!.id, date: "2026-11-27", mealType: "dinner", servings: 2 },
    });
    await t.app.inject({ method: "POST", url: "/api/shopping-lists", headers: { cookie: user.cookie }, payload: { name: "Week" } });
    await t.app.inject({
      method: "PUT",
      url: "/api/user/expiry-mail",
      headers: { cookie: user.cookie },
      payload: { expiryMail: true, timeZone: "Europe/Paris" },
    });
    await t.app.inject({
      method: "POST",
      url: "/api/bug-reports",
      headers: { cookie: user.cookie },
      payload: { title: "x", description: "y" },
    });
    await t.app.inject({ method: "PATCH", url: "/api/user/profile", headers: { cookie: user.cookie }, payload: { firstName: "Gone" } });
    await t.deps.db.insertInto("emailOutbox").values({ toAddress: user.email, subject: "Earlier", textBody: "mail" }).execute();
    await upload(other.cookie, jsonLdFile(sampleRecipes(1, "Other")));
    expect((await rowsNaming(user)).length).toBeGreaterThan(8);

    const res = await remove(user.cookie, "correct horse battery");
    expect(res.statusCode, res.body).toBe(200);
    const left = await rowsNaming(user);
    // The goodbye mail waits in the outbox until it is sent (housekeeping then prunes sent mail); nothing else is left.
    expect(left).toHaveLength(1);
    expect(left[0]).toMatch(/^email_outbox: .*Your Kim account is deleted/);
    expect((await get(user.cookie, "/api/auth/user")).statusCode).toBe(401);
    expect(await countOf("recipes", other.id)).toBe(1);
  });

  it("tells an owner whose household others share that the shared kitchen stays with them, not that it was deleted", async () => {
    const owner = await createUser(t, { password: "correct horse battery" });
    const member = await createUser(t);
    await t.deps.db
      .updateTable("householdMembers")
      .set({ householdId: owner.householdId, role: "member" })
      .where("userId", "=", member.id)
      .execute();
    await t.app.inject({ method: "POST", url: "/api/ingredients", headers: { cookie: owner.cookie }, payload: MILK });
    expect((await remove(owner.cookie, "correct horse battery")).statusCode).toBe(200);
    const mail = await t.deps.db
      .selectFrom("emailOutbox")
      .select("textBody")
      .where("toAddress", "=", owner.email)
      .executeTakeFirstOrThrow();
    expect(mail.textBody).toContain(SHARED_KITCHEN_STAYS);
    expect(mail.textBody).not.toContain("everything in it");
    const kept = await t.deps.db.selectFrom("ingredients").select("createdBy").where("householdId", "=", owner.householdId).execute();
    expect(kept).toEqual([{ createdBy: null }]);
  });

  it("the last admin can't delete their account", async () => {
    await t.deps.db.updateTable("users").set({ role: "user" }).where("role", "=", "admin").execute();
    const admin = await createUser(t, { password: "correct horse battery", role: "admin" });
    const res = await remove(admin.cookie, "correct horse battery");
    expect(res.statusCode).toBe(409);
  });
});

describe("display copies", () => {
  it(
    "serves a large photo's display copy (at most 1,280 px, upright, WebP, no Exif) and exports its original",
    async () => {
      const user = await createUser(t);
      // A camera's 3000 x 2000 JPEG, stood on its side by its Exif orientation (6: turned a quarter clockwise).
      const camera = await sharp({
        create: { width: 3_000, height: 2_000, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 20 } },
      })
        .jpeg({ quality: 90 })
        .withMetadata({ orientation: 6 })
        .toBuffer();
      expect(await sharp(camera).metadata()).toMatchObject({ width: 3_000, height: 2_000, orientation: 6 });
      const [recipe] = sampleRecipes(1, "Camera");
      const res = await upload(user.cookie, await paprikaFile([{ ...recipe!, photo: camera }]));
      expect(res.json()).toMatchObject({ imported: 1, failed: 0 });
      const [saved] = await recipesOf(user.id);

      const served = await get(user.cookie, `/api/recipes/${saved!.id}/image`);
      expect(served.statusCode).toBe(200);
      expect(served.headers["content-type"]).toBe("image/webp");
      expect(served.headers["cache-control"]).toBe("private, max-age=86400");
      const shown = await sharp(served.rawPayload).metadata();
      // Upright (its width and height swapped), its longer side 1,280 px, nothing but the picture.
      expect(shown).toMatchObject({ format: "webp", width: 853, height: 1_280 });
      expect(shown.exif).toBeUndefined();
      expect(shown.orientation).toBeUndefined();
      expect(shown.icc).toBeUndefined();
      expect(served.rawPayload.length).toBeLessThan(camera.length / 10);

      // The export carries the original as kept (its orientation in it), byte for byte.
      const exported = await unzip((await get(user.cookie, "/api/transfer/export")).rawPayload);
      const original = exported.get(`images/${saved!.id}.jpg`);
      expect(original?.equals(keptPhoto(camera)!.bytes)).toBe(true);
      expect(await sharp(original).metadata()).toMatchObject({ width: 3_000, height: 2_000, orientation: 6 });
    },
    SLOW,
  );

  it("keeps the photos past the import's time for copies without one, and makes it the first time each is shown", async () => {
    const user = await createUser(t);
    const importSeconds = DISPLAY_COPY.importSeconds;
    Object.assign(DISPLAY_COPY, { importSeconds: 0 });
    try {
      const res = await upload(user.cookie, await paprikaFile(sampleRecipes(2, "Later")));
      expect(res.json()).toMatchObject({ imported: 2, failed: 0 });
    } finally {
      Object.assign(DISPLAY_COPY, { importSeconds });
    }
    const [pictured] = (await recipesOf(user.id)).filter((recipe) => recipe.title === "Later stew 1");
    const copy = () =>
      t.deps.db.selectFrom("recipeImages").select("displayBytes").where("recipeId", "=", pictured!.id).executeTakeFirstOrThrow();
    expect((await copy()).displayBytes).toBeNull();
    const served = await get(user.cookie, `/api/recipes/${pictured!.id}/image`);
    expect(served.headers["content-type"]).toBe("image/webp");
    expect(Buffer.from((await copy()).displayBytes!).equals(served.rawPayload)).toBe(true);
  });

  it("leaves out a photo its display copy can't be drawn from, and tells it", async () => {
    const user = await createUser(t);
    // Its parts are whole (keptPhoto keeps it), but its scan is noise no decoder can draw.
    const broken = jpegPhoto({ width: 64, height: 64, segments: [] });
    expect(keptPhoto(broken)).not.toBeNull();
    const [recipe] = sampleRecipes(1, "Broken");
    const res = await upload(user.cookie, await paprikaFile([{ ...recipe!, photo: broken }]));
    expect(res.json()).toMatchObject({ imported: 1, failed: 1 });
    expect(res.json().details).toEqual([{ title: "Photos", outcome: "failed", reason: photosUnreadable(1) }]);
    expect(await countOf("recipeImages", user.id)).toBe(0);
  });
});
