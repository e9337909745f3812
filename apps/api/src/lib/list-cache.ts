import type { RawJson } from "./raw-json";

/**
 * Serialized lists kept in memory per process, each under the version it was read at. The database owns the
 * version (a trigger bumps it on every write), so a process only serves a cached list while the version it
 * reads with the request still matches: several processes never serve each other's stale data.
 * Least recently used entries go first once `maxBytes` is reached.
 */
export class ListCache<T> {
  private readonly entries = new Map<string, { version: number; value: RawJson<T> }>();

  constructor(private readonly maxBytes = 32 * 1024 * 1024) {}

  get(key: string): { version: number; value: RawJson<T> } | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  set(key: string, version: number, value: RawJson<T>): void {
    this.entries.delete(key);
    if (value.size > this.maxBytes) return;
    this.entries.set(key, { version, value });
    // Sizes are read here rather than kept: a value grows when its gzip is first made.
    let bytes = 0;
    for (const entry of this.entries.values()) bytes += entry.value.size;
    for (const [oldest, entry] of this.entries) {
      if (bytes <= this.maxBytes) break;
      bytes -= entry.value.size;
      this.entries.delete(oldest);
    }
  }
}
