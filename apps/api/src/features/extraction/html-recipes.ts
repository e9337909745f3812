import { parseHtml } from "./html-tree";
import { jsonLdRecipes } from "./json-ld";
import { microdataRecipes } from "./microdata";
import { pageMeta } from "./open-graph";
import { pageStructureRecipes } from "./page-structure";
import { fillDraft, finishDraft, isRecipe, type ExtractedRecipe, type RecipeDraft } from "./recipe-draft";

export type { ExtractedRecipe } from "./recipe-draft";

const isComplete = (draft: RecipeDraft) => draft.ingredients.length > 0 && draft.instructions.length > 0;

/**
 * The recipes on a web page, read without AI and without the network: schema.org Recipe in JSON-LD first (read by a
 * scan of its script blocks, so most pages never need a DOM), then microdata, then the page's markup (recipe plugins'
 * cards, lists under Ingredients and Method headings), then OpenGraph for a missing title or image. Every recipe on
 * the page is returned, in page order; a page with none gives [].
 */
export function extractRecipesFromHtml(html: string, pageUrl: string): ExtractedRecipe[] {
  const meta = pageMeta(html);
  let drafts = jsonLdRecipes(html);
  if (drafts.length === 0 || !drafts.every(isComplete)) {
    const root = parseHtml(html);
    if (drafts.length === 0) drafts = microdataRecipes(root);
    if (drafts.length === 0) drafts = pageStructureRecipes(root, meta.title);
    else if (drafts.length === 1 && drafts[0] && !isComplete(drafts[0])) {
      // One recipe whose data leaves out its ingredients or steps: the page's markup usually shows them.
      const [fromPage] = [...microdataRecipes(root), ...pageStructureRecipes(root, meta.title)].filter(isRecipe);
      if (fromPage) drafts = [fillDraft(drafts[0], fromPage)];
    }
  }
  return drafts.filter(isRecipe).map((draft) => {
    const filled = fillDraft(draft, { ...draft, title: meta.title, description: meta.description, image: meta.image });
    return finishDraft(filled, pageUrl);
  });
}
