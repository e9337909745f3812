import { collapseSpace } from "../text";
import { isBoilerplate } from "./boilerplate";
import { groupHeadings, findFirst, isUnread, linesOf, textOf, walk, type HtmlElement, type HtmlNode } from "./html-tree";
import { endsSection, HEADING, isHeadingLine, MAX_CANDIDATES, rank } from "./part-headings";
import { linesWithRows, rowsIn } from "./table-rows";

/** The lines of a part of a page: the items of its lists, or its blocks' lines, after a heading or an element. */

export interface Line {
  text: string;
  /** All of its text is a link: navigation more often than an ingredient or a step. */
  link: boolean;
}

/** A list found on the page, and the element it ends with. */
export interface Found {
  lines: Line[];
  end: HtmlElement | undefined;
}

const BLOCKS = /^(?:p|div|ul|ol|dl|table|section|article|li|h[1-6]|blockquote|pre|figure)$/;

/** A block, or inline text that line breaks split into a part's lines ("<span>750 g cabbage<br>1 leek<br>...</span>"). */
const holdsLines = (el: HtmlElement) => BLOCKS.test(el.name) || findFirst(el, (inner) => inner.name === "br") !== undefined;

/**
 * The lines after a heading, up to where the next part begins. A heading inline in a paragraph ("<p><b>Method:</b>
 * Mix the...") starts with the rest of that paragraph; a heading alone in a wrapper (with an "edit" link, say) looks
 * past the wrapper.
 */
export function sectionAfter(heading: HtmlElement): Found {
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
    if (found.length > 0 && section.some(holdsLines)) return { lines: [...lines, ...found], end: lastList(section) ?? section.at(-1) };
  }
  return { lines, end: lines.length > 0 ? start : undefined };
}

/**
 * The last element of a section that holds a list, where its lines are list items: paragraphs after it are no part of
 * the list (the steps, on a page that gives them no heading of their own).
 */
const lastList = (section: HtmlElement[]) => section.findLast((el) => findFirst(el, (inner) => inner.name === "li") !== undefined);

/**
 * Sentences under a heading below the page's own that names the dish ("Let's make the paprika bake!", the dish's name
 * again), up to the next part.
 */
export function stepsUnderDishName(region: HtmlElement, title: string): Line[] {
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
export function paragraphsAfter(end: HtmlElement): Line[] {
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
export function itemLines(elements: HtmlElement[]): Line[] {
  const items = elements.flatMap(leafItems);
  const headed = new Set(elements.flatMap((el) => [...groupHeadings(el)]));
  if (items.length > 0) {
    return items.map((li) => ({ text: textOf(li), link: isLinkOnly(li) })).filter((line) => line.text !== "" && !headed.has(line.text));
  }
  // A sub-heading on one line ("For the sauce", "Step 1: Prep") is no ingredient or step; one holding lines is a block.
  const blocks = elements.filter((el) => !HEADING.test(el.name) || linesOf(el).length > 1);
  const rows = rowsIn(blocks);
  const lines = rows.size > 0 ? linesWithRows(rows) : linesOf;
  return blocks.flatMap((el) => blockLines(el, lines(el))).filter((line) => !isHeadingLine(line.text) && !headed.has(line.text));
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
