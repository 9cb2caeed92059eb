import type { TFunction } from "~/i18n/translator";
import { type AccountMessage, accountMessage } from "~/domain/account";
import type { AccountIntent } from "./account-types";

// The account services answer message keys with their values; the dialog and
// the account pages show them in the reader's language from
// locales/<lng>/account.json (messages.*), whose French texts are the spec's.

export function fallbackMessageFor(intent: AccountIntent): AccountMessage {
  switch (intent) {
    case "login":
      return accountMessage("connectionFailed");
    case "forgot":
    case "resend":
      return accountMessage("forgotFailed");
    default:
      return accountMessage("signupFailed");
  }
}

/** The message in the current language. */
export function translateAccountMessage(t: TFunction, message: AccountMessage): string {
  return t(`messages.${message.key}`, { ns: "account", ...("values" in message ? message.values : {}) });
}
