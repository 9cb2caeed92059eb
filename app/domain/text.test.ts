import { describe, expect, it } from "vitest";
import { withoutControlCharacters } from "./text.ts";

describe("withoutControlCharacters", () => {
  it("keeps tabs and line breaks, drops the other control characters and DEL", () => {
    expect(withoutControlCharacters("a\tb\nc\r\nd\u0000e\u001Bf\u007Fg")).toBe("a\tb\nc\r\ndefg");
  });

  it("keeps accents and emoji as typed", () => {
    expect(withoutControlCharacters("Séance 💪 réussie")).toBe("Séance 💪 réussie");
  });
});
