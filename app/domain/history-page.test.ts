import { describe, expect, it } from "vitest";
import {
  formatHistoryCursor,
  HISTORY_PAGE_MESSAGES,
  HISTORY_PAGE_SIZE,
  nextHistoryPageQuery,
  parseHistoryCursor,
  parseHistoryPageQuery,
  parseHistoryPageSize,
} from "./history-page.ts";

const entry = { createdAt: new Date("2026-03-01T10:00:00.123Z"), id: "0123456789abcdef01234567" };

describe("history cursor", () => {
  it("round-trips the last entry of a page, to the millisecond", () => {
    const text = formatHistoryCursor(entry);
    expect(text).toBe("1772359200123-0123456789abcdef01234567");
    expect(parseHistoryCursor(text)).toEqual(entry);
  });

  it.each([
    "",
    "1772359200123",
    "1772359200123-0123456789ABCDEF01234567",
    "-0123456789abcdef01234567",
    "9".repeat(16) + "-0123456789abcdef01234567",
  ])("refuses %j", (text) => {
    expect(parseHistoryCursor(text)).toBeNull();
  });
});

describe("history page size", () => {
  it("accepts 1 to HISTORY_PAGE_SIZE", () => {
    expect(HISTORY_PAGE_SIZE).toBe(100);
    expect(parseHistoryPageSize("1")).toBe(1);
    expect(parseHistoryPageSize("100")).toBe(100);
  });

  it.each(["0", "101", "-1", "1.5", "1e2", " 5", "", "abc"])("refuses %j", (text) => {
    expect(parseHistoryPageSize(text)).toBeNull();
  });
});

describe("history page query", () => {
  it("defaults to the newest full page", () => {
    expect(parseHistoryPageQuery(new URLSearchParams())).toEqual({ ok: true, page: { limit: HISTORY_PAGE_SIZE } });
  });

  it("reads a size and a cursor", () => {
    expect(parseHistoryPageQuery(new URLSearchParams({ limit: "20", before: formatHistoryCursor(entry) }))).toEqual({
      ok: true,
      page: { limit: 20, before: entry },
    });
  });

  it("says which parameter is wrong", () => {
    expect(parseHistoryPageQuery(new URLSearchParams({ limit: "500" }))).toEqual({
      ok: false,
      message: HISTORY_PAGE_MESSAGES.invalidLimit,
    });
    expect(parseHistoryPageQuery(new URLSearchParams({ before: "x" }))).toEqual({
      ok: false,
      message: HISTORY_PAGE_MESSAGES.invalidCursor,
    });
  });

  it("links a next page only after a full one", () => {
    expect(nextHistoryPageQuery([entry, entry], 2)).toBe(`limit=2&before=${formatHistoryCursor(entry)}`);
    expect(nextHistoryPageQuery([entry], 2)).toBeNull();
    expect(nextHistoryPageQuery([], 2)).toBeNull();
  });
});
