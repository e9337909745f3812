import { classesOf, findAll, findFirst, isUnread, leadingLines, linesOf, textOf, walk, type HtmlElement, type HtmlNode } from "./html-tree";
import { emptyDraft, type RecipeDraft } from "./recipe-draft";
import { minutesFrom, servingsFrom } from "./recipe-fields";
import { collapseSpace, decodeEntities } from "./text";

/**
 * Recipes read from a page's markup when it has no structured data: the cards of common recipe plugins (WP Recipe Maker,
 * Tasty Recipes, Mediavine Create, WP Ultimate Recipe, Cooked, Zip Recipes, hrecipe, ...) found by their classes, each
 * a recipe; else one recipe from the page's best ingredient and step lists, found under headings such as Ingredients
 * and Method, Directions, Instructions or Steps, or in elements whose classes name them. A recipe needs both.
 */
export function pageStructureRecipes(root: HtmlElement, pageTitle: string): RecipeDraft[] {
  const cards = outermost(findAll(root, (el) => classesOf(el).some((c) => CARD_CLASS.test(c))));
  const fromCards = cards.map((card) => readRegion(card, cardTitle(card)));
  const found = fromCards.filter(hasBoth);
  if (found.length > 0) return found;
  const body = findFirst(root, (el) => el.name === "body") ?? root;
  return [readRegion(body, pageHeading(root, pageTitle))].filter(hasBoth);
}

const hasBoth = (draft: RecipeDraft) => draft.ingredients.length > 0 && draft.instructions.length > 0;

const CARD_NAMES =
  "wprm-recipe-container|tasty-recipes|mv-create-card|wpurp-container|cooked-recipe|zlrecipe-container|easyrecipe|hrecipe|h-recipe|recipe-card|wp-block-recipe-card-block";
const CARD_CLASS = new RegExp(`^(?:${CARD_NAMES})$`, "i");

// Every card class name holds one of these; a page's source is searched for them, not for each name (a scan each).
const CARD_WORDS = ["recipe", "mv-create-card", "wpurp-container"];
// Mentions of those words looked at: a real page has a few hundred, a hostile one may have millions.
const MAX_CARD_WORDS = 5_000;
const CLASS_CHAR = /[\w-]/;

/**
 * Whether a page seems to hold a recipe plugin's card: one of their class names appears in its source as a word of
 * its own. A look at the raw page, without parsing it.
 */
export function mayHaveRecipeCard(html: string): boolean {
  let looked = 0;
  for (const word of CARD_WORDS) {
    for (let at = html.indexOf(word); at !== -1 && looked < MAX_CARD_WORDS; at = html.indexOf(word, at + word.length), looked++) {
      let start = at;
      let end = at + word.length;
      // A class name is short: the longest card name is 26 characters.
      while (start > 0 && at - start < 40 && CLASS_CHAR.test(html[start - 1] ?? "")) start--;
      while (end < html.length && end - at < 40 && CLASS_CHAR.test(html[end] ?? "")) end++;
      if (CARD_CLASS.test(html.slice(start, end))) return true;
    }
  }
  return false;
}

const CARD_TITLE =
  /^(?:wprm-recipe-name|tasty-recipes-title|mv-create-title|wpurp-recipe-title|zlrecipe-title|fn|p-name)$|(?:recipe|card)[-_]?(?:name|title)$/i;

// What a part's heading says, in the languages recipe pages are most often written in; the heading may go on
// ("Ingredients for the sauce", "How to make brisket chili").
const INGREDIENT_HEADING =
  /^(?:ingredients?|ingr[eé]dients|ingredientes|ingredienti|ingredi[eë]nten|ingredienser|ingredienc|zutaten|hozz[aá]val[oó]k|sk[łl]adniki|benodigdheden|what you(?:'ll| will)? need|you(?:'ll| will) need|shopping list)\b/;
const INSTRUCTION_HEADING =
  /^(?:(?:step[- ]by[- ]step )?(?:instructions?|directions?|method|preparation|steps)|how to (?:make|prepare|cook)|procedure|zubereitung|anleitung|pr[ée]paration|preparaci[oó]n|elaboraci[oó]n|preparazione|procedimento|bereiding(?:swijze)?|werkwijze|gör så här|tillagning|fremgangsm[aå]de|framgangsm[aå]te|elk[ée]sz[ií]t[ée]s|przygotowanie|spos[oó]b przygotowania)\b/;
