import { afterEach, describe, expect, it, vi } from "vitest";
import {
  consentCookie,
  consentFromCookieHeader,
  forgetPreferences,
  hasPreferenceConsent,
  parseConsentChoice,
  rememberPreference,
} from "./consent.ts";

function fakeBrowser(cookie: string) {
  const storage = new Map<string, string>();
  vi.stubGlobal("document", { cookie });
  vi.stubGlobal("localStorage", {
    setItem: (key: string, value: string) => storage.set(key, value),
    removeItem: (key: string) => storage.delete(key),
  });
  return storage;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("cookie consent", () => {
  it("knows only its two choices", () => {
    expect(parseConsentChoice("necessary")).toBe("necessary");
    expect(parseConsentChoice("preferences")).toBe("preferences");
    for (const value of ["all", "", null, undefined, 1, { $ne: "" }]) expect(parseConsentChoice(value)).toBeNull();
  });

  it("keeps the choice six months in a cookie the browser code can read", () => {
    const cookie = consentCookie("preferences", false);
    expect(cookie).toBe("cookie_consent=preferences; Path=/; Max-Age=15724800; SameSite=Lax");
    expect(cookie).not.toContain("HttpOnly");
    expect(consentCookie("necessary", true)).toMatch(/; Secure$/);
  });

  it("reads the choice from a Cookie header", () => {
    expect(consentFromCookieHeader("lng=fr; cookie_consent=necessary; theme=dark")).toBe("necessary");
    expect(consentFromCookieHeader("cookie_consent=everything")).toBeNull();
    expect(consentFromCookieHeader(null)).toBeNull();
  });

  it("is false on the server, before a choice and for 'necessary'", () => {
    expect(hasPreferenceConsent()).toBe(false);
    fakeBrowser("lng=fr");
    expect(hasPreferenceConsent()).toBe(false);
    fakeBrowser("cookie_consent=necessary");
    expect(hasPreferenceConsent()).toBe(false);
    fakeBrowser("theme=dark; cookie_consent=preferences");
    expect(hasPreferenceConsent()).toBe(true);
  });

  it("writes optional keys only with consent, and forgets them all on request", () => {
    let storage = fakeBrowser("cookie_consent=necessary");
    expect(rememberPreference("darkMode", "true")).toBe(false);
    expect(storage.size).toBe(0);

    storage = fakeBrowser("cookie_consent=preferences");
    expect(rememberPreference("darkMode", "true")).toBe(true);
    expect(rememberPreference("userPoids", "72")).toBe(true);
    storage.set("token", "kept: it is not a preference");
    forgetPreferences();
    expect([...storage.keys()]).toEqual(["token"]);
  });
});
