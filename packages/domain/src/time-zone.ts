/** A time zone name the runtime knows ("Europe/Paris", "UTC"); anything else is refused before it reaches a clock. */
export function isTimeZone(value: string): boolean {
  if (value.length === 0 || value.length > 100) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar date (yyyy-MM-dd) and the hour (0..23) at `instant` on the clocks of `timeZone`. */
export function zonedNow(instant: Date, timeZone: string): { date: string; hour: number } {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      hourCycle: "h23",
    });
    formatters.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, p.value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) };
}

/** The calendar date at `instant` in `timeZone`. */
export function zonedDate(instant: Date, timeZone: string): string {
  return zonedNow(instant, timeZone).date;
}
