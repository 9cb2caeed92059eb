import { describe, expect, it } from "vitest";
import { textList } from "./text-list";

describe("textList", () => {
  it("keeps the strings of a list, in order, and drops anything else", () => {
    expect(textList(["Un.", 2, "Deux.", null, { a: 1 }, "Trois."])).toEqual(["Un.", "Deux.", "Trois."]);
  });

  it("makes one paragraph of a single string (a key missing its list comes back as a string)", () => {
    expect(textList("Un seul paragraphe.")).toEqual(["Un seul paragraphe."]);
  });

  it("gives nothing for an empty string or another value", () => {
    expect(textList("")).toEqual([]);
    expect(textList(undefined)).toEqual([]);
    expect(textList(42)).toEqual([]);
    expect(textList({ 0: "a" })).toEqual([]);
  });
});
