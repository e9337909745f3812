import type { PdfLine } from "./pdf-lines";
import { emptyDraft, type RecipeDraft } from "../recipe-draft";
import { minutesFrom, servingsFrom } from "../recipe-fields";
import { collapseSpace } from "../text";

/**
 * Recipes in a PDF's lines, without AI: general rules of print only (sizes, weights, positions, headings, list
 * markers), never a rule for one publication. A recipe is anchored at its Ingredients heading (or its Method heading
 * when it prints no ingredients heading); its title is the nearest larger or bold line before it; its sections run
 * until the next heading, and its end is the next recipe's title.
 */

// Headings in the languages recipes are most often printed in (as the page reader knows them).
const INGREDIENTS_HEADING =
  /^(?:ingredients?(?: list)?|(?:what|things) you(?:'ll| will)? need|you(?:'ll| will)? need|shopping list|zutaten|ingrédients|ingredientes|ingredienti|ingredi[eë]nten|benodigdheden|ingredienser|hozzávalók|składniki|suroviny|ingredience|材料)(?:\s*\(.{0,30}\)|\s+for\s.{1,30})?\s*:?$/iu;
const METHOD_HEADING =
  /^(?:method|methods|directions?|instructions?|preparation|prep(?:aration)? steps|steps|how to (?:make|cook|prepare)(?: it)?|to make|cooking(?: instructions| method| directions)?|procedure|making it|the method|zubereitung|anleitung|préparation|preparación|elaboración|preparazione|procedimento|modo de preparo|bereiding(?:swijze)?|werkwijze|gör så här|tillagning|fremgangsm[åa]de|fremgangsm[åa]te|elkészítés|przygotowanie|sposób przygotowania|postup|作り方)\s*:?$/iu;
const OTHER_HEADING =
  /^(?:notes?|cook'?s notes?|chef'?s notes?|tips?(?: and tricks| & tricks)?|variations?|substitutions?|storage|to store|serving suggestions?|to serve|nutrition(?:al)?(?: info(?:rmation)?| facts)?.*|equipment|you might also like.*|more recipes.*|related.*|comments?|reviews?|about.*|faqs?|description|story|introduction)\s*:?$/i;

const BULLET = /^(?:[•·▪▫◦●○■□▢☐☑✓✔✗➢➤►▶→*+–—~]|-(?=\s)|o(?=\s))\s*/;
const STEP_NUMBER = /^(?:(?:step|stage)\s*(\d+)\s*[:.)-]?|(\d{1,2})\s*[.):]|\((\d{1,2})\))\s*/i;
// A number with nothing after it but a capital ("2 Add the onion"), in this letter case only: a wrapped line may open
// with a number too ("40 minutes.", "40 Minuten"), so it starts a step only where it continues the count.
const BARE_STEP_NUMBER = /^(\d{1,2})\s+(?=[A-Z])/;
// The dash or bar-separated parts of a line of facts: "Prep: 15 min · Cook: 30 min | Serves 4".
const FACT_SEPARATOR = /\s*(?:[·|•,;]|\s[–—-]\s|\s{2,})\s*/;
const SERVINGS =
  /^(?:serves|servings?|makes|yields?|portions?|for|portionen|personen|porciones|raciones|porções|porzioni|portioner|personer|porsjoner|porcje|porce|adag|pour|für|voor|人数|人分)(?!\p{L})\s*:?\s*(?:about\s+)?(\d+)|^(\d+)\s+(?:servings?|portions?)\b/iu;
const YIELD_SERVINGS = /\b(?:serves|servings?|yield|yields|makes)\b\s*:?\s*(?:about\s+)?(\d+)/i;
const PREP =
  /^(?:prep(?:aration)?(?:\s*time)?|hands[- ]on(?:\s*time)?|vorbereitung|voorbereiding|préparation|preparación|preparo|preparazione|förberedelse|forberedelse|przygotowanie|příprava|előkészítés|準備)\s*:?\s*(.*\d.*)$/iu;
const COOK =
  /^(?:cook(?:ing)?(?:\s*time)?|bake(?:\s*time)?|baking(?:\s*time)?|kochzeit|backzeit|bereidingstijd|cuisson|cocción|cozimento|cottura|tillagning|tilberedning|steketid|gotowanie|vaření|főzés|調理)\s*:?\s*(.*\d.*)$/iu;
