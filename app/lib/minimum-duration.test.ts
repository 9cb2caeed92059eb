import { afterEach, describe, expect, it, vi } from "vitest";
import { withMinimumDuration } from "./minimum-duration";

describe("withMinimumDuration", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("waits out the minimum time before giving the answer", async () => {
    vi.useFakeTimers();
    let settled = false;
    const promise = withMinimumDuration(6000, async () => "answer", "fallback").then((value) => {
      settled = true;
      return value;
    });
    await vi.advanceTimersByTimeAsync(5999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(promise).resolves.toBe("answer");
  });

  it("gives the fallback, after the minimum time, when the run fails", async () => {
    vi.useFakeTimers();
    const promise = withMinimumDuration(100, () => Promise.reject(new Error("offline")), "fallback");
    await vi.advanceTimersByTimeAsync(100);
    await expect(promise).resolves.toBe("fallback");
  });

  it("adds no wait when the run already took long enough", async () => {
    await expect(withMinimumDuration(0, async () => 1, 0)).resolves.toBe(1);
  });
});
