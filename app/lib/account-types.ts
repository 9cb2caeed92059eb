import type { AccountMessage } from "~/domain/account";
import type { PublicUser } from "~/services/auth/session.server";

// Shapes shared by the account action (app/routes/compte.ts), the flash
// cookie that carries its answer back when JavaScript is off, and the dialog.

/** The dialog's views, named by the `?compte=` search parameter. */
export const accountViews = ["login", "create", "forgot", "history"] as const;
export type AccountView = (typeof accountViews)[number];

/** What a form of the dialog asks the account action to do (its hidden `intent`). */
export const accountIntents = ["login", "register", "forgot", "resend", "logout"] as const;
export type AccountIntent = (typeof accountIntents)[number];

/** The non-secret values a form sends, handed back so a failed form keeps them. Never a password. */
export interface AccountFormValues {
  identifier?: string;
  remember?: boolean;
  pseudo?: string;
  email?: string;
  privacy?: boolean;
  newsletter?: boolean;
}

/** The account action's answer. `message` is the service's message key and values; the dialog translates it. */
export interface AccountOutcome {
  intent: AccountIntent;
  ok: boolean;
  message: AccountMessage;
  /** EMAIL_NOT_VERIFIED, RATE_LIMITED, or the sign-up field the message is about. */
  code?: string;
  values?: AccountFormValues;
}

/** With `_js=1` a successful login also returns what the spec keeps in the browser's storage. */
export interface AccountActionData extends AccountOutcome {
  token?: string;
  user?: PublicUser;
}

/** Without JavaScript: the outcome travels to the next page in a short-lived signed cookie. */
export interface AccountFlash extends AccountOutcome {
  view: AccountView;
}

export type AccountUser = PublicUser;
