import { BoundedCache } from "./bounded-cache";

/** Every zone the runtime lists, by its lower-case name: zone names are case-insensitive (ECMA-402). */
let listedZones: Map<string, string> | undefined;

/**
 * The runtime's own name for a time zone ("europe/PARIS" -> "Europe/Paris", "US/Eastern" -> "America/New_York"), or
 * null when it knows none. Caches and stored settings use this name, so spellings of one zone are one zone.
 */
export function canonicalTimeZone(value: string): string | null {
  if (value.length === 0 || value.length > 100) return null;
  listedZones ??= new Map(["UTC", ...Intl.supportedValuesOf("timeZone")].map((zone) => [zone.toLowerCase(), zone]));
  const listed = listedZones.get(value.toLowerCase());
  if (listed) return listed;
  // Links and offsets are not listed; the runtime resolves them (a throwaway formatter, nothing kept).
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** A time zone name the runtime knows ("Europe/Paris", "UTC"); anything else is refused before it reaches a clock. */
export function isTimeZone(value: string): boolean {
  return canonicalTimeZone(value) !== null;
}

/** Formatters by canonical zone name; a few hundred zones exist, so the bound is never reached by real use. */
export const zoneFormatters = new BoundedCache<string, Intl.DateTimeFormat>(1000);

/** The calendar date (yyyy-MM-dd) and the hour (0..23) at `instant` on the clocks of `timeZone`. */
export function zonedNow(instant: Date, timeZone: string): { date: string; hour: number } {
  const zone = canonicalTimeZone(timeZone);
  if (zone === null) throw new RangeError(`Unknown time zone: ${timeZone.slice(0, 100)}`);
  let format = zoneFormatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      hourCycle: "h23",
    });
    zoneFormatters.set(zone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, p.value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) };
}

/** The calendar date at `instant` in `timeZone`. */
export function zonedDate(instant: Date, timeZone: string): string {
  return zonedNow(instant, timeZone).date;
}

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * The instant `date` (yyyy-MM-dd) ends on the clocks of `timeZone`: its next midnight, or the moment a clock change
 * that skips midnight lands on the next day. Found by halving a window around UTC's midnight that every zone's lies in
 * (offsets are within 14 hours), to the minute, so no offset rule is assumed.
 */
export function endOfZonedDay(date: string, timeZone: string): Date {
  const utcMidnight = Date.parse(`${date}T00:00:00Z`) / MINUTE_MS + 24 * 60;
  let onDate = utcMidnight - (15 * HOUR_MS) / MINUTE_MS;
  let after = utcMidnight + (15 * HOUR_MS) / MINUTE_MS;
  while (after - onDate > 1) {
    const mid = Math.floor((onDate + after) / 2);
    if (zonedDate(new Date(mid * MINUTE_MS), timeZone) > date) after = mid;
    else onDate = mid;
  }
  return new Date(after * MINUTE_MS);
}
