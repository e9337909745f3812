import { Parser } from "htmlparser2";
import { parseHTML } from "linkedom";
import { parseHtml, type HtmlElement } from "../src/features/extraction/html/html-tree";
import { decodeEntities } from "../src/features/extraction/text";

/**
 * The page trees the extraction reads (html-tree.ts's HtmlElement), made by each HTML parser measured for decision
 * 0030: Kim's own, htmlparser2 (its callbacks build the tree directly, as Kim would use it) and linkedom (its DOM,
 * copied into the same shape so the same extraction reads it). Text stays as written, entities encoded, as Kim's
 * tree keeps it; attribute values are decoded, as Kim's are.
 */

export type ParserName = "kim" | "htmlparser2" | "linkedom";
export const PARSERS: ParserName[] = ["kim", "htmlparser2", "linkedom"];

// As html-tree.ts: deeper elements become siblings.
const MAX_DEPTH = 512;

const element = (name: string, attrs: Map<string, string>, parent: HtmlElement | null): HtmlElement => ({
  name,
  attrs,
  children: [],
  parent,
});

/** htmlparser2's tokenizer and implied end tags, building Kim's tree as it goes (no DOM in between). */
export function htmlparser2Tree(html: string): HtmlElement {
  const root = element("#root", new Map(), null);
  let current = root;
  // Whether each open element was entered: past MAX_DEPTH it is added as a sibling and its end tag pops nothing.
  const entered: boolean[] = [];
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        const attrs = new Map<string, string>();
        for (const [key, value] of Object.entries(attribs)) attrs.set(key, decodeEntities(value));
        const child = element(name, attrs, current);
        current.children.push(child);
        const enter = entered.length < MAX_DEPTH;
        entered.push(enter);
        if (enter) current = child;
      },
      ontext(text) {
        const last = current.children.length - 1;
        const previous = current.children[last];
        if (typeof previous === "string") current.children[last] = previous + text;
        else current.children.push(text);
      },
      onclosetag() {
        if (entered.pop() && current.parent) current = current.parent;
      },
    },
    { decodeEntities: false, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
  return root;
}

/** linkedom's document (what parseHTML alone costs is timed apart: this copy is for reading it the same way). */
export function linkedomDocument(html: string): ReturnType<typeof parseHTML>["document"] {
  return parseHTML(html).document;
}

interface DomNode {
  nodeType: number;
  nodeName: string;
  textContent: string | null;
  childNodes: ArrayLike<DomNode>;
  attributes?: ArrayLike<{ name: string; value: string }>;
}

export function linkedomTree(html: string): HtmlElement {
  const root = element("#root", new Map(), null);
  const pending: [DomNode, HtmlElement][] = [];
  const document = linkedomDocument(html) as unknown as DomNode;
  const pushChildren = (node: DomNode, into: HtmlElement) => {
    for (let k = node.childNodes.length - 1; k >= 0; k--) pending.push([node.childNodes[k]!, into]);
  };
  pushChildren(document, root);
  // Children go onto the stack last first, so each comes off (and joins its parent) in page order.
  while (pending.length > 0) {
    const [node, parent] = pending.pop()!;
    if (node.nodeType === 3) {
      // linkedom decodes text; Kim's tree keeps it encoded and decodes it when read, so its "&" is written back.
      parent.children.push((node.textContent ?? "").replace(/&/g, "&amp;"));
    } else if (node.nodeType === 1) {
      const attrs = new Map<string, string>();
      for (const attribute of Array.from(node.attributes ?? [])) if (!attrs.has(attribute.name)) attrs.set(attribute.name, attribute.value);
      const child = element(node.nodeName.toLowerCase(), attrs, parent);
      parent.children.push(child);
      pushChildren(node, child);
    }
  }
  return root;
}

export const TREES: Record<ParserName, (html: string) => HtmlElement> = {
  kim: parseHtml,
  htmlparser2: htmlparser2Tree,
  linkedom: linkedomTree,
};
