import { describe, expect, it } from "vitest";
import { parseTheme, themeFromClientHint } from "./theme.ts";

describe("theme preference", () => {
  it("accepts only light and dark", () => {
    expect(parseTheme("dark")).toBe("dark");
    expect(parseTheme("light")).toBe("light");
    expect(parseTheme("blue")).toBeNull();
    expect(parseTheme(undefined)).toBeNull();
  });
  it("reads the quoted client hint", () => {
    expect(themeFromClientHint('"dark"')).toBe("dark");
    expect(themeFromClientHint(null)).toBeNull();
  });
});
