import { createDb } from "@kim/db";
import { createTestDatabase, testDatabaseKind } from "@kim/db/testing";
import Fastify from "fastify";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { loadConfig } from "../../config";
import { postmarkStandIn } from "../../testing/postmark-stand-in";
import { createTestApp, createUser, freshAddress, type TestApp } from "../../testing/test-app";
import { backoffMs, createMailSender, enqueueMail } from "./outbox";
import { consoleTransport, postmarkTransport } from "./transports";
import { transportFromConfig } from "./index";

/** Long enough for a busy machine, and the poll is stopped: a mail not woken for never comes. */
const SOON = { timeout: 5000 };

describe("password reset mail through Postmark", () => {
  const standIn = postmarkStandIn();
  let t: TestApp;

  beforeAll(async () => {
    const apiUrl = await standIn.start();
    t = await createTestApp(
      { appUrl: "https://kim.example" },
      { mailTransport: postmarkTransport({ serverToken: "server-token-1", apiUrl, from: "Kim <no-reply@kim.example>" }) },
    );
    // No poll: a mail goes when a test sends a round, or when a queued mail wakes the sender.
    await t.app.ready();
    await t.app.mailSender.stop();
  });
  afterAll(async () => {
    await t.close();
    await standIn.stop();
  });
  beforeEach(() => {
    standIn.received.length = 0;
  });

  it("sends the reset link with the official client", async () => {
    await createUser(t, { email: "pm@example.com" });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/password-reset/request",
      payload: { email: "pm@example.com" },
      remoteAddress: freshAddress(),
    });
    expect(res.statusCode).toBe(200);
    await t.app.mailSender.runOnce();
    expect(standIn.received).toHaveLength(1);
    const [mail] = standIn.received;
    expect(mail?.token).toBe("server-token-1");
    expect(mail?.body).toMatchObject({ To: "pm@example.com", From: "Kim <no-reply@kim.example>", Subject: "Reset your Kim password" });
    expect(mail?.body.TextBody).toMatch(/https:\/\/kim\.example\/reset-password\?token=[A-Za-z0-9_-]{40,}/);
    const link = mail?.body.TextBody?.match(/https:\S+/)?.[0];
    expect(mail?.body.HtmlBody).toContain(`href="${link}"`);
  });

  it("keeps a mail that failed to send and sends it on a later attempt", async () => {
    standIn.failNextRequests(1);
    await enqueueMail(t.deps.db, { to: "retry@example.com", subject: "Hello", text: "Body" });
    expect(await t.app.mailSender.runOnce()).toBe(0);
    const pending = await t.deps.db
      .selectFrom("emailOutbox")
      .selectAll()
      .where("toAddress", "=", "retry@example.com")
      .executeTakeFirstOrThrow();
    expect(pending).toMatchObject({ sentAt: null, attempts: 1 });
    expect(pending.lastError).toBeTruthy();
    expect(pending.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    expect(t.logs.join("")).toContain("mail send failed; will retry");

    await t.deps.db.updateTable("emailOutbox").set({ nextAttemptAt: new Date() }).where("id", "=", pending.id).execute();
    expect(await t.app.mailSender.runOnce()).toBe(1);
    const sent = await t.deps.db.selectFrom("emailOutbox").selectAll().where("id", "=", pending.id).executeTakeFirstOrThrow();
    expect(sent.sentAt).toBeInstanceOf(Date);
    expect(standIn.received.map((m) => m.body.To)).toEqual(["retry@example.com"]);
  });

  it("drops a mail not sent by its send-by time instead of retrying it, and sends those still in time", async () => {
    const hourFromNow = () => new Date(Date.now() + 3_600_000);
    standIn.failNextRequests(1);
    await enqueueMail(t.deps.db, { to: "late@example.com", subject: "Milk expires today", text: "Body" }, { sendBy: hourFromNow() });
    expect(await t.app.mailSender.runOnce()).toBe(0);
    // Its retry comes due after its send-by time (here moved back, as the clock of the database can't be).
    await t.deps.db
      .updateTable("emailOutbox")
      .set({ nextAttemptAt: new Date(), sendBy: new Date(Date.now() - 1000) })
      .where("toAddress", "=", "late@example.com")
      .execute();
    await enqueueMail(t.deps.db, { to: "in-time@example.com", subject: "Hello", text: "Body" }, { sendBy: hourFromNow() });
    expect(await t.app.mailSender.runOnce()).toBe(1);
    expect(standIn.received.map((m) => m.body.To)).toEqual(["in-time@example.com"]);
    expect(await t.deps.db.selectFrom("emailOutbox").select("id").where("toAddress", "=", "late@example.com").execute()).toEqual([]);
    expect(t.logs.join("")).toContain("mail dropped: not sent by its send-by time");
  });

  it("sends a keyed call's mail as soon as its transaction commits, and nothing for a retry rolled back", async () => {
    const owner = await createUser(t);
    const key = crypto.randomUUID();
    const invite = () =>
      t.app.inject({
        method: "POST",
        url: "/trpc/households.invite",
        headers: { cookie: owner.cookie, "content-type": "application/json", "idempotency-key": key },
        payload: JSON.stringify({ email: "invited@example.com" }),
      });
    // A sender woken before the commit finds nothing on PostgreSQL, and the mail waits for the next poll (none here).
    // So that such a round surely misses it, the commit is held back (another transaction holds the key) until any
    // round begun meanwhile is over (stop waits for it; a wake-up still sends a round).
    const held = testDatabaseKind() === "postgres" ? await holdKey(t, owner.id, key) : null;
    const first = invite();
    if (held) {
      await vi.waitFor(held.waitedFor, SOON);
      await t.app.mailSender.stop();
      await held.release();
    }
    expect((await first).statusCode).toBe(200);
    await vi.waitFor(() => expect(standIn.received.map((m) => m.body.To)).toEqual(["invited@example.com"]), SOON);
    // The retry runs the call again, its mail queued with it, and rolls it all back to answer the first answer.
    expect((await invite()).statusCode).toBe(200);
    expect(await t.app.mailSender.runOnce()).toBe(0);
    expect(standIn.received).toHaveLength(1);
  });

  it("backs off from 30 seconds up to an hour", () => {
    expect([1, 2, 3].map(backoffMs)).toEqual([30_000, 60_000, 120_000]);
    expect(backoffMs(20)).toBe(3_600_000);
  });
});

