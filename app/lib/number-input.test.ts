import type { KeyboardEvent } from "react";
import { describe, expect, it } from "vitest";
import { blockNonNumericKeys } from "./number-input.ts";

function press(key: string, modifiers: Partial<Record<"ctrlKey" | "metaKey" | "altKey", boolean>> = {}) {
  let prevented = false;
  const event = {
    key,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    ...modifiers,
    preventDefault: () => {
      prevented = true;
    },
  } as unknown as KeyboardEvent<HTMLInputElement>;
  blockNonNumericKeys(event);
  return prevented;
}

describe("blockNonNumericKeys", () => {
  it("blocks the spec's keys: e, E, +, - and space", () => {
    for (const key of ["e", "E", "+", "-", " "]) expect(press(key), key).toBe(true);
  });

  it("lets digits, separators and editing keys through", () => {
    for (const key of ["7", "0", ",", ".", "Backspace", "Delete", "ArrowLeft", "Tab", "Enter"])
      expect(press(key), key).toBe(false);
  });

  it("leaves shortcuts alone (Ctrl+- zooms out)", () => {
    expect(press("-", { ctrlKey: true })).toBe(false);
    expect(press("e", { metaKey: true })).toBe(false);
  });
});
