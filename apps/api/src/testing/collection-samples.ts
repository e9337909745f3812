import { createGzip, crc32, deflateRawSync, gzipSync } from "node:zlib";
import yazl from "yazl";
import { drawnWebp, pngPhoto } from "./photos";

/**
 * Small collection files in each format Kim imports, made from made-up recipes (never anyone's data), shaped as each
 * app's export is documented or written in its source: Paprika, Mealie, Tandoor, Nextcloud Cookbook, Plan to Eat,
 * schema.org JSON-LD. Plus hostile zips (paths out of the folder, bombs) for the bounds' tests.
 */

export interface SampleRecipe {
  title: string;
  description: string;
  ingredients: string[];
  steps: string[];
  servings: number;
  prepMinutes: number;
  cookMinutes: number;
  tags: string[];
  photo?: Buffer;
}

/** A small photo, different at each call. */
export const samplePhoto = (): Buffer => pngPhoto();

/** `count` distinct made-up recipes, every other one with a photo. */
export function sampleRecipes(count: number, prefix = "Sample"): SampleRecipe[] {
  return Array.from({ length: count }, (_, i) => ({
    title: `${prefix} stew ${i + 1}`,
    description: `A made-up stew, number ${i + 1}.`,
    ingredients: ["2 cups plain flour, sifted", `${(i % 9) + 1} tbsp olive oil`, "1 onion, chopped", "salt to taste"],
    steps: ["Warm the oil.", "Add the onion and cook until soft.", "Stir in the flour."],
    servings: (i % 6) + 2,
    prepMinutes: 10 + (i % 20),
    cookMinutes: 30 + (i % 40),
    tags: ["dinner", `batch ${i % 5}`],
    ...(i % 2 === 0 && { photo: samplePhoto() }),
  }));
}

/** A zip of these entries, written by yazl (names must stay inside the folder). */
export function zipOf(entries: { name: string; data: Buffer | string }[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const { name, data } of entries) zip.addBuffer(Buffer.from(data), name);
  zip.end();
  return streamBytes(zip.outputStream);
}

function streamBytes(stream: NodeJS.ReadableStream): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("end", () => resolve(Buffer.concat(chunks)));
    stream.on("error", reject);
  });
}

const slug = (title: string) => title.toLowerCase().replace(/[^a-z0-9]+/g, "-");

/** Paprika's .paprikarecipes: a zip of `Name.paprikarecipe` files, each gzipped JSON, the photo inside as base64. */
export function paprikaFile(recipes: SampleRecipe[]): Promise<Buffer> {
  return zipOf(
    recipes.map((r, i) => ({
      name: `${r.title}.paprikarecipe`,
      data: gzipSync(
        JSON.stringify({
          uid: `UID-${i}`,
          name: r.title,
          description: r.description,
          ingredients: r.ingredients.join("\n"),
          directions: r.steps.join("\n"),
          notes: "",
          servings: `${r.servings} servings`,
          prep_time: `${r.prepMinutes} mins`,
          cook_time: `${r.cookMinutes} mins`,
          total_time: "",
          categories: r.tags,
          source: "",
          source_url: "",
          difficulty: "",
          rating: 0,
          photo_data: r.photo ? r.photo.toString("base64") : null,
          image_url: null,
        }),
      ),
    })),
  );
}

/** Mealie's recipe export: a folder a recipe, its JSON (snake_case, ingredients as objects) and images/original.webp. */
export function mealieZip(recipes: SampleRecipe[]): Promise<Buffer> {
  return zipOf(
    recipes.flatMap((r) => {
      const s = slug(r.title);
      const json = {
        id: `id-${s}`,
        group_id: "group-1",
        slug: s,
        name: r.title,
        description: r.description,
        recipe_yield: `${r.servings} servings`,
        recipe_servings: r.servings,
        prep_time: `${r.prepMinutes} minutes`,
        perform_time: `${r.cookMinutes} minutes`,
        total_time: null,
        recipe_ingredient: r.ingredients.map((line, i) => ({
          quantity: 0,
          unit: null,
          food: null,
          note: line,
          display: line,
          original_text: line,
          reference_id: `ref-${i}`,
        })),
        recipe_instructions: r.steps.map((text, i) => ({ id: `step-${i}`, title: "", text })),
        tags: r.tags.map((name) => ({ name, slug: slug(name) })),
        recipe_category: [],
      };
      return [
        { name: `recipes/${s}/${s}.json`, data: JSON.stringify(json) },
        // Mealie keeps its photos as WebP.
        ...(r.photo ? [{ name: `recipes/${s}/images/original.webp`, data: drawnWebp() }] : []),
      ];
    }),
  );
}

