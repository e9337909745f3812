import { emptyDraft, type RecipeDraft } from "../extraction/recipe-draft";
import { minutesFrom, servingsFrom } from "../extraction/recipe-fields";
import { draftFromSchema, isNode, isRecipeNode, type SchemaNode } from "../extraction/html/schema-recipe";
import { cleanLines, cleanText } from "../extraction/text";

/**
 * Readers of other apps' recipe files, each from the app's own documentation or source (decision 0039): pure, taking
 * what the file holds once parsed and answering the drafts the URL import also makes (extraction/recipe-draft), so one
 * path (`finishDraft`, Kim's ingredient parser) turns every source into Kim's recipe.
 */

const text = (value: unknown): string => (typeof value === "string" ? cleanText(value) : typeof value === "number" ? String(value) : "");
const lines = (value: unknown): string[] => (typeof value === "string" ? cleanLines(value) : []);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
/** Names from a list of strings or of `{name}` objects (Mealie's tags, Tandoor's keywords). */
const names = (value: unknown): string[] =>
  list(value)
    .map((item) => text(isNode(item) ? item.name : item))
    .filter(Boolean);
/** A field under either of its spellings (Mealie writes snake_case in an export zip and camelCase in its API). */
const either = (node: SchemaNode, snake: string, camel: string): unknown => node[snake] ?? node[camel];

// How many nodes a JSON file's walk looks at: any real collection's, and a bound on a hostile one.
const MAX_NODES = 200_000;

/** Every schema.org Recipe in a JSON or JSON-LD document: at the top, in arrays, in @graph, as mainEntity. */
export function schemaOrgRecipes(data: unknown): RecipeDraft[] {
  const found: SchemaNode[] = [];
  const ids = new Map<string, SchemaNode>();
  const queue: unknown[] = [data];
  for (let seen = 0; queue.length > 0 && seen < MAX_NODES; seen++) {
    const value = queue.shift();
    if (Array.isArray(value)) queue.push(...value);
    else if (isNode(value)) {
      if (typeof value["@id"] === "string") ids.set(value["@id"], value);
      if (isRecipeNode(value)) found.push(value);
      else queue.push(value["@graph"], value.mainEntity, value.itemListElement, value.item);
    }
  }
  return found.map((node) => draftFromSchema(node, (id) => ids.get(id)));
}

/** Whether a JSON object is one app's recipe rather than schema.org's. */
export const isPaprikaRecipe = (data: unknown): data is SchemaNode =>
  isNode(data) && typeof data.name === "string" && ("directions" in data || "photo_data" in data) && !("@type" in data);
export const isMealieRecipe = (data: unknown): data is SchemaNode =>
  isNode(data) && typeof data.slug === "string" && Array.isArray(either(data, "recipe_ingredient", "recipeIngredient"));
export const isTandoorRecipe = (data: unknown): data is SchemaNode =>
  isNode(data) && typeof data.name === "string" && Array.isArray(data.steps);

/**
 * A Paprika recipe (one gzipped JSON file of a .paprikarecipes zip): ingredients and directions as text a line each,
 * times in words, categories, and its photo as base64 in `photo_data`.
 */
export function paprikaDraft(recipe: SchemaNode): RecipeDraft {
  const notes = lines(recipe.notes);
  return {
    ...emptyDraft(),
    title: text(recipe.name),
    description: text(recipe.description),
    image: text(recipe.image_url) || undefined,
    prepTime: minutesFrom(recipe.prep_time),
    cookTime: minutesFrom(recipe.cook_time),
    totalTime: minutesFrom(recipe.total_time),
    servings: servingsFrom(recipe.servings),
    difficulty: text(recipe.difficulty) || undefined,
    ingredients: lines(recipe.ingredients),
    instructions: [...lines(recipe.directions), ...notes],
    tags: names(recipe.categories),
  };
}

