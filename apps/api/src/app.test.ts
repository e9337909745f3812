import { createHash } from "node:crypto";
import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { connect, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { redactQuery } from "./app";
import { createTestApp, createUser, type TestApp } from "./testing/test-app";

/** An inline script of the built page, as the theme's (kim:inline-head in apps/web/vite.config.ts). */
const THEME = 'document.documentElement.classList.toggle("dark", false);';
/** A route's page asks for its first read with an inline script of its own (kim:route-pages). */
const ROUTE_READ = 'routeRead("cooking/$id", "recipes.get", {"id":"$id"});';

let t: TestApp;
let webDir: string;
const asset = `console.log(${JSON.stringify("x".repeat(4000))});`;

beforeAll(async () => {
  webDir = mkdtempSync(path.join(tmpdir(), "kim-web-"));
  mkdirSync(path.join(webDir, "assets"));
  writeFileSync(path.join(webDir, "index.html"), `<!doctype html><title>Kim</title><script>${THEME}</script><div id=root></div>`);
  writeFileSync(path.join(webDir, "landing.html"), "<!doctype html><title>Kim</title><div id=root data-page=landing></div>");
  // Like the web build: a page per route, "$id" standing for one segment.
  mkdirSync(path.join(webDir, "pages", "recipes"), { recursive: true });
  mkdirSync(path.join(webDir, "pages", "cooking"));
  for (const page of ["recipes", "recipes/new", "recipes/$id", "cooking/$id"]) {
    const script = page === "cooking/$id" ? `<script>${ROUTE_READ}</script>` : "";
    writeFileSync(
      path.join(webDir, "pages", `${page}.html`),
      `<!doctype html><title>Kim</title>${script}<div id=root data-route="${page}"></div>`,
    );
  }
  // Each asset with its .br and .gz beside it.
  writeFileSync(path.join(webDir, "assets", "index-abc123.js"), asset);
  writeFileSync(path.join(webDir, "assets", "index-abc123.js.gz"), gzipSync(asset));
  writeFileSync(path.join(webDir, "assets", "index-abc123.js.br"), brotliCompressSync(asset));
  t = await createTestApp({ webDistDir: webDir });
});
afterAll(() => t.close());

describe("app shell", () => {
  it("answers /healthz with 200 while the database answers", async () => {
    const res = await t.app.inject({ method: "GET", url: "/healthz" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok" });
  });

  it("answers GET /api/auth/user with 401 Unauthorized when signed out", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/auth/user" });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: "Unauthorized", code: "UNAUTHORIZED" });
  });

  it("answers an unknown /api path with 404 JSON, never the SPA", async () => {
    for (const url of ["/api/nope", "/api/nope/deeper?x=1", "/trpc/nope.nothing", "/assets/missing.js"]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers["content-type"], url).toMatch(/application\/json/);
    }
    const post = await t.app.inject({ method: "POST", url: "/api/nope", payload: {} });
    expect(post.statusCode).toBe(404);
    expect(post.json().code).toBe("NOT_FOUND");
  });

  it("serves index.html, uncached, for unknown page paths", async () => {
    for (const url of ["/pricing", "/some/unknown/page", "/inventory"]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"]).toMatch(/text\/html/);
      expect(res.headers["cache-control"]).toBe("no-cache");
      expect(res.body).toContain("<div id=root>");
    }
  });

  it("serves a route's own page (the app with that route's code preloaded) for its paths", async () => {
    const routeOf = async (url: string) => {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["cache-control"], url).toBe("no-cache");
      return /data-route="([^"]+)"/.exec(res.body)?.[1] ?? (res.body.includes("<div id=root>") ? "index" : "?");
    };
    expect(await routeOf("/recipes")).toBe("recipes");
    expect(await routeOf("/recipes/?sort=new")).toBe("recipes");
    expect(await routeOf("/recipes/new")).toBe("recipes/new");
    expect(await routeOf("/recipes/0b6b8d3e-5c1a-4f7e-9a57-3c1f0f6d2a11")).toBe("recipes/$id");
    expect(await routeOf("/cooking/anything")).toBe("cooking/$id");
    // The page is picked from the build's list, never read from the path: an odd segment is just an id.
    expect(await routeOf("/recipes/..%2F..%2Findex")).toBe("recipes/$id");
    for (const url of ["/recipes/a/b", "/cooking", "/nothing"]) expect(await routeOf(url), url).toBe("index");
  });

  it("serves the small landing page at / to signed-out visitors, and the app to signed-in ones", async () => {
    const signedOut = await t.app.inject({ method: "GET", url: "/" });
    expect(signedOut.body).toContain("data-page=landing");
    expect(signedOut.headers.vary).toContain("cookie");
    const stale = await t.app.inject({ method: "GET", url: "/", headers: { cookie: "kim_session=expired-or-forged" } });
    expect(stale.body).toContain("data-page=landing");
    const { cookie } = await createUser(t);
    const signedIn = await t.app.inject({ method: "GET", url: "/", headers: { cookie } });
    expect(signedIn.body).not.toContain("data-page=landing");
    const elsewhere = await t.app.inject({ method: "GET", url: "/pricing" });
    expect(elsewhere.body).not.toContain("data-page=landing");
  });

  it("caches hashed assets for a year and sends them compressed to clients that accept it", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/assets/index-abc123.js",
      headers: { "accept-encoding": "gzip" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(res.rawPayload).toString()).toBe(asset);
    const plain = await t.app.inject({ method: "GET", url: "/assets/index-abc123.js" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(asset);
  });

  it("sends security headers on every response", async () => {
    const res = await t.app.inject({ method: "GET", url: "/" });
    // The pages' own inline scripts (the theme, set before the first paint; a route's first read) run by their
    // hashes; no other inline script.
    const sha = (script: string) => `'sha256-${createHash("sha256").update(script).digest("base64")}'`;
    const scriptSrc = /script-src ([^;]*)/.exec(String(res.headers["content-security-policy"]))?.[1];
    expect(scriptSrc).toBe(`'self' ${sha(THEME)} ${sha(ROUTE_READ)}`);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["x-frame-options"]).toBe("SAMEORIGIN");
  });

  it("answers malformed JSON with 400 and a clear JSON message", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/nope",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: "The request body is not valid JSON", code: "BAD_REQUEST" });
  });

  it("refuses text/plain bodies and cross-site origins on state-changing requests", async () => {
    const plain = await t.app.inject({
      method: "POST",
      url: "/trpc/auth.user",
      headers: { "content-type": "text/plain" },
      payload: "hello",
    });
    expect(plain.statusCode).toBe(415);
    expect(plain.json().code).toBe("UNSUPPORTED_MEDIA_TYPE");

    const crossSite = await t.app.inject({
      method: "POST",
      url: "/api/nope",
      headers: { origin: "https://evil.example" },
      payload: {},
    });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json().message).toBe("Cross-site request refused");
  });

  it("redirects GET /api/login to the login screen", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/login" });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("/login");
  });

  it("serves tRPC at /trpc with the same error for signed-out calls", async () => {
    const res = await t.app.inject({ method: "GET", url: "/trpc/auth.user" });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe("Unauthorized");
  });
});

