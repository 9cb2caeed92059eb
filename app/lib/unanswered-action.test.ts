import { describe, expect, it } from "vitest";
import { isUnanswered, UNANSWERED } from "./unanswered-action";

describe("isUnanswered", () => {
  it("is true only for a result marked as unanswered", () => {
    expect(isUnanswered({ ok: false, fallback: "network", ...UNANSWERED })).toBe(true);
    expect(isUnanswered({ ok: false, message: "Lien invalide ou expiré." })).toBe(false);
    expect(isUnanswered({ unanswered: "true" })).toBe(false);
    expect(isUnanswered(undefined)).toBe(false);
    expect(isUnanswered(null)).toBe(false);
    expect(isUnanswered("unanswered")).toBe(false);
  });
});
