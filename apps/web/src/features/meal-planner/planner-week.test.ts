import { describe, expect, it } from "vitest";
import { plannerSearch, shiftWeek } from "./planner-week";

describe("shiftWeek", () => {
  it("moves a week either way, and not past the first week of 1900 or the last of 2999", () => {
    expect(shiftWeek("2026-11-23", -1)).toBe("2026-11-16");
    expect(shiftWeek("2026-12-28", 1)).toBe("2027-01-04");
    expect(shiftWeek("1900-01-08", -1)).toBe("1900-01-01");
    expect(shiftWeek("1900-01-01", -1)).toBeUndefined();
    expect(shiftWeek("2999-12-23", 1)).toBe("2999-12-30");
    expect(shiftWeek("2999-12-30", 1)).toBeUndefined();
  });

  it("lands only on weeks the address can hold", () => {
    for (const week of ["1900-01-08", "2999-12-23"])
      for (const weeks of [-1, 1]) {
        const shifted = shiftWeek(week, weeks);
        expect(plannerSearch({ week: shifted }).week).toBe(shifted);
      }
  });
});
