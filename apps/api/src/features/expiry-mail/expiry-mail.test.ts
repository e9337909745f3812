import { createDb } from "@kim/db";
import { createTestDatabase, testDatabaseKind } from "@kim/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config";
import { consoleTransport } from "../../lib/email";
import { callerFor, createTestApp, createUser, type TestApp } from "../../testing/test-app";
import { sendExpiryMails } from "./service";
import { unsubscribeToken } from "./token";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ appUrl: "https://kim.test", mailLinkSecret: "a-test-secret-of-more-than-32-characters" });
});
afterAll(() => t.close());

// 07:05 UTC on 25 November is 08:05 in Paris: the morning mail is due there.
const MORNING = new Date("2026-11-25T07:05:00Z");
const hoursLater = (hours: number) => new Date(MORNING.getTime() + hours * 3_600_000);

/** A cook who turned the mail on in Paris before 08:00, with milk expiring tomorrow and rice in a month. */
async function subscriber(app: Pick<TestApp, "deps">, stock = [{ name: "Milk", expirationDate: "2026-11-26" }]) {
  const cook = await createUser(app);
  const { caller } = callerFor(app, cook, { now: () => new Date("2026-11-24T20:00:00Z") });
  await caller.expiryMail.update({ expiryMail: true, timeZone: "Europe/Paris" });
  await app.deps.db
    .insertInto("ingredients")
    .values([
      ...stock.map((s) => ({
        householdId: cook.householdId,
        name: s.name,
        quantity: 1,
        unit: "L",
        category: "Dairy",
        expirationDate: s.expirationDate,
      })),
      { householdId: cook.householdId, name: "Rice", quantity: 1, category: "Pantry", expirationDate: "2026-12-25" },
    ])
    .execute();
  return cook;
}

const outbox = (app: Pick<TestApp, "deps">, to: string) =>
  app.deps.db.selectFrom("emailOutbox").select(["subject", "textBody"]).where("toAddress", "=", to).orderBy("createdAt").execute();

const send = (method: "GET" | "PUT" | "POST", url: string, payload?: object, cookie?: string) =>
  t.app.inject({ method, url, ...(cookie ? { headers: { cookie } } : {}), ...(payload ? { payload } : {}) });

describe("expiry mail settings", () => {
  it("is off until the cook turns it on, keeps their time zone, and refuses bad input", async () => {
    const cook = await createUser(t);
    expect((await send("GET", "/api/user/expiry-mail", undefined, cook.cookie)).json()).toEqual({ expiryMail: false, timeZone: null });
    const on = await send("PUT", "/api/user/expiry-mail", { expiryMail: true, timeZone: "Asia/Tokyo" }, cook.cookie);
    expect(on.statusCode).toBe(200);
    expect((await send("GET", "/api/user/expiry-mail", undefined, cook.cookie)).json()).toEqual({
      expiryMail: true,
      timeZone: "Asia/Tokyo",
    });
    // Any spelling of a zone is kept as the runtime names it: one zone, one cached formatter.
    expect((await send("PUT", "/api/user/expiry-mail", { expiryMail: true, timeZone: "asia/TOKYO" }, cook.cookie)).json()).toEqual({
      expiryMail: true,
      timeZone: "Asia/Tokyo",
    });
    for (const payload of [
      { expiryMail: true, timeZone: "Nowhere/Land" },
      { expiryMail: "yes", timeZone: "UTC" },
      { expiryMail: true, timeZone: "UTC\u0000" },
    ]) {
      expect((await send("PUT", "/api/user/expiry-mail", payload, cook.cookie)).statusCode).toBe(400);
    }
    expect((await send("PUT", "/api/user/expiry-mail", { expiryMail: true, timeZone: "UTC" })).statusCode).toBe(401);
  });
});

