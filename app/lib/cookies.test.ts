import { describe, expect, it } from "vitest";
import { readCookie } from "./cookies.ts";

describe("readCookie", () => {
  it("finds one cookie among others and decodes it", () => {
    expect(readCookie("theme=dark; lng=en; x=a%20b", "lng")).toBe("en");
    expect(readCookie("theme=dark; lng=en; x=a%20b", "x")).toBe("a b");
    expect(readCookie("a=1=2", "a")).toBe("1=2");
  });
  it("answers null when absent or malformed", () => {
    expect(readCookie(null, "lng")).toBeNull();
    expect(readCookie("lang=en", "lng")).toBeNull();
    expect(readCookie("lng=%", "lng")).toBeNull();
  });
});
