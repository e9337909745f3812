import { describe, expect, it } from "vitest";
import { axisTicks } from "./axis-ticks";

describe("axisTicks", () => {
  it("gives an empty chart one step, so its bars have a scale", () => {
    expect(axisTicks(0)).toEqual([0, 1]);
  });

  it("counts in ones up to five, then in steps of 1, 2 or 5 times a power of ten", () => {
    expect(axisTicks(3)).toEqual([0, 1, 2, 3]);
    expect(axisTicks(5)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(axisTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(axisTicks(23)).toEqual([0, 5, 10, 15, 20, 25]);
    expect(axisTicks(26)).toEqual([0, 10, 20, 30]);
    expect(axisTicks(1000)).toEqual([0, 200, 400, 600, 800, 1000]);
    expect(axisTicks(1001)).toEqual([0, 500, 1000, 1500]);
  });
});
