import { createTestDatabase } from "@kim/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pruneExpired } from "./housekeeping";

let handle: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

const days = (n: number) => new Date(Date.now() + n * 86_400_000);

describe("pruneExpired", () => {
  it("deletes what has expired and keeps the rest", async () => {
    const { db } = handle;
    const user = await db.insertInto("users").values({ email: "h@example.com" }).returning("id").executeTakeFirstOrThrow();
    await db
      .insertInto("sessions")
      .values([
        { sid: "old", userId: user.id, expire: days(-1) },
        { sid: "live", userId: user.id, expire: days(10) },
      ])
      .execute();
    await db
      .insertInto("rateLimits")
      .values([
        { key: "spent", count: 3, resetAt: days(-0.01) },
        { key: "current", count: 3, resetAt: days(0.01) },
      ])
      .execute();
    await db
      .insertInto("emailOutbox")
      .values([
        { toAddress: "a@example.com", subject: "old", textBody: "x", sentAt: days(-31) },
        { toAddress: "a@example.com", subject: "recent", textBody: "x", sentAt: days(-1) },
        { toAddress: "a@example.com", subject: "unsent", textBody: "x", sentAt: null, nextAttemptAt: days(-40) },
      ])
      .execute();
    await db
      .insertInto("barcodeProducts")
      .values([
        { code: "96385074", found: false, expiresAt: days(-1) },
        { code: "3574660239843", found: true, name: "Milk", expiresAt: days(5) },
      ])
      .execute();

    await db
      .insertInto("stripeEvents")
      .values([
        { id: "evt_old", type: "invoice.paid", processedAt: days(-31) },
        { id: "evt_recent", type: "invoice.paid", processedAt: days(-2) },
      ])
      .execute();

    await db
      .insertInto("idempotencyKeys")
      .values([
        { userId: user.id, key: "old", fingerprint: "f", answer: "{}", createdAt: days(-1.01) },
        { userId: user.id, key: "recent", fingerprint: "f", answer: "{}", createdAt: days(-0.99) },
      ])
      .execute();

    expect(await pruneExpired(db)).toEqual({
      sessions: 1,
      rateLimits: 1,
      sentMail: 1,
      barcodeProducts: 1,
      stripeEvents: 1,
      idempotencyKeys: 1,
    });
    expect((await db.selectFrom("idempotencyKeys").select("key").execute()).map((r) => r.key)).toEqual(["recent"]);
    expect((await db.selectFrom("stripeEvents").select("id").execute()).map((r) => r.id)).toEqual(["evt_recent"]);
    expect((await db.selectFrom("sessions").select("sid").execute()).map((r) => r.sid)).toEqual(["live"]);
    expect((await db.selectFrom("rateLimits").select("key").execute()).map((r) => r.key)).toEqual(["current"]);
    const mail = (await db.selectFrom("emailOutbox").select("subject").orderBy("subject").execute()).map((r) => r.subject);
    expect(mail).toEqual(["recent", "unsent"]);
    expect((await db.selectFrom("barcodeProducts").select("code").execute()).map((r) => r.code)).toEqual(["3574660239843"]);
  });
});