const TOTAL = /^(?:total(?:\s*time)?|ready in)\s*:?\s*(.*\d.*)$/i;
// Printed furniture that is no part of any recipe: page counters, addresses.
const PAGE_NUMBER = /^(?:page\s*)?[–—-]?\s*\d{1,4}\s*[–—-]?(?:\s*(?:of|\/)\s*\d{1,4})?$/i;
const ADDRESS = /(?:https?:\/\/|www\.)\S+|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|org|net|co|io|uk|de|fr|info|blog)\b(?:\/\S*)?/i;
// The share of a page's height at its top and bottom where running heads and footers stand.
const FURNITURE_SHARE = 0.07;

type Kind = "ingredients" | "method" | "other" | "text";

interface Line extends PdfLine {
  kind: Kind;
  /** Index in reading order across the whole file. */
  index: number;
}

/** Every recipe in the file's lines, in reading order. */
export function recipesFromPdf(pages: PdfLine[][]): RecipeDraft[] {
  const lines = withoutFurniture(pages).map((line, index, all): Line => ({ ...line, index, kind: kindOf(line, all[index - 1]) }));
  if (lines.length === 0) return [];
  const body = bodySize(lines);
  const anchors = anchorsOf(lines);
  const starts = anchors.map((anchor, i) => titleStart(lines, anchor, i === 0 ? 0 : anchors[i - 1]! + 1, body));
  const drafts: RecipeDraft[] = [];
  anchors.forEach((anchor, i) => {
    const start = starts[i]!;
    const end = i + 1 < anchors.length ? Math.max(anchor + 1, starts[i + 1]!.index) : lines.length;
    const draft = readRecipe(lines.slice(start.index, end), start.titleLines, body);
    if (draft.ingredients.length > 0 || draft.instructions.length > 0) drafts.push(draft);
  });
  return drafts;
}

/** Lines with running heads and footers, page numbers and printed addresses at the page's edges left out. */
export function withoutFurniture(pages: PdfLine[][]): PdfLine[] {
  const atEdge = (line: PdfLine) => line.y < line.pageHeight * FURNITURE_SHARE || line.y > line.pageHeight * (1 - FURNITURE_SHARE);
  const key = (line: PdfLine) => `${line.text.toLowerCase().replace(/\d+/g, "#")}@${Math.round(line.y / 6)}`;
  const seen = new Map<string, Set<number>>();
  for (const line of pages.flat()) {
    if (!atEdge(line)) continue;
    const pagesOf = seen.get(key(line)) ?? new Set<number>();
    pagesOf.add(line.page);
    seen.set(key(line), pagesOf);
  }
  const pageCount = pages.filter((page) => page.length > 0).length;
  const texts = new Map<string, number>();
  for (const line of pages.flat()) texts.set(line.text.toLowerCase(), (texts.get(line.text.toLowerCase()) ?? 0) + 1);
  return pages.flat().filter((line) => {
    const text = line.text.trim();
    if (text === "") return false;
    if (!atEdge(line)) return !PAGE_NUMBER.test(text) || line.size === 0;
    if (PAGE_NUMBER.test(text) || ADDRESS.test(text)) return false;
    if ((texts.get(text.toLowerCase()) ?? 0) >= 2) return false;
    const repeats = seen.get(key(line))?.size ?? 0;
    return !(pageCount > 1 && repeats >= 2 && repeats >= pageCount * 0.4);
  });
}

function kindOf(line: PdfLine, previous: PdfLine | undefined): Kind {
  const text = line.text.replace(BULLET, "").trim();
  // A line in lower case under a full line of its column carries that line's sentence on ("combine all the" /
  // "ingredients (except the sugar)"): no heading.
  if (previous && /^\p{Ll}/u.test(text) && sameColumn(previous, line) && line.y > previous.y && filled(previous, line)) return "text";
  // A heading is no sentence: a line ending as one does ("about 4 minutes until softened.") is a step's wrapped end.
  if (text.length > 60 || /[.,;]$/.test(text)) return "text";
  if (INGREDIENTS_HEADING.test(text)) return "ingredients";
  if (METHOD_HEADING.test(text)) return "method";
  // An amount is no heading of a note or a story ("About 1/2 tsp. salt").
  if (OTHER_HEADING.test(text) && !/\d/.test(text)) return "other";
  return "text";
}

/** The size most of the file's letters are set in. */
function bodySize(lines: PdfLine[]): number {
  const counts = new Map<number, number>();
  for (const line of lines) counts.set(line.size, (counts.get(line.size) ?? 0) + line.text.length);
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 10;
}

