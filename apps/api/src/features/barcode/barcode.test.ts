import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openFoodFactsStandIn } from "../../testing/off-stand-in";
import { createTestApp, signUp, type TestApp } from "../../testing/test-app";

const off = openFoodFactsStandIn();
let t: TestApp;
let cookie: string;

beforeAll(async () => {
  const offApiUrl = await off.start();
  t = await createTestApp({ offApiUrl });
  cookie = await signUp(t.app, { email: "scan@example.com" });
});
afterAll(async () => {
  await t.close();
  await off.stop();
});
beforeEach(() => {
  off.setMode("ok");
  off.requests.length = 0;
});

const lookup = (code: string) => t.app.inject({ method: "GET", url: `/api/barcode/${code}`, headers: { cookie } });

describe("GET /api/barcode/{code}", () => {
  it("answers name, category and brand from Open Food Facts, asking only for the needed fields as Kim", async () => {
    const res = await lookup("3574660239843");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ name: "Lait demi-écrémé", category: "Dairy", brand: "Lactel" });
    expect(off.requests).toHaveLength(1);
    expect(off.requests[0]).toMatchObject({ path: "/api/v2/product/3574660239843", fields: "product_name,generic_name,brands,categories" });
    expect(off.requests[0]?.userAgent).toMatch(/^Kim\//);
  });

  it("maps categories by keyword: Pantry for others, Other for none", async () => {
    expect((await lookup("8004030044005")).json()).toMatchObject({ name: "Spaghetti n.5", category: "Pantry", brand: "Barilla" });
    expect((await lookup("9002233139084")).json()).toMatchObject({ category: "Beverages" });
    expect((await lookup("5000159484695")).json()).toMatchObject({ name: "Twix", category: "Other", brand: "Mars" });
  });

  it("serves a cached code without a second upstream call", async () => {
    await lookup("4006209700068");
    const again = await lookup("4006209700068");
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ name: "Gouda jung", category: "Dairy", brand: "Milram" });
    expect(off.requests).toHaveLength(1);
  });

  it("answers 404 'Product not found' for an unknown product and caches that for a day", async () => {
    const res = await lookup("96385074");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: "NOT_FOUND", message: "Product not found" });
    expect((await lookup("96385074")).statusCode).toBe(404);
    expect(off.requests).toHaveLength(1);
    const row = await t.deps.db.selectFrom("barcodeProducts").selectAll().where("code", "=", "96385074").executeTakeFirstOrThrow();
    expect(row.found).toBe(false);
    const hours = (row.expiresAt.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
  });

  it("answers 400 for a bad check digit or length, without calling upstream", async () => {
    for (const code of ["3574660239844", "1234567", "abcdefgh", "123456789012345"]) {
      const res = await lookup(code);
      expect(res.statusCode, code).toBe(400);
      expect(res.json().message).toBe("Enter a barcode of 8, 12, 13 or 14 digits with a valid check digit");
    }
    expect(off.requests).toHaveLength(0);
  });

  it("answers 502 when Open Food Facts is down, and caches nothing", async () => {
    off.setMode("down");
    const res = await lookup("8032754490297");
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ code: "BAD_GATEWAY", message: expect.stringContaining("Open Food Facts is unavailable") });
    off.setMode("ok");
    const later = await lookup("8032754490297");
    expect(later.statusCode).toBe(200);
    expect(later.json().category).toBe("Produce");
  });

  it("answers 504 when Open Food Facts is too slow, and caches nothing", async () => {
    off.setMode("slow");
    const started = Date.now();
    const res = await lookup("036000291452");
    expect(res.statusCode).toBe(504);
    expect(res.json()).toMatchObject({ code: "GATEWAY_TIMEOUT", message: expect.stringContaining("did not answer in time") });
    expect(Date.now() - started).toBeLessThan(4500);
    const row = await t.deps.db.selectFrom("barcodeProducts").select("code").where("code", "=", "036000291452").executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it("needs a signed-in user", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/barcode/3574660239843" });
    expect(res.statusCode).toBe(401);
  });
});
