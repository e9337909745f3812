import { hash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * The app's page for a URL path: the build writes pages/<route>.html for each route of the web app (index.html with
 * that route's code preloaded too; see routePages in apps/web/vite.config.ts), "$name" standing for one segment
 * (pages/cooking/$id.html). Paths of no route get index.html, as they always did. Answers a file name under `webDist`.
 */
export function appPages(webDist: string): (urlPath: string) => string {
  const dir = path.join(webDist, "pages");
  const files = existsSync(dir) ? readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".html")) : [];
  const routes = files.map((file) => {
    const segments = file.slice(0, -".html".length).split(path.sep);
    return { file: `pages/${segments.join("/")}`, segments, params: segments.filter((s) => s.startsWith("$")).length };
  });
  // A route with fewer parameters wins ("recipes/new" before "recipes/$id").
  routes.sort((a, b) => a.params - b.params);
  return (urlPath) => {
    const segments = urlPath.split("/").filter(Boolean);
    const route = routes.find(
      (r) => r.segments.length === segments.length && r.segments.every((s, i) => s.startsWith("$") || s === segments[i]),
    );
    return route ? `${route.file}.html` : "index.html";
  };
}

const INLINE_SCRIPT = /<script>([\s\S]*?)<\/script>/g;

/**
 * The CSP sources that allow the inline scripts of the web build's pages (the theme, set before the first paint, see
 * kim:inline-head in apps/web/vite.config.ts; a route's first read, asked for with its page, see kim:route-pages):
 * each script's own SHA-256, so no other inline script runs.
 */
export function inlineScriptSources(webDist: string | null): string[] {
  if (!webDist) return [];
  const dir = path.join(webDist, "pages");
  const routePages = existsSync(dir)
    ? readdirSync(dir, { recursive: true, encoding: "utf8" })
        .filter((file) => file.endsWith(".html"))
        .map((file) => path.join("pages", file))
    : [];
  const pages = ["index.html", "landing.html", ...routePages].map((file) => path.join(webDist, file)).filter((file) => existsSync(file));
  const scripts = new Set(pages.flatMap((file) => [...readFileSync(file, "utf8").matchAll(INLINE_SCRIPT)].map((m) => m[1]!)));
  return [...scripts].map((script) => `'sha256-${hash("sha256", script, "base64")}'`);
}
