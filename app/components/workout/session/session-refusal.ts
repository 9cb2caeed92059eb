import type { SessionSaveMessage } from "~/domain/workout/session-payload";
import type { TFunction } from "~/i18n/translator";

// Why the server refused a session, in the page's language: the save service
// and the API's code give a key of locales/<lng>/workout-session.json
// (saveRefused.*) with its values; the French texts there are the JSON API's
// own words. Translated when the summary renders, so a language switch
// before it shows still speaks the new language.

export function translateSessionRefusal(t: TFunction, refusal: SessionSaveMessage): string {
  return t(`saveRefused.${refusal.key}`, "values" in refusal ? refusal.values : undefined);
}
