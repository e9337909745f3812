import { promisify } from "node:util";
import { gunzipSync, gzip } from "node:zlib";

const gzipAsync = promisify(gzip);

/**
 * zlib's fastest level: 10,000 ingredients in 43 ms against level 6's 100 ms, for 16% more bytes (decision 0029). A
 * list is compressed once per version, but after every change it is on the way of the cook who made it.
 */
export const GZIP_LEVEL = 1;

/** The bodies a list is sent in: as itself (REST), or as tRPC's answer to one call, or to a batch of one. */
export const ENVELOPES = {
  plain: ["", ""],
  trpc: ['{"result":{"data":', "}}"],
  "trpc-batch": ['[{"result":{"data":', "}}]"],
} as const;
export type Envelope = keyof typeof ENVELOPES;

/**
 * JSON that PostgreSQL already wrote. The HTTP paths send it untouched (no row parsing, no stringify: for a list of a
 * thousand rows that is most of a request's cost) and compress it once per envelope, on zlib's threads, never on
 * the main one. Once compressed, the text itself is let go (the list cache then holds about a seventh of the bytes)
 * and made again from the gzip in the rare case something asks for it: a client that takes no gzip, a batch of
 * several calls. Anything else that serializes it sees the parsed value.
 */
export class RawJson<T> {
  private kept: string | undefined;
  private readonly zipped = new Map<Envelope, Buffer>();
  private readonly zipping = new Map<Envelope, Promise<Buffer>>();
  /** Called when `size` changes (a cache keeps its byte count with it). */
  onResize: (() => void) | undefined;

  constructor(text: string) {
    this.kept = text;
  }

  get text(): string {
    if (this.kept !== undefined) return this.kept;
    const [envelope, body] = this.zipped.entries().next().value!;
    const [prefix, suffix] = ENVELOPES[envelope];
    const whole = gunzipSync(body).toString();
    return whole.slice(prefix.length, whole.length - suffix.length);
  }

  /** The gzip of the text in `envelope`, made once, off the main thread; requests that ask meanwhile share it. */
  gzip(envelope: Envelope): Promise<Buffer> {
    let body = this.zipping.get(envelope);
    if (!body) {
      const [prefix, suffix] = ENVELOPES[envelope];
      body = gzipAsync(prefix + this.text + suffix, { level: GZIP_LEVEL }).then(
        (zipped) => {
          this.zipped.set(envelope, zipped);
          this.kept = undefined;
          this.onResize?.();
          return zipped;
        },
        (error: unknown) => {
          this.zipping.delete(envelope);
          throw error;
        },
      );
      this.zipping.set(envelope, body);
    }
    return body;
  }

  /** Bytes held in memory, for caches that bound their size. */
  get size(): number {
    let bytes = this.kept?.length ?? 0;
    for (const body of this.zipped.values()) bytes += body.length;
    return bytes;
  }

  toJSON(): T {
    return JSON.parse(this.text) as T;
  }
}
