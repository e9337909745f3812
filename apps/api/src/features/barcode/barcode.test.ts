import { testDatabaseKind } from "@kim/db/testing";
import { TRPCError } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { productLookup } from "../../outside/open-food-facts";
import { openFoodFactsStandIn } from "../../testing/off-stand-in";
import { anotherProcess, callerFor, createTestApp, createUser, type TestApp } from "../../testing/test-app";

const off = openFoodFactsStandIn();
let t: TestApp;

beforeAll(async () => {
  const offApiUrl = await off.start();
  t = await createTestApp({ offApiUrl });
});
afterAll(async () => {
  await t.close();
  await off.stop();
});
beforeEach(async () => {
  off.setMode("ok");
  off.requests.length = 0;
  // Every test starts with nothing cached and no lookups counted, whatever the tests before it did.
  await t.deps.db.deleteFrom("barcodeProducts").execute();
  await t.deps.db.deleteFrom("rateLimits").execute();
});

type App = TestApp["app"];

/** A fresh signed-in user (made in the database) and a lookup as that user, through `app` (the test app by default). */
async function scanner() {
  const { cookie } = await createUser(t);
  return (code: string, app: App = t.app) => app.inject({ method: "GET", url: `/api/barcode/${code}`, headers: { cookie } });
}

/** A valid EAN-8 that Open Food Facts (the stand-in) does not know: in-store prefix 2, GS1 check digit. */
function unknownCode(n: number): string {
  const body = String(2_000_000 + n);
  const sum = [...body].reduce((acc, digit, i) => acc + Number(digit) * (i % 2 === 0 ? 3 : 1), 0);
  return body + String((10 - (sum % 10)) % 10);
}

/** The products the stand-in knows. */
const knownCodes = ["3574660239843", "8004030044005", "9002233139084", "5000159484695", "4006209700068", "8032754490297"];

const retryAfter = (res: { headers: Record<string, unknown> }) => Number(res.headers["retry-after"]);

describe("GET /api/barcode/{code}", () => {
  it("answers name, category and brand from Open Food Facts, asking only for the needed fields as Kim", async () => {
    const lookup = await scanner();
    const res = await lookup("3574660239843");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ name: "Lait demi-écrémé", category: "Dairy", brand: "Lactel" });
    expect(off.requests).toHaveLength(1);
    expect(off.requests[0]).toMatchObject({ path: "/api/v2/product/3574660239843", fields: "product_name,generic_name,brands,categories" });
    expect(off.requests[0]?.userAgent).toMatch(/^Kim\//);
  });

  it("maps categories by keyword: Pantry for others, Other for none", async () => {
    const lookup = await scanner();
    expect((await lookup("8004030044005")).json()).toMatchObject({ name: "Spaghetti n.5", category: "Pantry", brand: "Barilla" });
    expect((await lookup("9002233139084")).json()).toMatchObject({ category: "Beverages" });
    expect((await lookup("5000159484695")).json()).toMatchObject({ name: "Twix", category: "Other", brand: "Mars" });
  });

  it("serves a cached code without a second upstream call, to any user", async () => {
    const first = await scanner();
    const second = await scanner();
    expect((await first("4006209700068")).statusCode).toBe(200);
    const again = await second("4006209700068");
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ name: "Gouda jung", category: "Dairy", brand: "Milram" });
    expect(off.requests).toHaveLength(1);
  });

  it("answers 404 'Product not found' for an unknown product and caches that for a day", async () => {
    const lookup = await scanner();
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
    const lookup = await scanner();
    for (const code of ["3574660239844", "1234567", "abcdefgh", "123456789012345"]) {
      const res = await lookup(code);
      expect(res.statusCode, code).toBe(400);
      expect(res.json().message).toBe("Enter a barcode of 8, 12, 13 or 14 digits with a valid check digit");
    }
    expect(off.requests).toHaveLength(0);
  });

  it("answers 502 when Open Food Facts is down, and caches nothing", async () => {
    const lookup = await scanner();
    off.setMode("down");
    const res = await lookup("8032754490297");
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ code: "BAD_GATEWAY", message: expect.stringContaining("Open Food Facts is unavailable") });
    off.setMode("ok");
    const later = await lookup("8032754490297");
    expect(later.statusCode).toBe(200);
    expect(later.json().category).toBe("Produce");
    expect(off.requests).toHaveLength(2);
  });

  it("answers 502, never a 500 nor an empty product, when Open Food Facts answers something that is not a product", async () => {
    const lookup = await scanner();
    for (const mode of ["garbled", "html"] as const) {
      off.setMode(mode);
      const res = await lookup("8004030044005");
      expect(res.statusCode, mode).toBe(502);
      expect(res.json(), mode).toMatchObject({ code: "BAD_GATEWAY", message: expect.stringContaining("Open Food Facts is unavailable") });
    }
    off.setMode("ok");
    expect((await lookup("8004030044005")).json()).toMatchObject({ name: "Spaghetti n.5", brand: "Barilla" });
    expect(off.requests).toHaveLength(3);
  });

  it("answers a product whose fields hold control characters, a lone surrogate or 100,000 characters as clean, bounded text, and caches it", async () => {
    const lookup = await scanner();
    off.setMode("odd");
    const res = await lookup("8004030044005");
    expect(res.statusCode).toBe(200);
    const product = res.json() as { name: string; brand: string };
    expect(product.name).toBe("Oat milk Bcc: x \uFFFD");
    expect(product.brand).toBe("B".repeat(100));
    expect((await lookup("8004030044005")).json()).toEqual(product);
    expect(off.requests).toHaveLength(1);
  });

  it("answers 504 when Open Food Facts is too slow, and caches nothing", async () => {
    const user = await createUser(t);
    const { caller, ctx } = callerFor(t, user);
    // The real client with a 50 ms limit in place of its 3 s one; the stand-in never answers, so a 504 is the limit at work.
    ctx.clients = { ...ctx.clients, openFoodFacts: productLookup(t.deps.config.offApiUrl, 50) };
    off.setMode("slow");
    const error = await caller.barcode.lookup({ code: "036000291452" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TRPCError);
    expect(getHTTPStatusCodeFromError(error as TRPCError)).toBe(504);
    expect((error as TRPCError).message).toContain("did not answer in time");
    expect(off.requests).toHaveLength(1);
    const row = await t.deps.db.selectFrom("barcodeProducts").select("code").where("code", "=", "036000291452").executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it("needs a signed-in user", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/barcode/3574660239843" });
    expect(res.statusCode).toBe(401);
    expect(off.requests).toHaveLength(0);
  });
});

