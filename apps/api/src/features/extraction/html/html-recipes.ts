import { appStateRecipes } from "./app-state";
import { findFirst, parseHtml, type HtmlElement } from "./html-tree";
import { jsonLdRecipes } from "./json-ld";
import { microdataRecipes } from "./microdata";
import { pageMeta } from "./open-graph";
import { factsOf } from "./page-facts";
import { pageStructureRecipes, printedIngredientLists } from "./page-structure";
import { printedInPlace } from "./printed-list";
import { withoutSiteName } from "./recipe-title";
import { fillDraft, finishDraft, isRecipe, type ExtractedRecipe, type RecipeDraft } from "../recipe-draft";

export type { ExtractedRecipe } from "../recipe-draft";

// More than any real page holds (a round-up has a few dozen recipes); the rest of a generated page is left out.
const MAX_RECIPES = 100;

/**
 * The recipes worth reading from one source: those with ingredients or steps; else a lone named recipe, whose steps
 * the page's markup may show; not a list of names only (other recipes the page links to).
 */
const usable = (drafts: RecipeDraft[]) => {
  const recipes = drafts.filter(isRecipe);
  return recipes.length > 0 || drafts.length !== 1 ? recipes : drafts;
};

const isComplete = (draft: RecipeDraft) => draft.ingredients.length > 0 && draft.instructions.length > 0;

/** The page's tree, parsed when first asked for and then kept: many pages' recipes are read from their data alone. */
export function lazyTree(html: string): () => HtmlElement {
  let root: HtmlElement | undefined;
  return () => (root ??= parseHtml(html));
}

/**
 * The recipes on a web page, read without AI and without the network: schema.org Recipe in JSON-LD first (read by a
 * scan of its script blocks, so most pages never need a DOM), then microdata, then the page's markup (recipe plugins'
 * cards, lists under Ingredients and Method headings), then the app state a script renders the page from, then
 * OpenGraph for a missing title or image. Every recipe on the page is returned, in page order; a page with none gives
 * []. `tree` lets a caller that reads the page further share its one parse.
 */
export function extractRecipesFromHtml(html: string, pageUrl: string, tree = lazyTree(html)): ExtractedRecipe[] {
  const meta = pageMeta(html);

  const fromJsonLd = usable(jsonLdRecipes(html));
  let drafts = fromJsonLd.length > 0 ? fromJsonLd : usable(microdataRecipes(tree()));
  if (drafts.length === 0) drafts = pageStructureRecipes(tree(), meta.title);
  // A page whose script renders the recipe from its app's state shows none in its markup as saved (only a name, perhaps).
  if (!drafts.some(isRecipe)) {
    const fromState = appStateRecipes(html);
    if (fromState.length > 0) drafts = fromState;
  }
  const [single] = drafts;
  if (drafts.length === 1 && single && !isComplete(single)) {
    // One recipe whose data leaves out its ingredients or steps: the page's microdata or markup usually shows them.
    const others = [...(fromJsonLd.length > 0 ? microdataRecipes(tree()) : []), ...pageStructureRecipes(tree(), meta.title)];
    const other = others.find(isRecipe);
    if (other) drafts = [fillDraft(single, other)];
  }
  // The data's ingredient lines are kept as written even where the page prints them fuller: preferring the printed
  // list fitted the first development set and lowered pages it was not written on (decision 0040). Only a printed
  // list that says all the data says and adds items or amounts the data leaves out is taken.
  const [data] = drafts;
  if (fromJsonLd.length > 0 && drafts.length === 1 && data) {
    const fuller = printedIngredientLists(tree())
      .map((printed) => printedInPlace(data.ingredients, printed))
      .find(Boolean);
    if (fuller) drafts = [{ ...data, ingredients: fuller }];
  }
  const [recipe] = drafts;
  if (drafts.length === 1 && recipe && recipe.servings === null) {
    // A yield left out of the data is often printed on the page ("Serves: 12").
    const body = findFirst(tree(), (el) => el.name === "body");
    if (body) drafts = [fillDraft(recipe, { ...recipe, ...factsOf(body) })];
  }
  return drafts
    .filter(isRecipe)
    .slice(0, MAX_RECIPES)
    .map((draft) => {
      const filled = fillDraft(draft, { ...draft, title: meta.title, description: meta.description, image: meta.image });
      // A name taken from the document's title carries the site's name more often than the recipe's own does.
      const title = filled.title === meta.title ? withoutSiteName(filled.title, pageUrl) : filled.title;
      return finishDraft({ ...filled, title }, pageUrl);
    });
}
