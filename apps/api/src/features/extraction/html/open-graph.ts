import { readAttributes } from "./html-tree";
import { cleanText } from "../text";

export interface PageMeta {
  title: string;
  description: string;
  image: string | undefined;
}

const META = /<meta\b/gi;
const TITLE_START = /<title\b/i;
const TITLE_END = /<\/title\s*>/gi;

/** The page's own title, description and image: OpenGraph first, then Twitter's card, then <title> and the meta description. */
export function pageMeta(html: string): PageMeta {
  const head = html.slice(0, Math.max(html.search(/<body\b/i), 0) || html.length);
  const content = new Map<string, string>();
  META.lastIndex = 0;
  for (let match = META.exec(head); match; match = META.exec(head)) {
    const { attrs, end } = readAttributes(head, META.lastIndex);
    // On from the tag's end: a "<meta" that is never closed is read once, not again from each one after it.
    META.lastIndex = end;
    const key = (attrs.get("property") ?? attrs.get("name") ?? "").toLowerCase();
    const value = attrs.get("content");
    if (key && value && !content.has(key)) content.set(key, value);
  }
  const first = (...keys: string[]) => keys.map((key) => cleanText(content.get(key) ?? "")).find(Boolean) ?? "";
  return {
    title: first("og:title", "twitter:title") || cleanText(titleOf(head)),
    description: first("og:description", "twitter:description", "description"),
    image: first("og:image", "og:image:url", "og:image:secure_url", "twitter:image") || undefined,
  };
}

/**
 * The text of the first <title> up to its end tag, found with one scan each (a pattern that retried from every
 * "<title" of a page without an end tag would read the rest of the page once for each). Empty without an end tag.
 */
function titleOf(head: string): string {
  const start = head.search(TITLE_START);
  const open = start === -1 ? -1 : head.indexOf(">", start);
  if (open === -1) return "";
  TITLE_END.lastIndex = open + 1;
  const close = TITLE_END.exec(head);
  return close ? head.slice(open + 1, close.index) : "";
}
