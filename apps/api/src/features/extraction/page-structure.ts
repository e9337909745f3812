import { classesOf, findAll, findFirst, linesOf, textOf, walk, type HtmlElement } from "./html-tree";
import { emptyDraft, isRecipe, type RecipeDraft } from "./recipe-draft";
import { minutesFrom, servingsFrom } from "./recipe-fields";

/**
 * Recipes read from a page's markup when it has no structured data: first the cards of common recipe plugins (WP Recipe
 * Maker, Tasty Recipes, Mediavine Create, WP Ultimate Recipe, Cooked, Zip Recipes, hrecipe, ...), found by the words in
 * their classes, then lists under headings such as Ingredients and Method, Directions, Instructions or Steps.
 */
export function pageStructureRecipes(root: HtmlElement): RecipeDraft[] {
  const cards = outermost(findAll(root, (el) => classesOf(el).some((c) => CARD_CLASS.test(c))));
  const fromCards = cards.map((card) => readRegion(card, card)).filter(isRecipe);
  if (fromCards.length > 0) return fromCards;
  const body = findFirst(root, (el) => el.name === "body") ?? root;
  return [readRegion(body, root)].filter(isRecipe);
}

const CARD_CLASS =
  /^(?:wprm-recipe-container|tasty-recipes|mv-create-card|wpurp-container|cooked-recipe|zlrecipe-container|easyrecipe|hrecipe|h-recipe|recipe-card|recipe-callout|wp-block-recipe-card-block|recipe-box)$/i;

