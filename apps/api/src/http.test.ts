import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, gunzipSync, gzipSync } from "node:zlib";
import { sql } from "kysely";
import { resolveResponse } from "@trpc/server/http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, createUser, type TestApp } from "./testing/test-app";
import { innerContext } from "./trpc/context";
import { appRouter } from "./router";

let t: TestApp;
let webDir: string;

beforeAll(async () => {
  webDir = mkdtempSync(path.join(tmpdir(), "kim-web-"));
  mkdirSync(path.join(webDir, "assets"));
  const page = "<!doctype html><title>Kim</title><div id=root></div>" + "<!-- padding -->".repeat(100);
  writeFileSync(path.join(webDir, "index.html"), page);
  writeFileSync(path.join(webDir, "index.html.br"), brotliCompressSync(page));
  writeFileSync(path.join(webDir, "index.html.gz"), gzipSync(page));
  writeFileSync(path.join(webDir, "landing.html"), "<!doctype html><div data-page=landing></div>");
  writeFileSync(path.join(webDir, "robots.txt"), "User-agent: *\nAllow: /\n");
  t = await createTestApp({ webDistDir: webDir });
});
afterAll(() => t.close());

/** Sends `bytes` of body in chunks over a real socket; resolves with the status and how much was written. */
function sendLargeBody(url: string, contentType: string, bytes: number): Promise<{ status: number; written: number; body: string }> {
  return new Promise((resolve, reject) => {
    const chunk = Buffer.alloc(64 * 1024, "a");
    let written = 0;
    const req = request(url, { method: "POST", headers: { "content-type": contentType } }, (res) => {
      let body = "";
      res.on("data", (d: Buffer) => (body += d.toString()));
      res.on("end", () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, written, body });
      });
    });
    req.on("error", (err) => (written > 0 ? undefined : reject(err)));
    const pump = () => {
      while (written < bytes) {
        written += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      req.end();
    };
    pump();
  });
}

describe("request bodies", () => {
  it("refuses a multipart body to /trpc at once, without reading it, signed out", async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as AddressInfo;
    const heapBefore = process.memoryUsage().heapUsed;
    const res = await sendLargeBody(`http://127.0.0.1:${port}/trpc/auth.login`, "multipart/form-data; boundary=x", 512 * 1024 * 1024);
    expect(res.status).toBe(415);
    expect(JSON.parse(res.body)).toMatchObject({ code: "UNSUPPORTED_MEDIA_TYPE" });
    // The answer came long before the 512 MiB were sent, and the server kept none of it.
    expect(res.written).toBeLessThan(64 * 1024 * 1024);
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(64 * 1024 * 1024);
  });

  it("caps JSON bodies at 1 MiB on tRPC and REST alike, and takes no other type", async () => {
    const { cookie } = await createUser(t);
    const big = JSON.stringify({ name: "x".repeat(1024 * 1024) });
    for (const url of ["/trpc/inventory.create", "/api/ingredients"]) {
      const res = await t.app.inject({ method: "POST", url, headers: { cookie, "content-type": "application/json" }, payload: big });
      expect(res.statusCode, url).toBe(413);
      expect(res.json(), url).toMatchObject({ code: "PAYLOAD_TOO_LARGE", message: "The request body is too large" });
      for (const contentType of ["multipart/form-data; boundary=x", "text/plain", "application/x-www-form-urlencoded"]) {
        const other = await t.app.inject({ method: "POST", url, headers: { cookie, "content-type": contentType }, payload: "a=b" });
        expect(other.statusCode, `${url} ${contentType}`).toBe(415);
      }
    }
    const list = await t.app.inject({ method: "GET", url: "/api/ingredients", headers: { cookie } });
    expect(list.json()).toEqual([]);
  });

  it("signs out on POST /api/logout with a JSON type and no body", async () => {
    const { cookie } = await createUser(t);
    const res = await t.app.inject({ method: "POST", url: "/api/logout", headers: { cookie, "content-type": "application/json" } });
    expect(res.statusCode).toBe(200);
    const me = await t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } });
    expect(me.statusCode).toBe(401);
  });
});

