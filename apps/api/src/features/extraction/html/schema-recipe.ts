import { emptyDraft, type RecipeDraft } from "../recipe-draft";
import { minutesFrom, servingsFrom } from "../recipe-fields";
import { cleanLines, cleanListLines, cleanText, unwrapEncodedEntities } from "../text";

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

/** A property by its schema.org name in any letter case: pages write "RecipeInstructions" and "ItemListElement" too. */
function get(node: SchemaNode, key: string): unknown {
  if (key in node) return node[key];
  const lower = key.toLowerCase();
  for (const name of Object.keys(node)) if (name.toLowerCase() === lower) return node[name];
  return undefined;
}

// A node that is only a reference is replaced by what it refers to; a cycle can't form since a reference has no children.
function resolve(value: unknown, lookup: Lookup): unknown {
  if (isNode(value) && typeof value["@id"] === "string" && Object.keys(value).length === 1) return lookup(value["@id"]) ?? value;
  return value;
}

// How deep lists and nodes nest inside one field before the rest is left out: real pages use two or three levels.
const MAX_DEPTH = 8;

/** Text values as written: a string, numbers, lists of them, or nodes' names. */
function rawTexts(value: unknown, lookup: Lookup, depth = 0): string[] {
  const resolved = resolve(value, lookup);
  if (depth > MAX_DEPTH) return [];
  if (typeof resolved === "string") return [unwrapEncodedEntities(resolved)];
  if (typeof resolved === "number") return [String(resolved)];
  if (Array.isArray(resolved)) return resolved.flatMap((item) => rawTexts(item, lookup, depth + 1));
  if (isNode(resolved)) return rawTexts(get(resolved, "name") ?? get(resolved, "text") ?? resolved["@value"], lookup, depth + 1);
  return [];
}

/** Text values, each cleaned to one line, empty ones left out. */
const texts = (value: unknown, lookup: Lookup) => rawTexts(value, lookup).map(cleanText).filter(Boolean);

const firstText = (value: unknown, lookup: Lookup) => texts(value, lookup)[0] ?? "";
const commaSeparated = (values: string[]) => values.flatMap((value) => value.split(",")).map((value) => value.trim());

/** A schema.org Recipe (JSON-LD, or microdata read into the same shape) as a draft. */
export function draftFromSchema(recipe: SchemaNode, lookup: Lookup): RecipeDraft {
  return {
    ...emptyDraft(),
    title: firstText(get(recipe, "name"), lookup) || firstText(get(recipe, "headline"), lookup),
    description: firstText(get(recipe, "description"), lookup),
    image: imageFrom(get(recipe, "image"), lookup) ?? imageFrom(get(recipe, "thumbnailUrl"), lookup),
    prepTime: minutesFrom(get(recipe, "prepTime")),
    cookTime: minutesFrom(get(recipe, "cookTime")),
    totalTime: minutesFrom(get(recipe, "totalTime")),
    servings: servingsFrom(get(recipe, "recipeYield") ?? get(recipe, "yield")),
    difficulty:
      firstText(get(recipe, "difficulty") ?? get(recipe, "recipeDifficulty") ?? get(recipe, "educationalLevel"), lookup) || undefined,
    cuisines: commaSeparated(texts(get(recipe, "recipeCuisine"), lookup)),
    ingredients: longer(ingredientLines(get(recipe, "recipeIngredient"), lookup), ingredientLines(get(recipe, "ingredients"), lookup)),
    instructions: instructionLines(get(recipe, "recipeInstructions") ?? get(recipe, "instructions"), lookup),
    tags: commaSeparated([...texts(get(recipe, "keywords"), lookup), ...texts(get(recipe, "recipeCategory"), lookup)]),
  };
}

/**
 * Of recipeIngredient and its older name ingredients, the list of more lines: a page giving both lists each item under
 * one and the whole list run together under the other.
 */
const longer = (current: string[], older: string[]) => (older.length > current.length ? older : current);

function imageFrom(value: unknown, lookup: Lookup, depth = 0): string | undefined {
  const resolved = resolve(value, lookup);
  if (depth > MAX_DEPTH) return undefined;
  if (typeof resolved === "string") return resolved.trim() || undefined;
  if (Array.isArray(resolved)) return resolved.map((item) => imageFrom(item, lookup, depth + 1)).find(Boolean);
  if (isNode(resolved)) return imageFrom(get(resolved, "url") ?? get(resolved, "contentUrl") ?? resolved["@id"], lookup, depth + 1);
  return undefined;
}