/** A Mealie recipe (a JSON file of its export zip): ingredients as objects keeping the line as written. */
export function mealieDraft(recipe: SchemaNode): RecipeDraft {
  const ingredient = (item: unknown): string => {
    if (!isNode(item)) return text(item);
    const written = text(either(item, "original_text", "originalText")) || text(item.display) || text(item.note);
    if (written) return written;
    const unit = isNode(item.unit) ? text(item.unit.name) : "";
    const food = isNode(item.food) ? text(item.food.name) : "";
    return [item.quantity ? text(item.quantity) : "", unit, food].filter(Boolean).join(" ");
  };
  const steps = list(either(recipe, "recipe_instructions", "recipeInstructions")).flatMap((step) =>
    isNode(step) ? [...lines(step.title), ...lines(step.text)] : lines(step),
  );
  return {
    ...emptyDraft(),
    title: text(recipe.name),
    description: text(recipe.description),
    image: undefined,
    prepTime: minutesFrom(either(recipe, "prep_time", "prepTime")),
    cookTime: minutesFrom(either(recipe, "perform_time", "performTime") ?? either(recipe, "cook_time", "cookTime")),
    totalTime: minutesFrom(either(recipe, "total_time", "totalTime")),
    servings: servingsFrom(either(recipe, "recipe_servings", "recipeServings") || either(recipe, "recipe_yield", "recipeYield")),
    ingredients: list(either(recipe, "recipe_ingredient", "recipeIngredient"))
      .map(ingredient)
      .filter(Boolean),
    instructions: steps,
    tags: [...names(recipe.tags), ...names(either(recipe, "recipe_category", "recipeCategory"))],
  };
}

/** A Tandoor recipe (recipe.json of one recipe's zip inside its export zip): steps, each with its ingredients. */
export function tandoorDraft(recipe: SchemaNode): RecipeDraft {
  const steps = list(recipe.steps).filter(isNode);
  const ingredient = (item: SchemaNode): string => {
    if (item.is_header) return "";
    const written = text(item.original_text);
    if (written) return written;
    const amount = typeof item.amount === "number" && item.amount > 0 ? String(item.amount) : "";
    const unit = isNode(item.unit) ? text(item.unit.name) : "";
    const food = isNode(item.food) ? text(item.food.name) : "";
    return [amount, unit, food, text(item.note)].filter(Boolean).join(" ");
  };
  return {
    ...emptyDraft(),
    title: text(recipe.name),
    description: text(recipe.description),
    prepTime: minutesFrom(recipe.working_time),
    cookTime: minutesFrom(recipe.waiting_time),
    servings: servingsFrom(recipe.servings),
    ingredients: steps.flatMap((step) => list(step.ingredients).filter(isNode).map(ingredient)).filter(Boolean),
    instructions: steps.flatMap((step) => [...lines(step.name), ...lines(step.instruction)]),
    tags: names(recipe.keywords),
  };
}

// Bounds a CSV's reading: a row can't hold more fields than this, and a field no more than the largest recipe field.
const MAX_FIELDS = 100;

/**
 * The rows of a CSV text (RFC 4180: quoted fields may hold commas, quotes doubled, line breaks), header first; at most
 * `maxRows` of them (the rest of the text is not read).
 */
export function csvRows(csv: string, maxRows = Infinity): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < csv.length && rows.length < maxRows; i++) {
    const c = csv[i]!;
    if (quoted) {
      if (c === '"' && csv[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === "") quoted = true;
    else if (c === ",") {
      if (row.length < MAX_FIELDS) row.push(field);
      field = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && csv[i + 1] === "\n") i++;
      row.push(field);
      if (row.some((value) => value !== "")) rows.push(row);
      row = [];
      field = "";
    } else field += c;
  }
  row.push(field);
  if (rows.length < maxRows && row.some((value) => value !== "")) rows.push(row);
  return rows;
}

/**
 * Plan to Eat's recipe export: a CSV whose header names the columns (Title, Description, Source, Url, Photo Url,
 * Servings, Prep Time, Cook Time, Total Time, Course, Cuisine, Tags, Ingredients, Directions, Notes), ingredients and
 * directions a line each inside their quoted field. Undefined when the header has no Title and Ingredients.
 */
export function planToEatDrafts(rows: string[][]): RecipeDraft[] | undefined {
  const [header = [], ...records] = rows;
  const column = new Map(header.map((name, i) => [name.trim().toLowerCase(), i]));
  if (!column.has("title") || !column.has("ingredients")) return undefined;
  const cell = (record: string[], name: string) => {
    const index = column.get(name);
    return index === undefined ? "" : (record[index] ?? "");
  };
  return records.map((record) => ({
    ...emptyDraft(),
    title: text(cell(record, "title")),
    description: text(cell(record, "description")),
    image: text(cell(record, "photo url")) || undefined,
    prepTime: minutesFrom(cell(record, "prep time")),
    cookTime: minutesFrom(cell(record, "cook time")),
    totalTime: minutesFrom(cell(record, "total time")),
    servings: servingsFrom(cell(record, "servings") || cell(record, "yield")),
    cuisines: [text(cell(record, "cuisine"))].filter(Boolean),
    ingredients: lines(cell(record, "ingredients")),
    instructions: [...lines(cell(record, "directions")), ...lines(cell(record, "notes"))],
    tags: [...cell(record, "tags").split(/[,^]/), cell(record, "course")].map(text).filter(Boolean),
  }));
}
