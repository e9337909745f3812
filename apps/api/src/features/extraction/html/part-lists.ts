import { isBoilerplate } from "./boilerplate";
import { SERVINGS_WORDS } from "./page-facts";
import { classesOf, findAll, isUnread, outermost, walk, type HtmlElement } from "./html-tree";
import { HEADING, headings, INGREDIENT_HEADING, INSTRUCTION_HEADING, MAX_CANDIDATES } from "./part-headings";
import { itemLines, sectionAfter, type Found, type Line } from "./section-lines";

/**
 * A page's ingredient and step lists: the best-scoring of those under a heading such as Ingredients or Method,
 * Directions, Instructions or Steps, and of those in elements whose classes name them; for ingredients, else a list
 * that reads as ingredients.
 */

const INGREDIENT_CLASS = /ingredient|zutaten/i;
const INSTRUCTION_CLASS = /instruction|direction|preparation|method|(?:^|[-_])steps?$|zubereitung/i;
// Parts of one line or of a list's furniture, never the list itself.
const PART_CLASS =
  /(?:amount|unit|name|notes?|quantity|qty|check|checkbox|image|img|link|group|header|heading|title|label|count|button|toggle|icon|media|video|tip|text|number|list-item|item)s?$/i;

/**
 * The ingredient list a person sees in a region: its best list under an Ingredients heading, in an element whose class
 * names them, or a list that reads as ingredients.
 */
export function ingredientsIn(region: HtmlElement): Found {
  // An element whose class names the steps too ("ingredients-directions") holds both parts, not the list.
  const named = best(region, INGREDIENT_HEADING, INGREDIENT_CLASS, INSTRUCTION_CLASS, ingredientScore, readsAsIngredients);
  const found = named.lines.length > 0 ? named : unnamedIngredients(region);
  const first = firstIngredient(found.lines.map((line) => line.text));
  const lines = found.lines.slice(first);
  // A paragraph of prose after the list's first lines (a tip, the story going on, the steps in the same container) is
  // no ingredient: the list ends there.
  const prose = lines.findIndex((line, k) => k >= 2 && isProse(line.text));
  if (prose > 0) return { ...found, lines: lines.slice(0, prose) };
  return first > 0 ? { ...found, lines } : found;
}

// More words than an ingredient's line has, not opening with an amount.
const PROSE_WORDS = 20;
const isProse = (text: string) => !HAS_QUANTITY.test(text.slice(0, 3)) && text.split(" ").length > PROSE_WORDS;

// A list's servings control above its first ingredient, read as lines: "Personen", "for / 4 / servings", "4personnes",
// "(Op basis van personen)", a "Scale" button, a separator.
const SERVINGS_CONTROL = new RegExp(
  `^(?:[^\\p{L}\\d]*|for|für|pour|voor|para|per|scale|.{0,20}(?<!\\p{L})(?:${SERVINGS_WORDS})(?!\\p{L}).{0,20})$`,
  "iu",
);

/**
 * Where a list's lines start after its servings control, whose count may be a line of its own: before the word ("4"
 * over "Portionen") or after a label ("Serves" over "4"), not after a count and its word ("4 / Portionen / 200 / g").
 */
function firstIngredient(lines: string[]): number {
  const control = (k: number) => k >= 0 && k < lines.length && SERVINGS_CONTROL.test(lines[k] ?? "");
  const count = (k: number) => /^\d+$/.test(lines[k] ?? "");
  let k = 0;
  while (k < lines.length && (control(k) || (count(k) && (control(k + 1) || (control(k - 1) && !count(k - 2)))))) k++;
  return k;
}

/** The steps in a region: its best list under a Method (Directions, ...) heading or in an element whose class names them. */
export function instructionsIn(region: HtmlElement): Line[] {
  return best(region, INSTRUCTION_HEADING, INSTRUCTION_CLASS, INGREDIENT_CLASS, instructionScore).lines;
}

/**
 * The best-scoring list among those under a matching heading (in page order) and those in elements whose class names
 * the part; with `isList`, the first that `isList` accepts and that scores at least two thirds of the best.
 */
