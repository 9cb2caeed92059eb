import { describe, expect, it } from "vitest";
import { isAdminDenied } from "./admin.ts";

describe("isAdminDenied", () => {
  it("recognises the body of an admin page's 403", () => {
    expect(isAdminDenied({ adminDenied: true, message: "Accès refusé. Privilèges admin requis." })).toBe(true);
  });

  it("rejects any other loader data", () => {
    expect(isAdminDenied(null)).toBe(false);
    expect(isAdminDenied(undefined)).toBe(false);
    expect(isAdminDenied("adminDenied")).toBe(false);
    expect(isAdminDenied({})).toBe(false);
    expect(isAdminDenied({ adminDenied: false })).toBe(false);
    expect(isAdminDenied({ adminDenied: "true" })).toBe(false);
  });

  it("only counts an object, not a function carrying the flag", () => {
    expect(isAdminDenied(Object.assign(() => undefined, { adminDenied: true }))).toBe(false);
  });
});
