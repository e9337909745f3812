import type { RawJson } from "./raw-json";

/**
 * Lists kept in memory per process, each under the version it was read at. The database owns the version (a
 * trigger bumps it in the same transaction as every change), so a process serves a kept list only while the version
 * it reads with the request still matches: processes never serve each other's stale data. A kept list is its gzip
 * (RawJson lets its text go once compressed), so 32 MB holds about 3,000 lists of 200 ingredients. Least recently
 * used entries go first once `maxBytes` or `maxEntries` is reached (the count bounds the keys and bookkeeping that
 * many small lists would cost beyond their bytes).
 */
export class ListCache {
  private readonly entries = new Map<string, { version: number; value: RawJson<unknown> }>();

  constructor(
    private readonly maxBytes = 32 * 1024 * 1024,
    private readonly maxEntries = 20_000,
  ) {}

  /** The key used last, already the newest entry: asked again, it needs no reordering. */
  private newest: string | undefined;

  get(key: string): { version: number; value: RawJson<unknown> } | undefined {
    const entry = this.entries.get(key);
    if (entry && key !== this.newest) {
      this.entries.delete(key);
      this.entries.set(key, entry);
      this.newest = key;
    }
    return entry;
  }

  set(key: string, version: number, value: RawJson<unknown>): void {
    this.entries.delete(key);
    this.newest = undefined;
    if (value.size > this.maxBytes) return;
    this.entries.set(key, { version, value });
    this.newest = key;
    // Sizes are read here rather than kept: a value shrinks once compressed.
    let bytes = 0;
    for (const entry of this.entries.values()) bytes += entry.value.size;
    for (const [oldest, entry] of this.entries) {
      if (bytes <= this.maxBytes && this.entries.size <= this.maxEntries) break;
      bytes -= entry.value.size;
      this.entries.delete(oldest);
    }
  }
}
