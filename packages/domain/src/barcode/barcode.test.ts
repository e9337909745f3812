import { describe, expect, it } from "vitest";
import { categoryFromKeywords, isValidBarcode } from "./barcode";

describe("barcode check digits", () => {
  it("accepts valid EAN-8, UPC-A, EAN-13 and GTIN-14 codes", () => {
    for (const code of ["96385074", "036000291452", "3574660239843", "8032754490297", "4006209700068", "10012345678902"]) {
      expect(isValidBarcode(code), code).toBe(true);
    }
  });

  it("rejects wrong check digits, wrong lengths and non-digits", () => {
    for (const code of ["3574660239844", "96385075", "1234567", "123456789", "12345678901", "357466023984a", "", " 3574660239843"]) {
      expect(isValidBarcode(code), code).toBe(false);
    }
  });
});

describe("category from keywords", () => {
  it.each([
    ["Dairy", ["dairy", "milk", "cheese"]],
    ["Meat", ["meat", "beef", "chicken", "pork"]],
    ["Seafood", ["seafood", "fish"]],
    ["Produce", ["fruit", "vegetable", "produce"]],
    ["Frozen", ["frozen"]],
    ["Beverages", ["beverage", "drink"]],
    ["Spices", ["spice", "herb", "seasoning"]],
  ] as const)("maps to %s", (category, words) => {
    for (const word of words) {
      expect(categoryFromKeywords(`Some ${word.toUpperCase()} products`), word).toBe(category);
    }
  });

  it("gives Pantry for anything else and Other for empty text", () => {
    expect(categoryFromKeywords("Pasta, Dried products")).toBe("Pantry");
    expect(categoryFromKeywords("")).toBe("Other");
    expect(categoryFromKeywords("   ")).toBe("Other");
    expect(categoryFromKeywords(null)).toBe("Other");
  });
});
