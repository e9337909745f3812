import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { LIMITS } from "./features/extraction/service";
import { BODY_LIMITS, MULTIPART_SLACK_BYTES } from "./lib/request-bodies";
import { rawRequest } from "./testing/raw-http";
import { createTestApp, createUser, type TestApp } from "./testing/test-app";

const MIB = 1024 * 1024;
const UPLOAD_PATH = "/api/recipes/extract-from-pdf";
const BOUNDARY = "kim-raw-boundary";

/** The head of a PDF upload declaring `length` bytes, and the start of its body (what a browser sends first). */
function uploadHead(length: number, cookie?: string) {
  const head = [
    `POST ${UPLOAD_PATH} HTTP/1.1`,
    "Host: 127.0.0.1",
    `Content-Type: multipart/form-data; boundary=${BOUNDARY}`,
    `Content-Length: ${length}`,
    ...(cookie ? [`Cookie: ${cookie}`] : []),
  ].join("\n");
  const start = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`;
  return { head, start };
}

function jsonHead(path: string, length: number | "chunked", cookie?: string) {
  return [
    `POST ${path} HTTP/1.1`,
    "Host: 127.0.0.1",
    "Content-Type: application/json",
    length === "chunked" ? "Transfer-Encoding: chunked" : `Content-Length: ${length}`,
    ...(cookie ? [`Cookie: ${cookie}`] : []),
  ].join("\n");
}

async function listening(t: TestApp): Promise<number> {
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  return (t.app.server.address() as AddressInfo).port;
}

/** Kim's error shape and its security headers, on a refusal that came before the body. */
function expectRefusal(answer: { status: number; headers: Record<string, string>; body: string }, status: number, code: string) {
  expect(answer.status).toBe(status);
  expect(JSON.parse(answer.body)).toMatchObject({ message: expect.any(String), code });
  expect(answer.headers["x-content-type-options"]).toBe("nosniff");
  expect(answer.headers["content-security-policy"]).toContain("default-src 'self'");
}

describe("uploads are checked before their body is read", () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({}, { bodyLimits: { ...BODY_LIMITS, lingerMs: 100 } });
    port = await listening(t);
  });
  afterAll(() => t.close());

  it("answers 250 held 19 MiB uploads without a session with 401 before their bodies, and closes each connection after a moment", async () => {
    const { head, start } = uploadHead(19 * MIB);
    // The attacker's reproduction: each connection declares 19 MiB and sends the first 64 KB, then holds.
    const held = Array.from({ length: 250 }, () => rawRequest(port, head, start + "0".repeat(64 * 1024)));
    const answers = await Promise.all(held.map((h) => h.answer));
    for (const answer of answers) {
      expectRefusal(answer, 401, "UNAUTHORIZED");
    }
    await Promise.all(held.map((h) => h.closed));
    expect(t.app.bodies.held).toBe(0);
  });

  it("answers a user without Pro access 403, and one past the import limit 429, before their bodies", async () => {
    const free = await createUser(t);
    const { head, start } = uploadHead(19 * MIB, free.cookie);
    const refused = rawRequest(port, head, start);
    expectRefusal(await refused.answer, 403, "FORBIDDEN");
    await refused.closed;

    const pro = await createUser(t, { isPro: true });
    const max = LIMITS.importsPerUser.max;
    await t.deps.db
      .insertInto("rateLimits")
      .values({ key: `extraction:user:${pro.id}`, count: max, resetAt: new Date(Date.now() + 60 * 60 * 1000) })
      .execute();
    const over = uploadHead(19 * MIB, pro.cookie);
    const limited = rawRequest(port, over.head, over.start);
    expectRefusal(await limited.answer, 429, "TOO_MANY_REQUESTS");
    await limited.closed;
  });

  it("refuses a declared length over the cap with 413 before reading it", async () => {
    const pro = await createUser(t, { isPro: true });
    const { head, start } = uploadHead(21 * MIB + MULTIPART_SLACK_BYTES, pro.cookie);
    const big = rawRequest(port, head, start);
    expectRefusal(await big.answer, 413, "PAYLOAD_TOO_LARGE");
    await big.closed;
  });

  it("takes at most a small body from a request without a session cookie, declared or in chunks", async () => {
    const declared = rawRequest(port, jsonHead("/api/login", 100 * 1024));
    expectRefusal(await declared.answer, 413, "PAYLOAD_TOO_LARGE");
    await declared.closed;

    const chunk = "x".repeat(BODY_LIMITS.strangerBytes);
    const chunked = rawRequest(port, jsonHead("/api/login", "chunked"), `${chunk.length.toString(16)}\r\n${chunk}\r\n`);
    chunked.send(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
    expectRefusal(await chunked.answer, 413, "PAYLOAD_TOO_LARGE");
    expect(t.app.bodies.held).toBe(0);
    chunked.end();
  });

  it("reads a JSON body larger than a stranger may send only for a valid session: a forged cookie gets 401 before it", async () => {
    const forged = "kim_session=forged-token";
    for (const length of [100 * 1024, "chunked"] as const) {
      const refused = rawRequest(port, jsonHead("/trpc/recipes.create", length, forged), length === "chunked" ? "400\r\n" : "");
      refused.send("x".repeat(1024));
      expectRefusal(await refused.answer, 401, "UNAUTHORIZED");
      await refused.closed;
    }
    expect(t.app.bodies.held).toBe(0);
    // A signed-in cook's large recipe is read and saved, its session looked up once.
    const cook = await createUser(t);
    const ingredients = Array.from({ length: 60 }, (_, i) => ({
      name: `Bean ${i}`,
      quantity: 1,
      unit: "kg",
      original: `1 kg bean ${i} `.repeat(20),
    }));
    const recipe = { title: "Long stew", instructions: "Stir the pot.\n".repeat(3_500), ingredients };
    const body = JSON.stringify(recipe);
    expect(body.length).toBeGreaterThan(BODY_LIMITS.strangerBytes);
    const saved = await t.app.inject({
      method: "POST",
      url: "/trpc/recipes.create",
      headers: { cookie: cook.cookie, "content-type": "application/json" },
      payload: body,
    });
    expect(saved.json()).toMatchObject({ result: { data: { title: "Long stew" } } });
  });
});

describe("bodies no parser reads", () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({}, { bodyLimits: { ...BODY_LIMITS, lingerMs: 100 } });
    port = await listening(t);
  });
  afterAll(() => t.close());

  it("are given back to the process's bound when refused", async () => {
    const user = await createUser(t);
    const text = "x".repeat(1000);
    const head = [
      "POST /api/ingredients HTTP/1.1",
      "Host: 127.0.0.1",
      "Content-Type: text/plain",
      `Content-Length: ${text.length}`,
      `Cookie: ${user.cookie}`,
    ];
    const refused = rawRequest(port, head.join("\n"), text);
    expectRefusal(await refused.answer, 415, "UNSUPPORTED_MEDIA_TYPE");
    await expect.poll(() => t.app.bodies.held).toBe(0);
    refused.end();
  });
});

describe("bytes of bodies in flight", () => {
  let t: TestApp;
  let port: number;
  const upload = 20 * MIB;
  beforeAll(async () => {
    // Room for two uploads in the process and one a user, plus a little for JSON.
    t = await createTestApp(
      {},
      { bodyLimits: { ...BODY_LIMITS, processBytes: 2 * upload + 1000, userUploadBytes: upload + 1000, lingerMs: 100 } },
    );
    port = await listening(t);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.deps.db.deleteFrom("rateLimits").execute();
  });

  it("refuses a user's second upload in flight with 429, and any upload past the process's bound with 503", async () => {
    const [ann, ben, cat] = await Promise.all([1, 2, 3].map(() => createUser(t, { isPro: true })));
    const first = uploadHead(upload, ann!.cookie);
    const annHolds = rawRequest(port, first.head, first.start);
    await expect.poll(() => t.app.bodies.held).toBe(upload);

    const annAgain = rawRequest(port, first.head, first.start);
    expectRefusal(await annAgain.answer, 429, "TOO_MANY_REQUESTS");
    expect(JSON.parse((await annAgain.answer).body).message).toMatch(/already uploading/);
    expect((await annAgain.answer).headers["retry-after"]).toBe("30");

    const second = uploadHead(upload, ben!.cookie);
    const benHolds = rawRequest(port, second.head, second.start);
    await expect.poll(() => t.app.bodies.held).toBe(2 * upload);

    const third = uploadHead(upload, cat!.cookie);
    const catRefused = rawRequest(port, third.head, third.start);
    expectRefusal(await catRefused.answer, 503, "SERVICE_UNAVAILABLE");
    expect((await catRefused.answer).headers["retry-after"]).toBe("30");

    // JSON bodies count against the same bound: 2,000 bytes do not fit in the 1,000 left.
    const json = `{"items":"${"x".repeat(2000)}"}`;
    const post = rawRequest(port, jsonHead("/api/ingredients", json.length, cat!.cookie), json);
    expectRefusal(await post.answer, 503, "SERVICE_UNAVAILABLE");

    annHolds.end();
    benHolds.end();
    await expect.poll(() => t.app.bodies.held).toBe(0);
  });
});

describe("slow bodies", () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({}, { bodyLimits: { ...BODY_LIMITS, timeoutMs: 300, lingerMs: 100 } });
    port = await listening(t);
  });
  afterAll(() => t.close());

  it("answers an upload that has not arrived in time with 408, then closes the connection", async () => {
    const pro = await createUser(t, { isPro: true });
    const { head, start } = uploadHead(MIB, pro.cookie);
    const slow = rawRequest(port, head, start);
    const answer = await slow.answer;
    expectRefusal(answer, 408, "TIMEOUT");
    await slow.closed;
    expect(t.app.bodies.held).toBe(0);
  });

  it("answers a JSON body that has not arrived in time with 408, then closes the connection", async () => {
    const user = await createUser(t);
    const slow = rawRequest(port, jsonHead("/api/ingredients", 100, user.cookie), '{"name":');
    const answer = await slow.answer;
    expectRefusal(answer, 408, "TIMEOUT");
    await slow.closed;
    expect(t.app.bodies.held).toBe(0);
  });
});