/** Sends `request` as raw bytes on a new connection and reads the answer to the end: status, headers and body. */
function rawExchange(port: number, request: string): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.end(request));
    const chunks: Buffer[] = [];
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      const [head = "", ...rest] = Buffer.concat(chunks).toString("utf8").split("\r\n\r\n");
      const [statusLine = "", ...lines] = head.split("\r\n");
      const headers = Object.fromEntries(
        lines.map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(" ")[1]), headers, body: rest.join("\r\n\r\n") });
    });
  });
}

describe("answers that fail before any route", () => {
  const kimHeaders = (headers: Record<string, unknown>) => {
    expect(headers["content-security-policy"]).toContain("default-src 'self'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["cache-control"]).toBe("private, no-store");
  };

  it("answers a path parameter over 2,048 characters with 414 in Kim's shape and headers", async () => {
    const res = await t.app.inject({ method: "GET", url: `/api/barcode/${"1".repeat(3000)}` });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ message: "The address is too long", code: "BAD_REQUEST" });
    kimHeaders(res.headers);
  });

  it("answers a path that cannot be decoded with 400 in Kim's shape and headers", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/barcode/%E0%A4%A" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: "The address is not valid", code: "BAD_REQUEST" });
    kimHeaders(res.headers);
  });

  it("answers headers of 100 KB (431) and a request Node cannot parse (400) on the socket, in Kim's shape and headers", async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as AddressInfo;
    const huge = await rawExchange(port, `GET /api/${"a".repeat(100 * 1024)} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    expect(huge.status).toBe(431);
    expect(JSON.parse(huge.body)).toEqual({ message: "The request headers are too large", code: "BAD_REQUEST" });
    kimHeaders(huge.headers);

    const garbled = await rawExchange(port, "NOT HTTP AT ALL\r\n\r\n");
    expect(garbled.status).toBe(400);
    expect(JSON.parse(garbled.body)).toEqual({ message: "The request could not be read", code: "BAD_REQUEST" });
    kimHeaders(garbled.headers);
  });
});

describe("app without a database", () => {
  it("answers /healthz with 503 once the database is gone", async () => {
    const other = await createTestApp();
    try {
      await other.deps.db.destroy();
      const res = await other.app.inject({ method: "GET", url: "/healthz" });
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe("SERVICE_UNAVAILABLE");
    } finally {
      // Also drops the test database on PostgreSQL.
      await other.close();
    }
  });
});

describe("redactQuery", () => {
  it("keeps paths and query names, never query values", () => {
    expect(redactQuery("/api/ingredients")).toBe("/api/ingredients");
    expect(redactQuery("/reset-password?token=abc&x")).toBe("/reset-password?token=[redacted]&x=[redacted]");
    expect(redactQuery("/p?a=1?b=2")).toBe("/p?a=[redacted]");
  });
});