/** A clock the lookups share: waiting for a slot moves it on instead of sleeping. */
function fakeClock() {
  const clock = { ms: Date.now(), waits: [] as number[] };
  return Object.assign(clock, {
    now: () => new Date(clock.ms),
    wait: async (ms: number) => {
      clock.waits.push(ms);
      clock.ms += ms;
    },
  });
}

/** A fresh user looking codes up through tRPC on `clock`; answers the status the REST path would send. */
async function clockedScanner(clock: ReturnType<typeof fakeClock>, onUpstream?: (at: number) => void) {
  const user = await createUser(t);
  const { caller, ctx } = callerFor(t, user, { now: clock.now, wait: clock.wait });
  const openFoodFacts = ctx.clients.openFoodFacts;
  ctx.clients = {
    ...ctx.clients,
    openFoodFacts: (code) => {
      onUpstream?.(clock.ms);
      return openFoodFacts(code);
    },
  };
  return (code: string) =>
    caller.barcode.lookup({ code }).then(
      () => 200,
      (error: unknown) => (error instanceof TRPCError ? getHTTPStatusCodeFromError(error) : 500),
    );
}

/** Puts a pace's next free slot `ms` ahead, as a burst of lookups just before would have. */
const busyUntil = (key: string, ms: number) =>
  t.deps.db
    .insertInto("rateLimits")
    .values({ key, count: 1, resetAt: new Date(Date.now() + ms) })
    .execute();

