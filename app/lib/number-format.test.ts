import { describe, expect, it } from "vitest";
import { formatMeasure, formatNumber } from "./number-format.ts";

describe("formatNumber", () => {
  it("writes the French decimal comma and the English dot", () => {
    expect(formatNumber("fr", 22.9, 1)).toBe("22,9");
    expect(formatNumber("en", 22.9, 1)).toBe("22.9");
    expect(formatNumber("de", 22.9, 1)).toBe("22,9");
    expect(formatNumber("fr", 25, 1)).toBe("25,0");
  });

  it("groups thousands the local way", () => {
    expect(formatNumber("fr", 2556)).toBe("2\u202f556");
    expect(formatNumber("en", 2556)).toBe("2,556");
  });

  it("leaves out trailing zeros for measures", () => {
    expect(formatMeasure("fr", 70)).toBe("70");
    expect(formatMeasure("fr", 70.5)).toBe("70,5");
  });
});
