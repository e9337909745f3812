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
  private readonly entries = new Map<string, Entry>();
  /** The entries' bytes, kept as they change: a miss costs the same however many lists are kept. */
  private bytes = 0;

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
    this.remove(key);
    this.newest = undefined;
    if (value.size > this.maxBytes) return;
    const entry: Entry = { version, value, bytes: value.size };
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    this.newest = key;
    // A value shrinks once compressed (its text let go).
    value.onResize = () => {
      if (this.entries.get(key) !== entry) return;
      this.bytes += value.size - entry.bytes;
      entry.bytes = value.size;
    };
    for (const oldest of this.entries.keys()) {
      if (this.bytes <= this.maxBytes && this.entries.size <= this.maxEntries) break;
      this.remove(oldest);
    }
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes -= entry.bytes;
    this.entries.delete(key);
  }
}

interface Entry {
  version: number;
  value: RawJson<unknown>;
  bytes: number;
}
