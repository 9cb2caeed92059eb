import { describe, expect, it } from "vitest";
import { normalizeText, searchTerms } from "./text";

describe("text matching", () => {
  it("lower-cases and drops accents and punctuation", () => {
    expect(normalizeText("Développé Couché")).toBe("developpe couche");
    expect(normalizeText("ŒUF  d'Été — Übung")).toBe("oeuf d ete ubung");
    expect(normalizeText("Kurzhantel-Bankdrücken")).toBe("kurzhantel bankdrucken");
    expect(normalizeText("Straße, Æther")).toBe("strasse aether");
    expect(normalizeText("")).toBe("");
    // Punctuation at either end leaves no space behind.
    expect(normalizeText("« Curl ! »")).toBe("curl");
  });

  it("keeps terms of 2 characters or more, once each", () => {
    expect(searchTerms("a curl de biceps, curl")).toEqual(["curl", "de", "biceps"]);
    expect(searchTerms(" x ")).toEqual([]);
  });
});
