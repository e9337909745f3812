import { readdirSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

const fixtures = path.join(import.meta.dirname, "open-food-facts");

/** Answers in the shape of Open Food Facts' v2 product endpoint, one file per known code. */
function loadProducts(): Map<string, string> {
  return new Map(
    readdirSync(fixtures)
      .filter((f) => f.endsWith(".json"))
      .map((f) => [path.basename(f, ".json"), readFileSync(path.join(fixtures, f), "utf8")]),
  );
}

export interface OffRequest {
  path: string;
  fields: string | null;
  userAgent: string | undefined;
}

/**
 * A stand-in for Open Food Facts on loopback: GET /api/v2/product/{code} answers the stored product, or 404 with
 * status 0 like the real service. `mode` simulates an outage (503), a hang longer than Kim's timeout, or answers that
 * are not a product: fields of the wrong type ("garbled"), or a proxy's HTML page ("html"), both with a 200; or a
 * product whose fields hold what no form would take ("odd").
 */
export function openFoodFactsStandIn() {
  const products = loadProducts();
  const requests: OffRequest[] = [];
  let mode: "ok" | "down" | "slow" | "garbled" | "html" | "odd" = "ok";
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://stand-in");
    requests.push({ path: url.pathname, fields: url.searchParams.get("fields"), userAgent: req.headers["user-agent"] });
    res.setHeader("content-type", "application/json");
    // A hang: no answer until the client gives up (or the stand-in stops).
    if (mode === "slow") return;
    if (mode === "down") {
      res.statusCode = 503;
      return res.end(JSON.stringify({ error: "Service Unavailable" }));
    }
    const code = /^\/api\/v2\/product\/(\d+)$/.exec(url.pathname)?.[1];
    if (mode === "garbled") return res.end(JSON.stringify({ code, status: 1, product: { product_name: 42, brands: ["Acme"] } }));
    // Anyone can edit the open database: a name with NUL and other control characters, a lone surrogate, a huge brand.
    if (mode === "odd") {
      const product = {
        product_name: "Oat\u0000 milk\u0007\r\nBcc: x \ud800",
        brands: `${"B".repeat(100_000)},Other`,
        categories: "Dairy",
      };
      return res.end(JSON.stringify({ code, status: 1, product }));
    }
    if (mode === "html") return void res.setHeader("content-type", "text/html").end("<html><body>Please wait</body></html>");
    const product = code ? products.get(code) : undefined;
    if (!product) {
      res.statusCode = 404;
      return res.end(JSON.stringify({ code, status: 0, status_verbose: "product not found" }));
    }
    res.end(product);
  });
  return {
    requests,
    setMode: (next: typeof mode) => (mode = next),
    async start(port = 0): Promise<string> {
      await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
