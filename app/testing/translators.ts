import type { Language } from "~/i18n/languages";
import { translationSetFor } from "~/i18n/i18n.server";
import { fixedT } from "~/i18n/translator";

/** The translator a component renders with on the server, over one namespace of a language. */
export function translatorFor(language: Language, namespace: string) {
  return fixedT(translationSetFor(language, [namespace]), namespace);
}
