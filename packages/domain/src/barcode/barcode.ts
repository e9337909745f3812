import type { Category } from "../shared/enums";

/** EAN-8, UPC-A, EAN-13 and GTIN-14, with a valid GS1 check digit. */
export function isValidBarcode(code: string): boolean {
  if (!/^(\d{8}|\d{12}|\d{13}|\d{14})$/.test(code)) return false;
  const digits = [...code].map(Number);
  const check = digits.pop()!;
  // From the right, the digits next to the check digit weigh 3, then 1, alternating.
  const sum = digits.reverse().reduce((acc, d, i) => acc + d * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}

const KEYWORDS: [Category, string[]][] = [
  ["Dairy", ["dairy", "milk", "cheese"]],
  ["Meat", ["meat", "beef", "chicken", "pork"]],
  ["Seafood", ["seafood", "fish"]],
  ["Produce", ["fruit", "vegetable", "produce"]],
  ["Frozen", ["frozen"]],
  ["Beverages", ["beverage", "drink"]],
  ["Spices", ["spice", "herb", "seasoning"]],
];

/** The inventory category for a product's category text: the first keyword that matches, else Pantry; empty is Other. */
export function categoryFromKeywords(text: string | null | undefined): Category {
  const lower = (text ?? "").trim().toLowerCase();
  if (!lower) return "Other";
  return KEYWORDS.find(([, words]) => words.some((w) => lower.includes(w)))?.[0] ?? "Pantry";
}
