import type { Database } from "@kim/db";
import type { FastifyBaseLogger } from "fastify";
import { sql, type Kysely } from "kysely";
import type { Mail, MailTransport } from "./transports";

const BATCH = 10;
/** A claimed mail is invisible to other senders this long; a sender that dies mid-send frees it again. */
const CLAIM_MS = 5 * 60 * 1000;
const MAX_BACKOFF_MS = 60 * 60 * 1000;

/** Queues a mail; with `sendBy`, one that is no use late: not sent (dropped) once that time has passed. */
export async function enqueueMail(db: Kysely<Database>, mail: Mail, { sendBy }: { sendBy?: Date } = {}): Promise<void> {
  await db
    .insertInto("emailOutbox")
    .values({ toAddress: mail.to, subject: mail.subject, textBody: mail.text, htmlBody: mail.html ?? null, sendBy: sendBy ?? null })
    .execute();
}

/** 30 s, 1 min, 2 min, ... up to an hour; a mail is retried for as long as it takes, or until its send-by time. */
export function backoffMs(attempts: number): number {
  return Math.min(MAX_BACKOFF_MS, 30_000 * 2 ** Math.max(0, attempts - 1));
}

export interface MailSender {
  /** Sends what is due now; resolves when this round is done. */
  runOnce(): Promise<number>;
  /** Asks for a round soon (after a mail was queued). */
  nudge(): void;
  start(): void;
  stop(): Promise<void>;
}

export function createMailSender(opts: {
  db: Kysely<Database>;
  transport: MailTransport;
  log: FastifyBaseLogger;
  intervalMs?: number;
}): MailSender {
  const { db, transport, log } = opts;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | null = null;
  let again = false;

  /**
   * Deletes the unsent mail whose send-by time has passed, logging each. A mail claimed and being sent is left to its
   * sender (its next attempt is in the future), so nothing is dropped while it goes out.
   */
  async function dropLate() {
    const dropped = await db
      .deleteFrom("emailOutbox")
      .where("sentAt", "is", null)
      .where("sendBy", "<=", sql<Date>`now()`)
      .where("nextAttemptAt", "<=", sql<Date>`now()`)
      .returning(["id", "attempts", "sendBy", "lastError"])
      .execute();
    for (const row of dropped) {
      log.warn(
        { mailId: row.id, attempts: row.attempts, sendBy: row.sendBy, error: row.lastError },
        "mail dropped: not sent by its send-by time",
      );
    }
  }

  async function claim() {
    // SKIP LOCKED: several API processes share the outbox and never take the same mail.
    return db
      .updateTable("emailOutbox")
      .set({ nextAttemptAt: sql`now() + ${`${CLAIM_MS} milliseconds`}::interval`, attempts: sql`attempts + 1` })
      .where("id", "in", (qb) =>
        qb
          .selectFrom("emailOutbox")
          .select("id")
          .where("sentAt", "is", null)
          .where("nextAttemptAt", "<=", sql<Date>`now()`)
          .where((eb) => eb.or([eb("sendBy", "is", null), eb("sendBy", ">", sql<Date>`now()`)]))
          .orderBy("nextAttemptAt")
          .limit(BATCH)
          .forUpdate()
          .skipLocked(),
      )
      .returning(["id", "toAddress", "subject", "textBody", "htmlBody", "attempts"])
      .execute();
  }

  async function round(): Promise<number> {
    await dropLate();
    let sent = 0;
    for (let batch = await claim(); batch.length > 0; batch = await claim()) {
      for (const row of batch) {
        try {
          await transport.send({ to: row.toAddress, subject: row.subject, text: row.textBody, html: row.htmlBody });
          await db
            .updateTable("emailOutbox")
            .set({ sentAt: sql`now()`, lastError: null })
            .where("id", "=", row.id)
            .execute();
          sent++;
        } catch (err) {
          const message = err instanceof Error ? err.message : String(err);
          const retryMs = backoffMs(row.attempts);
          await db
            .updateTable("emailOutbox")
            .set({ lastError: message.slice(0, 500), nextAttemptAt: sql`now() + ${`${retryMs} milliseconds`}::interval` })
            .where("id", "=", row.id)
            .execute();
          log.warn(
            { mailId: row.id, attempts: row.attempts, retryInMs: retryMs, transport: transport.name, error: message },
            "mail send failed; will retry",
          );
        }
      }
    }
    return sent;
  }

  function runOnce(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = round()
      .catch((err: unknown) => {
        log.error({ err }, "mail sender round failed");
        return 0;
      })
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          void runOnce();
        }
      });
    return running;
  }

  return {
    runOnce,
    nudge: () => void runOnce(),
    start() {
      timer ??= setInterval(() => void runOnce(), opts.intervalMs ?? 5000);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      again = false;
      await running;
    },
  };
}
