import type { TFunction } from "~/i18n/translator";
import { CONTACT_MESSAGES, type ContactMessageKey, type ContactMessages } from "~/domain/contact";

/**
 * The contact messages in the current language (locales/xx/contact.json,
 * `errors`), French for any missing key. Used by the page action and the
 * browser's instant validation, so both show the same words.
 */
export function translatedContactMessages(t: TFunction): ContactMessages {
  const entries = (Object.keys(CONTACT_MESSAGES) as ContactMessageKey[]).map(
    (key) => [key, t(`errors.${key}`, { ns: "contact", defaultValue: CONTACT_MESSAGES[key] })] as const,
  );
  return Object.fromEntries(entries) as ContactMessages;
}
