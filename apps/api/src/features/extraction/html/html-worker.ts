/**
 * The HTML worker thread: reads the recipes on one page a message (and its text for a model, when asked and none was
 * found) and answers with them. Started by html-reader.ts, which caps its time and heap.
 */
import { parentPort } from "node:worker_threads";
import { extractRecipesFromHtml, lazyTree } from "./html-recipes";
import { HTML_REFUSALS, type HtmlJob, type HtmlReading } from "./html-text";
import { findFirst, linesOf, type HtmlElement } from "./html-tree";

// About 8,000 tokens: a recipe page's text fits; a longer page's recipe is nearly always in its first part.
const MAX_PAGE_TEXT = 32_000;

/** The readable text of a page, cut to what a model call takes. */
function pageText(root: HtmlElement): string {
  const body = findFirst(root, (el) => el.name === "body") ?? root;
  return linesOf(body).join("\n").slice(0, MAX_PAGE_TEXT);
}

function readHtmlPage(job: HtmlJob): HtmlReading {
  // One parse serves both: a page without a recipe has been parsed by the time its text is wanted.
  const tree = lazyTree(job.html);
  const recipes = extractRecipesFromHtml(job.html, job.pageUrl, tree);
  return { kind: "ok", recipes, text: recipes.length === 0 && job.wantText ? pageText(tree()) : "" };
}

parentPort?.on("message", (job: HtmlJob) => {
  let answer: HtmlReading;
  try {
    answer = readHtmlPage(job);
  } catch {
    answer = HTML_REFUSALS.broken;
  }
  parentPort?.postMessage(answer);
});