/** Tandoor's default export: a zip of zips, each holding recipe.json (steps with their ingredients) and image.jpg. */
export async function tandoorZip(recipes: SampleRecipe[]): Promise<Buffer> {
  const inner = await Promise.all(
    recipes.map(async (r) => {
      const json = {
        name: r.title,
        description: r.description,
        keywords: r.tags.map((name) => ({ name, description: "" })),
        working_time: r.prepMinutes,
        waiting_time: r.cookMinutes,
        servings: r.servings,
        steps: r.steps.map((instruction, i) => ({
          name: "",
          instruction,
          ingredients:
            i === 0
              ? r.ingredients.map((line, order) => ({
                  food: { name: line.split(" ").slice(2).join(" ") },
                  unit: null,
                  amount: 0,
                  note: "",
                  order,
                  is_header: false,
                  original_text: line,
                }))
              : [],
        })),
      };
      return {
        name: `${slug(r.title)}.zip`,
        data: await zipOf([
          { name: "recipe.json", data: JSON.stringify(json) },
          ...(r.photo ? [{ name: "image.jpg", data: r.photo }] : []),
        ]),
      };
    }),
  );
  return zipOf(inner);
}

const jsonLdOf = (r: SampleRecipe) => ({
  "@context": "https://schema.org",
  "@type": "Recipe",
  name: r.title,
  description: r.description,
  recipeYield: `${r.servings}`,
  prepTime: `PT${r.prepMinutes}M`,
  cookTime: `PT${r.cookMinutes}M`,
  keywords: r.tags.join(", "),
  recipeIngredient: r.ingredients,
  recipeInstructions: r.steps.map((text) => ({ "@type": "HowToStep", text })),
});

/** Nextcloud Cookbook: a folder a recipe, each holding its schema.org recipe.json and full.jpg. */
export function nextcloudZip(recipes: SampleRecipe[]): Promise<Buffer> {
  return zipOf(
    recipes.flatMap((r) => [
      { name: `Recipes/${r.title}/recipe.json`, data: JSON.stringify({ ...jsonLdOf(r), image: "full.jpg" }) },
      ...(r.photo ? [{ name: `Recipes/${r.title}/full.jpg`, data: r.photo }] : []),
    ]),
  );
}

/** One JSON-LD file of several recipes, in a @graph as web pages write it. */
export const jsonLdFile = (recipes: SampleRecipe[]): Buffer =>
  Buffer.from(JSON.stringify({ "@context": "https://schema.org", "@graph": recipes.map(jsonLdOf) }));

/** Plan to Eat's CSV export: a header naming the columns, multi-line fields quoted. */
export function planToEatCsv(recipes: SampleRecipe[]): Buffer {
  const quote = (value: string | number) => `"${String(value).replace(/"/g, '""')}"`;
  const header = [
    "Title",
    "Description",
    "Source",
    "Url",
    "Servings",
    "Prep Time",
    "Cook Time",
    "Tags",
    "Ingredients",
    "Directions",
    "Notes",
  ];
  const rows = recipes.map((r) =>
    [
      r.title,
      r.description,
      "",
      "",
      r.servings,
      `${r.prepMinutes} minutes`,
      `${r.cookMinutes} minutes`,
      r.tags.join(", "),
      r.ingredients.join("\n"),
      r.steps.join("\n"),
      "",
    ]
      .map(quote)
      .join(","),
  );
  return Buffer.from([header.join(","), ...rows].join("\r\n"));
}

/**
 * A zip written by hand, for what no zip writer makes on purpose: any entry name (../, absolute), and `declaredSize`
 * telling less than the entry unpacks to. Entries are deflated.
 */
export function rawZip(entries: { name: string; data: Buffer; declaredSize?: number }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, data, declaredSize } of entries) {
    const packed = deflateRawSync(data);
    const nameBytes = Buffer.from(name);
    const size = declaredSize ?? data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc32(data), 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc32(data), 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, packed);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** `mib` MiB of zeros gzipped, a chunk at a time (the zeros are never whole in memory): a Paprika recipe that is a bomb. */
export function gzippedZeros(mib: number): Promise<Buffer> {
  const gzip = createGzip({ level: 9 });
  const chunk = Buffer.alloc(1024 * 1024);
  const done = streamBytes(gzip);
  for (let i = 0; i < mib; i++) gzip.write(chunk);
  gzip.end();
  return done;
}

/** A multipart body with one file part, as a browser's FormData sends it. */
export function fileUpload(bytes: Buffer, filename = "collection.zip") {
  const boundary = "----kim-collection-boundary";
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}
