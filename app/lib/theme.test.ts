import { describe, expect, it } from "vitest";
import { parseTheme, safeRedirectPath, themeFromClientHint } from "./theme.ts";

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
  it("keeps redirects on this site", () => {
    expect(safeRedirectPath("/outils?x=1")).toBe("/outils?x=1");
    expect(safeRedirectPath("//evil.example")).toBe("/");
    expect(safeRedirectPath("https://evil.example")).toBe("/");
    expect(safeRedirectPath("/\\evil.example")).toBe("/");
    expect(safeRedirectPath(42)).toBe("/");
  });
});