describe("the morning mail", () => {
  it("goes out from 08:00 on the cook's clock, once a day, listing what expires within 3 days", async () => {
    const cook = await subscriber(t, [
      { name: "Milk", expirationDate: "2026-11-26" },
      { name: "Yogurt", expirationDate: "2026-11-28" },
      { name: "Old cream", expirationDate: "2026-11-20" },
    ]);
    // 07:30 in Paris: not yet.
    await sendExpiryMails(t.deps.db, t.deps.config, hoursLater(-0.6));
    expect(await outbox(t, cook.email)).toEqual([]);
    await sendExpiryMails(t.deps.db, t.deps.config, MORNING);
    await sendExpiryMails(t.deps.db, t.deps.config, hoursLater(3));
    const mails = await outbox(t, cook.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("2 items in your kitchen expire in the next 3 days");
    expect(mails[0]!.textBody).toContain("- Milk (1 L): tomorrow");
    expect(mails[0]!.textBody).toContain("- Yogurt (1 L): in 3 days");
    expect(mails[0]!.textBody).not.toContain("Old cream");
    expect(mails[0]!.textBody).not.toContain("Rice");
    expect(mails[0]!.textBody).toContain("https://kim.test/unsubscribe?token=");
    // The next morning, again once.
    await sendExpiryMails(t.deps.db, t.deps.config, hoursLater(24));
    expect(await outbox(t, cook.email)).toHaveLength(2);
  });

  it("is sent on the day it speaks of or not at all: its send-by time is the cook's midnight", async () => {
    const cook = await subscriber(t);
    await sendExpiryMails(t.deps.db, t.deps.config, MORNING);
    const queued = await t.deps.db.selectFrom("emailOutbox").select("sendBy").where("toAddress", "=", cook.email).execute();
    // Midnight in Paris (UTC+1 in November).
    expect(queued).toEqual([{ sendBy: new Date("2026-11-25T23:00:00Z") }]);
  });

  it("is not sent when nothing expires, nor to cooks who did not turn it on, nor on the day it was turned on after 08:00", async () => {
    const quiet = await subscriber(t, []);
    const notAsked = await createUser(t);
    await t.deps.db
      .insertInto("ingredients")
      .values({ householdId: notAsked.householdId, name: "Milk", quantity: 1, category: "Dairy", expirationDate: "2026-11-26" })
      .execute();
    const late = await createUser(t);
    await callerFor(t, late, { now: () => hoursLater(2) }).caller.expiryMail.update({ expiryMail: true, timeZone: "Europe/Paris" });
    await t.deps.db
      .insertInto("ingredients")
      .values({ householdId: late.householdId, name: "Milk", quantity: 1, category: "Dairy", expirationDate: "2026-11-26" })
      .execute();
    await sendExpiryMails(t.deps.db, t.deps.config, hoursLater(3));
    expect(await outbox(t, quiet.email)).toEqual([]);
    expect(await outbox(t, notAsked.email)).toEqual([]);
    expect(await outbox(t, late.email)).toEqual([]);
    await sendExpiryMails(t.deps.db, t.deps.config, hoursLater(24));
    expect(await outbox(t, late.email)).toHaveLength(1);
  });

  it("stops for a cook who follows the unsubscribe link, signed out; a forged link changes nothing", async () => {
    const cook = await subscriber(t);
    const other = await subscriber(t);
    await sendExpiryMails(t.deps.db, t.deps.config, MORNING);
    const link = (await outbox(t, cook.email))[0]!.textBody.match(/https:\/\/kim\.test\/unsubscribe\?token=(\S+)/)![1]!;
    const token = decodeURIComponent(link);

    const forged = [
      `${other.id}.${token.split(".")[1]}`,
      unsubscribeToken("another-secret-another-secret-another", other.id),
      `${other.id}.`,
      "nonsense",
      `${other.id}.abc\u0000`,
      "x".repeat(201),
    ];
    for (const bad of forged) {
      const res = await send("POST", "/api/expiry-mail/unsubscribe", { token: bad });
      expect(res.statusCode).toBe(400);
    }
    const res = await send("POST", "/api/expiry-mail/unsubscribe", { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ expiryMail: false });

    await sendExpiryMails(t.deps.db, t.deps.config, hoursLater(24));
    expect(await outbox(t, cook.email)).toHaveLength(1);
    expect(await outbox(t, other.email)).toHaveLength(2);
  });

  it("still goes to the next cook when one cook's saved zone is one the runtime no longer knows", async () => {
    const stranded = await subscriber(t);
    await t.deps.db.updateTable("userSettings").set({ timeZone: "Mars/Olympus" }).where("userId", "=", stranded.id).execute();
    const cook = await subscriber(t);
    await sendExpiryMails(t.deps.db, t.deps.config, MORNING);
    expect(await outbox(t, cook.email)).toHaveLength(1);
    expect(await outbox(t, stranded.email)).toEqual([]);
  });

  it.skipIf(testDatabaseKind() !== "postgres")(
    "goes out once a day across two processes running at once (PostgreSQL only: PGlite has one connection)",
    async () => {
      const first = await createTestDatabase();
      const second = createDb({ databaseUrl: first.url, dataDir: "" });
      const config = { ...loadConfig({}), appUrl: "https://kim.test", mailLinkSecret: "a-test-secret-of-more-than-32-characters" };
      const app = { deps: { db: first.db, config, mailTransport: consoleTransport(() => {}) } };
      try {
        const cooks = [];
        for (let i = 0; i < 8; i++) cooks.push(await subscriber(app));
        const rounds = await Promise.all([
          sendExpiryMails(first.db, config, MORNING),
          sendExpiryMails(second.db, config, MORNING),
          sendExpiryMails(first.db, config, hoursLater(0.1)),
          sendExpiryMails(second.db, config, hoursLater(0.1)),
        ]);
        expect(rounds.reduce((a, b) => a + b, 0)).toBe(8);
        for (const cook of cooks) expect(await outbox(app, cook.email)).toHaveLength(1);
      } finally {
        await second.close();
        await first.close();
      }
    },
  );
});