// Words of the headings and classes that mark a recipe's parts, in the languages recipe pages are most often in.
const INGREDIENT_WORDS =
  /^(?:ingredients?|ingr[eé]dients|ingredientes|ingredienti|ingredi[eë]nten|ingredienser|zutaten|hozz[aá]val[oó]k|sk[łl]adniki|what you(?:'|’)?ll need|you will need|what you need|shopping list)$/i;
const INSTRUCTION_WORDS =
  /^(?:instructions?|directions?|method|methods|preparation|steps|how to make(?: it)?|procedure|zubereitung|anleitung|pr[ée]paration|preparaci[oó]n|preparazione|procedimento|bereiding|bereidingswijze|werkwijze|gör så här|tillagning|fremgangsm[aå]de|framgangsm[aå]te|elk[ée]sz[ií]t[ée]s|przygotowanie|sposób przygotowania)$/i;
const INGREDIENT_CLASS = /ingredient/i;
const INSTRUCTION_CLASS = /instruction|direction|preparation|method(?!s?-?(?:pay|ship))|steps?\b/i;
// Parts of a line or a list's furniture, not a list of ingredients or steps.
const PART_CLASS =
  /(?:amount|unit|name|notes?|quantity|qty|check|image|img|link|group|header|heading|title|label|count|button|toggle|icon|media|video|tip)s?$/i;
const HEADING = /^h[1-6]$/;

function readRegion(region: HtmlElement, root: HtmlElement): RecipeDraft {
  const ingredients = classedLines(region, INGREDIENT_CLASS) ?? headedLines(region, INGREDIENT_WORDS) ?? [];
  const instructions = classedLines(region, INSTRUCTION_CLASS, INGREDIENT_CLASS) ?? headedLines(region, INSTRUCTION_WORDS) ?? [];
  const title = findFirst(region, (el) => classesOf(el).some((c) => /(?:recipe|card)-?(?:name|title)$|^(?:fn|p-name)$/i.test(c)));
  const h1 = findFirst(region === root ? root : region, (el) => el.name === "h1") ?? findFirst(root, (el) => el.name === "h1");
  const facts = region === root || region.name === "body" ? [] : linesOf(region).slice(0, 80);
  return {
    ...emptyDraft(),
    title: (title && textOf(title)) || (h1 && textOf(h1)) || "",
    ingredients,
    instructions,
    servings: servingsFrom(factAfter(facts, /^(?:serves|servings?|yield|yields|makes|portions?)\b\s*:?\s*(.+)$/i)),
    prepTime: minutesFrom(factAfter(facts, /^prep(?:aration)?(?: time)?\s*:?\s*(.+)$/i)),
    cookTime: minutesFrom(factAfter(facts, /^cook(?:ing)?(?: time)?\s*:?\s*(.+)$/i)),
    totalTime: minutesFrom(factAfter(facts, /^total(?: time)?\s*:?\s*(.+)$/i)),
  };
}

function factAfter(lines: string[], pattern: RegExp): string | undefined {
  for (const line of lines) {
    const match = pattern.exec(line);
    if (match?.[1] && /\d/.test(match[1])) return match[1];
  }
  return undefined;
}

function outermost(elements: HtmlElement[]): HtmlElement[] {
  const set = new Set(elements);
  return elements.filter((el) => {
    for (let up = el.parent; up; up = up.parent) if (set.has(up)) return false;
    return true;
  });
}

const isContainer = (el: HtmlElement, words: RegExp, not?: RegExp) =>
  el.name !== "body" &&
  el.name !== "html" &&
  [...classesOf(el), el.attrs.get("id") ?? ""].some((c) => words.test(c) && !PART_CLASS.test(c) && !(not?.test(c) ?? false));

/** The lines of the outermost elements whose class names the part (an "ingredients" list, say); undefined if none. */
function classedLines(region: HtmlElement, words: RegExp, not?: RegExp): string[] | undefined {
  const containers = outermost(findAll(region, (el) => isContainer(el, words, not)));
  const lines = containers.flatMap((container) => itemLines(container));
  return lines.length > 0 ? lines : undefined;
}

/** The items of the lists in `container`, or its lines when it has no list; headings left out. */
function itemLines(container: HtmlElement): string[] {
  const items = findAll(container, (el) => el.name === "li" && !findFirst(el, (inner) => inner !== el && inner.name === "li"));
  if (items.length > 0) return items.map(textOf).filter(Boolean);
  const lines: string[] = [];
  walk(container, (el) => {
    if (HEADING.test(el.name)) return false;
    if (el.name === "p" || el.name === "div" || el === container) {
      if (el.children.some((child) => typeof child !== "string" && /^(?:p|div|ul|ol|table)$/.test(child.name))) return;
      lines.push(...linesOf(el));
      return false;
    }
  });
  return lines.filter((line) => !INGREDIENT_WORDS.test(line.replace(/:$/, "")) && !INSTRUCTION_WORDS.test(line.replace(/:$/, "")));
}

/** The lines after a heading whose whole text is one of `words`, up to the next heading of the same rank or above. */
function headedLines(region: HtmlElement, words: RegExp): string[] | undefined {
  for (const heading of headings(region, words)) {
    const lines = sectionAfter(heading).flatMap(itemLines);
    if (lines.length > 0) return lines;
  }
  return undefined;
}

function headings(region: HtmlElement, words: RegExp): HtmlElement[] {
  const found: HtmlElement[] = [];
  walk(region, (el) => {
    if (el.name === "script" || el.name === "style") return false;
    for (const child of el.children) {
      if (typeof child === "string" && words.test(child.trim().replace(/\s*:$/, ""))) found.push(wholeText(el));
    }
  });
  return found;
}

/** Climbs from an element while its parent holds nothing else, so `<h3><span>Ingredients</span></h3>` is the h3. */
function wholeText(el: HtmlElement): HtmlElement {
  let current = el;
  while (current.parent && current.parent.name !== "body" && current.parent.children.every((c) => c === current || isBlank(c))) {
    current = current.parent;
  }
  return current;
}

const isBlank = (node: HtmlElement | string) => (typeof node === "string" ? node.trim() === "" : node.name === "br");

const rank = (el: HtmlElement) => (HEADING.test(el.name) ? Number(el.name[1]) : 7);

function sectionAfter(heading: HtmlElement): HtmlElement[] {
  const level = rank(heading);
  for (let start: HtmlElement | null = heading; start && start.name !== "body"; start = start.parent) {
    const siblings = start.parent?.children ?? [];
    const section: HtmlElement[] = [];
    for (const sibling of siblings.slice(siblings.indexOf(start) + 1)) {
      if (typeof sibling === "string") continue;
      const next = HEADING.test(sibling.name) ? sibling : findFirst(sibling, (el) => HEADING.test(el.name));
      if (next && rank(next) <= level && section.length > 0) break;
      if (HEADING.test(sibling.name)) {
        if (rank(sibling) <= level) break;
        continue;
      }
      section.push(sibling);
    }
    if (section.some((el) => textOf(el) !== "")) return section;
  }
  return [];
}
