import { describe, expect, it } from "vitest";
import { parseDecimal, readNumberInput, roundTo } from "./numbers.ts";

describe("parseDecimal", () => {
  it.each([
    ["70", 70],
    ["70.5", 70.5],
    ["70,5", 70.5],
    ["  70,5  ", 70.5],
    ["\t175\n", 175],
    ["0", 0],
    ["007", 7],
    [",5", 0.5],
    [".5", 0.5],
    ["70,", 70],
    ["70.", 70],
    ["175,25", 175.25],
  ])("reads %j as %d", (text, expected) => {
    expect(parseDecimal(text)).toBe(expected);
  });

  it.each([
    ["empty", ""],
    ["blank", "   "],
    ["letters", "abc"],
    ["trailing letters", "70kg"],
    ["exponent", "1e2"],
    ["upper-case exponent", "1E2"],
    ["exponent with comma", "7,5e1"],
    ["two commas", "1,2,3"],
    ["two dots", "1.2.3"],
    ["comma and dot", "1.000,5"],
    ["dot and comma", "1,000.5"],
    ["inner space", "70 5"],
    ["thousands space", "1 000"],
    ["lone separator", ","],
    ["minus sign", "-70"],
    ["plus sign", "+70"],
    ["NaN", "NaN"],
    ["Infinity", "Infinity"],
    ["-Infinity", "-Infinity"],
    ["hexadecimal", "0x10"],
    ["binary", "0b101"],
    ["underscore separator", "1_000"],
  ])("rejects %s (%j)", (_label, text) => {
    expect(parseDecimal(text)).toBeNull();
  });

  it("rejects digit strings so long they overflow to Infinity", () => {
    expect(parseDecimal("9".repeat(400))).toBeNull();
  });
});

describe("readNumberInput", () => {
  it("parses strings like parseDecimal", () => {
    expect(readNumberInput("70,5")).toBe(70.5);
    expect(readNumberInput("abc")).toBeNull();
  });

  it("passes finite numbers through, including those a form would refuse", () => {
    expect(readNumberInput(70.5)).toBe(70.5);
    // Range checks belong to the caller, not to the reader.
    expect(readNumberInput(-3)).toBe(-3);
  });

  it.each([
    ["undefined", undefined],
    ["null", null],
    ["NaN", Number.NaN],
    ["Infinity", Number.POSITIVE_INFINITY],
    ["a boolean", true],
    ["an object", { value: 70 }],
    ["an array", ["70"]],
  ])("returns null for %s", (_label, value) => {
    expect(readNumberInput(value)).toBeNull();
  });
});

describe("roundTo", () => {
  it("rounds to the given number of decimals", () => {
    expect(roundTo(22.857142857, 1)).toBe(22.9);
    expect(roundTo(66.666, 0)).toBe(67);
    expect(roundTo(31.599999999999998, 2)).toBe(31.6);
  });

  it("rounds decimal ties up, as a person reads them, despite binary floats", () => {
    // 24.95 * 10 is 249.49999999999997 in floating point.
    expect(roundTo(24.95, 1)).toBe(25);
    expect(roundTo(18.45, 1)).toBe(18.5);
    expect(roundTo(1.005, 2)).toBe(1.01);
    expect(roundTo(0.5, 0)).toBe(1);
  });

  it("rounds negative ties away from zero and never returns -0", () => {
    expect(roundTo(-2.5, 0)).toBe(-3);
    expect(Object.is(roundTo(-0.04, 1), 0)).toBe(true);
  });
});
