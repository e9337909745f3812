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

export function cardTitle(card: HtmlElement): string {
  const title = findFirst(card, (el) => classesOf(el).some((c) => CARD_TITLE.test(c)));
  return title ? textOf(title) : "";
}