// Other parts of a recipe page, where a list of ingredients or steps ends.
const OTHER_HEADING =
  /^(?:notes?|tips?|nutrition|equipment|tools|video|storage|faqs?|serving|variations?|substitutions?|related|more |comments?|reviews?|recipe notes|anmerkung|tipps?|hinweis|n[äa]hrwerte)\b/;
const INGREDIENT_CLASS = /ingredient|zutaten/i;
const INSTRUCTION_CLASS = /instruction|direction|preparation|method|(?:^|[-_])steps?$|zubereitung/i;
// Parts of one line or of a list's furniture, never the list itself.
const PART_CLASS =
  /(?:amount|unit|name|notes?|quantity|qty|check|checkbox|image|img|link|group|header|heading|title|label|count|button|toggle|icon|media|video|tip|text|number|list-item|item)s?$/i;
// Where a page keeps what is not its content: navigation, sidebars, sharing, comments, related posts. A class is one of
// these words with at most one word before and after it ("site-footer", "related-posts"), not a long list of terms.
const BOILERPLATE_CLASS =
  /^(?:[a-z0-9]+[-_]{1,2})?(?:nav|navbar|navigation|menu|sidebar|widget|footer|breadcrumbs?|share|sharing|social|related|comments?|newsletter|subscribe|advert|promo|popup|modal|cookie|post-views)(?:[-_]{1,2}[a-z0-9]+)?$/i;
const BOILERPLATE_TAG = new Set(["nav", "aside", "footer", "form"]);
const HEADING = /^h[1-6]$/;
// Headings or classed elements looked at for one part: more is a page built to make the search slow.
const MAX_CANDIDATES = 30;
const BLOCKS = /^(?:p|div|ul|ol|dl|table|section|article|li|h[1-6]|blockquote|pre|figure)$/;
const STEP_WORD = "(?:step|schritt|stap|étape|etape|paso|passo|steg|trin|krok)";
// A step's number or bullet before its text ("1.", "STEP 2 |", "•"), and a line that is only a step's label.
const STEP_NUMBER = new RegExp(`^(?:[•·▪◦●○■□▢✓✔*\\-–—]|\\d{1,2}[.)](?!\\d)|${STEP_WORD}\\s*\\d+\\s*[|:.)\\-–—])\\s*`, "i");
const STEP_LABEL = new RegExp(`^${STEP_WORD}\\s*\\d+\\s*[.:]?$`, "i");

interface Line {
  text: string;
  /** All of its text is a link: navigation more often than an ingredient or a step. */
  link: boolean;
}

/** A list found on the page, and the element it ends with. */
interface Found {
  lines: Line[];
  end: HtmlElement | undefined;
}

/**
 * The ingredient list a person sees on a page without a recipe card: its best list under an Ingredients heading, in
 * an element whose class names them, or a list that reads as ingredients.
 */
export function printedIngredients(root: HtmlElement): string[] {
  const body = findFirst(root, (el) => el.name === "body") ?? root;
  return ingredientsIn(body).lines.map((line) => line.text);
}

function ingredientsIn(region: HtmlElement): Found {
  // An element whose class names the steps too ("ingredients-directions") holds both parts, not the list.
  const named = best(region, INGREDIENT_HEADING, INGREDIENT_CLASS, INSTRUCTION_CLASS, ingredientScore);
  return named.lines.length > 0 ? named : unnamedIngredients(region);
}

function readRegion(region: HtmlElement, title: string): RecipeDraft {
  const ingredients = ingredientsIn(region);
  let instructions = best(region, INSTRUCTION_HEADING, INSTRUCTION_CLASS, INGREDIENT_CLASS, instructionScore).lines;
  // Steps under no heading we know ("The recipe", the dish's name again) usually follow the ingredients; where the
  // ingredients stand beside the text (in the article's sidebar), under a heading that names the dish.
  if (instructions.length === 0 && ingredients.end) instructions = paragraphsAfter(ingredients.end);
  if (instructions.length === 0 && ingredients.end) instructions = stepsUnderDishName(region, title);
  return {
    ...emptyDraft(),
    ...factsOf(region),
    title,
    ingredients: ingredients.lines.map((line) => line.text),
    instructions: stepLines(instructions.map((line) => line.text)),
  };
}

