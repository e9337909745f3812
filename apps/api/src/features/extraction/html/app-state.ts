import { emptyDraft, isRecipe, type RecipeDraft } from "../recipe-draft";
import { servingsFrom } from "../recipe-fields";
import { cleanLines, cleanListLines, cleanText, decodeEntities } from "../text";
import { parseStrictly, scriptBlocks } from "./json-ld";

/**
 * A recipe kept only in a web app's state: the JSON a page's script renders it from (Next's `__NEXT_DATA__` and other
 * `application/json` scripts, Inertia's `data-page` and other JSON in a data attribute). No vocabulary names its
 * fields, so a recipe is an object with a name, an array of ingredients and steps, under keys that say so in English
 * ("title", "grouped_ingredients", "instructions"); each ingredient is a line of text or an object of an amount, a unit
 * and a name. Read only where no other source (schema.org data, the page's markup) shows a recipe.
 */

const JSON_TYPE = /\btype\s*=\s*["']?application\/json\b/i;
// A data attribute holding a JSON object, entity-encoded as attributes are ("{&quot;component&quot;:…").
const JSON_ATTRIBUTE = /\sdata-[\w-]+\s*=\s*"(\{&quot;[^"]*)"/gi;
// Objects looked at per block, and characters of state read per page: far more than a recipe's, a bound on a hostile
// page.
const MAX_NODES = 50_000;
const MAX_CHARS = 5_000_000;
const MAX_DEPTH = 6;

const NAME_KEYS = ["title", "name", "headline"];
const INGREDIENTS_KEY = /ingredient/i;
const STEPS_KEY = /instruction|steps?$|method|direction|preparation/i;
const SERVINGS_KEY = /^(?:servings?|serving_?size|serves|yield|portions?)$/i;
// An ingredient's own line, where the state keeps one beside its parts.
const LINE_KEYS = ["original", "text", "line", "display", "full_text", "raw"];
const AMOUNT_KEYS = ["amount", "quantity", "qty"];
const UNIT_KEYS = ["unit", "unit_name", "measure"];
const ITEM_KEYS = ["name", "ingredient", "title", "item", "food"];
const STEP_TEXT_KEYS = ["text", "instruction", "description", "body", "content", "step"];
// Of an object standing for a word (a unit, an ingredient), the keys of its text: an abbreviation first, as lists
// print units, then the plural, as most amounts are more than one.
const WORD_KEYS = ["abbreviation", "name_plural", "plural", "name", "name_singular", "title", "text"];

type JsonObject = Record<string, unknown>;
const isObject = (value: unknown): value is JsonObject => typeof value === "object" && value !== null && !Array.isArray(value);

/** The recipes in the page's app state, the first found per block, in page order. */
export function appStateRecipes(html: string): RecipeDraft[] {
  const drafts: RecipeDraft[] = [];
  let chars = 0;
  for (const text of stateTexts(html)) {
    chars += text.length;
    if (chars > MAX_CHARS) break;
    if (!INGREDIENTS_KEY.test(text)) continue;
    const node = recipeNode(parseStrictly(text));
    if (node) drafts.push(draftFromState(node));
  }
  return drafts.filter(isRecipe);
}

const stateTexts = (html: string) => [
  ...scriptBlocks(html, JSON_TYPE),
  ...[...html.matchAll(JSON_ATTRIBUTE)].map((match) => decodeEntities(match[1] ?? "")),
];

/** The first object, breadth first, with a name, an array of ingredients and steps. */
function recipeNode(data: unknown): JsonObject | undefined {
  const pending: unknown[] = [data];
  // Children are added one by one, up to the bound: spreading an array of a million values would overflow the stack.
  const add = (children: unknown[]) => {
    for (const child of children) if (typeof child === "object" && child !== null && pending.length < MAX_NODES) pending.push(child);
  };
  for (let seen = 0; seen < pending.length; seen++) {
    const value = pending[seen];
    if (Array.isArray(value)) add(value);
    else if (isObject(value)) {
      if (isRecipeLike(value)) return value;
      add(Object.values(value));
    }
  }
  return undefined;
}

