import { formatAmount } from "../shared/amounts";
import { daysBetween } from "../shared/dates";
import { zonedNow } from "../shared/time-zone";

/** The expiry mail goes out from 08:00 on the cook's clock, once a local day. */
const EXPIRY_MAIL_HOUR = 8;
/**
 * And before noon: it greets "Good morning!" and speaks of today, so a morning missed (no process running, say) skips
 * that day's mail rather than send it in the evening. The spec sets no hour; this is Kim's.
 */
const EXPIRY_MAIL_UNTIL_HOUR = 12;
/** It lists what expires from today to this many days ahead. */
export const EXPIRY_MAIL_DAYS = 3;

/** The cook's date when their mail is due at `now` (08:00 to noon there, none sent that day yet); null when not due. */
export function expiryMailDue(now: Date, timeZone: string, lastSentOn: string | null): string | null {
  const { date, hour } = zonedNow(now, timeZone);
  if (hour < EXPIRY_MAIL_HOUR || hour >= EXPIRY_MAIL_UNTIL_HOUR) return null;
  return lastSentOn !== null && lastSentOn >= date ? null : date;
}

/**
 * The "last sent" date to keep when a cook turns the mail on: turned on after 08:00, today counts as done, so the
 * first mail comes at 08:00 the next morning rather than at once.
 */
export function sentOnWhenTurnedOn(now: Date, timeZone: string, lastSentOn: string | null): string | null {
  const { date, hour } = zonedNow(now, timeZone);
  if (hour < EXPIRY_MAIL_HOUR) return lastSentOn;
  return lastSentOn !== null && lastSentOn > date ? lastSentOn : date;
}

export interface ExpiringStock {
  name: string;
  quantity: number;
  unit: string;
  expirationDate: string;
}

const when = (days: number) => (days === 0 ? "today" : days === 1 ? "tomorrow" : `in ${days} days`);

/** The items to mail about on `today`: expiring within EXPIRY_MAIL_DAYS, soonest first (nothing already expired). */
export function expiringForMail<T extends ExpiringStock>(stock: T[], today: string): (T & { days: number })[] {
  return stock
    .map((item) => ({ ...item, days: daysBetween(today, item.expirationDate) }))
    .filter((item) => item.days >= 0 && item.days <= EXPIRY_MAIL_DAYS && item.quantity > 0)
    .sort((a, b) => a.days - b.days || a.name.localeCompare(b.name));
}

/** The expiry mail's subject and text for items from `expiringForMail` (at least one). */
export function expiryMailText(items: (ExpiringStock & { days: number })[], links: { inventory: string; unsubscribe: string }) {
  const first = items[0]!;
  const subject =
    items.length === 1
      ? `${first.name} expires ${when(first.days)}`
      : `${items.length} items in your kitchen expire in the next ${EXPIRY_MAIL_DAYS} days`;
  const text = [
    "Good morning! These expire soon:",
    "",
    ...items.map((i) => `- ${i.name} (${formatAmount(i.quantity, i.unit)}): ${when(i.days)}`),
    "",
    `See your inventory: ${links.inventory}`,
    "",
    `You get this mail because you turned on expiry mail in Kim. Stop it: ${links.unsubscribe}`,
  ].join("\n");
  return { subject, text };
}