describe("barcode lookup pacing", () => {
  it("queues a cook's lookups rather than refusing them: 25 new products in a row are all looked up, none waiting over 5 s", async () => {
    const clock = fakeClock();
    const lookup = await clockedScanner(clock);
    for (let i = 0; i < 25; i++) expect(await lookup(unknownCode(i)), `lookup ${i + 1}`).toBe(404);
    expect(off.requests).toHaveLength(25);
    // Ten at once, then one every 2 s (30 a minute).
    expect(clock.waits.filter((ms) => ms > 0)).toHaveLength(15);
    expect(Math.max(...clock.waits)).toBeLessThanOrEqual(5000);
  });

  it("serves three cooks unpacking groceries at once, none starving the others", async () => {
    const clock = fakeClock();
    const cooks = [await clockedScanner(clock), await clockedScanner(clock), await clockedScanner(clock)];
    for (let i = 0; i < 60; i++) expect(await cooks[i % 3]!(unknownCode(100 + i)), `lookup ${i + 1}`).toBe(404);
    expect(off.requests).toHaveLength(60);
    expect(Math.max(...clock.waits)).toBeLessThanOrEqual(5000);
  });

  it("never asks Open Food Facts more than 100 times in any minute, however many cooks scan", async () => {
    const clock = fakeClock();
    const calls: number[] = [];
    const cooks = await Promise.all(Array.from({ length: 10 }, () => clockedScanner(clock, (at) => calls.push(at))));
    const statuses: number[] = [];
    // 25 each: under the 30 lookups a user may make in a minute of the real clock the test runs on.
    for (let i = 0; i < 250; i++) statuses.push(await cooks[i % 10]!(unknownCode(1000 + i)));
    for (const [i, at] of calls.entries()) {
      expect(calls.filter((other) => other >= at && other < at + 60_000).length, `minute from call ${i + 1}`).toBeLessThanOrEqual(100);
    }
    // Past what a minute allows, lookups wait their turn; none is refused while the wait stays within seconds.
    expect(statuses.filter((s) => s !== 404)).toEqual([]);
    expect(calls.filter((at) => at < calls[0]! + 60_000)).toHaveLength(100);
    expect(Math.max(...clock.waits)).toBeLessThanOrEqual(5000);
  });

  it("refuses with 429, Retry-After and a clear message when the wait would be longer, asking Open Food Facts nothing", async () => {
    const { cookie, id } = await createUser(t);
    await busyUntil(`barcode:upstream:user:${id}`, 60_000);
    const refused = await t.app.inject({ method: "GET", url: `/api/barcode/${unknownCode(6)}`, headers: { cookie } });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: "TOO_MANY_REQUESTS",
      message: expect.stringMatching(/^Too many barcode lookups\. Try again in \d seconds\.$/),
    });
    expect(retryAfter(refused)).toBeGreaterThanOrEqual(1);
    expect(retryAfter(refused)).toBeLessThanOrEqual(60);
    expect(off.requests).toHaveLength(0);

    // The pace is this user's: someone else may still look the code up.
    const other = await scanner();
    expect((await other(unknownCode(6))).statusCode).toBe(404);
    expect(off.requests).toHaveLength(1);
  });

  it("refuses with 429 'busy' when the whole server's allowance is spoken for, in every process", async () => {
    await busyUntil("barcode:upstream", 60_000);
    const otherProcess = await anotherProcess(t);
    try {
      const newcomer = await scanner();
      for (const app of [t.app, otherProcess]) {
        const refused = await newcomer(unknownCode(115), app);
        expect(refused.statusCode).toBe(429);
        expect(refused.json().message).toMatch(
          /^Barcode lookups are busy right now; add the product by hand or scan again later\. Try again in \d seconds\.$/,
        );
        expect(retryAfter(refused)).toBeGreaterThanOrEqual(1);
      }
      expect(off.requests).toHaveLength(0);
    } finally {
      await otherProcess.close();
    }
  });

  it("still answers cached codes for a user whose Open Food Facts reads must wait, until 30 lookups in the minute", async () => {
    const { cookie, id } = await createUser(t);
    const lookup = (code: string) => t.app.inject({ method: "GET", url: `/api/barcode/${code}`, headers: { cookie } });
    const warm = await scanner();
    for (const code of knownCodes) expect((await warm(code)).statusCode, code).toBe(200);
    await busyUntil(`barcode:upstream:user:${id}`, 60_000);
    expect((await lookup(unknownCode(200))).statusCode).toBe(429);
    for (let n = 2; n <= 30; n++) {
      const res = await lookup(knownCodes[n % knownCodes.length]!);
      expect(res.statusCode, `lookup ${n}`).toBe(200);
    }
    expect((await lookup(knownCodes[0]!)).json()).toMatchObject({
      code: "TOO_MANY_REQUESTS",
      message: expect.stringMatching(/^Too many barcode lookups\./),
    });
    expect(off.requests).toHaveLength(6);
  });

  it.skipIf(testDatabaseKind() !== "postgres")(
    "lets exactly 17 of 20 simultaneous lookups through at one instant: 10 at once and 7 queued within 5 s (PostgreSQL only: PGlite has one connection, so no real concurrency)",
    async () => {
      const clock = fakeClock();
      clock.wait = async () => {};
      const users = await Promise.all([1, 2, 3, 4, 5].map(() => clockedScanner(clock)));
      const statuses = await Promise.all(Array.from({ length: 20 }, (_, i) => users[i % 5]!(unknownCode(300 + i))));
      expect(statuses.filter((s) => s === 404)).toHaveLength(17);
      expect(statuses.filter((s) => s === 429)).toHaveLength(3);
      expect(off.requests).toHaveLength(17);
    },
  );
});
