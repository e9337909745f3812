import { describe, expect, it } from "vitest";
import { EXPIRY_WINDOW_MESSAGE, ingredientInput, ingredientUpdate, isPlausibleExpiry, latestExpiry } from "./inventory-input";

const valid = { name: "Milk", quantity: 1, unit: "L", category: "Dairy", expirationDate: "2026-12-01" };
const issue = (change: object, schema: typeof ingredientInput | typeof ingredientUpdate = ingredientInput) =>
  schema.safeParse({ ...valid, ...change }).error?.issues[0]?.message;

describe("ingredient input", () => {
  it("takes expiry dates from 2000 to 30 years from today", () => {
    const now = new Date("2026-11-26T12:00:00Z");
    expect(latestExpiry(now)).toBe("2056-11-26");
    expect(isPlausibleExpiry("2000-01-01", now)).toBe(true);
    expect(isPlausibleExpiry("2056-11-26", now)).toBe(true);
    expect(isPlausibleExpiry("1999-12-31", now)).toBe(false);
    expect(isPlausibleExpiry("2056-11-27", now)).toBe(false);
    expect(ingredientInput.parse(valid).expirationDate).toBe("2026-12-01");
    expect(ingredientInput.parse({ ...valid, expirationDate: null }).expirationDate).toBeNull();
  });

  it.each([
    [{ expirationDate: "1900-01-01" }, EXPIRY_WINDOW_MESSAGE],
    [{ expirationDate: "9999-12-31" }, EXPIRY_WINDOW_MESSAGE],
    [{ expirationDate: "2026-02-30" }, "Expiration date must be a date written yyyy-MM-dd"],
    [{ quantity: -1 }, "Quantity must be 0 or more"],
    [{ name: "Milk\u0007" }, "Name can't contain line breaks or other control characters"],
    [{ name: "Milk\nBcc: x@example.com" }, "Name can't contain line breaks or other control characters"],
    [{ name: "Milk\u2028Bcc: x@example.com" }, "Name can't contain line breaks or other control characters"],
    [{ name: "Milk \u202Eklim" }, "Name can't contain line breaks or other control characters"],
    [{ name: "\u200b\u200e\u00ad\u034f" }, "Name is required"],
  ])("rejects %o, on create and on update", (change, message) => {
    expect(issue(change)).toBe(message);
    expect(issue(change, ingredientUpdate)).toBe(message);
  });

  it("keeps names in any script, with marks and joiners that show with their letters", () => {
    for (const name of ["Crème fraîche", "Ꮚ", "ক্ষ", "👩‍🍳 mix", "Ça\u200bva", "1%"])
      expect(ingredientInput.parse({ ...valid, name }).name).toBe(name);
  });
});
