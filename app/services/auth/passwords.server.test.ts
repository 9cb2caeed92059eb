import { describe, expect, it } from "vitest";
import {
  HashingBusyError,
  HashingQueue,
  hashPassword,
  verifyAgainstDummy,
  verifyPassword,
} from "./passwords.server.ts";
import { hashToken, newToken } from "./tokens.server.ts";

describe("passwords", () => {
  it("verifies the right password and rejects another", async () => {
    const stored = await hashPassword("motdepasse123");
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(await verifyPassword("motdepasse123", stored)).toBe(true);
    expect(await verifyPassword("motdepasse124", stored)).toBe(false);
  });

  it("salts every hash", async () => {
    expect(await hashPassword("same")).not.toBe(await hashPassword("same"));
  });

  it("rejects a malformed stored hash and always fails the dummy check", async () => {
    expect(await verifyPassword("x", "plain")).toBe(false);
    expect(await verifyAgainstDummy("dummy-password-for-timing")).toBe(false);
  });
});

describe("tokens", () => {
  it("are random and hashed to hex", () => {
    const token = newToken();
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(newToken()).not.toBe(token);
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(token)).toBe(hashToken(token));
  });
});

describe("the hashing queue", () => {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it("runs at most `concurrency` hashes at once, first come first served", async () => {
    const queue = new HashingQueue({ concurrency: 2, maxWaitMs: 5_000, maxQueued: 10 });
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    const work = (id: number) => async () => {
      started.push(id);
      running += 1;
      peak = Math.max(peak, running);
      await sleep(20);
      running -= 1;
      return id;
    };
    expect(await Promise.all([1, 2, 3, 4, 5].map((id) => queue.run(work(id))))).toEqual([1, 2, 3, 4, 5]);
    expect(peak).toBe(2);
    expect(started).toEqual([1, 2, 3, 4, 5]);
  });

  it("refuses a hash that cannot start within the time limit, and one past a full line", async () => {
    const queue = new HashingQueue({ concurrency: 1, maxWaitMs: 50, maxQueued: 1 });
    const long = queue.run(() => sleep(200));
    const waiting = queue.run(async () => "late");
    await expect(queue.run(async () => "no room")).rejects.toBeInstanceOf(HashingBusyError);
    await expect(waiting).rejects.toBeInstanceOf(HashingBusyError);
    expect(queue.queued).toBe(0);
    await long;
    expect(await queue.run(async () => "free again")).toBe("free again");
  });

  it("refuses at once a waiter whose deadline comes before its turn, and one that could not be served in time", async () => {
    const queue = new HashingQueue({ concurrency: 1, maxWaitMs: 5_000, maxQueued: 10 }, 100);
    const long = queue.run(() => sleep(150));
    // A deadline already past: refused without waiting.
    const started = Date.now();
    await expect(queue.run(async () => "late", { deadline: Date.now() - 1 })).rejects.toBeInstanceOf(HashingBusyError);
    // Expected wait (one hash of about 100 ms ahead) beyond a 50 ms deadline: refused at once too.
    await expect(queue.run(async () => "too far", { deadline: Date.now() + 50 })).rejects.toBeInstanceOf(
      HashingBusyError,
    );
    expect(Date.now() - started).toBeLessThan(40);
    // Within its deadline it waits for its turn.
    expect(await queue.run(async () => "served", { deadline: Date.now() + 1_000 })).toBe("served");
    await long;
  });

  it("learns how long a hash takes: a waiter that a long line would keep past its deadline is refused at once", async () => {
    const queue = new HashingQueue({ concurrency: 1, maxWaitMs: 5_000, maxQueued: 100 }, 10);
    // A few slow runs teach it that a hash takes about 100 ms (at least).
    for (let i = 0; i < 12; i++) await queue.run(() => sleep(100));
    const ahead = [queue.run(() => sleep(100)), queue.run(() => sleep(100)), queue.run(() => sleep(100))];
    expect(queue.expectedWaitMs()).toBeGreaterThanOrEqual(270);
    const started = Date.now();
    await expect(queue.run(async () => "hurried", { deadline: Date.now() + 150 })).rejects.toBeInstanceOf(
      HashingBusyError,
    );
    expect(Date.now() - started).toBeLessThan(40);
    expect(await queue.run(async () => "patient", { deadline: Date.now() + 5_000 })).toBe("patient");
    await Promise.all(ahead);
  });

  it("frees the slot when a hash fails", async () => {
    const queue = new HashingQueue({ concurrency: 1, maxWaitMs: 1_000, maxQueued: 5 });
    await expect(queue.run(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await queue.run(async () => "next")).toBe("next");
  });

  it("says when to come back", () => {
    expect(new HashingBusyError().retryAfterSeconds).toBeGreaterThan(0);
  });
});
