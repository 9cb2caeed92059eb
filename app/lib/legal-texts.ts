import { useMemo } from "react";
import { fallbackLanguage } from "~/i18n/languages";
import { type Bundle, fixedT, type TFunction } from "~/i18n/translator";

export type LegalPageKey = "mentions" | "cookies" | "privacy";

/** One legal page's texts, as its loader sends them (app/services/legal-texts.server.ts). */
export interface LegalTexts {
  language: string;
  bundle: Bundle;
  fallback: Bundle | null;
}

/** A `t` over a legal page's texts, read with the keys of locales/xx/legal.json. */
export function useLegalT(texts: LegalTexts): TFunction {
  return useMemo(
    () =>
      fixedT(
        {
          language: texts.language,
          bundles: { legal: texts.bundle },
          fallbackLanguage,
          fallbackBundles: texts.fallback ? { legal: texts.fallback } : {},
        },
        "legal",
      ),
    [texts],
  );
}