/** Where recipes are: each Ingredients heading, and each Method heading with no Ingredients heading since the last one. */
function anchorsOf(lines: Line[]): number[] {
  const anchors: number[] = [];
  let sinceIngredients = false;
  let lastAnchorHadMethod = true;
  for (const line of lines) {
    if (line.kind === "ingredients") {
      anchors.push(line.index);
      sinceIngredients = true;
      lastAnchorHadMethod = false;
    } else if (line.kind === "method") {
      if (!sinceIngredients || lastAnchorHadMethod) {
        anchors.push(line.index);
        sinceIngredients = false;
      }
      lastAnchorHadMethod = true;
    }
  }
  return anchors;
}

const isTitleLike = (line: Line, body: number) =>
  line.kind === "text" && line.text.length <= 120 && !/[.:]$/.test(line.text) && !BULLET.test(line.text) && line.size >= body * 1.2;
const isBoldLabel = (line: Line) =>
  line.kind === "text" && line.bold && line.text.length <= 80 && !/[.:]$/.test(line.text) && !/\d/.test(line.text);

/** The recipe's title before its anchor: the nearest larger line (or a bold one when there is none), its wrapped lines joined. */
function titleStart(lines: Line[], anchor: number, floor: number, body: number): { index: number; titleLines: number } {
  let found = -1;
  for (let i = anchor - 1; i >= floor; i--) {
    if (isTitleLike(lines[i]!, body)) {
      found = i;
      break;
    }
  }
  if (found === -1) {
    for (let i = anchor - 1; i >= Math.max(floor, anchor - 8); i--) {
      if (isBoldLabel(lines[i]!) && !isFacts(lines[i]!.text)) {
        found = i;
        break;
      }
    }
  }
  if (found === -1) return { index: Math.max(floor, anchor), titleLines: 0 };
  let start = found;
  const title = lines[found]!;
  while (start - 1 >= floor) {
    const previous = lines[start - 1]!;
    const close = previous.page === title.page && previous.y < lines[start]!.y && lines[start]!.y - previous.y <= title.size * 1.6;
    if (!close || previous.size !== title.size || previous.bold !== title.bold || !isTitleLike(previous, body)) break;
    start -= 1;
  }
  return { index: start, titleLines: found - start + 1 };
}

function isFacts(text: string): boolean {
  return text.split(FACT_SEPARATOR).some((part) => SERVINGS.test(part) || PREP.test(part) || COOK.test(part) || TOTAL.test(part));
}

function readRecipe(lines: Line[], titleLines: number, body: number): RecipeDraft {
  const draft = emptyDraft();
  draft.title = collapseSpace(
    lines
      .slice(0, titleLines)
      .map((l) => l.text)
      .join(" "),
  );
  const ingredients: Line[] = [];
  const method: Line[] = [];
  const carriedOver = listCarriedOver(ingredients, method);
  let section: Kind | "intro" = "intro";
  let sectionSize = 0;
  for (const line of lines.slice(titleLines)) {
    if (line.kind !== "text") {
      section = line.kind;
      sectionSize = 0;
      continue;
    }
    // Smaller print after a list or the steps is a caption, a note or a comment line: the section has ended.
    if ((section === "ingredients" || section === "method") && sectionSize > 0 && line.size < sectionSize * 0.88) section = "other";
    if (sectionSize === 0) sectionSize = line.size;
    if (section !== "method" || method.length === 0) readFacts(line.text, draft);
    // A larger line inside a recipe is a heading of something else (a story's, a note's): the recipe's sections end.
    if (section !== "intro" && line.size >= body * 1.2 && !BULLET.test(line.text)) {
      section = "other";
      continue;
    }
    if (section === "ingredients" || (section === "method" && carriedOver(line))) ingredients.push(line);
    else if (section === "method") method.push(line);
  }
  draft.ingredients = ingredientLines(ingredients);
  draft.instructions = stepLines(method);
  return draft;
}

/**
 * Whether a line read among the steps is the ingredient list carried over to a later page: the list stood beside the
 * method (left of every step line of the method's first page), and the line stands where the list's lines stand, in a
 * column left of the method, on a later page (a sidebar list and its method both running over a page break).
 */
function listCarriedOver(ingredients: Line[], method: Line[]): (line: Line) => boolean {
  // Measured once, at the method's first line past its first page: what they are measured on is complete by then
  // (a page of thousands of lines would otherwise be measured again for each).
  let methodLeft: number | null | undefined;
  return (line) => {
    const last = ingredients[ingredients.length - 1];
    const first = method[0];
    if (!last || !first || line.page <= first.page) return false;
    // Not `??=`: null (no sidebar) is a measure too, and measuring it again for every line was the quadratic work.
    if (methodLeft === undefined) methodLeft = sidebarMethodLeft(ingredients, last, method, first);
    return methodLeft !== null && Math.abs(line.x - last.x) <= 2 && line.columnRight < methodLeft;
  };
}

