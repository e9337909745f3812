import { emptyDraft, type RecipeDraft } from "./recipe-draft";
import { minutesFrom, servingsFrom } from "./recipe-fields";
import { cleanLines, cleanText } from "./text";

/** A schema.org node as JSON-LD has it (microdata is read into the same shape). */
export type SchemaNode = Record<string, unknown>;
/** Finds the node a `{"@id": ...}` reference points to, when the page has it. */
export type Lookup = (id: string) => SchemaNode | undefined;

export const isNode = (value: unknown): value is SchemaNode => typeof value === "object" && value !== null && !Array.isArray(value);

/** The node's types without their vocabulary ("Recipe" for "http://schema.org/Recipe" or "schema:Recipe"). */
export function typesOf(node: SchemaNode): string[] {
  const type = node["@type"];
  const types = Array.isArray(type) ? type : [type];
  return types.filter((t): t is string => typeof t === "string").map((t) => t.replace(/^.*[/:#]/, ""));
}

const hasType = (node: SchemaNode, name: string) => typesOf(node).some((type) => type.toLowerCase() === name.toLowerCase());
export const isRecipeNode = (node: SchemaNode) => hasType(node, "Recipe");

// A node that is only a reference is replaced by what it refers to; a cycle can't form since a reference has no children.
function resolve(value: unknown, lookup: Lookup): unknown {
  if (isNode(value) && typeof value["@id"] === "string" && Object.keys(value).length === 1) return lookup(value["@id"]) ?? value;
  return value;
}

/** Text values as written: a string, numbers, lists of them, or nodes' names. */
function rawTexts(value: unknown, lookup: Lookup, depth = 0): string[] {
  const resolved = resolve(value, lookup);
  if (depth > MAX_DEPTH) return [];
  if (typeof resolved === "string") return [resolved];
  if (typeof resolved === "number") return [String(resolved)];
  if (Array.isArray(resolved)) return resolved.flatMap((item) => rawTexts(item, lookup, depth + 1));
  if (isNode(resolved)) return rawTexts(resolved.name ?? resolved.text ?? resolved["@value"], lookup, depth + 1);
  return [];
}

/** Text values, each cleaned to one line, empty ones left out. */
const texts = (value: unknown, lookup: Lookup) => rawTexts(value, lookup).map(cleanText).filter(Boolean);

// How deep lists and nodes nest inside one field before the rest is left out: real pages use two or three levels.
const MAX_DEPTH = 8;

const firstText = (value: unknown, lookup: Lookup) => texts(value, lookup)[0] ?? "";
const commaSeparated = (values: string[]) => values.flatMap((value) => value.split(",")).map((value) => value.trim());

/** A schema.org Recipe (JSON-LD, or microdata read into the same shape) as a draft. */
export function draftFromSchema(recipe: SchemaNode, lookup: Lookup): RecipeDraft {
  return {
    ...emptyDraft(),
    title: firstText(recipe.name, lookup) || firstText(recipe.headline, lookup),
    description: firstText(recipe.description, lookup),
    image: imageFrom(recipe.image, lookup) ?? imageFrom(recipe.thumbnailUrl, lookup),
    prepTime: minutesFrom(recipe.prepTime),
    cookTime: minutesFrom(recipe.cookTime),
    totalTime: minutesFrom(recipe.totalTime),
    servings: servingsFrom(recipe.recipeYield ?? recipe.yield),
    difficulty: firstText(recipe.difficulty ?? recipe.recipeDifficulty ?? recipe.educationalLevel, lookup) || undefined,
    cuisines: commaSeparated(texts(recipe.recipeCuisine, lookup)),
    ingredients: ingredientLines(recipe.recipeIngredient ?? recipe.ingredients, lookup),
    instructions: instructionLines(recipe.recipeInstructions ?? recipe.RecipeInstructions ?? recipe.instructions, lookup),
    tags: commaSeparated([...texts(recipe.keywords, lookup), ...texts(recipe.recipeCategory, lookup)]),
  };
}

function imageFrom(value: unknown, lookup: Lookup, depth = 0): string | undefined {
  const resolved = resolve(value, lookup);
  if (depth > MAX_DEPTH) return undefined;
  if (typeof resolved === "string") return resolved.trim() || undefined;
  if (Array.isArray(resolved)) return resolved.map((item) => imageFrom(item, lookup, depth + 1)).find(Boolean);
  if (isNode(resolved)) return imageFrom(resolved.url ?? resolved.contentUrl ?? resolved["@id"], lookup, depth + 1);
  return undefined;
}

function ingredientLines(value: unknown, lookup: Lookup, depth = 0): string[] {
  const resolved = resolve(value, lookup);
  if (depth > MAX_DEPTH) return [];
  if (typeof resolved === "string") return cleanLines(resolved);
  // Each entry is one line, but a list of one entry holding every line is a CMS's way of writing the whole list.
  if (Array.isArray(resolved)) {
    const [only] = resolved;
    if (resolved.length === 1 && typeof only === "string") return cleanLines(only);
    return resolved.flatMap((item) => (typeof item === "string" ? [cleanText(item)] : ingredientLines(item, lookup, depth + 1)));
  }
  if (isNode(resolved)) {
    // A PropertyValue: "2", "cups", "flour".
    if (resolved.value !== undefined && resolved.name !== undefined) {
      return [cleanText([resolved.value, resolved.unitText ?? resolved.unitCode, resolved.name].filter((p) => p !== undefined).join(" "))];
    }
    return texts(resolved, lookup);
  }
  return [];
}

// Bounds the walk through steps, sections and lists: a hostile page can't make it run long.
const MAX_STEPS = 2_000;

/**
 * Steps one a line: text (split at its line breaks and blocks), HowToStep, HowToSection (its name a line of its own,
 * then its steps), ItemList and ListItem, nested any way.
 */
function instructionLines(value: unknown, lookup: Lookup, lines: string[] = [], depth = 0): string[] {
  const resolved = resolve(value, lookup);
  if (lines.length >= MAX_STEPS || depth > MAX_DEPTH) return lines;
  if (typeof resolved === "string") lines.push(...cleanLines(resolved));
  else if (Array.isArray(resolved)) resolved.forEach((item) => instructionLines(item, lookup, lines, depth + 1));
  else if (isNode(resolved)) {
    const list = resolved.itemListElement ?? resolved.steps ?? resolved.step;
    if (hasType(resolved, "HowToSection") || (list !== undefined && !hasType(resolved, "HowToStep"))) {
      lines.push(...texts(resolved.name, lookup));
      instructionLines(list, lookup, lines, depth + 1);
    } else {
      const text = rawTexts(resolved.text ?? resolved.description ?? resolved.item, lookup).flatMap(cleanLines);
      const name = firstText(resolved.name, lookup);
      // Some pages give a step a name that is its text cut short; a different name is a heading of its own.
      if (name && !(text[0] ?? "").startsWith(name.replace(/[.…]+$/, ""))) lines.push(name);
      lines.push(...text);
      if (list !== undefined) instructionLines(list, lookup, lines, depth + 1);
    }
  }
  return lines;
}
