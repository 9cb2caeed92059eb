import type { TFunction } from "~/i18n/translator";
import type { AccountMessage } from "~/domain/account";
import type { AccountIntent } from "~/lib/account-types";

// The account services answer message keys with their values; the dialog and
// the account pages show them in the reader's language from
// locales/<lng>/account.json (messages.*), whose French texts are the spec's.
// Only the type comes from ~/domain/account: its French catalogue (for the
// JSON API) stays out of the pages that only translate keys.

/** When no answer came at all (the network is down). */
export function fallbackMessageFor(intent: AccountIntent): AccountMessage {
  switch (intent) {
    case "login":
      return { key: "connectionFailed" };
    case "forgot":
    case "resend":
      return { key: "forgotFailed" };
    default:
      return { key: "signupFailed" };
  }
}

/** When the server failed the request itself (the action's own answer, with or without JavaScript). */
export function serverFailureMessageFor(intent: AccountIntent): AccountMessage {
  return intent === "register" ? { key: "serverError" } : fallbackMessageFor(intent);
}

/**
 * When an answer came but not the action's JSON (a proxy's error page, a
 * crash), by the spec's error catalogue: the login and the sign-up name the
 * status ('Erreur serveur' for a sign-up's 500), the others their fallback.
 */
export function unreadableAnswerMessageFor(intent: AccountIntent, status: number): AccountMessage {
  switch (intent) {
    case "login":
      return { key: "loginHttpFailed", values: { status } };
    case "register":
      return status === 500 ? { key: "serverError" } : { key: "signupHttpFailed", values: { status } };
    default:
      return fallbackMessageFor(intent);
  }
}

/** The message in the current language. */
export function translateAccountMessage(t: TFunction, message: AccountMessage): string {
  return t(`messages.${message.key}`, { ns: "account", ...("values" in message ? message.values : {}) });
}
