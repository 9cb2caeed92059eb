// Shared by server and browser: which languages exist and how to pick one.
import { readCookie } from "../lib/cookies.ts";

export const supportedLanguages = ["fr", "en", "de", "es"] as const;
export type Language = (typeof supportedLanguages)[number];

/** French is both the default and the fallback for a missing key. */
export const fallbackLanguage: Language = "fr";
export const defaultNamespace = "common";

/** Cookie that remembers the language chosen with ?lng= (and local storage key 'language' in the browser). */
export const languageCookieName = "lng";
export const languageStorageKey = "language";
export const languageSearchParam = "lng";

export function isSupportedLanguage(value: unknown): value is Language {
  return typeof value === "string" && (supportedLanguages as readonly string[]).includes(value);
}

/** "en-GB" -> "en"; anything unknown -> null. */
export function toSupportedLanguage(value: string | null | undefined): Language | null {
  if (!value) return null;
  const base = value.trim().toLowerCase().split(/[-_]/)[0];
  return isSupportedLanguage(base) ? base : null;
}

/** Picks the best supported language from an Accept-Language header, honouring q-values. */
export function languageFromAcceptLanguage(header: string | null | undefined): Language | null {
  if (!header) return null;
  const ranked = header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const qParam = params.find((p) => p.trim().startsWith("q="));
      const quality = qParam ? Number(qParam.trim().slice(2)) : 1;
      return { tag, quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.tag && entry.quality > 0)
    .toSorted((a, b) => b.quality - a.quality || a.index - b.index);
  for (const entry of ranked) {
    const language = toSupportedLanguage(entry.tag);
    if (language) return language;
  }
  return null;
}

export interface DetectedLanguage {
  language: Language;
  /** True when ?lng= chose it: the choice is then remembered in a cookie. */
  fromSearchParam: boolean;
}

/** The spec's order on the server: ?lng=, then the cookie, then the browser's languages, then French. */
export function detectLanguage(request: Request): DetectedLanguage {
  const url = new URL(request.url);
  const fromQuery = toSupportedLanguage(url.searchParams.get(languageSearchParam));
  if (fromQuery) return { language: fromQuery, fromSearchParam: true };
  const fromCookie = toSupportedLanguage(readCookie(request.headers.get("Cookie"), languageCookieName));
  if (fromCookie) return { language: fromCookie, fromSearchParam: false };
  const fromHeader = languageFromAcceptLanguage(request.headers.get("Accept-Language"));
  return { language: fromHeader ?? fallbackLanguage, fromSearchParam: false };
}