function ingredientLines(value: unknown, lookup: Lookup, depth = 0): string[] {
  const resolved = resolve(value, lookup);
  if (depth > MAX_DEPTH) return [];
  if (typeof resolved === "string") return cleanListLines(unwrapEncodedEntities(resolved));
  // Each entry is one line, but a list of one entry holding every line is a CMS's way of writing the whole list.
  if (Array.isArray(resolved)) {
    const [only] = resolved;
    if (resolved.length === 1 && typeof only === "string") return cleanListLines(unwrapEncodedEntities(only));
    return resolved.flatMap((item) =>
      typeof item === "string" ? [cleanText(unwrapEncodedEntities(item))] : ingredientLines(item, lookup, depth + 1),
    );
  }
  if (isNode(resolved)) {
    // A PropertyValue: "2", "cups", "flour".
    if (get(resolved, "value") !== undefined && get(resolved, "name") !== undefined) {
      return [
        cleanText(
          [get(resolved, "value"), get(resolved, "unitText") ?? get(resolved, "unitCode"), get(resolved, "name")]
            .filter((p) => p !== undefined)
            .join(" "),
        ),
      ];
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
// A step's number inside running text: "1.", "2)" or "3、" at the start or after a space.
const INLINE_NUMBER = /(?:^|\s)(\d{1,2})[.)、](?!\d)\s*/g;

/**
 * The steps of a line that numbers them in its text ("1.Dice the tomatoes 2.Cut the onion 3.Mix"): split at numbers
 * that count up from 1 at the line's start, three or more of them; any other line as it is.
 */
function numberedSteps(line: string): string[] {
  const marks: RegExpMatchArray[] = [];
  for (const match of line.matchAll(INLINE_NUMBER)) if (Number(match[1]) === marks.length + 1) marks.push(match);
  if (marks.length < 3 || marks[0]?.index !== 0) return [line];
  return marks.map((mark, i) => line.slice(mark.index! + mark[0].length, marks[i + 1]?.index).trim()).filter((step) => step !== "");
}

// Words pages use for "step" in a step's label ("Step 1", "Schritt 1", "Passo 1", "Första instruktionen").
const STEP_WORDS = "steps?|schritt|stap|passo|paso|[ée]tape|instructions?|instruktion(?:en)?|steg|trin|krok|lépés";
/**
 * A label that only numbers a step: a number ("1", "1.", "1:"), a word and a number ("Step 1", "step1", "Passo 1",
 * "instruction 0"), or a word for "step" with one word before it ("Första instruktionen", "Next step").
 */
const STEP_LABEL = new RegExp(`^(?:\\p{L}+\\s*)?\\d{1,3}\\s*[.:)]?$|^(?:\\p{L}+\\s+)?(?:${STEP_WORDS})(?:\\s*\\d{1,3})?\\s*[.:)]?$`, "iu");
// A line of a step's text that only labels it: a number, or a word for "step" with or without one ("Stap 1:"); not a
// line that says more ("Repeat step 2.", "Makes 12").
const LINE_LABEL = new RegExp(`^\\d{1,3}\\s*[.:)]?$|^(?:${STEP_WORDS})\\s*\\d{0,3}\\s*[.:)]?$`, "iu");
// A name written as an address's slug ("cooking-beef"): lower case words joined by hyphens.
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)+$/;
// A title short enough to stand in front of its step's text: a few words, not a sentence.
const SHORT_TITLE = /^[^.!?]{1,60}$/;

const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * A HowToStep's text with its name: a name that only labels or numbers the step, is a slug, or whose words all stand
 * in the text adds nothing and is left out; a short title goes in front of the text ("Stir: Add the beef…"); a longer
 * name stays a line of its own.
 */
function namedStep(name: string, text: string[]): string[] {
  if (!name) return text;
  if (text.length === 0) return STEP_LABEL.test(name) ? [] : [name];
  if (STEP_LABEL.test(name) || SLUG.test(name)) return text;
  const first = text[0]!;
  // Some pages give a step a name that is its text cut short.
  if (first.startsWith(name.replace(/[.…]+$/, ""))) return text;
  const words = new Set(wordsOf(text.join(" ")));
  if (wordsOf(name).every((word) => words.has(word))) return text;
  if (SHORT_TITLE.test(name)) return [`${name.replace(/\s*:$/, "")}: ${first}`, ...text.slice(1)];
  return [name, ...text];
}

/** A step's text lines, lines that are only a step's label ("Stap 1:") left out. */
const stepText = (text: string) => cleanLines(text).filter((line) => !LINE_LABEL.test(line));

function instructionLines(value: unknown, lookup: Lookup, lines: string[] = [], depth = 0): string[] {
  const resolved = resolve(value, lookup);
  if (lines.length >= MAX_STEPS || depth > MAX_DEPTH) return lines;
  if (typeof resolved === "string") lines.push(...stepText(unwrapEncodedEntities(resolved)).flatMap(numberedSteps));
  else if (Array.isArray(resolved)) resolved.forEach((item) => instructionLines(item, lookup, lines, depth + 1));
  else if (isNode(resolved)) {
    const list = get(resolved, "itemListElement") ?? get(resolved, "steps") ?? get(resolved, "step");
    if (hasType(resolved, "HowToSection") || (list !== undefined && !hasType(resolved, "HowToStep"))) {
      lines.push(...texts(get(resolved, "name"), lookup));
      instructionLines(list, lookup, lines, depth + 1);
    } else {
      const text = rawTexts(get(resolved, "text") ?? get(resolved, "description") ?? get(resolved, "item"), lookup).flatMap(stepText);
      lines.push(...namedStep(firstText(get(resolved, "name"), lookup), text));
      if (list !== undefined) instructionLines(list, lookup, lines, depth + 1);
    }
  }
  return lines;
}
