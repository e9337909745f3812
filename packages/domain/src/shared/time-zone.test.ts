import { describe, expect, it } from "vitest";
import { BoundedCache } from "./bounded-cache";
import { canonicalTimeZone, endOfZonedDay, zonedNow, zoneFormatters } from "./time-zone";

/** Each letter of `zone` in upper or lower case, by the bits of `n`. */
function caseVariant(zone: string, n: number): string {
  return [...zone].map((c, i) => ((n >> i) & 1 ? c.toUpperCase() : c.toLowerCase())).join("");
}

describe("time zones", () => {
  it("are named as the runtime names them, whatever the case or alias", () => {
    expect(canonicalTimeZone("europe/PARIS")).toBe("Europe/Paris");
    expect(canonicalTimeZone("utc")).toBe("UTC");
    expect(canonicalTimeZone("US/Eastern")).toBe("America/New_York");
    expect(canonicalTimeZone("Mars/Olympus")).toBeNull();
    expect(canonicalTimeZone("x".repeat(101))).toBeNull();
  });

  it("keep one formatter for 20,000 spellings of one zone", () => {
    const instant = new Date("2026-07-01T22:30:00Z");
    // Another test file run before this one in the same worker may have made that zone's formatter already.
    const before = zoneFormatters.size;
    const answers = new Set<string>();
    for (let n = 0; n < 20_000; n++) answers.add(JSON.stringify(zonedNow(instant, caseVariant("America/Los_Angeles", n))));
    expect([...answers]).toEqual([JSON.stringify({ date: "2026-07-01", hour: 15 })]);
    const after = zoneFormatters.size;
    expect(after - before).toBeLessThanOrEqual(1);
    expect(() => zonedNow(instant, "Mars/Olympus")).toThrow(RangeError);
    expect(zoneFormatters.size).toBe(after);
  });
});

describe("endOfZonedDay", () => {
  it("is the instant the local day ends, whatever the offset or a clock change at midnight", () => {
    const end = (date: string, zone: string) => endOfZonedDay(date, zone).toISOString();
    expect(end("2026-11-25", "Europe/Paris")).toBe("2026-11-25T23:00:00.000Z");
    expect(end("2026-12-07", "Pacific/Kiritimati")).toBe("2026-12-07T10:00:00.000Z");
    expect(end("2026-12-07", "Pacific/Pago_Pago")).toBe("2026-12-08T11:00:00.000Z");
    expect(end("2026-12-07", "Asia/Kathmandu")).toBe("2026-12-07T18:15:00.000Z");
    // Santiago skips from 00:00 to 01:00 on 6 September, and goes back from 24:00 to 23:00 on 4 April.
    expect(end("2026-09-05", "America/Santiago")).toBe("2026-09-06T04:00:00.000Z");
    expect(end("2026-04-04", "America/Santiago")).toBe("2026-04-05T04:00:00.000Z");
  });
});

describe("BoundedCache", () => {
  it("never holds more than its bound, forgetting the least recently used first", () => {
    const cache = new BoundedCache<string, number>(3);
    let largest = 0;
    for (let n = 0; n < 20_000; n++) {
      cache.set(`key ${n}`, n);
      largest = Math.max(largest, cache.size);
    }
    expect(largest).toBe(3);
    cache.get("key 19997");
    cache.set("new", -1);
    expect(cache.get("key 19997")).toBe(19_997);
    expect(cache.get("key 19998")).toBeUndefined();
    expect(cache.get("key 19999")).toBe(19_999);
    expect(cache.get("new")).toBe(-1);
  });
});
