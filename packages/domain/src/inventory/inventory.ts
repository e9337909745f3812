import { addDays } from "../shared/dates";

export const EXPIRING_SOON_DAYS = 7;
const URGENT_EXPIRY_DAYS = 3;
export const LOW_STOCK_QUANTITY = 2;
export const DASHBOARD_EXPIRING_LIMIT = 5;

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

/**
 * Expiring soon: a date from today to EXPIRING_SOON_DAYS days on, both counted. The dashboard's counts (SQL in the
 * API) and the inventory's filter (the web) both read this range.
 */
export function expiringSoonRange(today: string): { from: string; to: string } {
  return { from: today, to: addDays(today, EXPIRING_SOON_DAYS) };
}

export function isExpiringSoon(expirationDate: string | null, today: string): boolean {
  const { from, to } = expiringSoonRange(today);
  return expirationDate !== null && expirationDate >= from && expirationDate <= to;
}

/**
 * Expiring soon, of what is in stock: a used-up item (quantity 0, as "I cooked this" leaves it) has nothing left to
 * expire. The dashboard (its SQL adds `quantity > 0`), the inventory's filter and Insights all read this.
 */
export function isStockExpiringSoon(item: DatedIngredient, today: string): boolean {
  return item.quantity > 0 && isExpiringSoon(item.expirationDate, today);
}

/** Low stock: a quantity of LOW_STOCK_QUANTITY or less (the dashboard's SQL counts `quantity <= LOW_STOCK_QUANTITY`). */
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
  return isStockExpiringSoon(item, today);
}
