export const EXPIRING_SOON_DAYS = 7;
export const URGENT_EXPIRY_DAYS = 3;
export const LOW_STOCK_QUANTITY = 2;
export const DASHBOARD_EXPIRING_LIMIT = 5;
export const MAX_QUANTITY = 1_000_000;

const DAY_MS = 24 * 60 * 60 * 1000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written yyyy-MM-dd (2026-02-30 is not one). */
export function isCalendarDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return date.toISOString().slice(0, 10) === value;
}

/** The user's local calendar date, yyyy-MM-dd. */
export function localDate(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Whole calendar days from `today` to `date` (both yyyy-MM-dd): tomorrow is 1, yesterday -1. */
export function daysBetween(today: string, date: string): number {
  return Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);
}

export type BadgeVariant = "default" | "secondary" | "destructive" | "outline";

/** The expiry badge on an inventory card, by days until expiration (null: no date). */
export function expiryBadge(days: number | null): { label: string; variant: BadgeVariant } {
  if (days === null) return { label: "No date", variant: "secondary" };
  if (days < 0) return { label: "Expired", variant: "destructive" };
  if (days === 0) return { label: "Today", variant: "destructive" };
  if (days <= URGENT_EXPIRY_DAYS) return { label: `${days}d`, variant: "destructive" };
  if (days <= EXPIRING_SOON_DAYS) return { label: `${days}d`, variant: "secondary" };
  return { label: `${days}d`, variant: "outline" };
}

/** Expiring soon: a date 0 to 7 whole days away. */
export function isExpiringSoon(days: number | null): days is number {
  return days !== null && days >= 0 && days <= EXPIRING_SOON_DAYS;
}

export function isLowStock(quantity: number): boolean {
  return quantity <= LOW_STOCK_QUANTITY;
}

/** The dashboard's Expiring Soon badge: Today, Tomorrow or 'N days', destructive at 3 days or fewer. */
export function expiringSoonBadge(days: number): { label: string; variant: BadgeVariant } {
  const label = days === 0 ? "Today" : days === 1 ? "Tomorrow" : `${days} days`;
  return { label, variant: days <= URGENT_EXPIRY_DAYS ? "destructive" : "secondary" };
}

export interface DatedIngredient {
  expirationDate: string | null;
  quantity: number;
}

/** The dashboard's counts, on the user's local calendar date. */
export function inventorySummary<T extends DatedIngredient>(items: T[], today: string) {
  const expiring = items
    .map((item) => ({ item, days: item.expirationDate ? daysBetween(today, item.expirationDate) : null }))
    .filter((e): e is { item: T; days: number } => isExpiringSoon(e.days))
    .sort((a, b) => a.days - b.days);
  return {
    total: items.length,
    expiringSoonCount: expiring.length,
    expiringSoon: expiring.slice(0, DASHBOARD_EXPIRING_LIMIT),
    lowStockCount: items.filter((i) => isLowStock(i.quantity)).length,
  };
}

/** The dashboard's counts, as inventory filters: /inventory?filter=expiring shows what its Expiring Soon card counts. */
export const STOCK_FILTERS = { expiring: "Expiring soon", "low-stock": "Low stock" } as const;
export type StockFilter = keyof typeof STOCK_FILTERS;

/** Whether a value (from an address's search) names a filter. */
export function isStockFilter(value: unknown): value is StockFilter {
  return typeof value === "string" && Object.hasOwn(STOCK_FILTERS, value);
}

/** Whether an item is one the filter's dashboard card counts, on the user's local date. */
export function matchesStockFilter(item: DatedIngredient, filter: StockFilter, today: string): boolean {
  if (filter === "low-stock") return isLowStock(item.quantity);
  return isExpiringSoon(item.expirationDate ? daysBetween(today, item.expirationDate) : null);
}
