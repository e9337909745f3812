import { classesOf, findAll, findFirst, outermost, textOf, type HtmlElement } from "./html-tree";

/**
 * The cards of common recipe plugins (WP Recipe Maker, Tasty Recipes, Mediavine Create, WP Ultimate Recipe, Cooked, Zip
 * Recipes, hrecipe, ...), found by their classes: each card is a recipe.
 */

const CARD_NAMES =
  "wprm-recipe-container|tasty-recipes|mv-create-card|wpurp-container|cooked-recipe|zlrecipe-container|easyrecipe|hrecipe|h-recipe|recipe-card|wp-block-recipe-card-block";
const CARD_CLASS = new RegExp(`^(?:${CARD_NAMES})$`, "i");

const CARD_TITLE =
  /^(?:wprm-recipe-name|tasty-recipes-title|mv-create-title|wpurp-recipe-title|zlrecipe-title|fn|p-name)$|(?:recipe|card)[-_]?(?:name|title)$/i;

export const isRecipeCard = (el: HtmlElement) => classesOf(el).some((c) => CARD_CLASS.test(c));

/** The page's recipe cards (a card inside another is part of it). */
export function recipeCards(root: HtmlElement): HtmlElement[] {
  return outermost(findAll(root, isRecipeCard));
}

const isCardTitle = (el: HtmlElement) => classesOf(el).some((c) => CARD_TITLE.test(c));

/** The card's title: its first element classed as one, or the title inside it (a wrapper also holds a summary, a button). */
export function cardTitle(card: HtmlElement): string {
  const innerTitle = (el: HtmlElement) => findFirst(el, (inner) => inner !== el && isCardTitle(inner));
  let title = findFirst(card, isCardTitle);
  for (let inner = title && innerTitle(title); inner; inner = innerTitle(inner)) title = inner;
  return title ? textOf(title) : "";
}
