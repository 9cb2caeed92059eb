import { describe, expect, it } from "vitest";
import { answeredOr, isUnanswered, revalidateUnlessUnanswered, UNANSWERED, unanswered } from "./unanswered-action";

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

describe("unanswered", () => {
  it("marks a fallback result and keeps its fields, without changing the original", () => {
    const fallback = { status: "failed", messageKey: "networkError" };
    expect(unanswered(fallback)).toEqual({ status: "failed", messageKey: "networkError", unanswered: true });
    expect(isUnanswered(unanswered(fallback))).toBe(true);
    expect(fallback).toEqual({ status: "failed", messageKey: "networkError" });
  });
});

describe("revalidateUnlessUnanswered", () => {
  it("skips the reload after an unanswered action, and otherwise does what the router would", () => {
    expect(revalidateUnlessUnanswered({ actionResult: unanswered({ ok: false }), defaultShouldRevalidate: true })).toBe(
      false,
    );
    expect(revalidateUnlessUnanswered({ actionResult: { ok: false }, defaultShouldRevalidate: true })).toBe(true);
    expect(revalidateUnlessUnanswered({ actionResult: undefined, defaultShouldRevalidate: false })).toBe(false);
  });
});

describe("answeredOr", () => {
  it("gives the server's answer as it is, unmarked", async () => {
    const answer = await answeredOr(
      async () => ({ status: "sent" }),
      () => ({ status: "failed" }),
    );
    expect(answer).toEqual({ status: "sent" });
    expect(isUnanswered(answer)).toBe(false);
  });

  it("gives the fallback for the failure, marked unanswered, when the request got no answer", async () => {
    const offline = new TypeError("Failed to fetch");
    const answer = await answeredOr<{ status: string; reason?: string }>(
      () => Promise.reject(offline),
      (error) => ({ status: "failed", reason: error === offline ? "network" : "other" }),
    );
    expect(answer).toEqual({ status: "failed", reason: "network", unanswered: true });
  });
});
