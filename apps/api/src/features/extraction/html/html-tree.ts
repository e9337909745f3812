import { collapseSpace, decodeEntities } from "../text";

/** An element of a parsed page. Text children are kept as written (entities still encoded) and decoded when read. */
export interface HtmlElement {
  name: string;
  attrs: Map<string, string>;
  children: HtmlNode[];
  parent: HtmlElement | null;
}

export type HtmlNode = HtmlElement | string;

const VOID = new Set([
  "area",
  "base",
  "br",
  "col",
  "embed",
  "hr",
  "img",
  "input",
  "keygen",
  "link",
  "meta",
  "param",
  "source",
  "track",
  "wbr",
]);
// Their content is text up to the matching end tag, whatever it holds.
const RAW_TEXT = new Set(["script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes", "noscript"]);
const CLOSES_P = new Set(
  (
    "address article aside blockquote details div dl fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 header hr li main " +
    "nav ol p pre section table ul"
  ).split(" "),
);
const LIST_SCOPE = new Set(["ul", "ol", "menu", "table", "td", "th"]);
const DL_SCOPE = new Set(["dl", "table", "td", "th"]);
const TABLE_SCOPE = new Set(["table"]);
const ROW_SCOPE = new Set(["tr", "table"]);
const P_SCOPE = new Set(["button", "td", "th", "table", "caption", "object", "marquee", "template"]);
const SELECT_SCOPE = new Set(["select", "datalist"]);

/**
 * What one page's tree may hold, far above any real page's (the 957 shared pages hold at most 16,513 nodes, 7,313 of
 * them elements, 43 levels deep, 285 attributes on one element): a 4 MB page of unclosed elements made a tree of up to
 * 1.3 million nodes, 360 MB of a reader's 512 MB heap (decision 0047).
 * - depth: browsers stop nesting here too (Blink's parser at 512): deeper elements become siblings, so no walk over a
 *   hostile page goes deep.
 * - nodes: elements and text runs. The page is read as far as the tree holds this many; the rest is left out, as a
 *   page's recipes past its first 100 are. Refusing the page would lose more: its JSON-LD is read without the tree.
 * - attributes: one element's first this many are kept; the rest are read past.
 */
export const TREE_LIMITS = { depth: 512, nodes: 250_000, attributes: 1_000 };
const MAX_DEPTH = TREE_LIMITS.depth;

