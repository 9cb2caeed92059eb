import { describe, expect, it } from "vitest";
import { newObjectId, normalizeObjectId, objectIdTimestamp } from "./object-id.ts";

describe("newObjectId", () => {
  it("is 24 lowercase hex characters", () => {
    expect(newObjectId()).toMatch(/^[0-9a-f]{24}$/);
  });

  it("starts with the creation time in seconds", () => {
    const now = new Date("2030-05-06T07:08:09.999Z");
    const id = newObjectId(now);
    expect(id.slice(0, 8)).toBe(Math.floor(now.getTime() / 1000).toString(16));
    expect(objectIdTimestamp(id)).toEqual(new Date("2030-05-06T07:08:09.000Z"));
  });

  it("shares the process bytes and increments the counter", () => {
    const now = new Date();
    const first = newObjectId(now);
    const second = newObjectId(now);
    expect(second.slice(8, 18)).toBe(first.slice(8, 18));
    const firstCounter = Number.parseInt(first.slice(18), 16);
    const secondCounter = Number.parseInt(second.slice(18), 16);
    expect(secondCounter).toBe((firstCounter + 1) % 0x1000000);
  });

  it("never repeats over many calls", () => {
    const ids = new Set(Array.from({ length: 10_000 }, () => newObjectId()));
    expect(ids.size).toBe(10_000);
  });
});

describe("normalizeObjectId", () => {
  it("accepts 24-hex strings and lowercases them", () => {
    expect(normalizeObjectId("65A1B2C3D4E5F60718293A4B")).toBe("65a1b2c3d4e5f60718293a4b");
  });

  it.each([
    ["nope"],
    [""],
    ["65a1b2c3d4e5f60718293a4"],
    ["65a1b2c3d4e5f60718293a4bz"],
    ["zza1b2c3d4e5f60718293a4b"],
    [42],
    [null],
    [{ $gt: "" }],
  ])("rejects %j", (value) => {
    expect(normalizeObjectId(value)).toBeNull();
  });
});