function best(
  region: HtmlElement,
  heading: RegExp,
  classWords: RegExp,
  notClass: RegExp | undefined,
  score: (lines: Line[]) => number,
  isList?: (lines: Line[]) => boolean,
): Found {
  const containers = classContainers(region, classWords, notClass);
  const candidates: Found[] = [
    ...headings(region, heading).map(sectionAfter),
    ...containers.map((container) => ({ lines: itemLines([container]), end: container })),
    ...siblingGroups(containers).map((group) => ({ lines: itemLines(group), end: group.at(-1) })),
  ];
  const scores = candidates.map((candidate) => score(candidate.lines));
  let found: Found = { lines: [], end: undefined };
  let bestScore = 0;
  candidates.forEach((candidate, k) => {
    const value = scores[k] ?? 0;
    if (value > bestScore) [found, bestScore] = [candidate, value];
  });
  // The first list of its kind that scores nearly as well, where a later one scores best by the lines it adds that are
  // none of the part (a servings line or a nutrition label closing the list, a list of related recipes).
  const first =
    isList && candidates.find((candidate, k) => (scores[k] ?? 0) > 0 && 3 * (scores[k] ?? 0) >= 2 * bestScore && isList(candidate.lines));
  return first || found;
}

// A line that starts with an amount and a unit or size, as most ingredient lines do, in the languages recipe pages are
// most often written in ("1/4 tsp. salt", "2 large eggs", "250 g de tagliatelles", "4 cs de parmesan", "2 EL Öl",
// "1 łyżka masła", "2 个 蛋").
const UNITS = [
  "cups?|c\\.|tbsp?s?|tbs|tablespoons?|teaspoons?|tsp|g|grams?|gr|kg|ml|l|litres?|liters?|dl|cl|oz|ounces?|lbs?|pounds?|pinch|cloves?|cans?|pieces?|slices?|sticks?|large|medium|small|whole|bunch|handful",
  "cs|cc|c\\. à (?:soupe|café)|cuill[eè]res?|gousses?|tranches?|pincées?|sachets?|el|tl|essl[öo]ffel|teel[öo]ffel|prisen?|päckchen|stück|stk|st|bund|zehen?",
  "eetlepels?|theelepels?|teentjes?|snufje|cucharadas?|cucharaditas?|dientes?|pizcas?|tazas?|cucchiai|cucchiaini|spicchi|pizzico|colheres?|xícaras?|dentes?",
  "msk|tsk|krm|ss|ts|spsk|fed|łyżk[ai]|łyżeczk[ai]|szklank[ai]|szt|evőkanál|teáskanál|dkg|db|gerezd|csipet|lžíce|lžičky|ks|stroužky",
].join("|");
const MEASURED = new RegExp(
  `^(?:\\d+(?:[.,/⁄]\\d+)?|[½⅓⅔¼¾⅛⅜⅝⅞])\\s*(?:[½⅓⅔¼¾⅛]\\s*)?(?:-\\s*\\d+\\s*)?(?:(?:${UNITS})(?!\\p{L})|[个克勺杯個本枚]|毫升|大さじ|小さじ)`,
  "iu",
);

// The amount and its unit after the ingredient's name, as many lists of Central and Eastern Europe print them
// ("hladká mouka 140 g", "Tortilla pšeničná 2 ks", "cukor 2 PL").
const MEASURED_AFTER = new RegExp(`(?<![\\p{L}\\d])(?:\\d+(?:[.,/⁄]\\d+)?|[½⅓⅔¼¾⅛⅜⅝⅞])\\s*(?:-\\s*\\d+\\s*)?(?:${UNITS})\\.?$`, "iu");

/** A line that opens with an amount and its unit, or closes with them after the ingredient's name. */
export const isMeasured = (text: string) => MEASURED.test(text) || (MEASURED_AFTER.test(text) && /^\p{L}/u.test(text));

/**
 * A list (or a paragraph of lines set apart by line breaks, or a table) under no heading and in no class we know, that
 * reads as ingredients: at least three items, half of them or more opening with an amount or a bare count ("6 boneless
 * chicken breasts"), one at least with its unit. Not in navigation or sidebars.
 */
