import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./safe-redirect.ts";

describe("safeRedirectPath", () => {
  it("keeps paths on this site, with query and hash", () => {
    expect(safeRedirectPath("/outils?onglet=imc#outils")).toBe("/outils?onglet=imc#outils");
    expect(safeRedirectPath("/")).toBe("/");
  });

  it.each([
    "//evil.example",
    "https://evil.example",
    "/\\evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "\\\\evil.example",
    "/.//evil.example/",
    "/..//evil.example/",
    "/./\\evil.example/",
    "/a/..//evil.example",
    "/%2e//evil.example/",
    "evil",
    "",
  ])("refuses %j", (value) => {
    expect(safeRedirectPath(value)).toBe("/");
  });

  it("never returns a character that breaks a header", () => {
    expect(safeRedirectPath("/a\r\nSet-Cookie: x=1")).not.toMatch(/[\r\n]/);
  });

  it("refuses what is not a string", () => {
    expect(safeRedirectPath(42)).toBe("/");
    expect(safeRedirectPath(null, "/contact")).toBe("/contact");
  });
});
