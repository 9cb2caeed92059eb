import { describe, expect, it } from "vitest";
import { MAIL_MAX_ATTEMPTS, nextRetryDelayMs } from "./mail-retry.ts";

describe("mail retry backoff", () => {
  it("waits longer after each failure", () => {
    expect(nextRetryDelayMs(1)).toBe(30_000);
    expect(nextRetryDelayMs(2)).toBe(120_000);
    expect(nextRetryDelayMs(5)).toBe(6 * 3_600_000);
  });
  it("gives up after the last attempt", () => {
    expect(MAIL_MAX_ATTEMPTS).toBe(6);
    expect(nextRetryDelayMs(6)).toBeNull();
  });
});