const NOTE_LINE = /^(?:notes?|tips?|recipe notes?|anmerkung|hinweis)\s*[:|]/i;

/** Steps without their numbers or bare "Step 2" labels, up to a note that follows them. */
function stepLines(lines: string[]): string[] {
  const steps = lines.map((line) => line.replace(STEP_NUMBER, "")).filter((line) => line !== "" && !STEP_LABEL.test(line));
  const note = steps.findIndex((line) => NOTE_LINE.test(line));
  return note > 0 ? steps.slice(0, note) : steps;
}

const SERVINGS_WORDS =
  "serves|servings?|yields?|makes|portions?|personen|portionen|porties|personer|adag|porcj[aei]|porzioni|porciones|raciones";
const SERVINGS_LABEL = new RegExp(`^(?:${SERVINGS_WORDS})\\b\\s*:?\\s*(.+)$`, "i");
// An icon standing for the label, in its alternative text ("number of servings", "ilość porcji").
const SERVINGS_ICON = new RegExp(`(?:^|\\s)(?:${SERVINGS_WORDS})(?:$|\\s)`, "i");
// Icons looked at for the servings: a page's stats have a handful, a gallery many more.
const MAX_ICONS = 50;

/** Servings and times the page states in short lines ("Serves: 4", "Prep time | 15 minutes"), or beside an icon. */
export function factsOf(region: HtmlElement): Pick<RecipeDraft, "servings" | "prepTime" | "cookTime" | "totalTime"> {
  const facts = linesOf(region).filter((line) => line.length < 80);
  return {
    servings: servingsFrom(fact(facts, SERVINGS_LABEL)) ?? servingsBesideIcon(region),
    prepTime: minutesFrom(fact(facts, /^prep(?:aration)?(?: time)?\s*[:|]?\s*(.+)$/i)),
    cookTime: minutesFrom(fact(facts, /^cook(?:ing)?(?: time)?\s*[:|]?\s*(.+)$/i)),
    totalTime: minutesFrom(fact(facts, /^total(?: time)?\s*[:|]?\s*(.+)$/i)),
  };
}

/** The count printed next to an icon whose alternative text names the servings: "[icon: servings] 8 people". */
function servingsBesideIcon(region: HtmlElement): number | null {
  let servings: number | null = null;
  let icons = 0;
  walk(region, (el) => {
    if (servings !== null || icons >= MAX_ICONS || isUnread(el)) return false;
    if (el.name !== "img") return;
    icons++;
    if (!SERVINGS_ICON.test(el.attrs.get("alt") ?? "")) return;
    // The smallest element around the icon that has text: the icon's label and its value.
    let box = el.parent;
    for (let climbs = 0; box && climbs < 3 && leadingLines(box, 1).length === 0; climbs++) box = box.parent;
    const text = box ? leadingLines(box, 40).join(" ") : "";
    if (text.length < 40 && /^\d/.test(text)) servings = servingsFrom(text);
  });
  return servings;
}

function fact(lines: string[], pattern: RegExp): string | undefined {
  for (const line of lines) {
    const match = pattern.exec(line);
    if (match?.[1] && /\d/.test(match[1])) return match[1];
  }
  return undefined;
}

function cardTitle(card: HtmlElement): string {
  const title = findFirst(card, (el) => classesOf(el).some((c) => CARD_TITLE.test(c)));
  return title ? textOf(title) : "";
}

// A wiki's namespace before a page's name, written without a space ("Cookbook:Pumpkin Pie"): no part of the dish's name.
const NAMESPACE = /^\p{Lu}\p{L}+:(?=[\p{Lu}\d])/u;

/**
 * The page's heading for its recipe: the h1 that the page's title repeats (so not a site name or "Navigation"), else
 * its only h1, else the page's title; without a wiki's namespace.
 */
