import type { TFunction } from "~/i18n/translator";
import { ACCOUNT_FALLBACK_MESSAGES, ACCOUNT_MESSAGES, parseTemplatedAccountMessage } from "~/domain/account";
import type { AccountIntent } from "./account-types";

// The account services answer in French (the spec's exact texts). The dialog
// shows them in the reader's language by recognising each known French text
// and looking up its key in locales/<lng>/account.json (messages.*); a text
// it does not know is shown as it came.

export function fallbackMessageFor(intent: AccountIntent): string {
  switch (intent) {
    case "login":
      return ACCOUNT_FALLBACK_MESSAGES.connectionFailed;
    case "forgot":
    case "resend":
      return ACCOUNT_FALLBACK_MESSAGES.forgotFailed;
    default:
      return ACCOUNT_FALLBACK_MESSAGES.signupFailed;
  }
}

type FixedMessageKey = {
  [Key in keyof typeof ACCOUNT_MESSAGES]: (typeof ACCOUNT_MESSAGES)[Key] extends string ? Key : never;
}[keyof typeof ACCOUNT_MESSAGES];

const keyByFrenchText = new Map<string, string>();
for (const [key, text] of Object.entries(ACCOUNT_MESSAGES)) {
  if (typeof text === "string") keyByFrenchText.set(text, key);
}
for (const [key, text] of Object.entries(ACCOUNT_FALLBACK_MESSAGES)) keyByFrenchText.set(text, key);

/** The account.json key of a known French message, or null. Exposed for the translation tests. */
export function accountMessageKey(message: string): {
  key: FixedMessageKey | keyof typeof ACCOUNT_FALLBACK_MESSAGES | "forgotSent" | "tooManyAttempts";
  values?: Record<string, string | number>;
} | null {
  const fixed = keyByFrenchText.get(message);
  if (fixed) return { key: fixed as FixedMessageKey };
  const templated = parseTemplatedAccountMessage(message);
  if (templated?.key === "forgotSent") return { key: "forgotSent", values: { email: templated.email } };
  if (templated?.key === "tooManyAttempts") return { key: "tooManyAttempts", values: { count: templated.minutes } };
  return null;
}

/** The message in the current language (French stays exactly the service's text). */
export function translateAccountMessage(t: TFunction, message: string): string {
  const known = accountMessageKey(message);
  if (!known) return message;
  return t(`messages.${known.key}`, { ns: "account", defaultValue: message, ...known.values });
}
