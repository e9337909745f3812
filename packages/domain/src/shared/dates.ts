const DAY_MS = 24 * 60 * 60 * 1000;
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
export const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"] as const;

// Calendar dates are worked on at UTC midnight, where no day is 23 or 25 hours long.
const toUtc = (date: string) => Date.parse(`${date}T00:00:00Z`);
const fromUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date written yyyy-MM-dd (2026-02-30 is not one). */
export function isCalendarDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  // Read from the ISO text: Date.UTC would take years 0 to 99 for 1900 to 1999.
  const ms = toUtc(value);
  return !Number.isNaN(ms) && fromUtc(ms) === value;
}

const LAST_KITCHEN_DATE = "2999-12-31";

/**
 * A calendar date a kitchen works with: 1900 to 2999. Dates at the edge of what can be written are typos, and a week
 * or a span reckoned from them runs into year 10000, which neither JavaScript's ISO dates nor SQL can write.
 */
export function isKitchenDate(value: string): boolean {
  return isCalendarDate(value) && value >= "1900-01-01" && value <= LAST_KITCHEN_DATE;
}
export const KITCHEN_DATE_YEARS = "from 1900 to 2999";

/**
 * An ISO date and time within a kitchen's years (1900 to 2999) once its offset is applied: year 0000 or 9999 written
 * with an offset lands outside what JavaScript's ISO dates and SQL write.
 */
export function isKitchenInstant(value: string): boolean {
  const at = new Date(value);
  return !Number.isNaN(at.getTime()) && isKitchenDate(at.toISOString().slice(0, 10));
}

/** The user's local calendar date, yyyy-MM-dd. */
export function localDate(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Whole calendar days from `today` to `date` (both yyyy-MM-dd): tomorrow is 1, yesterday -1. */
export function daysBetween(today: string, date: string): number {
  return Math.round((toUtc(date) - toUtc(today)) / DAY_MS);
}

/** The calendar date `days` after `date` (before, when negative); both yyyy-MM-dd. */
export function addDays(date: string, days: number): string {
  return fromUtc(toUtc(date) + days * DAY_MS);
}

/** The Monday of the week holding `date`: the planner's weeks start on Monday (spec section 9). */
export function startOfWeek(date: string): string {
  const weekday = (new Date(toUtc(date)).getUTCDay() + 6) % 7;
  return addDays(date, -weekday);
}

/**
 * The week holding `date`, Monday to Sunday, as a range to read: the last week of 2999 stops at 31 December, so every
 * week a kitchen date falls in can be read, planned and shopped for within the dates Kim takes (1 January 1900 is a
 * Monday, so the first week is whole).
 */
export function weekOf(date: string): { from: string; to: string } {
  const from = startOfWeek(date);
  const to = addDays(from, 6);
  return { from, to: to < LAST_KITCHEN_DATE ? to : LAST_KITCHEN_DATE };
}

/** The seven dates of the week starting `monday`. */
export function weekDates(monday: string): string[] {
  return WEEKDAYS.map((_, i) => addDays(monday, i));
}

/** The planner's label, 'Week of MMM d, yyyy' (spec section 9), in English whatever the locale. */
export function weekLabel(monday: string): string {
  const [year, month, day] = monday.split("-").map(Number);
  return `Week of ${MONTHS[month! - 1]} ${day}, ${year}`;
}

/** Days from `from` to `to`, both counted: a week is 7. */
export function daysInRange(from: string, to: string): number {
  return Math.round((toUtc(to) - toUtc(from)) / DAY_MS) + 1;
}