describe("paths", () => {
  it("answers a long path parameter in Kim's error shape", async () => {
    const { cookie } = await createUser(t);
    const res = await t.app.inject({ method: "DELETE", url: `/api/ingredients/${"a".repeat(300)}`, headers: { cookie } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "BAD_REQUEST", message: "id must be a valid id (uuid)" });
  });

  it("serves tRPC batches of up to 20 calls, and refuses more with a clear error", async () => {
    const { cookie } = await createUser(t);
    const batch = (n: number) =>
      t.app.inject({
        method: "GET",
        url: `/trpc/${Array(n).fill("inventory.list").join(",")}?batch=1&input=${encodeURIComponent(JSON.stringify({}))}`,
        headers: { cookie },
      });
    const twenty = await batch(20);
    expect(twenty.statusCode).toBe(200);
    expect(twenty.json()).toHaveLength(20);
    expect(twenty.json()[19]).toEqual({ result: { data: [] } });
    const more = await batch(21);
    expect(more.statusCode).toBe(400);
    expect(JSON.stringify(more.json())).toContain("Batch call exceeds maximum size");
  });
});

describe("answers", () => {
  it("answers reads exactly as tRPC's own request handler does, errors and mixed batches included", async () => {
    const { cookie, ...user } = await createUser(t);
    await t.deps.db
      .insertInto("recipes")
      .values({ householdId: user.householdId, title: 'Soup "du jour" é 🍋', ingredients: "[]", instructions: "Boil", tags: '["quick"]' })
      .execute();
    const input = (value: unknown) => encodeURIComponent(JSON.stringify(value));
    const reads = [
      { path: "auth.user", query: "", signedIn: false },
      { path: "auth.user", query: "", signedIn: true },
      { path: "auth.user,recipes.count", query: `batch=1&input=${input({})}`, signedIn: true },
      { path: "inventory.summary,recipes.count", query: `batch=1&input=${input({ 0: { today: "2026-13-40" } })}`, signedIn: true },
      { path: "inventory.summary", query: `input=${input({ today: "2026-11-22" })}`, signedIn: true },
      { path: "barcode.lookup,auth.user", query: `batch=1&input=${input({ 0: { code: "123" } })}`, signedIn: true },
      { path: "recipes.list", query: "", signedIn: true },
      { path: "recipes.list", query: `batch=1&input=${input({})}`, signedIn: true },
      { path: "recipes.list,recipes.list", query: `batch=1&input=${input({})}`, signedIn: true },
      { path: "recipes.list", query: "", signedIn: false },
    ];
    for (const { path, query, signedIn } of reads) {
      const url = `/trpc/${path}${query ? `?${query}` : ""}`;
      const ours = await t.app.inject({ method: "GET", url, headers: signedIn ? { cookie } : {} });
      const theirs = await resolveResponse({
        router: appRouter,
        req: new Request(`http://kim.test${url}`),
        path,
        error: null,
        createContext: async () => innerContext({ config: t.deps.config, db: t.deps.db, user: signedIn ? user : null }),
      });
      expect(ours.statusCode, url).toBe(theirs.status);
      expect(ours.json(), url).toEqual(await theirs.json());
    }
  });

  it("answers writes exactly as tRPC's own request handler does, errors, batches and misdirected calls included", async () => {
    const { cookie, ...user } = await createUser(t);
    const flour = { name: "Flour", quantity: 1, unit: "kg", category: "Pantry", expirationDate: null, notes: null };
    const missing = "00000000-0000-4000-8000-000000000000";
    const writes = [
      { method: "POST", path: "inventory.create", query: "batch=1", body: JSON.stringify({ 0: flour }), signedIn: true },
      { method: "POST", path: "inventory.create", query: "", body: JSON.stringify(flour), signedIn: true },
      {
        method: "POST",
        path: "inventory.create",
        query: "batch=1",
        body: JSON.stringify({ 0: { ...flour, quantity: -1 } }),
        signedIn: true,
      },
      { method: "POST", path: "inventory.create", query: "batch=1", body: JSON.stringify({ 0: flour }), signedIn: false },
      {
        method: "POST",
        path: "inventory.delete,inventory.create",
        query: "batch=1",
        body: JSON.stringify({ 0: { id: missing }, 1: flour }),
        signedIn: true,
      },
      { method: "POST", path: "inventory.create", query: "batch=1", body: "{not json", signedIn: true },
      { method: "POST", path: "inventory.create", query: "batch=1", body: "", signedIn: true },
      { method: "POST", path: "recipes.list", query: "batch=1", body: "{}", signedIn: true },
      { method: "POST", path: "inventory.create,recipes.list", query: "batch=1", body: JSON.stringify({ 0: flour }), signedIn: true },
      {
        method: "GET",
        path: "inventory.create",
        query: `batch=1&input=${encodeURIComponent(JSON.stringify({ 0: flour }))}`,
        signedIn: true,
      },
    ];
    // Each side creates its own row: ids and times differ, nothing else may.
    const stable = (text: string) =>
      text.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, "<id>").replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, "<time>");
    for (const { method, path, query, body, signedIn } of writes) {
      const url = `/trpc/${path}${query ? `?${query}` : ""}`;
      const headers = { "content-type": "application/json", ...(signedIn ? { cookie } : {}) };
      const ours = await t.app.inject({ method, url, headers, ...(method === "POST" ? { payload: body } : {}) });
      const theirs = await resolveResponse({
        router: appRouter,
        req: new Request(`http://kim.test${url}`, { method, headers, ...(method === "POST" ? { body } : {}) }),
        path,
        error: null,
        createContext: async () => innerContext({ config: t.deps.config, db: t.deps.db, user: signedIn ? user : null }),
      });
      expect(ours.statusCode, `${method} ${url} ${body}`).toBe(theirs.status);
      // The same JSON: a create's answer is the text PostgreSQL wrote (json_build_object spaces it), not JSON.stringify's.
      expect(JSON.parse(stable(ours.body)), `${method} ${url} ${body}`).toEqual(JSON.parse(stable(await theirs.text())));
    }
    const rows = await t.deps.db.selectFrom("ingredients").select("name").where("householdId", "=", user.householdId).execute();
    // Per side: the two creates, and the batch's create beside its failed delete.
    expect(rows).toHaveLength(6);
  });

  it("carries the security headers on API answers and pages alike", async () => {
    for (const url of ["/api/auth/user", "/trpc/auth.user", "/inventory"]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.headers["content-security-policy"], url).toContain("connect-src 'self' blob:");
      expect(res.headers["content-security-policy"], url).toContain("frame-ancestors 'none'");
      expect(res.headers["x-content-type-options"], url).toBe("nosniff");
      expect(res.headers["strict-transport-security"], url).toBeUndefined();
    }
  });

  it("marks every API answer private, no-store, on REST and tRPC, signed in or not", async () => {
    const { cookie } = await createUser(t);
    for (const [url, headers] of [
      ["/api/ingredients", { cookie }],
      ["/api/auth/user", {}],
      [`/trpc/inventory.list?batch=1&input=${encodeURIComponent("{}")}`, { cookie }],
      ["/trpc/auth.user", {}],
    ] as const) {
      const res = await t.app.inject({ method: "GET", url, headers });
      expect(res.headers["cache-control"], url).toBe("private, no-store");
    }
  });

  it("sends a list through tRPC exactly as through REST, gzipped once per version", async () => {
    const { cookie, id, householdId } = await createUser(t);
    const rows = Array.from({ length: 40 }, (_, i) => ({ householdId, name: `Item "${i}" \\ é 🍋`, category: "Other", notes: "n" }));
    await t.deps.db.insertInto("ingredients").values(rows).execute();
    const rest = await t.app.inject({ method: "GET", url: "/api/ingredients", headers: { cookie } });
    const url = `/trpc/inventory.list,auth.user?batch=1&input=${encodeURIComponent("{}")}`;
    const zipped = await t.app.inject({ method: "GET", url, headers: { cookie, "accept-encoding": "gzip" } });
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    const [list, user] = JSON.parse(gunzipSync(zipped.rawPayload).toString()) as [
      { result: { data: unknown } },
      { result: { data: { id: string } } },
    ];
    expect(list.result.data).toEqual(rest.json());
    expect(user.result.data.id).toBe(id);
    const single = `/trpc/inventory.list?batch=1&input=${encodeURIComponent("{}")}`;
    const plain = await t.app.inject({ method: "GET", url: single, headers: { cookie } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.json()).toEqual([{ result: { data: rest.json() } }]);
    const again = await t.app.inject({ method: "GET", url: single, headers: { cookie, "accept-encoding": "gzip, br" } });
    expect(JSON.parse(gunzipSync(again.rawPayload).toString())).toEqual(plain.json());
  });

  it("answers an unexpected failure with a bare 500, logged once, on REST and tRPC", async () => {
    const broken = await createTestApp();
    try {
      const { cookie } = await createUser(broken);
      await sql`drop table ingredients cascade`.execute(broken.deps.db);
      for (const url of ["/api/ingredients", `/trpc/inventory.list?batch=1&input=${encodeURIComponent("{}")}`]) {
        const logsBefore = broken.logs.length;
        const res = await broken.app.inject({ method: "GET", url, headers: { cookie } });
        expect(res.statusCode, url).toBe(500);
        expect(res.body, url).toContain("Something went wrong");
        expect(res.body, url).not.toMatch(/ingredients|relation|select|stack/i);
        const errors = broken.logs.slice(logsBefore).filter((line) => JSON.parse(line).level >= 50);
        expect(errors, url).toHaveLength(1);
      }
    } finally {
      await broken.close();
    }
  });
});

