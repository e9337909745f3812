import type { Database } from "@kim/db";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import { LIVE_KINDS, type LiveVersions } from "@kim/domain";
import { appError } from "../lib/errors";
import { notify, parseChange, parsePersonNotice, registerSender, versionsOf, type ScopedChange } from "./changes";
import { listen, type Listener } from "./listener";
import { LiveStream } from "./stream";

export interface LiveLimits {
  /** Open streams in this process. */
  perProcess: number;
  /** Open streams of one user in this process (a tab each). */
  perUser: number;
}

/** A comment on every stream this often: proxies close connections quiet for a minute or so. */
export const HEARTBEAT_MS = 25_000;
/** A stream ends after this long; its browser reconnects at once, its session checked again. */
export const MAX_STREAM_AGE_MS = 15 * 60_000;

/**
 * This process's live updates: the open streams by scope, fed by what the channel carries from every process; the
 * sender of this process's committed changes; and the heartbeat.
 */
export class LiveHub {
  private readonly byScope = new Map<string, Set<LiveStream>>();
  private readonly perUser = new Map<string, number>();
  private count = 0;
  private outgoing: Omit<ScopedChange, "version">[] = [];
  /** The NOTIFY statement in flight: changes made meanwhile wait and go together in the next one. */
  private sending: Promise<void> | null = null;
  private listener: Listener | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: FastifyBaseLogger,
    readonly limits: LiveLimits,
  ) {
    registerSender(db, (change) => {
      if (this.outgoing.push(change) === 1 && !this.sending) setImmediate(() => void this.flush());
    });
  }

  /** Listens on the channel; a failure is logged (streams then hear only the catch-up when they reconnect). */
  async start(): Promise<void> {
    this.listener = await listen(this.db, this.log, {
      payload: (payload) => {
        const notice = parsePersonNotice(payload);
        if (notice) return "moved" in notice ? this.moved(notice.moved) : this.signedOut(notice.signedOut);
        const change = parseChange(payload);
        if (!change) return;
        const { scope, ...told } = change;
        for (const stream of this.byScope.get(scope) ?? []) stream.receive(told);
      },
      resumed: () => void this.catchUp(),
    }).catch((err: unknown) => {
      this.log.error({ err }, "live updates: could not listen");
      return null;
    });
    this.heartbeat = setInterval(() => this.beat(), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /**
   * A stream for a signed-in user, counted against the limits (429 past them, with the app's Retry-After, 503 once the process is stopping); it
   * is let go when its body closes.
   */
  open(scope: string, userId: string, now: number): LiveStream {
    if (this.stopped) throw appError("SERVICE_UNAVAILABLE", "The server is restarting; reconnect in a moment");
    const users = this.perUser.get(userId) ?? 0;
    if (users >= this.limits.perUser)
      throw appError("TOO_MANY_REQUESTS", `At most ${this.limits.perUser} live update streams per person; close a tab`);
    if (this.count >= this.limits.perProcess)
      throw appError("TOO_MANY_REQUESTS", "Too many live update streams on this server; try again shortly");
    const stream = new LiveStream(scope, userId, now);
    this.count++;
    this.perUser.set(userId, users + 1);
    let streams = this.byScope.get(scope);
    if (!streams) this.byScope.set(scope, (streams = new Set()));
    streams.add(stream);
    stream.body.once("close", () => this.release(stream));
    return stream;
  }

  /**
   * Starts a stream from the scope's versions now (see LiveStream.begin). Its person's household is read again too,
   * after the stream was registered: a move committed since the session was read ends it here, and any later one
   * reaches it through publishMoves.
   */
  async begin(stream: LiveStream, since: LiveVersions | "unknown" | null): Promise<void> {
    const [versions, member] = await Promise.all([
      versionsOf(this.db, [stream.scope]),
      this.db.selectFrom("householdMembers").select("householdId").where("userId", "=", stream.userId).executeTakeFirst(),
    ]);
    if (member?.householdId !== stream.scope) return stream.rescope();
    stream.begin(versions.get(stream.scope)!, since);
  }

  get openStreams(): number {
    return this.count;
  }

  /** Ends every stream and refuses new ones: the process is stopping (browsers reconnect to another). */
  drain(): void {
    this.stopped = true;
    for (const streams of this.byScope.values()) for (const stream of streams) stream.end();
  }

  async stop(): Promise<void> {
    this.drain();
    if (this.heartbeat) clearInterval(this.heartbeat);
    await this.listener?.close();
    while (this.sending || this.outgoing.length > 0) await this.flush();
  }

  /** The person's open streams, whatever their scope. */
  private streamsOf(userId: string): LiveStream[] {
    return [...this.byScope.values()].flatMap((streams) => [...streams].filter((stream) => stream.userId === userId));
  }

  /** The person moved household: their streams, opened in the old one, end (see LiveStream.rescope). */
  private moved(userId: string): void {
    for (const stream of this.streamsOf(userId)) stream.rescope();
  }

  /** A session of the person ended: their streams end, and each browser reconnects with its session checked again. */
  private signedOut(userId: string): void {
    for (const stream of this.streamsOf(userId)) stream.end();
  }

  private release(stream: LiveStream): void {
    const streams = this.byScope.get(stream.scope);
    if (!streams?.delete(stream)) return;
    if (streams.size === 0) this.byScope.delete(stream.scope);
    this.count--;
    const users = this.perUser.get(stream.userId)! - 1;
    if (users === 0) this.perUser.delete(stream.userId);
    else this.perUser.set(stream.userId, users);
  }

  /**
   * Sends the changes waiting, one statement at a time: under load each statement carries every change made while the
   * one before was on its way (a write at 3,000 a second then costs a fraction of a statement, not one of its own),
   * and a lone change still goes at once.
   */
  private async flush(): Promise<void> {
    if (this.sending) return this.sending;
    const changes = this.outgoing;
    if (changes.length === 0) return;
    this.outgoing = [];
    this.sending = notify(this.db, changes)
      .catch((err: unknown) => this.log.error({ err, changes: changes.length }, "live updates: could not send changes"))
      .finally(() => {
        this.sending = null;
        if (this.outgoing.length > 0) void this.flush();
      });
    return this.sending;
  }

  /** After the channel was lost: tells every stream of what moved meanwhile, reading all their scopes at once. */
  private async catchUp(): Promise<void> {
    try {
      const versions = await versionsOf(this.db, [...this.byScope.keys()]);
      for (const [scope, current] of versions) {
        for (const stream of this.byScope.get(scope) ?? []) {
          for (const kind of LIVE_KINDS) stream.receive({ kind, version: current[kind], by: null });
        }
      }
    } catch (err) {
      this.log.error({ err }, "live updates: could not catch up after listening again");
    }
  }

  private beat(): void {
    const oldest = Date.now() - MAX_STREAM_AGE_MS;
    for (const streams of this.byScope.values()) {
      for (const stream of streams) {
        if (stream.openedAt <= oldest) stream.end();
        else stream.heartbeat();
      }
    }
  }
}
