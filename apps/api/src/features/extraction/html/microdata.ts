import { groupHeadings, linesOf, textOf, walk, type HtmlElement } from "./html-tree";
import { isRecipe, type RecipeDraft } from "../recipe-draft";
import { draftFromSchema, type SchemaNode } from "./schema-recipe";

const RECIPE_TYPE = /(?:^|[/:#])Recipe$/i;
// Properties whose text keeps its line breaks: a list marked up as one property.
const MULTILINE = new Set(["recipeInstructions", "recipeIngredient", "ingredients", "description"]);
const MAX_NESTING = 4;
const INGREDIENTS = new Set(["recipeIngredient", "ingredients"]);
/**
 * What one recipe's properties may read, as values and as characters of text: a real recipe has a few hundred
 * values. Properties nested in each other are read once for each level, so a page of them nested deep would read its
 * text again for each; past either bound the rest of the page's properties are left out.
 */
export const MICRODATA_LIMITS = { values: 5_000, textChars: 2_000_000 };

/** Recipes marked up with microdata (itemscope, itemtype schema.org/Recipe, itemprop), read into schema.org's shape. */
export function microdataRecipes(root: HtmlElement): RecipeDraft[] {
  // A recipe inside another is read as part of it, never on its own: so no page makes this walk go over itself twice.
  const scopes: HtmlElement[] = [];
  walk(root, (el) => {
    if (!el.attrs.has("itemscope") || !(el.attrs.get("itemtype") ?? "").split(/\s+/).some((t) => RECIPE_TYPE.test(t))) return;
    scopes.push(el);
    return false;
  });
  return scopes
    .map((scope) => draftFromSchema(readItem(scope, 0, { ...MICRODATA_LIMITS }), () => undefined))
    .filter((draft) => isRecipe(draft) || draft.title !== "");
}

function readItem(scope: HtmlElement, depth: number, left: typeof MICRODATA_LIMITS): SchemaNode {
  const item: SchemaNode = { "@type": (scope.attrs.get("itemtype") ?? "").trim().split(/\s+/) };
  walk(scope, (el) => {
    if (el === scope) return;
    if (left.values <= 0 || left.textChars <= 0) return false;
    const names = el.attrs.get("itemprop")?.split(/\s+/).filter(Boolean) ?? [];
    const nested = el.attrs.has("itemscope");
    for (const name of names) {
      const value = nested && depth < MAX_NESTING ? readItem(el, depth + 1, left) : propertyValue(el, name);
      left.values--;
      if (typeof value === "string") left.textChars -= value.length;
      const values = item[name];
      if (Array.isArray(values)) values.push(value);
      else item[name] = [value];
    }
    // A nested item's properties are its own.
    if (nested) return false;
  });
  return item;
}

const LINK_ATTRIBUTE: Record<string, string[]> = {
  img: ["data-lazy-src", "data-src", "src"],
  source: ["srcset", "src"],
  a: ["href"],
  link: ["href"],
  meta: ["content"],
  time: ["datetime"],
  data: ["value"],
  meter: ["value"],
  object: ["data"],
};

function propertyValue(el: HtmlElement, name: string): string {
  for (const attribute of [...(LINK_ATTRIBUTE[el.name] ?? []), "content"]) {
    const value = el.attrs.get(attribute);
    if (value && !value.startsWith("data:")) return attribute === "srcset" ? (value.trim().split(/\s+/)[0] ?? "") : value;
  }
  if (!MULTILINE.has(name)) return textOf(el);
  const lines = linesOf(el);
  // An ingredient list's lines without a digit that are bold, a heading or classed as one are its group headings.
  if (!INGREDIENTS.has(name)) return lines.join("\n");
  const headings = groupHeadings(el);
  return lines.filter((line) => !headings.has(line)).join("\n");
}
