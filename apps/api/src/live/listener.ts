import { notificationSource, type Database } from "@kim/db";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import pg from "pg";
import { CHANNEL } from "./changes";

export interface Listener {
  close(): Promise<void>;
}

export interface ListenerEvents {
  payload(payload: string): void;
  /** Listening again after the connection was lost: changes made meanwhile were not heard. */
  resumed(): void;
}

/** Waits between attempts to listen again, doubling up to the last. */
const RETRY_MS = [100, 200, 500, 1000, 2000, 5000];

/**
 * Hears the channel: on PostgreSQL on one connection of its own (a pool's can't hold a LISTEN), opened again with
 * LISTEN whenever it is lost; on embedded PGlite, which hears its own NOTIFY, through PGlite's listen.
 */
export async function listen(db: Kysely<Database>, log: FastifyBaseLogger, on: ListenerEvents): Promise<Listener> {
  const source = notificationSource(db);
  if (!source) throw new Error("live updates need a database made by createDb");
  if (source.kind === "pglite") {
    const unlisten = await source.pglite.listen(CHANNEL, on.payload);
    return { close: () => unlisten() };
  }
  const listener = new PostgresListener(source.connectionString, log, on);
  await listener.connect();
  return listener;
}

class PostgresListener implements Listener {
  private client: pg.Client | null = null;
  private failures = 0;
  private attempts = 0;
  private closed = false;
  private retry: NodeJS.Timeout | null = null;

  constructor(
    private readonly connectionString: string,
    private readonly log: FastifyBaseLogger,
    private readonly on: ListenerEvents,
  ) {}

  async connect(): Promise<void> {
    this.attempts++;
    const client = new pg.Client({ connectionString: this.connectionString, application_name: "kim-live" });
    client.on("notification", (message) => {
      if (message.channel === CHANNEL && message.payload) this.on.payload(message.payload);
    });
    client.on("error", (err) => this.log.warn({ err }, "live updates: the listening connection failed"));
    client.on("end", () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (err) {
      this.log.warn({ err }, "live updates: could not listen; trying again");
      void client.end().catch(() => {});
      return this.lost(client);
    }
    if (this.closed) return void (await client.end());
    this.client = client;
    this.failures = 0;
    if (this.attempts > 1) this.on.resumed();
  }

  private lost(client: pg.Client): void {
    if (this.client !== null && this.client !== client) return;
    this.client = null;
    if (this.closed || this.retry) return;
    const wait = RETRY_MS[Math.min(this.failures++, RETRY_MS.length - 1)]!;
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.connect();
    }, wait);
    this.retry.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    await this.client?.end();
    this.client = null;
  }
}
