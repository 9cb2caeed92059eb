import { describe, expect, it } from "vitest";
import { formatDate } from "./date-format";

describe("date formatting", () => {
  it("follows the page's language, in Paris time", () => {
    const instant = "2026-03-12T23:30:00.000Z"; // already 13 March in Paris
    expect(formatDate("fr", instant)).toBe("13 mars 2026");
    expect(formatDate("en", instant)).toBe("March 13, 2026");
    expect(formatDate("de", instant)).toBe("13. März 2026");
    expect(formatDate("es", instant)).toBe("13 de marzo de 2026");
    expect(formatDate("fr", instant, { withTime: true })).toBe("13 mars 2026 à 00:30");
  });

  it("gives an empty text for an invalid date", () => {
    expect(formatDate("fr", "nope")).toBe("");
  });
});
