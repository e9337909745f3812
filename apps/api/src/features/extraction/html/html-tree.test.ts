import { describe, expect, it } from "vitest";
import { headingsPage, hostileTreePages } from "../../../testing/hostile-page";
import { extractRecipesFromHtml } from "./html-recipes";
import { parseHtml, TREE_LIMITS, type HtmlElement } from "./html-tree";

/** What a tree holds: its elements and text runs (the root not counted), its deepest element, its most attributes. */
function sizeOf(root: HtmlElement) {
  let nodes = 0;
  let depth = 0;
  let attributes = 0;
  const pending: [HtmlElement, number][] = [[root, 0]];
  while (pending.length > 0) {
    const [element, level] = pending.pop() ?? [root, 0];
    depth = Math.max(depth, level);
    attributes = Math.max(attributes, element.attrs.size);
    for (const child of element.children) {
      nodes++;
      if (typeof child !== "string") pending.push([child, level + 1]);
    }
  }
  return { nodes, depth, attributes };
}

describe("parseHtml: the tree of a hostile page is bounded", () => {
  // 4 MB pages (a fetch takes at most 5 MB): each would make a tree of up to 1.3 million nodes, 200 to 360 MB of a
  // reader's 512 MB heap, or an element of 800,000 attributes.
  it.each(hostileTreePages(4_000_000))("%s: at most the caps' nodes, depth and attributes", (_, html) => {
    expect(html.length).toBeGreaterThan(3_900_000);
    const size = sizeOf(parseHtml(html));
    expect(size.nodes).toBeLessThanOrEqual(TREE_LIMITS.nodes);
    expect(size.depth).toBeLessThanOrEqual(TREE_LIMITS.depth);
    expect(size.attributes).toBeLessThanOrEqual(TREE_LIMITS.attributes);
  });

  it("reads a page past the node cap as far as the cap, and a page below it whole", () => {
    const below = "<body>" + "<p>x</p>".repeat(TREE_LIMITS.nodes / 2 - 1);
    expect(sizeOf(parseHtml(below)).nodes).toBe(TREE_LIMITS.nodes - 1);
    const past = headingsPage(2_000) + "<div>".repeat(1_000_000);
    expect(sizeOf(parseHtml(past)).nodes).toBe(TREE_LIMITS.nodes);
    // What came before the cap is read: the recipe at the page's top, from its headings and lists.
    const [recipe] = extractRecipesFromHtml(past, "https://cooks.example/everything");
    expect(recipe?.ingredients.slice(0, 2)).toEqual(["1 egg", "2 cups flour"]);
  });

  it("keeps an element's first attributes up to the cap, and reads on after it", () => {
    const names = Array.from({ length: 100_000 }, (_, k) => `data-a${k}`).join(" ");
    const root = parseHtml(`<div class="first" ${names} id="last">x</div><p>after</p>`);
    const [div, p] = root.children as HtmlElement[];
    expect(div?.attrs.size).toBe(TREE_LIMITS.attributes);
    expect(div?.attrs.get("class")).toBe("first");
    expect(div?.attrs.has("id")).toBe(false);
    expect(div?.children).toEqual(["x"]);
    expect(p?.children).toEqual(["after"]);
  });
});