/** The first key the pattern names whose value is a list (an array, or text of several lines or list markup). */
const listKey = (node: JsonObject, pattern: RegExp) =>
  Object.keys(node).find((key) => pattern.test(key) && (Array.isArray(node[key]) || isListText(node[key])));
const isListText = (value: unknown) => typeof value === "string" && /<li\b|<br|<p\b|\n/i.test(value);
const keyOf = (node: JsonObject, pattern: RegExp) => Object.keys(node).find((key) => pattern.test(key));

function isRecipeLike(node: JsonObject): boolean {
  const ingredients = listKey(node, INGREDIENTS_KEY);
  return (
    NAME_KEYS.some((key) => typeof node[key] === "string") &&
    ingredients !== undefined &&
    Array.isArray(node[ingredients]) &&
    (node[ingredients] as unknown[]).length > 0 &&
    listKey(node, STEPS_KEY) !== undefined
  );
}

function draftFromState(node: JsonObject): RecipeDraft {
  const servings = keyOf(node, SERVINGS_KEY);
  return {
    ...emptyDraft(),
    title: cleanText(String(NAME_KEYS.map((key) => node[key]).find((value) => typeof value === "string") ?? "")),
    description: typeof node.description === "string" ? cleanText(node.description) : "",
    servings: servings === undefined ? null : servingsFrom(node[servings]),
    ingredients: ingredientLines(node[listKey(node, INGREDIENTS_KEY) ?? ""], 0),
    instructions: stepLines(node[listKey(node, STEPS_KEY) ?? ""], 0),
  };
}

const firstOf = (node: JsonObject, keys: string[]) => keys.map((key) => node[key]).find((value) => value !== undefined && value !== null);

/** An object standing for a word ({"name_plural": "stilke"}) or the word itself, as text. */
function wordOf(value: unknown): string {
  if (typeof value === "string" || typeof value === "number") return String(value);
  if (!isObject(value)) return "";
  const word = WORD_KEYS.map((key) => value[key]).find((text) => typeof text === "string" && text !== "");
  return typeof word === "string" ? word : "";
}

/** Ingredient lines: text (a list written as HTML split at its items), objects of parts, and groups of them. */
function ingredientLines(value: unknown, depth: number): string[] {
  if (depth > MAX_DEPTH) return [];
  if (typeof value === "string") return isListText(value) ? cleanListLines(value) : [cleanText(value)].filter(Boolean);
  if (Array.isArray(value)) return value.flatMap((item) => ingredientLines(item, depth + 1));
  if (!isObject(value)) return [];
  const group = listKey(value, INGREDIENTS_KEY);
  if (group !== undefined) return ingredientLines(value[group], depth + 1);
  const line = firstOf(value, LINE_KEYS);
  if (typeof line === "string") return [cleanText(line)].filter(Boolean);
  const parts = [firstOf(value, AMOUNT_KEYS), firstOf(value, UNIT_KEYS), firstOf(value, ITEM_KEYS)].map(wordOf);
  return [cleanText(parts.join(" "))].filter(Boolean);
}

/** Step lines: text (split at its lines), objects with a step's text, and groups (an object whose steps are an array). */
function stepLines(value: unknown, depth: number): string[] {
  if (depth > MAX_DEPTH) return [];
  if (typeof value === "string") return cleanLines(value);
  if (Array.isArray(value)) return value.flatMap((item) => stepLines(item, depth + 1));
  if (!isObject(value)) return [];
  const group = listKey(value, STEPS_KEY);
  if (group !== undefined) return stepLines(value[group], depth + 1);
  const text = firstOf(value, [...STEP_TEXT_KEYS, ...Object.keys(value).filter((key) => STEPS_KEY.test(key))]);
  return typeof text === "string" ? cleanLines(text) : [];
}
