import { describe, expect, it } from "vitest";
import { CONTACT_MESSAGE_RETENTION_DAYS, FINISHED_MAIL_RETENTION_DAYS, retentionCutoff } from "./retention.ts";

describe("retention", () => {
  it("keeps the periods promised in the privacy policy", () => {
    expect(CONTACT_MESSAGE_RETENTION_DAYS).toBe(365);
    expect(FINISHED_MAIL_RETENTION_DAYS).toBe(90);
  });

  it("puts the cutoff whole days before now", () => {
    const now = new Date("2025-06-15T12:34:56.789Z");
    expect(retentionCutoff(CONTACT_MESSAGE_RETENTION_DAYS, now)).toEqual(new Date("2024-06-15T12:34:56.789Z"));
    expect(retentionCutoff(FINISHED_MAIL_RETENTION_DAYS, now)).toEqual(new Date("2025-03-17T12:34:56.789Z"));
    expect(retentionCutoff(1, now)).toEqual(new Date("2025-06-14T12:34:56.789Z"));
    expect(retentionCutoff(0, now)).toEqual(now);
  });

  it("leaves now untouched", () => {
    const now = new Date("2025-01-01T00:00:00.000Z");
    retentionCutoff(90, now);
    expect(now.toISOString()).toBe("2025-01-01T00:00:00.000Z");
  });

  it("rejects a negative, fractional or non-finite period and an invalid now", () => {
    const now = new Date();
    for (const days of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => retentionCutoff(days, now)).toThrow(new RangeError("days must be a non-negative integer"));
    }
    expect(() => retentionCutoff(90, new Date(Number.NaN))).toThrow(new TypeError("now must be a valid Date"));
  });
});