/** Where the method's first page starts, when the list stood beside it as a sidebar; else null. */
function sidebarMethodLeft(ingredients: Line[], last: Line, method: Line[], first: Line): number | null {
  let methodLeft = Infinity;
  for (const m of method) if (m.page === first.page) methodLeft = Math.min(methodLeft, m.x);
  let listRight = -Infinity;
  for (const l of ingredients) if (l.page <= first.page) listRight = Math.max(listRight, l.right);
  // A sidebar is narrower than the method beside it; columns of equal width are a newspaper's, whose method runs on
  // from the right column into the next page's left one.
  const narrow = last.columnRight - last.columnLeft < (first.columnRight - first.columnLeft) * 0.75;
  return narrow && listRight < methodLeft ? methodLeft : null;
}

function readFacts(text: string, draft: RecipeDraft): void {
  if (text.length > 120) return;
  for (const part of text.split(FACT_SEPARATOR)) {
    const servings = SERVINGS.exec(part) ?? YIELD_SERVINGS.exec(part);
    if (servings && draft.servings === null) draft.servings = servingsFrom(servings[1] ?? servings[2]);
    const prep = PREP.exec(part);
    if (prep && draft.prepTime === null) draft.prepTime = minutesFrom(prep[1]);
    const cook = COOK.exec(part);
    if (cook && draft.cookTime === null) draft.cookTime = minutesFrom(cook[1]);
    const total = TOTAL.exec(part);
    if (total && draft.totalTime === null) draft.totalTime = minutesFrom(total[1]);
  }
}

const balanced = (text: string) => (text.match(/\(/g)?.length ?? 0) <= (text.match(/\)/g)?.length ?? 0);
const sameColumn = (a: PdfLine, b: PdfLine) => a.page === b.page && a.column === b.column && a.columnLeft === b.columnLeft;

/**
 * Whether `line` carries on `previous`: the next word would not have fitted on `previous` (it was full). The word's
 * width is its share of its own line's width, which follows the font, where half the font size a letter is too narrow
 * for most faces (decision 0040).
 */
function filled(previous: PdfLine, line: PdfLine): boolean {
  const firstWord = line.text.replace(BULLET, "").split(" ")[0] ?? "";
  const room = previous.columnRight - previous.right;
  const letter = line.text.length > 0 ? (line.right - line.x) / line.text.length : line.size * 0.5;
  return room < (firstWord.length + 1) * letter;
}

