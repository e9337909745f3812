import { collapseSpace, decodeEntities } from "../text";
import { isBoilerplate, isBoilerplateElement } from "./boilerplate";
import { isUnread, leadingLines, walk, type HtmlElement, type HtmlNode } from "./html-tree";

/** Headings that name a recipe's parts (Ingredients, Method, Notes), found among a page's elements and lines. */

// What a part's heading says, in the languages recipe pages are most often written in; the heading may go on
// ("Ingredients for the sauce", "How to make brisket chili").
export const INGREDIENT_HEADING =
  /^(?:ingredients?|ingr[eé]dients|ingredientes|ingredienti|ingredi[eë]nten|ingredienser|ingredienc|zutaten|hozz[aá]val[oó]k|sk[łl]adniki|benodigdheden|what you(?:'ll| will)? need|you(?:'ll| will) need|shopping list)\b/;
export const INSTRUCTION_HEADING =
  /^(?:(?:step[- ]by[- ]step )?(?:instructions?|directions?|method|preparation|steps)|how to (?:make|prepare|cook)|procedure|zubereitung|anleitung|pr[ée]paration|preparaci[oó]n|elaboraci[oó]n|preparazione|procedimento|bereiding(?:swijze)?|werkwijze|gör så här|tillagning|fremgangsm[aå]de|framgangsm[aå]te|elk[ée]sz[ií]t[ée]s|przygotowanie|spos[oó]b przygotowania)\b/;
// Other parts of a recipe page, where a list of ingredients or steps ends.
const OTHER_HEADING =
  /^(?:notes?|tips?|nutrition|equipment|tools|video|storage|faqs?|serving|variations?|substitutions?|related|more |comments?|reviews?|recipe notes|anmerkung|tipps?|hinweis|n[äa]hrwerte)\b/;
export const HEADING = /^h[1-6]$/;
// Headings or classed elements looked at for one part: more is a page built to make the search slow.
export const MAX_CANDIDATES = 30;

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
export function headings(region: HtmlElement, words: RegExp): HtmlElement[] {
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

export const rank = (el: HtmlElement) => (HEADING.test(el.name) ? Number(el.name[1]) : 7);

/** Whether an element starts a new part: a heading as high as the one the section began under, or a known part's. */
export function endsSection(el: HtmlElement, level: number): boolean {
  if (HEADING.test(el.name) && rank(el) <= level) return true;
  if (isBoilerplateElement(el)) return true;
  // A wrapper around one boilerplate block (a newsletter sign-up dropped in between the lists) ends it too.
  const content = el.children.filter((c) => typeof c !== "string" || c.trim() !== "");
  const [only] = content;
  if (content.length === 1 && only !== undefined && typeof only !== "string" && isBoilerplateElement(only)) return true;
  // Its first line, so that a heading inline in a paragraph ("<p><b>Method:</b> Mix the...") counts.
  const first = leadingLines(el, 100)[0] ?? "";
  if (first.length > 60) return false;
  const words = headingText(first);
  return INGREDIENT_HEADING.test(words) || INSTRUCTION_HEADING.test(words) || OTHER_HEADING.test(words);
}

export function isHeadingLine(text: string): boolean {
  const words = headingText(text);
  return text.length <= 60 && (INGREDIENT_HEADING.test(words) || INSTRUCTION_HEADING.test(words));
}
