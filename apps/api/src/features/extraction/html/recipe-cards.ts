import { classesOf, findAll, findFirst, outermost, textOf, type HtmlElement } from "./html-tree";

/**
 * The cards of common recipe plugins (WP Recipe Maker, Tasty Recipes, Mediavine Create, WP Ultimate Recipe, Cooked, Zip
 * Recipes, hrecipe, ...), found by their classes: each card is a recipe.
 */

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

/** The page's recipe cards (a card inside another is part of it). */
export function recipeCards(root: HtmlElement): HtmlElement[] {
  return outermost(findAll(root, (el) => classesOf(el).some((c) => CARD_CLASS.test(c))));
}

export function cardTitle(card: HtmlElement): string {
  const title = findFirst(card, (el) => classesOf(el).some((c) => CARD_TITLE.test(c)));
  return title ? textOf(title) : "";
}