// A line ending in a capitalised word ("Duncan Hines Lemon", "Grated"): a name that may carry on capitalised.
const ENDS_CAPITALISED = /(?:^|\s)\p{Lu}[\p{L}'’-]*$/u;
const ENDS_MID_PHRASE = /[&-]$|\b(?:and|or|of|with|to|for|a|the)$/i;

/**
 * Whether an unmarked list's line carries on the item before it (`last`, ending on `previous`) in the same column: a
 * line opening with a parenthesis always does (an item's note: no ingredient starts with one), and a line after one
 * ending mid-phrase, even where it opens with a number ("in pieces of 2 or" / "3 cm"); else, never one starting with
 * a number; and after a full line, one that starts in lower case, or a
 * capitalised one after a line ending in a capitalised word (a name set in title case wrapping: "Lemon / Cake Mix").
 */
function carriesOn(previous: PdfLine, line: PdfLine, last: string, text: string): boolean {
  if (text.startsWith("(")) return true;
  if (ENDS_MID_PHRASE.test(last)) return true;
  if (/^\d/.test(text)) return false;
  if (!filled(previous, line)) return false;
  return /^\p{Ll}/u.test(text) || (/^\p{Lu}/u.test(text) && ENDS_CAPITALISED.test(last));
}

/**
 * Ingredient lines, one per item even where one wraps: a marked list starts an item at each marker; an unmarked one at
 * each line, unless the line before it was full or left a parenthesis open. Group headings ("For the sauce") are left
 * out: bold among plain lines, ending in a colon, or standing left of the list's markers.
 */
export function ingredientLines(lines: PdfLine[]): string[] {
  const marked = lines.filter((l) => BULLET.test(l.text)).length;
  const markerMode = marked >= Math.max(2, lines.length * 0.4);
  const markerX = Math.min(...lines.filter((l) => BULLET.test(l.text)).map((l) => l.x));
  const plainBold = lines.filter((l) => l.bold).length < lines.length / 2;
  const items: string[][] = [];
  let previous: PdfLine | undefined;
  for (const line of lines) {
    const hasMarker = BULLET.test(line.text);
    const text = line.text.replace(BULLET, "").trim();
    if (text === "") continue;
    const heading =
      !hasMarker &&
      ((/:$/.test(text) && text.length <= 60) ||
        (plainBold && line.bold && text.length <= 60) ||
        (markerMode && line.x < markerX - 2 && !/^\d/.test(text)));
    if (heading) {
      previous = undefined;
      continue;
    }
    let continues = false;
    if (previous && items.length > 0) {
      const last = items[items.length - 1]!.join(" ");
      if (markerMode) continues = !hasMarker && line.x > markerX + 2;
      else if (!balanced(last)) continues = true;
      else if (sameColumn(previous, line) && line.x >= previous.x - 1 && line.y > previous.y) {
        continues = carriesOn(previous, line, last, text);
      }
    }
    if (continues) items[items.length - 1]!.push(text);
    else items.push([text]);
    previous = line;
  }
  return items.map((parts) => joinWrapped(parts, /\w-$/, /^\w/));
}

/**
 * An item's or a step's lines joined: a word wrapped at its hyphen ("Cantaloupe-" / "Melone") joins without a space,
 * only at the wrap (a hyphen set with a space inside a line, "12- ounce", stays as printed).
 */
function joinWrapped(parts: string[], hyphenEnd: RegExp, wordStart: RegExp): string {
  // Each part is tested alone: testing the text joined so far would walk it again for every part.
  let text = parts[0] ?? "";
  for (let i = 1; i < parts.length; i++)
    text += (hyphenEnd.test(parts[i - 1] ?? "") && wordStart.test(parts[i] ?? "") ? "" : " ") + parts[i];
  return collapseSpace(text);
}

/**
 * Steps: numbered or marked ones start at each number or marker; plain paragraphs at a wider gap between lines or after
 * a line that stopped short of the column's edge.
 */
export function stepLines(lines: PdfLine[]): string[] {
  const marks = stepMarks(lines);
  const numbered = marks.filter((mark) => mark.starts).length;
  const listMode = numbered >= Math.max(2, lines.length * 0.25);
  const gaps: number[] = [];
  lines.forEach((line, i) => {
    const previous = lines[i - 1];
    if (previous && sameColumn(previous, line) && line.y > previous.y) gaps.push(line.y - previous.y);
  });
  const lineGap = gaps.length > 0 ? Math.min(...gaps) : 0;
  const steps: string[][] = [];
  let previous: PdfLine | undefined;
  for (const [i, line] of lines.entries()) {
    const { starts, text } = marks[i]!;
    if (text === "") continue;
    if (line.bold && !previous?.bold && text.length <= 60 && !/[.!]$/.test(text)) {
      // A sub-heading among the steps ("For the sauce"): no step of its own.
      previous = undefined;
      steps.push([]);
      continue;
    }
    let continues = false;
    if (previous && steps.length > 0 && steps[steps.length - 1]!.length > 0) {
      if (listMode) continues = !starts;
      else if (sameColumn(previous, line) && line.y > previous.y) {
        const gap = line.y - previous.y;
        continues = gap <= lineGap * 1.25 && filled(previous, line);
      } else {
        // Over a page or column break: a paragraph carries on when the line before it reached the column's edge.
        continues = filled(previous, { ...line, size: line.size }) && !/[.!)]$/.test(previous.text);
      }
    }
    if (continues) steps[steps.length - 1]!.push(text);
    else steps.push([text]);
    previous = line;
  }
  // A range wrapped at its dash ("30-" then "40 minutes") is joined whole.
  return steps.filter((s) => s.length > 0).map((parts) => joinWrapped(parts, /\d-$/, /^\d/));
}

/**
 * Whether each line starts a step (a number, a marker) and its text without them. The count goes on from the last
 * number read; a bare number starts a step only as the next one, or as 1.
 */
function stepMarks(lines: PdfLine[]): { starts: boolean; text: string }[] {
  let count = 0;
  return lines.map((line) => {
    let text = line.text;
    let starts = false;
    const mark = STEP_NUMBER.exec(text);
    const bare = mark ? null : BARE_STEP_NUMBER.exec(text);
    const number = Number(mark?.[1] ?? mark?.[2] ?? mark?.[3] ?? bare?.[1] ?? Number.NaN);
    if (mark || (bare && (number === count + 1 || number === 1))) {
      text = text.slice((mark ?? bare)![0].length);
      starts = true;
      count = number;
    }
    if (BULLET.test(text)) starts = true;
    return { starts, text: text.replace(BULLET, "").trim() };
  });
}