const TAG_NAME = /[a-zA-Z][^\s/>]*/y;
const ATTRIBUTE = /([^\s"'<>/=][^\s"'<>/=]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/y;
const rawTextEnds = new Map([...RAW_TEXT].map((name) => [name, new RegExp(`</${name}[\\s/>]`, "gi")]));

/**
 * Parses a page the forgiving way browsers do, enough for reading recipes: implied end tags of lists, paragraphs and
 * tables, void and raw-text elements, any mess of unmatched tags. No scripts, no CSS, no network.
 */
export function parseHtml(html: string): HtmlElement {
  const root: HtmlElement = { name: "#root", attrs: new Map(), children: [], parent: null };
  const stack: HtmlElement[] = [root];
  const openCount = new Map<string, number>();
  const top = () => stack[stack.length - 1] ?? root;
  let room = TREE_LIMITS.nodes;
  const append = (parent: HtmlElement, node: HtmlNode) => {
    if (room <= 0) return;
    parent.children.push(node);
    room--;
  };

  const popTo = (index: number) => {
    while (stack.length > Math.max(index, 1)) {
      const name = stack.pop()?.name ?? "";
      openCount.set(name, (openCount.get(name) ?? 1) - 1);
    }
  };
  const closeWithin = (name: string, boundaries: Set<string>) => {
    if (!openCount.get(name)) return;
    for (let k = stack.length - 1; k > 0 && k >= stack.length - MAX_DEPTH; k--) {
      const open = stack[k]?.name;
      if (open === name) return popTo(k);
      if (open && boundaries.has(open)) return;
    }
  };
  const endTag = (name: string) => {
    if (!openCount.get(name)) return;
    for (let k = stack.length - 1; k > 0; k--) if (stack[k]?.name === name) return popTo(k);
  };
  const startTag = (name: string, attrs: Map<string, string>): HtmlElement => {
    if (name === "li") closeWithin("li", LIST_SCOPE);
    else if (name === "dt" || name === "dd") ["dt", "dd"].forEach((n) => closeWithin(n, DL_SCOPE));
    else if (name === "tr") ["td", "th", "tr"].forEach((n) => closeWithin(n, TABLE_SCOPE));
    else if (name === "td" || name === "th") ["td", "th"].forEach((n) => closeWithin(n, ROW_SCOPE));
    else if (name === "option") closeWithin("option", SELECT_SCOPE);
    if (CLOSES_P.has(name)) closeWithin("p", P_SCOPE);
    const parent = top();
    const element: HtmlElement = { name, attrs, children: [], parent };
    append(parent, element);
    return element;
  };
  const push = (element: HtmlElement) => {
    if (stack.length >= MAX_DEPTH) return;
    stack.push(element);
    openCount.set(element.name, (openCount.get(element.name) ?? 0) + 1);
  };

  let i = 0;
  const skipPast = (marker: string, from: number) => {
    const end = html.indexOf(marker, from);
    i = end === -1 ? html.length : end + marker.length;
  };
  while (i < html.length && room > 0) {
    const lt = html.indexOf("<", i);
    if (lt === -1) {
      append(top(), html.slice(i));
      break;
    }
    if (lt > i) append(top(), html.slice(i, lt));
    const next = html[lt + 1];
    if (next === "!") {
      if (html.startsWith("<!--", lt)) skipPast("-->", lt + 4);
      else if (html.startsWith("<![CDATA[", lt)) skipPast("]]>", lt + 9);
      else skipPast(">", lt + 2);
      continue;
    }
    if (next === "?") {
      skipPast(">", lt + 2);
      continue;
    }
    const closing = next === "/";
    TAG_NAME.lastIndex = lt + (closing ? 2 : 1);
    const tag = TAG_NAME.exec(html);
    if (!tag) {
      if (closing) skipPast(">", lt + 2);
      else {
        append(top(), "<");
        i = lt + 1;
      }
      continue;
    }
    const name = tag[0].toLowerCase();
    if (closing) {
      skipPast(">", TAG_NAME.lastIndex);
      endTag(name);
      continue;
    }
    const { attrs, end, selfClosing } = readAttributes(html, TAG_NAME.lastIndex);
    i = end;
    const element = startTag(name, attrs);
    const rawEnd = rawTextEnds.get(name);
    if (rawEnd) {
      rawEnd.lastIndex = i;
      const close = rawEnd.exec(html);
      const stop = close ? close.index : html.length;
      if (stop > i) append(element, html.slice(i, stop));
      skipPast(">", stop);
    } else if (!VOID.has(name) && !selfClosing) push(element);
  }
  return root;
}

export function readAttributes(html: string, from: number): { attrs: Map<string, string>; end: number; selfClosing: boolean } {
  const attrs = new Map<string, string>();
  let i = from;
  let selfClosing = false;
  while (i < html.length) {
    const c = html[i];
    if (c === ">") return { attrs, end: i + 1, selfClosing };
    if (c === "/" || c === " " || c === "\n" || c === "\t" || c === "\r" || c === "\f") {
      selfClosing = c === "/";
      i++;
      continue;
    }
    selfClosing = false;
    ATTRIBUTE.lastIndex = i;
    const match = ATTRIBUTE.exec(html);
    if (!match?.[1]) {
      i++;
      continue;
    }
    const key = match[1].toLowerCase();
    if (attrs.size < TREE_LIMITS.attributes && !attrs.has(key)) attrs.set(key, decodeEntities(match[2] ?? match[3] ?? match[4] ?? ""));
    i = ATTRIBUTE.lastIndex;
  }
  return { attrs, end: html.length, selfClosing };
}

/** Calls `visit` on every element under `root` (root included) in document order; `false` skips its children. */
export function walk(root: HtmlElement, visit: (element: HtmlElement) => boolean | void): void {
  const pending: HtmlElement[] = [root];
  while (pending.length > 0) {
    const element = pending.pop();
    if (!element || visit(element) === false) continue;
    for (let k = element.children.length - 1; k >= 0; k--) {
      const child = element.children[k];
      if (typeof child !== "string" && child) pending.push(child);
    }
  }
}

export function findAll(root: HtmlElement, test: (element: HtmlElement) => boolean): HtmlElement[] {
  const found: HtmlElement[] = [];
  walk(root, (element) => {
    if (test(element)) found.push(element);
  });
  return found;
}

export function findFirst(root: HtmlElement, test: (element: HtmlElement) => boolean): HtmlElement | undefined {
  let found: HtmlElement | undefined;
  walk(root, (element) => {
    if (found) return false;
    if (test(element)) found = element;
  });
  return found;
}

/** The elements that are inside none of the others. */
export function outermost(elements: HtmlElement[]): HtmlElement[] {
  const set = new Set(elements);
  return elements.filter((el) => {
    for (let up = el.parent; up; up = up.parent) if (set.has(up)) return false;
    return true;
  });
}

export function classesOf(element: HtmlElement): string[] {
  const value = element.attrs.get("class");
  return value ? value.split(/\s+/).filter(Boolean) : [];
}

// Never read as text: code, styles, drawings, form controls, and what the page hides from everyone.
const UNREAD = new Set(["script", "style", "noscript", "template", "svg", "button", "select", "textarea", "iframe", "head"]);
const BLOCK = new Set(
  (
    "address article aside blockquote dd details div dl dt figcaption figure footer form h1 h2 h3 h4 h5 h6 header hr li main nav " +
    "ol p pre section table tbody thead tfoot tr ul summary fieldset legend"
  ).split(" "),
);

// Utility classes that hide an element (Bootstrap's, Bulma's, screen readers' and other frameworks' names for it).
const VISUALLY_HIDDEN =
  /^(?:sr-only|screen-reader-text|screen-reader-only|visually-hidden|visuallyhidden|hidden|d-none|is-hidden|u-hidden|hide|invisible|offscreen|a11y-hidden)$/i;

/**
 * Whether a person never reads the element on the page: hidden by attribute, style or the usual utility classes, a
 * tab strip's labels, or a tab panel behind the active one (a recipe's US measures behind its metric ones).
 */
export function isUnread(element: HtmlElement): boolean {
  if (UNREAD.has(element.name) || element.attrs.has("hidden") || element.attrs.get("role") === "tablist") return true;
  const style = element.attrs.get("style");
  if (style !== undefined && /display\s*:\s*none|visibility\s*:\s*hidden/i.test(style)) return true;
  const classes = classesOf(element);
  if (classes.some((c) => VISUALLY_HIDDEN.test(c))) return true;
  return element.attrs.get("role") === "tabpanel" && !isActive(element) && element.parent !== null && holdsActivePanel(element.parent);
}

const isActive = (element: HtmlElement) => classesOf(element).some((c) => c === "active" || c === "show");

// A parsed page does not change: each parent's children are looked over once, not once for each of its panels.
const activePanelHolders = new WeakMap<HtmlElement, boolean>();

function holdsActivePanel(parent: HtmlElement): boolean {
  let holds = activePanelHolders.get(parent);
  if (holds === undefined) {
    holds = parent.children.some((s) => typeof s !== "string" && s.attrs.get("role") === "tabpanel" && isActive(s));
    activePanelHolders.set(parent, holds);
  }
  return holds;
}

// An ingredient's amount in a second system of units, printed beside the first ("1 1/2 cups (300 g)"): computed by the
// plugin for display, where the line the author wrote and the plugin's data have the first alone.
const OTHER_UNIT_SYSTEM = /unit-system-[2-9]$/;
const isOtherUnitSystem = (element: HtmlElement) => classesOf(element).some((c) => OTHER_UNIT_SYSTEM.test(c));

/** Where a block ends in rawText's walk: a line break no text of the page can be taken for. */
const BLOCK_END = Symbol("block end");

/** The element's text as written, block edges and line breaks as newlines; reading stops after about `limit` characters of text. */
function rawText(element: HtmlElement, limit = Infinity): string {
  const parts: string[] = [];
  const pending: (HtmlNode | typeof BLOCK_END)[] = [element];
  let read = 0;
  while (pending.length > 0 && read < limit) {
    const node = pending.pop();
    if (node === undefined) break;
    if (node === BLOCK_END) {
      parts.push("\n");
      continue;
    }
    if (typeof node === "string") {
      // A line break in the source is a space on the page; only blocks and <br> break lines.
      parts.push(node.replace(/[\r\n]+/g, " "));
      read += node.trim().length;
      continue;
    }
    if (node !== element && (isUnread(node) || isOtherUnitSystem(node))) continue;
    if (node.name === "br") {
      parts.push("\n");
      continue;
    }
    if (node.name === "td" || node.name === "th") parts.push(" ");
    if (BLOCK.has(node.name)) {
      parts.push("\n");
      pending.push(BLOCK_END);
    }
    for (let k = node.children.length - 1; k >= 0; k--) {
      const child = node.children[k];
      if (child !== undefined) pending.push(child);
    }
  }
  return decodeEntities(parts.join(""));
}

const toLines = (text: string) =>
  text
    .split("\n")
    .map(collapseSpace)
    .filter((line) => line !== "");

/** The element's text as a person reads it, on one line. */
export function textOf(element: HtmlElement): string {
  return collapseSpace(rawText(element));
}

/** The element's text split where blocks and line breaks split it, each line cleaned, empty lines left out. */
export function linesOf(element: HtmlElement): string[] {
  return toLines(rawText(element));
}

const GROUP_HEADING_TAG = /^(?:b|strong|h[1-6])$/;
// A class naming a group's heading ("cooked-heading", "group-head", "ingredient-group-title", "wprm-recipe-group-name");
// not a "label", which names an ingredient's own text as often ("recipe-ingredients-item-label").
const GROUP_HEADING_CLASS = /(?:^|[-_])(?:head(?:ing|er|line)?|subheading|(?:sub|group-?|section-?)?title|group-?name|section-?name)$/i;

/**
 * The texts of an element's group headings that hold no digit: its bold runs (b, strong), its headings (h1-h6) and the
 * elements whose class names a heading. A list's line that is one of them all through is a group heading ("<strong>For
 * the sauce</strong>", "<h4>Shortcakes</h4>", "<div class='cooked-heading'>For the dressing</div>"), where an ingredient
 * or a step is rarely all bold or a heading.
 */
export function groupHeadings(element: HtmlElement): Set<string> {
  const found = new Set<string>();
  walk(element, (el) => {
    for (const odd of oddSiblings(el)) {
      const text = textOf(odd);
      if (text !== "" && text.length <= 60 && !/\d/.test(text)) found.add(text);
    }
    if (!GROUP_HEADING_TAG.test(el.name) && !classesOf(el).some((c) => GROUP_HEADING_CLASS.test(c))) return;
    const text = textOf(el);
    if (text !== "" && !/\d/.test(text)) found.add(text);
    return false;
  });
  return found;
}

// Classes that mark an item's place in its list, not what it is.
const PLACE_CLASS = /^(?:first|last|odd|even|active|selected|current)(?:[-_].*)?$/i;

/**
 * The children of an element that are set apart from their siblings' common kind: among three or more siblings of one
 * tag and class that make up three quarters of the children or more, another tag or class before one of them ("<li class='label'>Per la
 * carne</li>" among "<li class='ingrediente'>", "<p class='type-h5'>FOR THE SAUCE</p>" among "<p class='type-body'>").
 */
function oddSiblings(el: HtmlElement): HtmlElement[] {
  if (el.children.length < 4) return [];
  const children = el.children.filter((c): c is HtmlElement => typeof c !== "string" && !isUnread(c));
  if (children.length < 4) return [];
  const keys = children.map(
    (child) =>
      `${child.name}.${classesOf(child)
        .filter((c) => !PLACE_CLASS.test(c))
        .sort()
        .join(".")}`,
  );
  const counts = new Map<string, number>();
  let common = "";
  let count = 0;
  for (const key of keys) {
    const n = (counts.get(key) ?? 0) + 1;
    counts.set(key, n);
    if (n > count) [common, count] = [key, n];
  }
  // Headings are a few among many items; siblings of two kinds in turn (an amount, then its name) are rows.
  if (count < 3 || 4 * count < 3 * children.length || count === children.length) return [];
  const lastCommon = keys.lastIndexOf(common);
  return children.filter((_, k) => k < lastCommon && keys[k] !== common);
}

/** The lines at the start of the element's text, read no further than about `chars` characters: cheap on a big element. */
export function leadingLines(element: HtmlElement, chars: number): string[] {
  return toLines(rawText(element, chars));
}