function pageHeading(root: HtmlElement, pageTitle: string): string {
  const title = pageTitle.toLowerCase();
  const h1s = findAll(root, (el) => el.name === "h1" && !isBoilerplate(el))
    .map(textOf)
    .filter(Boolean);
  const heading = h1s.find((h1) => title.includes(h1.toLowerCase())) ?? (h1s.length === 1 ? h1s[0] : undefined) ?? pageTitle;
  return heading.replace(NAMESPACE, "");
}

function outermost(elements: HtmlElement[]): HtmlElement[] {
  const set = new Set(elements);
  return elements.filter((el) => {
    for (let up = el.parent; up; up = up.parent) if (set.has(up)) return false;
    return true;
  });
}

// A class naming the recipe ("recipe__sidebar-title") is the recipe's own, wherever the page puts it.
const isBoilerplateElement = (el: HtmlElement) =>
  BOILERPLATE_TAG.has(el.name) || classesOf(el).some((c) => BOILERPLATE_CLASS.test(c) && !/recipe/i.test(c));

const isSidebar = (el: HtmlElement) => !BOILERPLATE_TAG.has(el.name) && classesOf(el).some((c) => /sidebar/i.test(c));

/**
 * Whether an element is in navigation, a sidebar, a footer and the like (looked for up to the article, main or body).
 * A sidebar inside the article or the main content is its own (the ingredients beside the steps), not the page's.
 */
function isBoilerplate(element: HtmlElement): boolean {
  let inSidebar = false;
  let el: HtmlElement | null = element;
  for (; el && !/^(?:article|main|body)$/.test(el.name); el = el.parent) {
    if (el.attrs.get("role") === "navigation" || el.attrs.get("role") === "complementary") return true;
    if (!isBoilerplateElement(el)) continue;
    if (!isSidebar(el)) return true;
    inSidebar = true;
  }
  return inSidebar && el?.name !== "article" && el?.name !== "main";
}

/** The best-scoring list among those under a matching heading and those in elements whose class names the part. */
function best(
  region: HtmlElement,
  heading: RegExp,
  classWords: RegExp,
  notClass: RegExp | undefined,
  score: (lines: Line[]) => number,
): Found {
  const candidates: Found[] = [
    ...headings(region, heading).map(sectionAfter),
    ...classContainers(region, classWords, notClass).map((container) => ({ lines: itemLines([container]), end: container })),
  ];
  let found: Found = { lines: [], end: undefined };
  let bestScore = 0;
  for (const candidate of candidates) {
    const value = score(candidate.lines);
    if (value > bestScore) [found, bestScore] = [candidate, value];
  }
  return found;
}

// A line that starts with an amount and a unit or size, as most ingredient lines do ("1/4 tsp. salt", "2 large eggs").
const MEASURED =
  /^(?:\d+(?:[.,/]\d+)?|[½⅓⅔¼¾⅛⅜⅝⅞])\s*(?:[½⅓⅔¼¾⅛]\s*)?(?:-\s*\d+\s*)?(?:cups?|c\.|tbsp?s?|tbs|tablespoons?|teaspoons?|tsp|g|grams?|kg|ml|l|litres?|liters?|dl|cl|oz|ounces?|lbs?|pounds?|pinch|cloves?|cans?|pieces?|slices?|sticks?|large|medium|small|whole|bunch|handful|el|tl|stk|st)\b/i;

/**
 * A list under no heading and in no class we know, that reads as ingredients: at least three items, most of them
 * measured. Not in navigation or sidebars.
 */
function unnamedIngredients(region: HtmlElement): Found {
  let found: Found = { lines: [], end: undefined };
  let bestScore = 0;
  const lists: HtmlElement[] = [];
  walk(region, (el) => {
    if (isUnread(el)) return false;
    if (el.name !== "ul" && el.name !== "ol") return;
    lists.push(el);
    return false;
  });
  for (const list of lists) {
    const lines = itemLines([list]);
    if (lines.length < 3 || lines.filter((line) => MEASURED.test(line.text)).length < lines.length / 2 || isBoilerplate(list)) continue;
    const value = ingredientScore(lines);
    if (value > bestScore) [found, bestScore] = [{ lines, end: list }, value];
  }
  return found;
}

