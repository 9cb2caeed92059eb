import { describe, expect, it } from "vitest";
import { nextKeysetPageQuery, parseKeysetCursor } from "./keyset-page.ts";

const item = (ms: number, id: string) => ({ at: new Date(ms), id });

describe("nextKeysetPageQuery", () => {
  const page = [
    item(1_700_000_300_000, "aaaaaaaaaaaaaaaaaaaaaaa3"),
    item(1_700_000_200_000, "aaaaaaaaaaaaaaaaaaaaaaa2"),
    item(1_700_000_100_000, "aaaaaaaaaaaaaaaaaaaaaaa1"),
  ];

  it("continues a full page from its last item", () => {
    const query = nextKeysetPageQuery(page, 3);
    expect(query).toBe("limit=3&before=1700000100000-aaaaaaaaaaaaaaaaaaaaaaa1");
    expect(parseKeysetCursor(new URLSearchParams(query!).get("before")!)).toEqual(page[2]);
  });

  it("stops after a page that was not full", () => {
    expect(nextKeysetPageQuery(page, 4)).toBeNull();
    expect(nextKeysetPageQuery([], 1)).toBeNull();
  });
});
