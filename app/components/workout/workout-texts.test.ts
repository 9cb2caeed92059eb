import type { TFunction } from "i18next";
import { describe, expect, it, vi } from "vitest";
import { rememberingT } from "./workout-texts";

function fakeT() {
  return vi.fn((key: string, options?: Record<string, unknown>) =>
    options?.returnObjects ? [key] : `${key}${options ? JSON.stringify(options) : ""}`,
  );
}

describe("the workout page's t", () => {
  it("looks each text up once per language, key and values", () => {
    const t = fakeT();
    const fr = rememberingT(t as unknown as TFunction<"workout">, "fr-test");
    expect(fr("list.add")).toBe("list.add");
    expect(fr("list.add")).toBe("list.add");
    expect(fr("list.chosenCount", { count: 2 })).toBe('list.chosenCount{"count":2}');
    expect(fr("list.chosenCount", { count: 2 })).toBe('list.chosenCount{"count":2}');
    expect(fr("list.chosenCount", { count: 3 })).toBe('list.chosenCount{"count":3}');
    expect(t).toHaveBeenCalledTimes(3);
    // Another language has its own texts.
    const en = rememberingT(t as unknown as TFunction<"workout">, "en-test");
    en("list.add");
    expect(t).toHaveBeenCalledTimes(4);
  });

  it("leaves what it cannot share to t: objects, arrays of keys, other values", () => {
    const t = fakeT();
    const fr = rememberingT(t as unknown as TFunction<"workout">, "fr-other");
    expect(fr("steps.short", { returnObjects: true })).toEqual(["steps.short"]);
    fr("steps.short", { returnObjects: true });
    fr("x", { when: new Date(0) } as never);
    fr("x", { when: new Date(0) } as never);
    expect(t).toHaveBeenCalledTimes(4);
  });
});
