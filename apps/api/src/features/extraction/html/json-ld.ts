import { isRecipe, type RecipeDraft } from "../recipe-draft";
import { draftFromSchema, isNode, isRecipeNode, type SchemaNode } from "./schema-recipe";

const SCRIPT_START = /<script\b/gi;
const LD_TYPE = /\btype\s*=\s*["']?application\/ld\+json\b/i;
const SCRIPT_END = /<\/script\s*>/gi;
// Nodes looked at per block: enough for any real page's graph, and a bound on a hostile one.
const MAX_NODES = 20_000;

/**
 * The schema.org Recipes in a page's JSON-LD, read straight from its script blocks without building a DOM: at the top,
 * in @graph, in arrays, as a page's mainEntity or a list's items, with several types ("@type": ["Recipe",
 * "NewsArticle"]). The same recipe given twice (by @id or by name) is read once, what one copy lacks taken from the other.
 * A named Recipe without ingredients or steps is kept: the page's markup may show them.
 */
export function jsonLdRecipes(html: string): RecipeDraft[] {
  const recipes: SchemaNode[] = [];
  const ids = new Map<string, SchemaNode>();
  for (const block of jsonLdBlocks(html)) {
    if (!/recipe/i.test(block)) continue;
    const data = parseTolerantly(block);
    if (data !== undefined) collect(data, recipes, ids);
  }
  const drafts: RecipeDraft[] = [];
  const byKey = new Map<string, RecipeDraft>();
  for (const node of recipes) {
    const draft = draftFromSchema(node, (id) => ids.get(id));
    const keys = [typeof node["@id"] === "string" ? node["@id"] : "", draft.title.toLowerCase()].filter(Boolean);
    const same = keys.map((key) => byKey.get(key)).find(Boolean);
    if (same) fillMissing(same, draft);
    else {
      keys.forEach((key) => byKey.set(key, draft));
      drafts.push(draft);
    }
  }
  return drafts.filter((draft) => isRecipe(draft) || draft.title !== "");
}

function fillMissing(draft: RecipeDraft, other: RecipeDraft): void {
  for (const key of Object.keys(draft) as (keyof RecipeDraft)[]) {
    const value = draft[key];
    if (value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0)) {
      Object.assign(draft, { [key]: other[key] });
    }
  }
}

/** The text of each JSON-LD script block, in page order. */
export const jsonLdBlocks = (html: string) => scriptBlocks(html, LD_TYPE);

/** The text of each script block whose opening tag the pattern matches, in page order, in one pass over the page. */
export function scriptBlocks(html: string, type: RegExp): string[] {
  const blocks: string[] = [];
  SCRIPT_START.lastIndex = 0;
  for (let open = SCRIPT_START.exec(html); open; open = SCRIPT_START.exec(html)) {
    // Each tag is read once, to its ">": a "<script" inside it ends there too, and one never closed ends the search.
    const tagEnd = html.indexOf(">", SCRIPT_START.lastIndex);
    if (tagEnd === -1) break;
    SCRIPT_START.lastIndex = tagEnd + 1;
    if (!type.test(html.slice(open.index, tagEnd))) continue;
    SCRIPT_END.lastIndex = tagEnd + 1;
    const close = SCRIPT_END.exec(html);
    const end = close ? close.index : html.length;
    blocks.push(html.slice(tagEnd + 1, end));
    SCRIPT_START.lastIndex = close ? SCRIPT_END.lastIndex : html.length;
  }
  return blocks;
}

/**
 * JSON as pages write it: strict first, then, cheaply, with the common mistakes mended (comment or CDATA wrappers,
 * trailing commas, raw line breaks and stray escapes inside strings). Undefined when it still isn't JSON.
 */
export function parseTolerantly(text: string): unknown {
  const trimmed = text
    .trim()
    .replace(/^(?:\/\/\s*)?(?:<!--|\/\*\s*<!\[CDATA\[\s*\*\/|<!\[CDATA\[)/, "")
    .replace(/(?:\s|;|-->|\/\*\s*\]\]>\s*\*\/|(?:\/\/\s*)?\]\]>)+$/, "")
    .trim();
  const strict = parseStrictly(trimmed);
  return strict !== undefined ? strict : parseStrictly(mendJson(trimmed));
}

/**
 * JSON as written, or undefined: how a framework's app state is read (strict, not mended as JSON-LD is, for authors
 * write that by hand: a script never closed runs to the page's end, and mending it would walk every character of it
 * for nothing).
 */
export function parseStrictly(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const ESCAPABLE = new Set(['"', "\\", "/", "b", "f", "n", "r", "t", "u"]);
const CONTROL_ESCAPES: Record<string, string> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };

function mendJson(text: string): string {
  let out = "";
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] ?? "";
    if (inString) {
      if (c === "\\") {
        const next = text[i + 1] ?? "";
        out += ESCAPABLE.has(next) ? c + next : next;
        i++;
      } else if (c === '"') {
        inString = false;
        out += c;
      } else if (c < " ") out += CONTROL_ESCAPES[c] ?? " ";
      else out += c;
    } else if (c === '"') {
      inString = true;
      out += c;
    } else if (c === ",") {
      const next = /\S/.exec(text.slice(i + 1, i + 200));
      if (next?.[0] !== "}" && next?.[0] !== "]") out += c;
    } else out += c;
  }
  return out;
}

/** Walks parsed JSON-LD without recursion, keeping Recipe nodes and indexing every node that has an @id. */
function collect(data: unknown, recipes: SchemaNode[], ids: Map<string, SchemaNode>): void {
  const pending: unknown[] = [data];
  for (let seen = 0; pending.length > 0 && seen < MAX_NODES; seen++) {
    const value = pending.pop();
    if (Array.isArray(value)) {
      for (let k = value.length - 1; k >= 0; k--) pending.push(value[k]);
      continue;
    }
    if (!isNode(value)) continue;
    const id = value["@id"];
    if (typeof id === "string" && Object.keys(value).length > 1 && !ids.has(id)) ids.set(id, value);
    if (isRecipeNode(value)) {
      recipes.push(value);
      continue;
    }
    const children = Object.values(value).filter((child) => typeof child === "object" && child !== null);
    for (let k = children.length - 1; k >= 0; k--) pending.push(children[k]);
  }
}
