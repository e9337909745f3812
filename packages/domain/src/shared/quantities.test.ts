import { describe, expect, it } from "vitest";
import { formatAmount } from "./amounts";
import { formatKitchenQuantity, parseQuantity, readQuantityNumber, scaleQuantity } from "./quantities";

describe("parse quantity", () => {
  it.each([
    [2, 2],
    [0.5, 0.5],
    ["2", 2],
    ["0.5", 0.5],
    [".5", 0.5],
    ["1/2", 0.5],
    ["3/4", 0.75],
    ["1 1/2", 1.5],
    ["2  3/4", 2.75],
    ["½", 0.5],
    ["1½", 1.5],
    ["1 ½", 1.5],
    ["2¼", 2.25],
    ["¾", 0.75],
    ["⅓", 1 / 3],
    ["⅔", 2 / 3],
    ["⅛", 0.125],
    ["⅜", 0.375],
    ["⅝", 0.625],
    ["⅞", 0.875],
    ["⅕", 0.2],
    ["⅙", 1 / 6],
    ["1⁄2", 0.5],
    ["  3  ", 3],
    ["1-1/2", 1.5],
    ["2-3/4", 2.75],
    ["0,750", 0.75],
    ["1,5", 1.5],
    ["0,25", 0.25],
  ] as const)("reads %j as %d", (q, value) => {
    expect(parseQuantity(q)).toEqual({ value, upper: null });
  });

  it.each([
    ["1-2", 1, 2],
    ["1 - 2", 1, 2],
    ["2–3", 2, 3],
    ["2—3", 2, 3],
    ["1 to 2", 1, 2],
    ["2 TO 3", 2, 3],
    ["2 or 3", 2, 3],
    ["1 1/2 - 2", 1.5, 2],
    ["½-1", 0.5, 1],
    ["1½–2½", 1.5, 2.5],
    ["1,5-2", 1.5, 2],
  ] as const)("reads the range %j as %d up to %d", (q, value, upper) => {
    expect(parseQuantity(q)).toEqual({ value, upper });
  });

  it("reads a range of one amount as that amount", () => {
    expect(parseQuantity("2-2")).toEqual({ value: 2, upper: null });
  });

  it.each([
    "a pinch",
    "to taste",
    "some",
    "",
    "   ",
    "abc",
    "1/0",
    "1/2/3",
    "1 3/2",
    "2-1",
    "1-2-3",
    "-1",
    "2 large",
    "1.5 1/2",
    "½½",
    "1,000",
    "1,5,2",
  ])("finds no amount in %j", (q) => {
    expect(parseQuantity(q)).toBeNull();
  });

  it("rejects a number that is not finite", () => {
    expect(parseQuantity(Number.NaN)).toBeNull();
  });
});

describe("read quantity number", () => {
  it.each([
    ["0,25", 0.25],
    ["1,5", 1.5],
    [" 1.5 ", 1.5],
    ["3", 3],
    ["1/2", 0.5],
    ["-1", -1],
  ])("reads %j as %j", (text, value) => {
    expect(readQuantityNumber(text)).toBe(value);
  });

  it.each(["", "  ", "1,000", "1.000", "12.500", "1-2", "2 cups", "abc", "1e3", "--1"])("reads no number in %j", (text) => {
    expect(readQuantityNumber(text)).toBeNull();
  });
});

describe("kitchen quantity", () => {
  it.each([
    [0, "0"],
    [2, "2"],
    [1.5, "1 1/2"],
    [2.25, "2 1/4"],
    [0.125, "1/8"],
    [0.25, "1/4"],
    [1 / 3, "1/3"],
    [0.333, "1/3"],
    [0.34, "1/3"],
    [2 / 3, "2/3"],
    [0.667, "2/3"],
    [0.75, "3/4"],
    [1.99, "2"],
    [3.005, "3"],
    [2.35, "2.35"],
    [0.3, "0.3"],
    [0.7, "0.7"],
    [0.1, "0.1"],
    [1.2345, "1.23"],
    [0.01, "0.01"],
    [9.97, "9.97"],
    [10, "10"],
    [12.5, "12.5"],
    [12.345, "12.3"],
    [10.04, "10"],
    [250, "250"],
    [-1.5, "-1 1/2"],
  ])("shows %d as %j", (n, text) => {
    expect(formatKitchenQuantity(n)).toBe(text);
  });
});

describe("scale quantity", () => {
  it("scales 1.5 cups for 4 to 6 servings as 2 1/4 cups", () => {
    const scaled = scaleQuantity(1.5, 6 / 4);
    expect(scaled).toBe(2.25);
    expect(formatAmount(scaled, "cups")).toBe("2 1/4 cups");
  });

  it("keeps numbers as numbers, to 3 decimals", () => {
    expect(scaleQuantity(2, 0.5)).toBe(1);
    expect(scaleQuantity(1, 1 / 3)).toBe(0.333);
    expect(scaleQuantity(100, 2.5)).toBe(250);
  });

  it.each([
    ["1 1/2", 1.5, "2 1/4"],
    ["½", 2, "1"],
    ["1/2", 0.5, "1/4"],
    ["1/4", 0.5, "1/8"],
    ["1", 1 / 3, "1/3"],
    ["2", 1 / 3, "2/3"],
    ["0.5", 3, "1 1/2"],
    ["1-2", 2, "2-4"],
    ["1 to 2", 1.5, "1 1/2-3"],
    ["2 or 3", 0.5, "1-1 1/2"],
    ["200", 1.5, "300"],
  ] as const)("scales %j by %d as %j", (q, factor, scaled) => {
    expect(scaleQuantity(q, factor)).toBe(scaled);
  });

  it.each(["to taste", "a pinch", "", "2 large"])("keeps %j, which names no amount", (q) => {
    expect(scaleQuantity(q, 2)).toBe(q);
  });

  it("keeps any quantity as written at factor 1", () => {
    expect(scaleQuantity("1½", 1)).toBe("1½");
    expect(scaleQuantity(0.3333, 1)).toBe(0.3333);
  });
});
