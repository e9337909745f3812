import { describe, expect, it } from "vitest";
import {
  addDays,
  daysBetween,
  daysInRange,
  isCalendarDate,
  isKitchenInstant,
  localDate,
  startOfWeek,
  weekDates,
  weekLabel,
  weekOf,
} from "./dates";

describe("weeks", () => {
  it.each([
    ["2026-11-23", "2026-11-23"], // a Monday is its own week's start
    ["2026-11-22", "2026-11-16"], // Sunday belongs to the week before
    ["2026-11-26", "2026-11-23"],
    ["2027-01-01", "2026-12-28"], // across a year
    ["2024-03-01", "2024-02-26"], // across a leap day
  ])("the week holding %s starts on Monday %s", (date, monday) => {
    expect(startOfWeek(date)).toBe(monday);
    expect(weekOf(date)).toEqual({ from: monday, to: addDays(monday, 6) });
  });

  it("reads the last week of 2999 up to its last day, the first week of 1900 whole", () => {
    expect(weekOf("2999-12-31")).toEqual({ from: "2999-12-30", to: "2999-12-31" });
    expect(weekOf("2999-12-29")).toEqual({ from: "2999-12-23", to: "2999-12-29" });
    expect(weekOf("1900-01-03")).toEqual({ from: "1900-01-01", to: "1900-01-07" });
  });

  it("counts days across month ends and daylight-saving changes", () => {
    expect(addDays("2026-03-28", 2)).toBe("2026-03-30");
    expect(addDays("2026-10-24", 7)).toBe("2026-10-31");
    expect(addDays("2026-01-01", -1)).toBe("2025-12-31");
    expect(weekDates("2026-11-23")).toEqual([
      "2026-11-23",
      "2026-11-24",
      "2026-11-25",
      "2026-11-26",
      "2026-11-27",
      "2026-11-28",
      "2026-11-29",
    ]);
    expect(daysInRange("2026-11-23", "2026-11-29")).toBe(7);
    expect(daysInRange("2026-11-23", "2026-11-23")).toBe(1);
  });

  it("labels a week as the spec writes it", () => {
    expect(weekLabel("2026-11-23")).toBe("Week of Nov 23, 2026");
    expect(weekLabel("2027-01-04")).toBe("Week of Jan 4, 2027");
  });
});

describe("dates", () => {
  it("counts calendar days across months and clock changes", () => {
    expect(daysBetween("2026-11-21", "2026-11-22")).toBe(1);
    expect(daysBetween("2026-11-21", "2026-11-20")).toBe(-1);
    expect(daysBetween("2026-02-28", "2026-03-01")).toBe(1);
    expect(daysBetween("2026-03-28", "2026-03-30")).toBe(2);
  });

  it("reads the local calendar date", () => {
    expect(localDate(new Date(2026, 0, 5, 23, 59))).toBe("2026-01-05");
  });

  it("accepts only real yyyy-MM-dd dates", () => {
    expect(isCalendarDate("2026-02-28")).toBe(true);
    expect(isCalendarDate("2026-02-30")).toBe(false);
    expect(isCalendarDate("2026-2-3")).toBe(false);
    expect(isCalendarDate("tomorrow")).toBe(false);
    expect(isCalendarDate("2026-13-01")).toBe(false);
    // Years below 100 are their own, not 19xx.
    expect(isCalendarDate("0001-01-07")).toBe(true);
    expect(isCalendarDate("0099-12-31")).toBe(true);
    expect(isCalendarDate("0000-02-29")).toBe(true);
    expect(isCalendarDate("0001-02-29")).toBe(false);
  });

  it("bounds an instant to a kitchen's years once its offset is applied", () => {
    expect(isKitchenInstant("2026-11-21T08:30:00.000Z")).toBe(true);
    expect(isKitchenInstant("1900-01-01T00:00:00Z")).toBe(true);
    expect(isKitchenInstant("2999-12-31T23:59:59+00:00")).toBe(true);
    // Within the years as written, outside them (or past what can be written) at UTC.
    expect(isKitchenInstant("1900-01-01T00:00:00+00:01")).toBe(false);
    expect(isKitchenInstant("2999-12-31T23:59:59-23:59")).toBe(false);
    expect(isKitchenInstant("0000-01-01T00:00:00+23:59")).toBe(false);
    expect(isKitchenInstant("9999-12-31T23:59:59-23:59")).toBe(false);
    expect(isKitchenInstant("0000-01-01T00:00:00Z")).toBe(false);
    expect(isKitchenInstant("not a time")).toBe(false);
  });
});
