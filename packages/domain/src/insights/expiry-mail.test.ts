import { describe, expect, it } from "vitest";
import { expiringForMail, expiryMailDue, expiryMailText, sentOnWhenTurnedOn } from "./expiry-mail";
import { isTimeZone, zonedNow } from "../shared/time-zone";

describe("expiryMailDue", () => {
  it("is due from 08:00 on the cook's clock, once per local day", () => {
    // 06:30 UTC is 07:30 in Paris (winter), 08:30 in Helsinki, 01:30 in New York.
    const now = new Date("2026-11-25T06:30:00Z");
    expect(expiryMailDue(now, "Europe/Paris", null)).toBeNull();
    expect(expiryMailDue(now, "Europe/Helsinki", null)).toBe("2026-11-25");
    expect(expiryMailDue(now, "Europe/Helsinki", "2026-11-24")).toBe("2026-11-25");
    expect(expiryMailDue(now, "Europe/Helsinki", "2026-11-25")).toBeNull();
    expect(expiryMailDue(now, "America/New_York", null)).toBeNull();
    // 20:30 UTC is already the next morning in Auckland (09:30, 26 Nov).
    expect(expiryMailDue(new Date("2026-11-25T20:30:00Z"), "Pacific/Auckland", "2026-11-25")).toBe("2026-11-26");
  });
  it("is due in the morning only: from noon on, that day's mail is skipped", () => {
    expect(expiryMailDue(new Date("2026-11-25T11:59:00Z"), "UTC", "2026-11-24")).toBe("2026-11-25");
    expect(expiryMailDue(new Date("2026-11-25T12:00:00Z"), "UTC", "2026-11-24")).toBeNull();
    expect(expiryMailDue(new Date("2026-11-25T23:59:00Z"), "UTC", "2026-11-24")).toBeNull();
    // 23:59 in Kathmandu (UTC+5:45): not a "Good morning!".
    expect(expiryMailDue(new Date("2026-11-25T18:14:00Z"), "Asia/Kathmandu", null)).toBeNull();
  });
  it("turned on after 08:00, waits for the next morning", () => {
    expect(sentOnWhenTurnedOn(new Date("2026-11-25T10:00:00Z"), "UTC", null)).toBe("2026-11-25");
    expect(sentOnWhenTurnedOn(new Date("2026-11-25T07:00:00Z"), "UTC", null)).toBeNull();
    expect(sentOnWhenTurnedOn(new Date("2026-11-25T07:00:00Z"), "UTC", "2026-11-20")).toBe("2026-11-20");
  });
});

describe("time zones", () => {
  it("knows IANA names and refuses others", () => {
    expect(isTimeZone("Europe/Paris")).toBe(true);
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
    expect(isTimeZone("")).toBe(false);
    expect(zonedNow(new Date("2026-07-01T22:30:00Z"), "Europe/Paris")).toEqual({ date: "2026-07-02", hour: 0 });
  });
});

describe("the mail", () => {
  it("lists what expires from today to 3 days ahead, soonest first", () => {
    const items = expiringForMail(
      [
        { name: "Yogurt", quantity: 2, unit: "units", expirationDate: "2026-11-28" },
        { name: "Milk", quantity: 1, unit: "L", expirationDate: "2026-11-25" },
        { name: "Cream", quantity: 1, unit: "units", expirationDate: "2026-11-26" },
        { name: "Flour", quantity: 0.5, unit: "kg", expirationDate: "2026-11-26" },
        { name: "Ham", quantity: 1, unit: "units", expirationDate: "2026-11-29" },
        { name: "Old", quantity: 1, unit: "units", expirationDate: "2026-11-24" },
        { name: "Empty", quantity: 0, unit: "units", expirationDate: "2026-11-26" },
      ],
      "2026-11-25",
    );
    expect(items.map((i) => [i.name, i.days])).toEqual([
      ["Milk", 0],
      ["Cream", 1],
      ["Flour", 1],
      ["Yogurt", 3],
    ]);
    const mail = expiryMailText(items, { inventory: "https://kim.test/inventory", unsubscribe: "https://kim.test/unsubscribe?token=t" });
    expect(mail.subject).toBe("4 items in your kitchen expire in the next 3 days");
    expect(mail.text).toContain("- Milk (1 L): today");
    // Amounts as the app shows them.
    expect(mail.text).toContain("- Cream (1 unit): tomorrow");
    expect(mail.text).toContain("- Flour (0.5 kg): tomorrow");
    expect(mail.text).toContain("- Yogurt (2 units): in 3 days");
    expect(mail.text).toContain("https://kim.test/unsubscribe?token=t");
    expect(expiryMailText(items.slice(0, 1), { inventory: "i", unsubscribe: "u" }).subject).toBe("Milk expires today");
  });
});
