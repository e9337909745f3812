/** The most of anything one line may hold (an ingredient, a recipe's line, a shopping item). */
export const MAX_QUANTITY = 1_000_000;

/** An amount read from a quantity: `upper` is the top of a range ("1-2"), null for a single amount. */
export interface Amount {
  value: number;
  upper: number | null;
}

/** One of ¼ ½ ¾ and ⅐ to ⅞, which NFKD writes as digits around a fraction slash. */
export const VULGAR_FRACTION = /[\u00BC-\u00BE\u2150-\u215E]/;

const VULGAR_FRACTIONS = new RegExp(VULGAR_FRACTION.source, "g");
const RANGE = /\s*[-–—]\s*|\s+(?:to|or)\s+/i;
const DECIMAL = /^(?:\d+(?:\.\d*)?|\.\d+)$/;
// A decimal comma, as most of Europe writes "1,5"; three digits after it ("1,000") may be thousands, so not read,
// but for "0,750", which is no thousand.
const DECIMAL_COMMA = /^(?:\d+,\d{1,2}|0,\d{3})$/;
const FRACTION = /^(?:(\d+) )?(\d+)\/(\d+)$/;

/** Kitchen fractions a cook measures with; 1 lets 1.99 read as 2. */
const KITCHEN_FRACTIONS: [number, string][] = [
  [0, ""],
  [1 / 8, "1/8"],
  [1 / 4, "1/4"],
  [1 / 3, "1/3"],
  [1 / 2, "1/2"],
  [2 / 3, "2/3"],
  [3 / 4, "3/4"],
  [1, ""],
];
/** Close enough to read as a kitchen fraction: 0.333 is 1/3, but a typed 0.3 or 2.35 stays as written. */
const KITCHEN_TOLERANCE = 0.015;

function parseAmount(text: string): number | null {
  if (DECIMAL.test(text)) return Number(text);
  if (DECIMAL_COMMA.test(text)) return Number(text.replace(",", "."));
  const m = FRACTION.exec(text);
  if (!m) return null;
  const [whole, num, den] = [Number(m[1] ?? 0), Number(m[2]), Number(m[3])];
  // A mixed number's fraction is proper: "1 3/2" is a typo, not 2 1/2.
  if (den === 0 || (m[1] !== undefined && num >= den)) return null;
  return whole + num / den;
}

/**
 * The amount in a recipe quantity: a number, or text such as "1 1/2", "1½", "0.5", "0,5" or a range "1-2", "2 to 3".
 * Null when the text names no amount ("a pinch", "to taste") or is not one amount ("1/2/3", "1/0", "2 large").
 */
export function parseQuantity(q: number | string): Amount | null {
  if (typeof q === "number") return Number.isFinite(q) ? { value: q, upper: null } : null;
  const text = q
    .replace(VULGAR_FRACTIONS, (c) => ` ${c.normalize("NFKD")}`)
    .replace(/\u2044/g, "/")
    .replace(/\s+/g, " ")
    .trim()
    // "1-1/2": one and a half, as US recipes write it (a range's top is never a proper fraction under its bottom).
    .replace(/^(\d+)-(?=(\d+)\/(\d+)$)/, (m, whole: string, num: string, den: string) => (Number(num) < Number(den) ? `${whole} ` : m));
  const parts = text.split(RANGE);
  if (parts.length > 2) return null;
  const [lower, upper] = parts.map(parseAmount);
  if (lower === null || lower === undefined || upper === null) return null;
  if (upper === undefined || upper === lower) return { value: lower, upper: null };
  return upper > lower ? { value: lower, upper } : null;
}

/** A form's error for a quantity box whose text is no single number (the API itself takes only numbers). */
export const QUANTITY_NUMBER_MESSAGE = "Quantity must be a number, like 2, 0.25 or 0,25";

/** "1.000": a thousand to who writes a decimal comma (the box reads one), one to who writes a point. */
const THOUSAND_OR_ONE = /^-?[1-9]\d{0,2}\.\d{3}$/;

/**
 * The number in a quantity box, read as a recipe's quantity is ("0,25", "1.5", "1/2"); a leading minus is kept, so
 * the schema can say a quantity is 0 or more. Null when the text is not one amount ("1-2", "2 cups"), or may be
 * either of two ("1,000", "1.000").
 */
export function readQuantityNumber(text: string): number | null {
  const trimmed = text.trim();
  if (THOUSAND_OR_ONE.test(trimmed)) return null;
  const negative = trimmed.startsWith("-");
  const amount = parseQuantity(negative ? trimmed.slice(1) : trimmed);
  if (!amount || amount.upper !== null) return null;
  return negative ? -amount.value : amount.value;
}

/** A number as a cook reads it: "2", "1 1/2", "1/3", else a short decimal ("2.35", and "12.5" from 10 up). */
export function formatKitchenQuantity(n: number): string {
  if (n < 0) return `-${formatKitchenQuantity(-n)}`;
  if (n >= 10) return String(Number(n.toFixed(1)));
  const whole = Math.floor(n);
  const [fraction, label] = KITCHEN_FRACTIONS.reduce((best, f) => (Math.abs(n - whole - f[0]) < Math.abs(n - whole - best[0]) ? f : best));
  // Below 1, rounding to 0 would hide a small amount: 0.01 stays a decimal.
  if (Math.abs(n - whole - fraction) > KITCHEN_TOLERANCE || (whole === 0 && fraction === 0 && n > 0)) return String(Number(n.toFixed(2)));
  if (!label) return String(whole + fraction);
  return whole === 0 ? label : `${whole} ${label}`;
}

/**
 * A quantity for `factor` times the servings (new servings / original servings). Numbers stay numbers, to 3
 * decimals; text with an amount is rewritten as a cook reads it ("1-2" doubled is "2-4"); other text is kept.
 */
export function scaleQuantity(q: number | string, factor: number): number | string {
  if (factor === 1) return q;
  if (typeof q === "number") return Math.round(q * factor * 1000) / 1000;
  const amount = parseQuantity(q);
  if (!amount) return q;
  const lower = formatKitchenQuantity(amount.value * factor);
  return amount.upper === null ? lower : `${lower}-${formatKitchenQuantity(amount.upper * factor)}`;
}
