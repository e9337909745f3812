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

/** Each envelope's two ends as bytes, for the gzip's input. */
const bytesOf = ([prefix, suffix]: readonly [string, string]) => [Buffer.from(prefix), Buffer.from(suffix)] as const;
const ENVELOPE_BYTES: Record<Envelope, readonly [Buffer, Buffer]> = {
  plain: bytesOf(ENVELOPES.plain),
  trpc: bytesOf(ENVELOPES.trpc),
  "trpc-batch": bytesOf(ENVELOPES["trpc-batch"]),
};

/**
 * JSON that PostgreSQL already wrote. The HTTP paths send it untouched (no row parsing, no stringify: for a list of a
 * thousand rows that is most of a request's cost) and compress it once per envelope, on zlib's threads, never on
 * the main one. Until then it is held as UTF-8 bytes, off V8's heap: held as a string, every list waiting for its gzip
 * was copied by the young generation's collector into the old one (decision 0043). Once compressed, the bytes are let go
 * (the list cache then holds about a seventh of them) and made again from the gzip in the rare case something asks for
 * the text: a client that takes no gzip, a batch of several calls. Anything else that serializes it sees the parsed
 * value.
 */
export class RawJson<T> {
  private kept: Buffer | undefined;
  private readonly zipped = new Map<Envelope, Buffer>();
  private readonly zipping = new Map<Envelope, Promise<Buffer>>();
  /** Called when `size` changes (a cache keeps its byte count with it). */
  onResize: (() => void) | undefined;

  constructor(text: string) {
    // Not from Buffer's shared pool: a small list kept uncompressed would hold a whole pool slab.
    this.kept = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
    this.kept.write(text);
  }

  get text(): string {
    return this.bytes().toString();
  }

  /** The JSON's bytes: the ones kept, or made again from a gzip. */
  private bytes(): Buffer {
    if (this.kept !== undefined) return this.kept;
    const [envelope, body] = this.zipped.entries().next().value!;
    const [prefix, suffix] = ENVELOPE_BYTES[envelope];
    const whole = gunzipSync(body);
    return whole.subarray(prefix.length, whole.length - suffix.length);
  }

  /** The gzip of the text in `envelope`, made once, off the main thread; requests that ask meanwhile share it. */
  gzip(envelope: Envelope): Promise<Buffer> {
    let body = this.zipping.get(envelope);
    if (!body) {
      const [prefix, suffix] = ENVELOPE_BYTES[envelope];
      body = gzipAsync(Buffer.concat([prefix, this.bytes(), suffix]), { level: GZIP_LEVEL }).then(
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
