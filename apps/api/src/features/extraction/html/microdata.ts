import { groupHeadings, linesOf, textOf, walk, type HtmlElement } from "./html-tree";
import { isRecipe, type RecipeDraft } from "../recipe-draft";
import { draftFromSchema, type SchemaNode } from "./schema-recipe";

const RECIPE_TYPE = /(?:^|[/:#])Recipe$/i;
// Properties whose text keeps its line breaks: a list marked up as one property.
const MULTILINE = new Set(["recipeInstructions", "recipeIngredient", "ingredients", "description"]);
const MAX_NESTING = 4;
const INGREDIENTS = new Set(["recipeIngredient", "ingredients"]);

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
    .map((scope) => draftFromSchema(readItem(scope, 0), () => undefined))
    .filter((draft) => isRecipe(draft) || draft.title !== "");
}

function readItem(scope: HtmlElement, depth: number): SchemaNode {
  const item: SchemaNode = { "@type": (scope.attrs.get("itemtype") ?? "").trim().split(/\s+/) };
  walk(scope, (el) => {
    if (el === scope) return;
    const names = el.attrs.get("itemprop")?.split(/\s+/).filter(Boolean) ?? [];
    const nested = el.attrs.has("itemscope");
    if (names.length > 0) {
      for (const name of names) {
        const value = nested && depth < MAX_NESTING ? readItem(el, depth + 1) : propertyValue(el, name);
        const values = item[name];
        item[name] = Array.isArray(values) ? [...values, value] : [value];
      }
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
