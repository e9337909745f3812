import { existsSync, readdirSync } from "node:fs";
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
