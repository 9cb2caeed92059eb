import { describe, expect, it } from "vitest";
import { offlineAccountKey } from "./offline-account.server";

describe("the account key of the worker's caches", () => {
  it("is stable per account and secret, different for another account or another secret, and hides the id", () => {
    const secret = "a-secret-that-is-long-enough-0123456789";
    const id = "6650f0c2a1b2c3d4e5f60718";
    const key = offlineAccountKey(secret, id);
    expect(key).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(offlineAccountKey(secret, id)).toBe(key);
    expect(offlineAccountKey(secret, "6650f0c2a1b2c3d4e5f60719")).not.toBe(key);
    expect(offlineAccountKey(`${secret}!`, id)).not.toBe(key);
    expect(key).not.toContain(id.slice(0, 8));
    // Never the word the visitors' caches are named with.
    expect(key).not.toBe("anonymous");
  });
});
