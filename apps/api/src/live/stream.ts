import { PassThrough } from "node:stream";
import { LIVE_KINDS, liveEventId, type LiveVersions } from "@kim/domain";
import type { LiveChange } from "./changes";

/** How long a browser waits before reconnecting a stream that ended (EventSource's `retry`). */
const RECONNECT_MS = 2000;
/** Past this much unsent, the browser is not reading: the stream ends (it reconnects and catches up). */
const MAX_UNSENT_BYTES = 64 * 1024;
/** The event id a stream ends with when its person moved household: no versions, so a reconnect hears every kind. */
export const MOVED_ID = "moved";
/** Changes heard before the stream knew its versions, kept to send after them. */
const MAX_EARLY = 100;

/**
 * One browser's stream of server-sent events: `ready` once it is open (its id the versions the browser is now up to
 * date with), then one message per change, `{kind, version, by}`, whose id carries the versions on. A change no newer
 * than what the browser was told is dropped (another process's NOTIFY can arrive after a catch-up read it).
 */
export class LiveStream {
  readonly body = new PassThrough();
  private versions: LiveVersions | null = null;
  private early: LiveChange[] = [];

  constructor(
    readonly scope: string,
    readonly userId: string,
    readonly openedAt: number,
  ) {}

  /**
   * Starts with the scope's `current` versions: a browser coming back with the versions it was told (`since`) hears
   * of each kind that moved since, and one whose id was unreadable (`"unknown"`) of every kind.
   */
  begin(current: LiveVersions, since: LiveVersions | "unknown" | null): void {
    this.versions = { ...current };
    let text = `retry: ${RECONNECT_MS}\n\n`;
    for (const kind of LIVE_KINDS) {
      if (since !== null && (since === "unknown" || since[kind] !== current[kind])) {
        text += this.message({ kind, version: current[kind], by: null });
      }
    }
    this.write(`${text}id: ${liveEventId(this.versions)}\nevent: ready\ndata: {}\n\n`);
    for (const change of this.early.splice(0)) this.receive(change);
  }

  receive(change: LiveChange): void {
    if (!this.versions) {
      if (this.early.push(change) > MAX_EARLY) this.early.shift();
      return;
    }
    if (change.version <= this.versions[change.kind]) return;
    this.versions[change.kind] = change.version;
    this.write(this.message(change));
  }

  /** A comment line: keeps proxies from closing a quiet connection and shows a dead one. */
  heartbeat(): void {
    this.write(":\n\n");
  }

  end(): void {
    this.body.end();
  }

  /**
   * Ends a stream whose person moved to another household. The id it leaves the browser with names no versions, so
   * the stream its browser reconnects with (in the new household, its session read again) tells of every kind, and
   * the tab reads the new household's kitchen. A "moved" event before it lets the tab say so.
   */
  rescope(): void {
    this.write(`event: moved\nid: ${MOVED_ID}\ndata: {}\n\n`);
    this.end();
  }

  private message(change: LiveChange): string {
    return `id: ${liveEventId(this.versions!)}\ndata: ${JSON.stringify(change)}\n\n`;
  }

  private write(text: string): void {
    if (this.body.writableEnded) return;
    if (this.body.writableLength > MAX_UNSENT_BYTES) return this.end();
    this.body.write(text);
  }
}
