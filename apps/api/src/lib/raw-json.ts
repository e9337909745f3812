import { AsyncLocalStorage } from "node:async_hooks";
import { randomBytes } from "node:crypto";
import { gzipSync } from "node:zlib";
import { sql, type RawBuilder } from "kysely";

/** The bodies a RawJson is kept compressed in: its own text, and the envelopes tRPC wraps it in. */
const MAX_COMPRESSED_FORMS = 4;

/**
 * JSON that PostgreSQL already wrote. Both HTTP paths send the text untouched (no row parsing, no stringify:
 * for a list of a thousand rows that is most of a request's cost) and keep its gzip with the value, so a cached
 * list is compressed once, not per request. Anything else that serializes it sees the parsed value.
 */
export class RawJson<T> {
  private readonly compressed = new Map<string, Buffer>();

  constructor(readonly text: string) {}

  /** The gzip of `prefix + text + suffix`, made on first use. */
  gzip(prefix = "", suffix = ""): Buffer {
    const form = `${prefix}\u0000${suffix}`;
    let body = this.compressed.get(form);
    if (!body) {
      body = gzipSync(prefix + this.text + suffix);
      if (this.compressed.size < MAX_COMPRESSED_FORMS) this.compressed.set(form, body);
    }
    return body;
  }

  /** Bytes held in memory, for caches that bound their size. */
  get size(): number {
    let bytes = this.text.length * 2;
    for (const body of this.compressed.values()) bytes += body.length;
    return bytes;
  }

  /** Inside an HTTP response being written, a placeholder spliced out later; elsewhere the parsed value. */
  toJSON(): T {
    const pending = responseScope.getStore();
    if (!pending) return JSON.parse(this.text) as T;
    const marker = `${MARKER_PREFIX}${pending.size}`;
    pending.set(marker, this);
    return marker as T;
  }
}

// A NUL starts the marker: user text can't hold one (the input schemas refuse it), and JSON.stringify writes it
// escaped, so the quoted marker can't occur inside any string a user stored. The nonce is per process.
const MARKER_PREFIX = `\u0000kim-raw-json:${randomBytes(6).toString("hex")}:`;
const responseScope = new AsyncLocalStorage<Map<string, RawJson<unknown>>>();

/**
 * Runs `render` (which JSON.stringifies a response) so that RawJson values in it become placeholders, then puts
 * their text in. Answers the body, and the one RawJson it holds (with the text around it) so the caller can
 * send that body's cached gzip.
 */
export async function renderWithRawJson(
  render: () => Promise<string>,
): Promise<{ text: string; raw?: { value: RawJson<unknown>; prefix: string; suffix: string } }> {
  const pending = new Map<string, RawJson<unknown>>();
  const text = await responseScope.run(pending, render);
  if (pending.size === 0) return { text };
  let out = text;
  for (const [marker, value] of pending) out = out.replace(JSON.stringify(marker), () => value.text);
  const [only] = pending;
  if (pending.size === 1 && only) {
    const [marker, value] = only;
    const [prefix = "", suffix = ""] = text.split(JSON.stringify(marker), 2);
    return { text: out, raw: { value, prefix, suffix } };
  }
  return { text: out };
}

/** A timestamptz as JavaScript writes dates in JSON: 2026-11-21T05:57:00.123Z. */
export function jsonTimestamp(column: string): RawBuilder<string> {
  return sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
