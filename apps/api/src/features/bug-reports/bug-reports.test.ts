import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, createUser, type TestApp } from "../../testing/test-app";
import { BUG_REPORT_LIMIT } from "./router";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const file = (cookie: string | undefined, payload: unknown) =>
  t.app.inject({ method: "POST", url: "/api/bug-reports", payload: payload as object, headers: cookie ? { cookie } : {} });
const stored = (userId: string) =>
  t.deps.db.selectFrom("bugReports").selectAll().where("userId", "=", userId).orderBy("createdAt").execute();

describe("POST /api/bug-reports", () => {
  it("files an open report owned by the signed-in user, with the page and browser it came from", async () => {
    const { cookie, id } = await createUser(t);
    const res = await file(cookie, {
      title: "  Timer stops  ",
      description: "It stopped at 3:00",
      priority: "high",
      pageUrl: "/cooking/42",
      userAgent: "Mozilla/5.0 Test",
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ title: "Timer stops", priority: "high", status: "open", pageUrl: "/cooking/42" });
    expect(res.json()).not.toHaveProperty("adminNotes");
    expect(await stored(id)).toMatchObject([{ title: "Timer stops", status: "open", adminNotes: null, userAgent: "Mozilla/5.0 Test" }]);
  });

  it("defaults the priority to medium", async () => {
    const { cookie } = await createUser(t);
    const res = await file(cookie, { title: "Typo", description: "On the landing page" });
    expect(res.json()).toMatchObject({ priority: "medium", status: "open" });
  });

  it("ignores a status, admin notes or another owner the client sends", async () => {
    const { cookie, id } = await createUser(t);
    const other = await createUser(t);
    const res = await file(cookie, {
      title: "Sneaky",
      description: "d",
      status: "closed",
      adminNotes: "I fixed it myself",
      userId: other.id,
    });
    expect(res.statusCode).toBe(201);
    expect(await stored(id)).toMatchObject([{ status: "open", adminNotes: null, userId: id }]);
    expect(await stored(other.id)).toEqual([]);
  });

  it("answers 400 for missing, too long, unknown or unstorable fields, and files nothing", async () => {
    const { cookie, id } = await createUser(t);
    for (const [payload, message] of [
      [{ description: "d" }, /^Title is required/],
      [{ title: "   ", description: "d" }, /^Title is required/],
      [{ title: "t" }, /^Description is required/],
      [{ title: "x".repeat(201), description: "d" }, /^Title must be at most 200/],
      [{ title: "t", description: "x".repeat(10_001) }, /^Description must be at most 10,000/],
      [{ title: "t", description: "d", priority: "urgent" }, /^Priority must be one of low, medium, high/],
      [{ title: "t\u0000", description: "d" }, /^Title contains a character/],
      // Text nobody can see is blank; bidi overrides and isolates would show the text turned around.
      [{ title: "\u200b", description: "d" }, /^Title is required/],
      [{ title: "t", description: "\u200b\u200b\n\u00ad" }, /^Description is required/],
      [{ title: "\u202eevil", description: "d" }, /^Title can't contain line breaks or other control characters/],
      [{ title: "t", description: "see \u2066this\u2069" }, /^Description can't contain text direction controls/],
      [{ title: "t", description: "d", userAgent: 5 }, /^User agent must be text/],
    ] as const) {
      const res = await file(cookie, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 50)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect(await stored(id)).toEqual([]);
  });

  it("keeps a description's line breaks and tabs, and direction marks", async () => {
    const { cookie, id } = await createUser(t);
    const description = "Steps:\n\t1. open \u200fשלום\u200f\n\t2. tap Save";
    expect((await file(cookie, { title: "Save fails", description })).statusCode).toBe(201);
    expect(await stored(id)).toMatchObject([{ title: "Save fails", description }]);
  });

  it("answers 401 signed out", async () => {
    const res = await file(undefined, { title: "t", description: "d" });
    expect(res.statusCode).toBe(401);
  });

  it(`takes ${BUG_REPORT_LIMIT.max} reports an hour from one user, then 429, even sent at once`, async () => {
    const { cookie, id } = await createUser(t);
    const answers = await Promise.all(
      Array.from({ length: BUG_REPORT_LIMIT.max + 3 }, (_, i) => file(cookie, { title: `Report ${i}`, description: "d" })),
    );
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(BUG_REPORT_LIMIT.max);
    const refused = answers.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(3);
    expect(refused[0]!.json().message).toMatch(/^Too many bug reports\. Try again in/);
    expect(await stored(id)).toHaveLength(BUG_REPORT_LIMIT.max);
    // Another user is not held back.
    const other = await createUser(t);
    expect((await file(other.cookie, { title: "Mine", description: "d" })).statusCode).toBe(201);
  });

  it("files one report for one Idempotency-Key however often it is sent, even at once, and spends the limit once", async () => {
    const { cookie, id } = await createUser(t);
    const report = { title: "Twice clicked", description: "d" };
    const send = () =>
      t.app.inject({
        method: "POST",
        url: "/api/bug-reports",
        payload: report,
        headers: { cookie, "idempotency-key": "6f1c8a52-3c1e-4f0e-9a57-0d2f1b7c9e41" },
      });
    const answers = await Promise.all(Array.from({ length: 20 }, send));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    expect(new Set(answers.map((r) => r.json().id)).size).toBe(1);
    expect(await stored(id)).toHaveLength(1);
    const more = await Promise.all(
      Array.from({ length: BUG_REPORT_LIMIT.max - 1 }, (_, i) => file(cookie, { title: `${i}`, description: "d" })),
    );
    expect(more.map((r) => r.statusCode)).toEqual(Array(BUG_REPORT_LIMIT.max - 1).fill(201));
  });
});
