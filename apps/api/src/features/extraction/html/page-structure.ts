import { emptyDraft, type RecipeDraft } from "../recipe-draft";
import { isBoilerplate } from "./boilerplate";
import { classesOf, findAll, findFirst, textOf, type HtmlElement } from "./html-tree";
import { factsOf } from "./page-facts";
import { ingredientsIn, instructionsIn, isMeasured } from "./part-lists";
import { cardTitle, recipeCards } from "./recipe-cards";
import { hasSeparator } from "./recipe-title";
import { paragraphsAfter, stepsUnderDishName } from "./section-lines";

/**
 * Recipes read from a page's markup when it has no structured data: the cards of common recipe plugins (WP Recipe Maker,
 * Tasty Recipes, Mediavine Create, WP Ultimate Recipe, Cooked, Zip Recipes, hrecipe, ...) found by their classes, each
 * a recipe; else one recipe from the page's best ingredient and step lists, found under headings such as Ingredients
 * and Method, Directions, Instructions or Steps, or in elements whose classes name them. A card needs both; the page's
 * one recipe needs both or a list of at least three ingredients, most of them with an amount (steps the reader can't
 * find are typed in more easily than a whole list).
 */
export function pageStructureRecipes(root: HtmlElement, pageTitle: string): RecipeDraft[] {
  const cards = recipeCards(root);
  // A page's one card without a title of its own is the recipe the page's heading names (the document's title also
  // carries a tagline and the site's name); of several, each card's own title or none.
  const titleOf = (card: HtmlElement) => cardTitle(card) || (cards.length === 1 ? pageHeading(root, pageTitle) : "");
  const fromCards = cards.map((card) => readRegion(card, titleOf(card)));
  const found = fromCards.filter(hasBoth);
  if (found.length > 0) return found;
  const body = findFirst(root, (el) => el.name === "body") ?? root;
  return [readRegion(body, pageHeading(root, pageTitle))].filter((draft) => hasBoth(draft) || isMeasuredList(draft.ingredients));
}

/**
 * The ingredient lists a page prints, without reading its steps: each recipe card's, else the best in the page's body.
 * For comparing with the page's data, which has the rest.
 */
export function printedIngredientLists(root: HtmlElement): string[][] {
  const fromCards = recipeCards(root)
    .map((card) => ingredientsIn(card).lines.map((line) => line.text))
    .filter((lines) => lines.length > 0);
  if (fromCards.length > 0) return fromCards;
  const body = findFirst(root, (el) => el.name === "body") ?? root;
  return [ingredientsIn(body).lines.map((line) => line.text)];
}

// Fewer lines without steps, or lines mostly without amounts (a product's ingredients), are as often a page's other
// list as a recipe's ingredients.
const MIN_LIST = 3;
const AMOUNT = /^(?:\d|[½⅓⅔¼¾⅛⅜⅝⅞])/;
const isMeasuredList = (lines: string[]) =>
  lines.length >= MIN_LIST && 2 * lines.filter((line) => AMOUNT.test(line) || isMeasured(line)).length >= lines.length;
const hasBoth = (draft: RecipeDraft) => draft.ingredients.length > 0 && draft.instructions.length > 0;

const STEP_WORD = "(?:step|schritt|stap|étape|etape|paso|passo|steg|trin|krok)";
// A step's number or bullet before its text ("1.", "STEP 2 |", "•"), and a line that is only a step's label.
const STEP_NUMBER = new RegExp(`^(?:[•·▪◦●○■□▢✓✔*\\-–—]|\\d{1,2}[.)](?!\\d)|${STEP_WORD}\\s*\\d+\\s*[|:.)\\-–—])\\s*`, "i");
const STEP_LABEL = new RegExp(`^${STEP_WORD}\\s*\\d+\\s*[.:]?$`, "i");

function readRegion(region: HtmlElement, title: string): RecipeDraft {
  const ingredients = ingredientsIn(region);
  let instructions = instructionsIn(region);
  // Steps under no heading we know ("The recipe", the dish's name again) usually follow the ingredients; where the
  // ingredients stand beside the text (in the article's sidebar), under a heading that names the dish.
  if (instructions.length === 0 && ingredients.end) instructions = paragraphsAfter(ingredients.end);
  if (instructions.length === 0 && ingredients.end) instructions = stepsUnderDishName(region, title);
  // Steps read from a container that holds the ingredients too: the ingredient lines are no steps.
  const ingredientTexts = new Set(ingredients.lines.map((line) => line.text));
  const steps = instructions.map((line) => line.text);
  const own = steps.filter((text) => !ingredientTexts.has(text));
  return {
    ...emptyDraft(),
    ...factsOf(region),
    title,
    ingredients: ingredients.lines.map((line) => line.text),
    instructions: stepLines(own.length > 0 ? own : steps),
  };
}

const NOTE_LINE = /^(?:notes?|tips?|recipe notes?|anmerkung|hinweis)\s*[:|]/i;

/** Steps without their numbers or bare "Step 2" labels, up to a note that follows them. */
function stepLines(lines: string[]): string[] {
  const steps = lines.map((line) => line.replace(STEP_NUMBER, "")).filter((line) => line !== "" && !STEP_LABEL.test(line));
  const note = steps.findIndex((line) => NOTE_LINE.test(line));
  return note > 0 ? steps.slice(0, note) : steps;
}

// A wiki's namespace before a page's name, written without a space ("Cookbook:Pumpkin Pie"): no part of the dish's name.
const NAMESPACE = /^\p{Lu}\p{L}+:(?=[\p{Lu}\d])/u;

// A heading's letters and digits only: a title opening with it may write its dashes, quotes and spaces otherwise
// ("Pandekager – Bedste" in "Pandekager - Bedste … | Madsvin").
const lettersOf = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");

// How far up an h1 is looked at for a breadcrumb trail holding it (its item, the list, the trail).
const BREADCRUMB_CLIMB = 4;

/** An h1 set as a breadcrumb trail's last item ("Recipes › Kritharaki Salad"): the trail ends with the page's own name. */
function inBreadcrumbs(h1: HtmlElement): boolean {
  let el: HtmlElement | null = h1;
  for (let climbs = 0; el && climbs < BREADCRUMB_CLIMB; climbs++, el = el.parent) {
    if (classesOf(el).some((c) => /breadcrumb/i.test(c))) return true;
  }
  return false;
}

/**
 * The page's heading for its recipe: the h1 that the page's title repeats (so not a site name or "Navigation"), or
 * opens with in other dashes and spaces, else its only h1, else its first h1 where the page's title is one plain name
 * (later h1s are a comment form's, a pop-up's; a title with the site's name after a separator is the recipe's name once
 * that is left out), else the page's title; without a wiki's namespace. An h1 closing a breadcrumb trail counts though
 * the trail is boilerplate.
 */
function pageHeading(root: HtmlElement, pageTitle: string): string {
  const title = pageTitle.toLowerCase();
  const h1s = findAll(root, (el) => el.name === "h1" && (!isBoilerplate(el) || inBreadcrumbs(el)))
    .map(textOf)
    .filter(Boolean);
  const first = h1s.length === 1 || !hasSeparator(pageTitle) ? h1s[0] : undefined;
  const titleLetters = lettersOf(pageTitle);
  const repeated = (h1: string) => title.includes(h1.toLowerCase()) || (lettersOf(h1) !== "" && titleLetters.startsWith(lettersOf(h1)));
  const heading = h1s.find(repeated) ?? first ?? pageTitle;
  return heading.replace(NAMESPACE, "");
}
