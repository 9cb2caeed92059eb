// The language of the offline page, in the server's order (DECISIONS.md):
// ?lng= of the address asked for, then the language cookie (the worker reads
// it through the Cookie Store API where the browser has one), then the
// browser's languages, then French.
import { fallbackLanguage, type Language, languageSearchParam, toSupportedLanguage } from "../../i18n/languages.ts";

export function offlineLanguage({
  url,
  cookieLanguage,
  browserLanguages,
}: {
  url: URL;
  cookieLanguage: string | null;
  browserLanguages: readonly string[];
}): Language {
  const candidates = [url.searchParams.get(languageSearchParam), cookieLanguage, ...browserLanguages];
  for (const candidate of candidates) {
    const language = toSupportedLanguage(candidate);
    if (language) return language;
  }
  return fallbackLanguage;
}
