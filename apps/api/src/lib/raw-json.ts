import { gzipSync } from "node:zlib";
import { sql, type RawBuilder } from "kysely";

/**
 * JSON that PostgreSQL already wrote. The REST shim sends the text untouched (no row parsing, no stringify:
 * for a list of a thousand rows that is most of the request's cost), gzipped once per value for clients that
 * accept it; tRPC and anything else that serializes it sees the parsed value, so clients get the same shape.
 */
export class RawJson<T> {
  private gzipped: Buffer | undefined;

  constructor(readonly text: string) {}

  /** Compressed on first use and kept with the value, so a cached list is compressed once, not per request. */
  gzip(): Buffer {
    this.gzipped ??= gzipSync(this.text);
    return this.gzipped;
  }

  /** Bytes held in memory, for caches that bound their size. */
  get size(): number {
    return this.text.length * 2 + (this.gzipped?.length ?? 0);
  }

  toJSON(): T {
    return JSON.parse(this.text) as T;
  }
}

/** A timestamptz as JavaScript writes dates in JSON: 2026-11-21T05:57:00.123Z. */
export function jsonTimestamp(column: string): RawBuilder<string> {
  return sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
