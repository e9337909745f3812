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
  /** Placeholders the next JSON.stringify calls write instead of the value, one per call (see RawJsonSplicer). */
  readonly markers: string[] = [];

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

  toJSON(): T {
    return (this.markers.shift() ?? JSON.parse(this.text)) as T;
  }
}

// A NUL starts the marker: user text can't hold one (the input schemas refuse it), and JSON.stringify writes it
// escaped, so the quoted marker can't occur inside any string a user stored. The nonce is per process.
const MARKER_PREFIX = `\u0000kim-raw-json:${randomBytes(6).toString("hex")}:`;
let markerCount = 0;

/** An answer holding one RawJson: the text around it, so its gzip can come from the value's cache. */
export interface RawJsonBody {
  value: RawJson<unknown>;
  prefix: string;
  suffix: string;
}

/** The answer's text, built only when it is sent uncompressed. */
export function rawJsonBodyText({ value, prefix, suffix }: RawJsonBody): string {
  return prefix + value.text + suffix;
}

/**
 * Puts RawJson results into a tRPC answer as PostgreSQL wrote them. `mark` runs right before the answer is
 * JSON.stringified (on the general path from tRPC's responseMeta, which tRPC calls synchronously just before), so
 * each marked value writes its placeholder in exactly that answer; `splice` then gives an answer holding one RawJson as that value with the text
 * around it (so the caller sends the gzip kept for that body without building its text), and any other answer as
 * text with every RawJson's text swapped in. One per answer.
 */
export class RawJsonSplicer {
  private readonly pending: { marker: string; quoted: string; value: RawJson<unknown> }[] = [];

  mark(items: unknown): void {
    for (const item of Array.isArray(items) ? items : [items]) {
      const data: unknown = (item as { result?: { data?: unknown } } | null)?.result?.data;
      if (!(data instanceof RawJson)) continue;
      const marker = `${MARKER_PREFIX}${markerCount++}`;
      data.markers.push(marker);
      this.pending.push({ marker, quoted: JSON.stringify(marker), value: data });
    }
  }

  splice(text: string): string | RawJsonBody {
    let only: { at: number; quoted: string; value: RawJson<unknown> } | undefined;
    let found = 0;
    for (const { quoted, value } of this.pending) {
      const at = text.indexOf(quoted);
      if (at < 0) continue;
      found++;
      only = { at, quoted, value };
    }
    if (!only) return text;
    if (found === 1) return { value: only.value, prefix: text.slice(0, only.at), suffix: text.slice(only.at + only.quoted.length) };
    let out = text;
    for (const { quoted, value } of this.pending) out = out.replace(quoted, () => value.text);
    return out;
  }

  /** Forgets placeholders an answer never wrote (it failed before), so later serializations get the value. */
  release(): void {
    for (const { marker, value } of this.pending) {
      const at = value.markers.indexOf(marker);
      if (at >= 0) value.markers.splice(at, 1);
    }
  }
}

/** A timestamptz as JavaScript writes dates in JSON: 2026-11-21T05:57:00.123Z. */
export function jsonTimestamp(column: string): RawBuilder<string> {
  return sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