describe("shutdown", () => {
  it("while draining, answers on and reports 503 on /healthz", async () => {
    const stopping = await createTestApp();
    try {
      expect((await stopping.app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
      stopping.app.startDraining();
      const health = await stopping.app.inject({ method: "GET", url: "/healthz" });
      expect(health.statusCode).toBe(503);
      const me = await stopping.app.inject({ method: "GET", url: "/api/auth/user" });
      expect(me.statusCode).toBe(401);
    } finally {
      await stopping.close();
    }
  });
});

describe("pages", () => {
  it("re-sends the session cookie when loading a page renews the session", async () => {
    const { cookie, id } = await createUser(t);
    await t.deps.db
      .updateTable("sessions")
      .set({ expire: new Date(Date.now() + 20 * 86_400_000) })
      .where("userId", "=", id)
      .execute();
    const res = await t.app.inject({ method: "GET", url: "/", headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const sent = res.cookies.find((c) => c.name === "kim_session");
    expect(`kim_session=${sent?.value}`).toBe(cookie);
    expect(sent?.maxAge).toBe(30 * 24 * 60 * 60);
  });

  it("serves pages compressed from the build's files, and robots.txt as text", async () => {
    const page = await t.app.inject({ method: "GET", url: "/inventory", headers: { "accept-encoding": "br, gzip" } });
    expect(page.headers["content-encoding"]).toBe("br");
    const gz = await t.app.inject({ method: "GET", url: "/recipes", headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toContain("<div id=root>");
    const robots = await t.app.inject({ method: "GET", url: "/robots.txt" });
    expect(robots.headers["content-type"]).toMatch(/^text\/plain/);
    expect(robots.body).toContain("User-agent");
  });
});