function unnamedIngredients(region: HtmlElement): Found {
  let found: Found = { lines: [], end: undefined };
  let bestScore = 0;
  const lists: HtmlElement[] = [];
  const tables: HtmlElement[] = [];
  walk(region, (el) => {
    if (isUnread(el)) return false;
    // A table of one ingredient a row; looked into as well, as a page laid out in tables holds its lists in one.
    if (el.name === "table") {
      tables.push(el);
      return;
    }
    // A list, or a paragraph whose line breaks set its lines apart ("<p>200 g flour<br>2 eggs<br>…</p>").
    const isList = el.name === "ul" || el.name === "ol";
    if (!isList && !(el.name === "p" && el.children.filter((c) => typeof c !== "string" && c.name === "br").length >= 2)) return;
    lists.push(el);
    return false;
  });
  // Of tables, those holding no other table: a layout's tables hold the whole page. Each climb stops where another's did.
  const holdsTable = new Set<HtmlElement>();
  for (const table of tables) for (let up = table.parent; up && !holdsTable.has(up); up = up.parent) holdsTable.add(up);
  lists.push(...tables.filter((table) => !holdsTable.has(table)));
  for (const list of lists) {
    const lines = itemLines([list]);
    if (lines.length < 3 || !readsAsMeasured(lines) || isBoilerplate(list)) continue;
    const value = ingredientScore(lines);
    if (value > bestScore) [found, bestScore] = [{ lines, end: list }, value];
  }
  return found;
}

const HAS_QUANTITY = /\d|[½⅓⅔¼¾⅛⅜⅝⅞]/;
// A count or an amount before the ingredient, with or without a unit ("6 boneless chicken breasts", "2 extra-large
// eggs"), not a step's number ("1. Preheat").
const COUNT = /^(?:\d+(?:[.,/⁄]\d+)?|[½⅓⅔¼¾⅛⅜⅝⅞])(?![.)]?\d)(?![.)]\s)/;
const opensMeasured = (text: string) => COUNT.test(text) || isMeasured(text);
// Half of the lines or more opening with an amount or a count, one of them at least with a unit of the kitchen: counts
// alone are as often a product's specifications ("6 GB memory", "2 cameras").
const readsAsMeasured = (lines: Line[]) =>
  2 * lines.filter((line) => opensMeasured(line.text)).length >= lines.length && lines.some((line) => isMeasured(line.text));

const MIN_INGREDIENTS = 3;
/** Three lines or more, at least half of them with a quantity: an ingredient list, not a tab strip or a lone note. */
const readsAsIngredients = (lines: Line[]) =>
  lines.length >= MIN_INGREDIENTS && 2 * lines.filter((line) => HAS_QUANTITY.test(line.text)).length >= lines.length;

function ingredientScore(lines: Line[]): number {
  if (lines.length === 0 || lines.length > 150) return 0;
  const length = lines.reduce((sum, line) => sum + line.text.length, 0) / lines.length;
  const value = lines.reduce((sum, line) => sum + (line.link ? -1 : HAS_QUANTITY.test(line.text) ? 2 : 1), 0);
  // Paragraphs are no list of ingredients.
  return length > 150 ? value / 4 : value;
}

function instructionScore(lines: Line[]): number {
  return lines.reduce((sum, line) => sum + (line.link ? -5 : Math.min(line.text.split(" ").length, 80)), 0);
}

/**
 * Containers of one tag and class side by side under one parent: a part's groups, each in its own container
 * ("<div class='Ingredients'><h2>Biscuit</h2>…</div><div class='Ingredients'><h2>Ganache</h2>…</div>"), read as one.
 */
function siblingGroups(containers: HtmlElement[]): HtmlElement[][] {
  const groups = new Map<string, HtmlElement[]>();
  for (const container of containers) {
    if (!container.parent) continue;
    const key = `${container.name}.${container.attrs.get("class") ?? ""}`;
    const group = groups.get(key);
    if (group && group[0]?.parent === container.parent) group.push(container);
    else if (!group) groups.set(key, [container]);
  }
  return [...groups.values()].filter((group) => group.length > 1);
}

function classContainers(region: HtmlElement, words: RegExp, not: RegExp | undefined): HtmlElement[] {
  const matches = (el: HtmlElement) =>
    !HEADING.test(el.name) &&
    el.name !== "body" &&
    el.name !== "html" &&
    [...classesOf(el), el.attrs.get("id") ?? ""].some((c) => words.test(c) && !PART_CLASS.test(c) && !(not?.test(c) ?? false));
  return outermost(findAll(region, matches))
    .filter((el) => !isBoilerplate(el))
    .slice(0, MAX_CANDIDATES);
}
