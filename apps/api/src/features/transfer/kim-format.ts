import { isNode } from "../extraction/html/schema-recipe";

/**
 * Kim's own export (decision 0039): one zip holding kim-export.json (the whole account: profile, inventory, recipes,
 * plans, lists, stock history), each recipe's photo under images/, and the recipes again as schema.org JSON-LD
 * (recipes.jsonld) for other apps. Kim's import reads kim-export.json back, every recipe field as it was.
 */
export const KIM_EXPORT_FILE = "kim-export.json";
export const KIM_JSONLD_FILE = "recipes.jsonld";
export const KIM_EXPORT_FORMAT = "kim-export";
export const KIM_EXPORT_VERSION = 1;

/** The recipes of a Kim export, each with the path of its photo in the zip; undefined when the JSON is none. */
export function kimRecipes(data: unknown): { recipe: unknown; image: string | null }[] | undefined {
  if (!isNode(data) || data.format !== KIM_EXPORT_FORMAT || !Array.isArray(data.recipes)) return undefined;
  return data.recipes.map((item: unknown) => {
    if (!isNode(item)) return { recipe: item, image: null };
    const { id: _id, createdAt: _createdAt, updatedAt: _updatedAt, image, ...recipe } = item;
    return { recipe, image: typeof image === "string" ? image : null };
  });
}