/**
 * PostgreSQL only: another connection's uncommitted row under the key, so a keyed call recording that key waits for
 * `release` (which rolls the row back). `waitedFor` passes once a statement of the test's database is waiting.
 */
async function holdKey(t: TestApp, userId: string, key: string) {
  const holder = new pg.Client({ connectionString: t.databaseUrl });
  await holder.connect();
  await holder.query("begin");
  await holder.query("insert into idempotency_keys (user_id, key, fingerprint, answer) values ($1, $2, 'held', 'null')", [userId, key]);
  return {
    async waitedFor() {
      const waiting = await sql`select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(
        t.deps.db,
      );
      expect(waiting.rows).toHaveLength(1);
    },
    async release() {
      await holder.query("rollback");
      await holder.end();
    },
  };
}

describe("console transport", () => {
  it("is used when no Postmark token is set, and prints the mail with its link", async () => {
    expect(transportFromConfig(loadConfig({})).name).toBe("console");
    expect(transportFromConfig(loadConfig({ POSTMARK_SERVER_TOKEN: "x" })).name).toBe("postmark");
    const printed: string[] = [];
    await consoleTransport((text) => printed.push(text)).send({
      to: "a@example.com",
      subject: "Reset",
      text: "Go to http://localhost:3000/reset-password?token=abc",
    });
    expect(printed.join("")).toContain("mail to a@example.com");
    expect(printed.join("")).toContain("http://localhost:3000/reset-password?token=abc");
  });
});

describe("two senders sharing one database", () => {
  it.skipIf(testDatabaseKind() !== "postgres")(
    "send each queued mail exactly once (PostgreSQL only: PGlite has one connection, so the senders could not overlap)",
    async () => {
      const first = await createTestDatabase();
      const second = createDb({ databaseUrl: first.url, dataDir: "" });
      const log = Fastify({ logger: false }).log;
      const sent: string[] = [];
      // Slow sends keep claims open long enough for the two senders to compete.
      const slowConsole = (write: (text: string) => void) => {
        const inner = consoleTransport(write);
        return {
          ...inner,
          send: async (mail: Parameters<typeof inner.send>[0]) => {
            await new Promise((r) => setTimeout(r, 2));
            await inner.send(mail);
          },
        };
      };
      try {
        for (let i = 0; i < 30; i++) await enqueueMail(first.db, { to: `u${i}@example.com`, subject: "s", text: "t" });
        const a = createMailSender({ db: first.db, transport: slowConsole((text) => sent.push(`a ${text}`)), log });
        const b = createMailSender({ db: second.db, transport: slowConsole((text) => sent.push(`b ${text}`)), log });
        const [countA, countB] = await Promise.all([a.runOnce(), b.runOnce()]);
        expect(countA + countB).toBe(30);
        const recipients = sent.map((text) => text.match(/mail to (\S+)/)?.[1]);
        expect(new Set(recipients).size).toBe(30);
        expect(recipients).toHaveLength(30);
        const unsent = await first.db.selectFrom("emailOutbox").select("id").where("sentAt", "is", null).execute();
        expect(unsent).toEqual([]);
      } finally {
        await second.close();
        await first.close();
      }
    },
  );
});
