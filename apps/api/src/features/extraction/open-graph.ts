import { readAttributes } from "./html-tree";
import { cleanText } from "./text";

export interface PageMeta {
  title: string;
  description: string;
  image: string | undefined;
}

const META = /<meta\b/gi;
const TITLE = /<title\b[^>]*>([\s\S]*?)<\/title\s*>/i;

/** The page's own title, description and image: OpenGraph first, then Twitter's card, then <title> and the meta description. */
export function pageMeta(html: string): PageMeta {
  const head = html.slice(0, Math.max(html.search(/<body\b/i), 0) || html.length);
  const content = new Map<string, string>();
  META.lastIndex = 0;
  for (let match = META.exec(head); match; match = META.exec(head)) {
    const { attrs } = readAttributes(head, META.lastIndex);
    const key = (attrs.get("property") ?? attrs.get("name") ?? "").toLowerCase();
    const value = attrs.get("content");
    if (key && value && !content.has(key)) content.set(key, value);
  }
  const first = (...keys: string[]) => keys.map((key) => cleanText(content.get(key) ?? "")).find(Boolean) ?? "";
  return {
    title: first("og:title", "twitter:title") || cleanText(TITLE.exec(head)?.[1] ?? ""),
    description: first("og:description", "twitter:description", "description"),
    image: first("og:image", "og:image:url", "og:image:secure_url", "twitter:image") || undefined,
  };
}