const HAS_QUANTITY = /\d|[½⅓⅔¼¾⅛⅜⅝⅞]/;

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

const HAS_LETTER = /\p{L}/u;

// A part's number before its name ("2. Method", "01 Ingredients"). Any other number keeps its place, so a count
// ("10 ingredients or less", a tag on many blogs) names no part.
const LEADING_MARKS = /^[^\p{L}\d]*(?:(?:\d{1,2}[.)]|0\d)[^\p{L}\d]*)?/u;

const headingText = (text: string) =>
  collapseSpace(decodeEntities(text))
    .replace(LEADING_MARKS, "")
    .replace(/[^\p{L})]+$/u, "")
    .replace(/[’`]/g, "'")
    .toLowerCase();

/** Elements whose whole (short) text is a heading for the part: h1-h6, or a paragraph, a strong, a div used as one. */
function headings(region: HtmlElement, words: RegExp): HtmlElement[] {
  const found: HtmlElement[] = [];
  walk(region, (el) => {
    // Enough found: every element still waiting in the walk is passed over, not looked at (and a section read for it).
    if (found.length >= MAX_CANDIDATES || isUnread(el)) return false;
    for (const child of el.children) {
      // Most text between tags is only whitespace, which names no part: skipped before the (costlier) clean-up.
      if (
        typeof child !== "string" ||
        child.length > 200 ||
        !(HAS_LETTER.test(child) || child.includes("&")) ||
        !words.test(headingText(child))
      )
        continue;
      const heading = wholeText(el);
      const text = headingText(leadingLines(heading, 100).join(" "));
      if (text.length <= 60 && text.split(" ").length <= 8 && words.test(text) && !isBoilerplate(heading)) found.push(heading);
      break;
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

// Nothing a person reads: whitespace, a line break, an icon.
const isBlank = (node: HtmlNode) => (typeof node === "string" ? node.trim() === "" : leadingLines(node, 1).length === 0);

const rank = (el: HtmlElement) => (HEADING.test(el.name) ? Number(el.name[1]) : 7);

/** Whether an element starts a new part: a heading as high as the one the section began under, or a known part's. */
function endsSection(el: HtmlElement, level: number): boolean {
  if (HEADING.test(el.name) && rank(el) <= level) return true;
  if (isBoilerplateElement(el)) return true;
  // Its first line, so that a heading inline in a paragraph ("<p><b>Method:</b> Mix the...") counts.
  const first = leadingLines(el, 100)[0] ?? "";
  if (first.length > 60) return false;
  const words = headingText(first);
  return INGREDIENT_HEADING.test(words) || INSTRUCTION_HEADING.test(words) || OTHER_HEADING.test(words);
}

/**
 * The lines after a heading, up to where the next part begins. A heading inline in a paragraph ("<p><b>Method:</b>
 * Mix the...") starts with the rest of that paragraph; a heading alone in a wrapper (with an "edit" link, say) looks
 * past the wrapper.
 */
function sectionAfter(heading: HtmlElement): Found {
  let start = heading;
  const lines: Line[] = [];
  const parent = heading.parent;
  if (!BLOCKS.test(heading.name) && parent && parent.name !== "body") {
    // A wrapper holding the heading and its list is the whole section.
    if (findFirst(parent, (el) => el.name === "li")) return { lines: itemLines([parent]), end: parent };
    const own = textOf(heading);
    for (const line of blockLines(parent)) {
      const rest = line.text.startsWith(own) ? line.text.slice(own.length).replace(/^[\s:.\-–—|]+/, "") : line.text;
      if (rest !== "") lines.push({ ...line, text: rest });
    }
    start = parent;
  }
  const level = rank(start);
  for (let from: HtmlElement | null = start, climbs = 0; from && from.name !== "body" && climbs < 4; from = from.parent, climbs++) {
    const siblings = from.parent?.children ?? [];
    const section: HtmlElement[] = [];
    for (let k = siblings.indexOf(from) + 1; k < siblings.length; k++) {
      const sibling = siblings[k];
      if (sibling === undefined || typeof sibling === "string" || isUnread(sibling)) continue;
      if (endsSection(sibling, level)) break;
      const inner = findFirst(sibling, (el) => el !== sibling && HEADING.test(el.name) && rank(el) <= level);
      if (inner && section.length > 0) break;
      section.push(sibling);
    }
    const found = itemLines(section);
    if (found.length > 0 && section.some((el) => BLOCKS.test(el.name))) return { lines: [...lines, ...found], end: section.at(-1) };
  }
  return { lines, end: lines.length > 0 ? start : undefined };
}

/**
 * Sentences under a heading below the page's own that names the dish ("Let's make the paprika bake!", the dish's name
 * again), up to the next part.
 */
function stepsUnderDishName(region: HtmlElement, title: string): Line[] {
  const dish = collapseSpace(title).toLowerCase();
  if (dish.length < 4) return [];
  let found: Line[] = [];
  let looked = 0;
  walk(region, (el) => {
    if (found.length > 0 || looked >= MAX_CANDIDATES || isUnread(el)) return false;
    if (!HEADING.test(el.name) || el.name === "h1") return;
    const text = textOf(el).toLowerCase();
    if (text.length > 120 || !text.includes(dish) || isBoilerplate(el)) return false;
    looked++;
    found = sectionAfter(el).lines.filter((line) => !line.link && line.text.split(" ").length >= 4);
    return false;
  });
  return found;
}

/** Sentences in the blocks after an element (climbing out of its wrappers), up to the next known part or boilerplate. */
function paragraphsAfter(end: HtmlElement): Line[] {
  const lines: Line[] = [];
  for (let from = end, climbs = 0; from.parent && from.name !== "body" && climbs < 4; from = from.parent, climbs++) {
    const siblings = from.parent.children;
    for (let k = siblings.indexOf(from) + 1; k < siblings.length; k++) {
      const sibling = siblings[k];
      if (sibling === undefined || typeof sibling === "string" || isUnread(sibling)) continue;
      // A heading before the steps may be the dish's name again; one after them starts something else.
      if (HEADING.test(sibling.name) && lines.length === 0) continue;
      if (endsSection(sibling, 6)) return lines;
      const headed = findFirst(sibling, (el) => HEADING.test(el.name));
      if (headed && lines.length > 0) return lines;
      lines.push(...itemLines([sibling]).filter((line) => !line.link && line.text.split(" ").length >= 4));
      if (headed) return lines;
    }
    if (lines.length > 0) return lines;
  }
  return lines;
}

/** The items of the lists in `elements`, or the lines of their blocks when they hold no list. */
function itemLines(elements: HtmlElement[]): Line[] {
  const items = elements.flatMap(leafItems);
  if (items.length > 0) return items.map((li) => ({ text: textOf(li), link: isLinkOnly(li) })).filter((line) => line.text !== "");
  // A sub-heading on one line ("For the sauce", "Step 1: Prep") is no ingredient or step; one holding lines is a block.
  const blocks = elements.filter((el) => !HEADING.test(el.name) || linesOf(el).length > 1);
  const rows = rowsIn(blocks);
  const lines = rows.size > 0 ? linesWithRows(rows) : linesOf;
  return blocks.flatMap((el) => blockLines(el, lines(el))).filter((line) => !isHeadingLine(line.text));
}

function isHeadingLine(text: string): boolean {
  const words = headingText(text);
  return text.length <= 60 && (INGREDIENT_HEADING.test(words) || INSTRUCTION_HEADING.test(words));
}

/** The list items in `container` that hold no list of their own, in page order, leaving out what nobody reads. */
function leafItems(container: HtmlElement): HtmlElement[] {
  const items: HtmlElement[] = [];
  // Depth first, each element finished after its children: an li is a leaf when nothing under it was an li.
  const stack: { el: HtmlElement; next: number; holdsItem: boolean }[] = [{ el: container, next: 0, holdsItem: false }];
  while (stack.length > 0) {
    const frame = stack[stack.length - 1];
    if (!frame) break;
    if (frame.next < frame.el.children.length) {
      const child = frame.el.children[frame.next++];
      if (child !== undefined && typeof child !== "string" && !isUnread(child)) stack.push({ el: child, next: 0, holdsItem: false });
      continue;
    }
    stack.pop();
    const isItem = frame.el.name === "li";
    if (isItem && !frame.holdsItem) items.push(frame.el);
    const parent = stack[stack.length - 1];
    if (parent && (isItem || frame.holdsItem)) parent.holdsItem = true;
  }
  return items;
}

/** The lines of an element's text as its blocks and line breaks split it. */
function blockLines(container: HtmlElement, lines = linesOf(container)): Line[] {
  const link = isLinkOnly(container);
  return lines.map((text) => ({ text, link }));
}

// A row's parts: at most a few short blocks, one of them an amount with its unit ("1 kilogram", "800 g, festkochend").
const MAX_ROW_PARTS = 4;
const MAX_ROW_LENGTH = 150;
const AMOUNT_PART = /^(?:\d+(?:[.,/]\d+)?|[½⅓⅔¼¾⅛⅜⅝⅞])\s*\p{L}/u;
// Elements looked at for rows in one container.
const MAX_ROW_SEARCH = 2_000;

/**
 * The rows of a list laid out as a table without table markup: three or more sibling elements of the same tag and
 * class, each two to four short blocks side by side (the ingredient's name, its amount), one of them an amount.
 * A person reads each row as one line, as a table's row.
 */
function rowsIn(elements: HtmlElement[]): Set<HtmlElement> {
  const rows = new Set<HtmlElement>();
  const addRows = (siblings: HtmlNode[]) => {
    const groups = new Map<string, HtmlElement[]>();
    for (const sibling of siblings) {
      if (typeof sibling === "string" || isUnread(sibling)) continue;
      const key = `${sibling.name}.${sibling.attrs.get("class") ?? ""}`;
      const group = groups.get(key);
      if (group) group.push(sibling);
      else groups.set(key, [sibling]);
    }
    for (const group of groups.values()) {
      if (group.length >= 3 && group.every(isRow)) group.forEach((row) => rows.add(row));
    }
  };
  addRows(elements);
  let looked = 0;
  for (const element of elements) {
    walk(element, (el) => {
      if (looked++ >= MAX_ROW_SEARCH || rows.has(el) || (el !== element && isUnread(el))) return false;
      addRows(el.children);
    });
  }
  return rows;
}

function isRow(el: HtmlElement): boolean {
  const parts = leadingLines(el, MAX_ROW_LENGTH + 50);
  return (
    parts.length >= 2 &&
    parts.length <= MAX_ROW_PARTS &&
    parts.join(" ").length <= MAX_ROW_LENGTH &&
    parts.some((part) => AMOUNT_PART.test(part)) &&
    !findFirst(el, (inner) => inner.name === "li")
  );
}

/** Reads an element's lines with each of `rows` on one line. */
function linesWithRows(rows: Set<HtmlElement>): (element: HtmlElement) => string[] {
  // What holds a row is read child by child; what holds none, by its blocks as usual.
  const holdsRow = new Set<HtmlElement>();
  for (const row of rows) for (let up = row.parent; up && !holdsRow.has(up); up = up.parent) holdsRow.add(up);
  const read = (el: HtmlElement, lines: string[]): string[] => {
    if (rows.has(el)) lines.push(textOf(el));
    else if (!holdsRow.has(el)) for (const line of linesOf(el)) lines.push(line);
    else {
      for (const child of el.children) {
        const text = typeof child === "string" ? collapseSpace(decodeEntities(child)) : "";
        if (typeof child !== "string" && !isUnread(child)) read(child, lines);
        else if (text !== "") lines.push(text);
      }
    }
    return lines;
  };
  return (element) => read(element, []);
}

function isLinkOnly(element: HtmlElement): boolean {
  let linked = 0;
  let total = 0;
  const pending: [HtmlNode, boolean][] = [[element, element.name === "a"]];
  while (pending.length > 0) {
    const [node, inLink] = pending.pop() ?? [element, false];
    if (typeof node === "string") {
      const length = node.trim().length;
      total += length;
      if (inLink) linked += length;
      continue;
    }
    if (isUnread(node) && node !== element) continue;
    for (const child of node.children) pending.push([child, inLink || (typeof child !== "string" && child.name === "a")]);
  }
  return total > 0 && linked === total;
}
