/** A yyyy-MM-dd calendar date as a local Date at midnight (Date.parse would read it as UTC and shift the day). */
function fromCalendarDate(value: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : null;
}

// Made once: building a formatter costs far more than using one, and a long list formats a date per card.
let mediumDate: Intl.DateTimeFormat | undefined;

/** A calendar date as the cook's locale writes it in full, e.g. "Nov 25, 2026" or "25.11.2026". */
export function formatCalendarDate(value: string): string {
  const date = fromCalendarDate(value);
  return date ? formatDay(date) : value;
}

/** The day of an instant (a timestamp), in the cook's time zone, written as formatCalendarDate writes dates. */
export function formatDay(value: Date | string): string {
  mediumDate ??= new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });
  return mediumDate.format(new Date(value));
}

/** A date written the way the browser's date field shows it in the cook's locale, e.g. "11/25/2026". */
export function numericDateExample(date: Date = new Date()): string {
  return new Intl.DateTimeFormat(undefined, { year: "numeric", month: "2-digit", day: "2-digit" }).format(date);
}

/** The browser's time zone, e.g. "Europe/Paris": the server counts the cook's days and weeks in it. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
