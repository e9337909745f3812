import { describe, expect, it } from "vitest";
import { formatCalendarDate, formatDay } from "./dates";

describe("formatDay", () => {
  it("writes a timestamp's day as calendar dates are written", () => {
    expect(formatDay(new Date(2026, 11, 14, 18, 30))).toBe(formatCalendarDate("2026-12-14"));
    expect(formatDay(new Date(2026, 11, 14, 18, 30).toISOString())).toBe(formatCalendarDate("2026-12-14"));
  });
});
