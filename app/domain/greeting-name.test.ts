import { describe, expect, it } from "vitest";
import { greetingName } from "./greeting-name";

describe("the name a member is greeted by", () => {
  it("is the display name first, trimmed", () => {
    expect(greetingName({ displayName: "  Léa M.  ", prenom: "Léa", pseudo: "lea_m" })).toBe("Léa M.");
  });

  it("falls back to the first name, then to the pseudo", () => {
    expect(greetingName({ displayName: null, prenom: " Léa ", pseudo: "lea_m" })).toBe("Léa");
    expect(greetingName({ pseudo: "lea_m" })).toBe("lea_m");
  });

  it("skips names that are only blanks", () => {
    expect(greetingName({ displayName: "   ", prenom: "\t", pseudo: "lea_m" })).toBe("lea_m");
    expect(greetingName({ displayName: "", prenom: "Léa", pseudo: "lea_m" })).toBe("Léa");
  });
});
