import type { RouterContextProvider } from "react-router";
import type { LegalPageKey, LegalTexts } from "~/lib/legal-texts";
import { type AppConfig, LEGAL_NOTICE_VARIABLES, type LegalNoticeField } from "~/config.server";
import { missingPart, resources } from "~/i18n/i18n.server";
import { fallbackLanguage } from "~/i18n/languages";
import type { Bundle } from "~/i18n/translator";
import { getLocale } from "~/middleware/i18next.server";

/** Keys of locales/xx/legal.json every legal page uses. */
const sharedKeys = ["updated", "onThisPage", "newTab", "contactLink"];

function pick(bundle: Bundle | undefined, keys: readonly string[]): Bundle {
  return Object.fromEntries(keys.filter((key) => bundle?.[key] !== undefined).map((key) => [key, bundle![key]]));
}

/**
 * The texts of one legal page, in the request's language (French where it
 * lacks some). They travel as the page's loader data, never as a
 * translation bundle: the `legal` namespace is long and server-only, and
 * each page gets its own part of it.
 */
export function legalTexts(context: Readonly<RouterContextProvider>, page: LegalPageKey): LegalTexts {
  const language = getLocale(context);
  const keys = [...sharedKeys, page];
  const bundle = pick(resources[language]?.legal as Bundle | undefined, keys);
  const fallback =
    language === fallbackLanguage
      ? null
      : missingPart(pick(resources[fallbackLanguage]?.legal as Bundle | undefined, keys), bundle);
  return { language, bundle, fallback };
}

/**
 * What the legal notice says of its publisher and host: the operator's
 * settings, or, where one is not set, a placeholder naming the setting to
 * fill (`unset` words it in the page's language).
 */
export function legalNoticeValues(
  legalNotice: AppConfig["legalNotice"],
  unset: (variable: string) => string,
): Record<LegalNoticeField, string> {
  const fields = Object.keys(LEGAL_NOTICE_VARIABLES) as LegalNoticeField[];
  return Object.fromEntries(
    fields.map((field) => [field, legalNotice[field] ?? unset(LEGAL_NOTICE_VARIABLES[field])]),
  ) as Record<LegalNoticeField, string>;
}
