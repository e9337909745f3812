import { existsSync, readFileSync } from "node:fs";
import { createServer, type OutgoingHttpHeaders, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { sharedData } from "./shared-data";

/** The saved recipe pages of the shared data (../shared/data/recipe-pages), each as `<host>/<name>.html.gz`. */
export const RECIPE_PAGES = sharedData("recipe-pages");

export interface StandInPage {
  status?: number;
  headers?: OutgoingHttpHeaders;
  body: string | Buffer;
  /** Milliseconds to wait before answering. */
  delayMs?: number;
  /**
   * Called as the request arrives, before the answer: for a test that must act while the page is being fetched, or
   * watch the fetcher hang up (`res` closes).
   */
  onRequest?: (res: ServerResponse) => void;
}

/**
 * A recipe website on loopback for import tests. `/saved/<host>/<name>` serves a saved page of the shared data gzipped,
 * as the site served it; other paths serve the pages a test set (`page`). Every request is recorded.
 */
export function recipeSiteStandIn() {
  const pages = new Map<string, StandInPage>();
  const requests: { path: string; userAgent: string | undefined; acceptEncoding: string | undefined }[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://stand-in");
    requests.push({ path: url.pathname, userAgent: req.headers["user-agent"], acceptEncoding: req.headers["accept-encoding"] });
    const saved = /^\/saved\/([\w.-]+)\/([\w.-]+)$/.exec(url.pathname);
    const file = saved && path.join(RECIPE_PAGES, saved[1]!, `${saved[2]}.html.gz`);
    const page: StandInPage | undefined =
      file && existsSync(file)
        ? { headers: { "content-type": "text/html; charset=utf-8", "content-encoding": "gzip" }, body: readFileSync(file) }
        : pages.get(url.pathname);
    const answer = () => {
      if (!page) {
        res.writeHead(404, { "content-type": "text/html" });
        return void res.end("<h1>Not found</h1>");
      }
      res.writeHead(page.status ?? 200, { "content-type": "text/html; charset=utf-8", ...page.headers });
      res.end(page.body);
    };
    page?.onRequest?.(res);
    if (page?.delayMs) setTimeout(answer, page.delayMs);
    else answer();
  });
  let origin = "";
  return {
    requests,
    /** Serves `page` (HTML text, or the whole answer) at `pathname`. */
    page(pathname: string, page: string | StandInPage) {
      pages.set(pathname, typeof page === "string" ? { body: page } : page);
      return `${origin}${pathname}`;
    },
    url: (pathname: string) => `${origin}${pathname}`,
    async start(port = 0, host = "127.0.0.1"): Promise<string> {
      await new Promise<void>((resolve) => server.listen(port, host, resolve));
      origin = `http://${host}:${(server.address() as AddressInfo).port}`;
      return origin;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
