// Cookie consent, shared by the server (the cookie, the form action) and the
// browser (hasPreferenceConsent before writing an optional local-storage key).
//
// Two choices only, because the app has nothing else: "necessary" (session,
// language and theme cookies, always on) or "preferences" (also remember the
// theme, the language and the last measures in local storage). No analytics,
// no ads. No choice yet counts as "necessary": privacy by default.

import { languageStorageKey } from "~/i18n/languages";
import { readCookie } from "./cookies";
import { themeStorageKey } from "./theme";

export const consentCookieName = "cookie_consent";
export const consentChoices = ["necessary", "preferences"] as const;
export type ConsentChoice = (typeof consentChoices)[number];

/** Six months: long enough not to nag, short enough to ask again twice a year. */
export const consentMaxAgeSeconds = 60 * 60 * 24 * 182;

/** The search parameter that opens the full consent panel on any page (works without JavaScript). */
export const consentPanelParam = "consentement";
export const consentPanelValue = "ouvert";

/** Local-storage keys written only with the "preferences" choice. */
export const optionalStorageKeys = [themeStorageKey, languageStorageKey, "userPoids", "userTaille"] as const;
export type OptionalStorageKey = (typeof optionalStorageKeys)[number];

export function parseConsentChoice(value: unknown): ConsentChoice | null {
  return typeof value === "string" && (consentChoices as readonly string[]).includes(value)
    ? (value as ConsentChoice)
    : null;
}

/**
 * Not HttpOnly on purpose: the browser code reads it (hasPreferenceConsent)
 * before touching local storage. It holds no secret.
 */
export function consentCookie(choice: ConsentChoice, secure: boolean): string {
  return `${consentCookieName}=${choice}; Path=/; Max-Age=${consentMaxAgeSeconds}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** The choice found in a Cookie header (or document.cookie). */
export function consentFromCookieHeader(cookieHeader: string | null | undefined): ConsentChoice | null {
  return parseConsentChoice(readCookie(cookieHeader, consentCookieName));
}

/**
 * Browser only: true when the visitor accepted the "preferences" choice.
 * On the server, or with cookies unreadable, false: optional storage stays off.
 */
export function hasPreferenceConsent(): boolean {
  if (typeof document === "undefined") return false;
  try {
    return consentFromCookieHeader(document.cookie) === "preferences";
  } catch {
    return false;
  }
}

/** Writes an optional local-storage key only with consent; returns whether it was written. */
export function rememberPreference(key: OptionalStorageKey, value: string): boolean {
  if (!hasPreferenceConsent()) return false;
  try {
    localStorage.setItem(key, value);
    return true;
  } catch {
    // Storage can be disabled (private mode): the cookies still work.
    return false;
  }
}

/** Removes every optional key: called once the visitor chose "necessary" only. */
export function forgetPreferences(): void {
  try {
    for (const key of optionalStorageKeys) localStorage.removeItem(key);
  } catch {
    // Nothing stored, nothing to remove.
  }
}
