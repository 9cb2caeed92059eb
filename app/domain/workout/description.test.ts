import { describe, expect, it } from "vitest";
import { DESCRIPTION_TEASER_LENGTH, descriptionTeaser } from "./description";

describe("a description's teaser", () => {
  it("is the text itself up to the limit", () => {
    expect(descriptionTeaser("Court.")).toBe("Court.");
    const exactly = "x".repeat(DESCRIPTION_TEASER_LENGTH);
    expect(descriptionTeaser(exactly)).toBe(exactly);
  });

  it("cuts a longer text at a word, drops the punctuation left before the cut and adds '…'", () => {
    const long = "Renforce les pectoraux, avec l'aide des épaules et des triceps. Règle le banc entre 30 et 45 degrés.";
    expect(descriptionTeaser(long, 60)).toBe("Renforce les pectoraux, avec l'aide des épaules et des…");
    expect(descriptionTeaser("Renforce les pectoraux, avec l'aide des épaules. Règle le banc.", 50)).toBe(
      "Renforce les pectoraux, avec l'aide des épaules…",
    );
    expect(descriptionTeaser("x".repeat(DESCRIPTION_TEASER_LENGTH + 1)).length).toBe(DESCRIPTION_TEASER_LENGTH);
  });

  it("cuts inside a word only when no space comes after the first half", () => {
    expect(descriptionTeaser("x".repeat(100), 60)).toBe(`${"x".repeat(59)}…`);
    expect(descriptionTeaser(`ab ${"x".repeat(100)}`, 60)).toBe(`ab ${"x".repeat(56)}…`);
  });
});
