import { data, redirect, type RouterContextProvider } from "react-router";
import type { Route } from "./+types/compte";
import { serverFailureMessageFor } from "~/components/account/account-messages";
import {
  type AccountActionData,
  type AccountFormValues,
  type AccountIntent,
  type AccountView,
  accountIntents,
} from "~/lib/account-types";
import { afterLoginHref, withAccountView, withoutAccountView } from "~/components/account/account-url";
import { getClientAddress } from "~/context.server";
import {
  accountMessage,
  EMAIL_MAX_LENGTH,
  EMAIL_NOT_VERIFIED_CODE,
  isChecked,
  PSEUDO_MAX_LENGTH,
} from "~/domain/account";
import { serializeAccountFlash } from "~/lib/account-flash.server";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { getLocale } from "~/middleware/i18next.server";
import { forgotPassword, register, resendVerification } from "~/services/auth/accounts.server";
import { signIn } from "~/services/auth/authenticator.server";
import { endSession, publicUser } from "~/services/auth/session.server";

// The one action behind every form of the account dialog (hidden `intent`).
// Without JavaScript it answers with a 303 back to the page the form was on:
// `?compte=<next view>`, and the outcome in a one-minute flash cookie. The
// dialog's scripts add `_js=1` and get the outcome as data instead.

interface Handled {
  answer: AccountActionData;
  status: number;
  /** The view the dialog shows next. */
  nextView: AccountView;
  setCookie?: string;
}

/** The view each form sits in: where its refusals are shown. */
const formView: Record<Exclude<AccountIntent, "logout">, AccountView> = {
  login: "login",
  register: "create",
  forgot: "forgot",
  resend: "login",
};

/** What the form shows again of a field: trimmed, and never longer than the field may be. */
const echo = (form: FormData, name: string, limit: number) => {
  const value = form.get(name);
  return typeof value === "string" ? value.trim().slice(0, limit) : "";
};

async function handle(
  intent: Exclude<AccountIntent, "logout">,
  form: FormData,
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<Handled> {
  const clientAddress = getClientAddress(context);
  switch (intent) {
    case "login": {
      const values: AccountFormValues = {
        identifier: echo(form, "identifier", EMAIL_MAX_LENGTH),
        remember: isChecked(form.get("remember")),
      };
      // The authenticator's form strategy reads the credentials from the request itself.
      const result = await signIn("form", request, context);
      if (!result.ok) {
        return {
          answer: { intent, ok: false, message: result.message, code: result.code, values },
          status: result.status,
          nextView: formView[intent],
        };
      }
      return {
        answer: {
          intent,
          ok: true,
          message: accountMessage("loginSuccess"),
          token: result.session.token,
          user: publicUser(result.user),
        },
        status: 200,
        nextView: "history",
        setCookie: result.session.setCookie,
      };
    }
    case "register": {
      const values: AccountFormValues = {
        pseudo: echo(form, "pseudo", PSEUDO_MAX_LENGTH),
        email: echo(form, "email", EMAIL_MAX_LENGTH),
        privacy: isChecked(form.get("privacy")),
        newsletter: isChecked(form.get("newsletter")),
      };
      const result = await register(
        context,
        {
          pseudo: form.get("pseudo"),
          email: form.get("email"),
          password: form.get("password"),
          confirmation: form.get("confirmation"),
          privacy: form.get("privacy"),
          newsletter: form.get("newsletter"),
        },
        { locale: getLocale(context), clientAddress },
      );
      if (!result.ok) {
        return {
          answer: { intent, ok: false, message: result.message, code: result.code, values },
          status: result.status,
          nextView: formView[intent],
        };
      }
      return { answer: { intent, ok: true, message: result.message }, status: 201, nextView: "create" };
    }
    case "forgot": {
      const values: AccountFormValues = { email: echo(form, "email", EMAIL_MAX_LENGTH) };
      const result = await forgotPassword(context, form.get("email"), { clientAddress });
      return result.ok
        ? { answer: { intent, ok: true, message: result.message }, status: 200, nextView: "forgot" }
        : {
            answer: { intent, ok: false, message: result.message, code: result.code, values },
            status: result.status,
            nextView: formView[intent],
          };
    }
    case "resend": {
      // The login form's identifier comes back with the answer, so the form keeps it.
      const values: AccountFormValues = { identifier: echo(form, "identifier", EMAIL_MAX_LENGTH) };
      const result = await resendVerification(context, form.get("email"), { clientAddress });
      return result.ok
        ? { answer: { intent, ok: true, message: result.message, values }, status: 200, nextView: "login" }
        : {
            // Still the unverified account's case: the dialog keeps its 'Renvoyer le lien' form.
            answer: { intent, ok: false, message: result.message, code: EMAIL_NOT_VERIFIED_CODE, values },
            status: result.status,
            nextView: formView[intent],
          };
    }
  }
}

function parseIntent(value: FormDataEntryValue | null): AccountIntent | null {
  return typeof value === "string" && (accountIntents as readonly string[]).includes(value)
    ? (value as AccountIntent)
    : null;
}

export async function action({ request, context }: Route.ActionArgs) {
  // A copy: the login strategy reads the body of the request itself.
  const form = await request
    .clone()
    .formData()
    .catch(() => new FormData());
  const wantsData = form.get("_js") === "1";
  const returnTo = withoutAccountView(safeRedirectPath(form.get("redirectTo")));
  const intent = parseIntent(form.get("intent"));

  if (!intent) {
    return wantsData
      ? data({ ok: false, message: accountMessage("signupFailed") }, { status: 400 })
      : redirect(withAccountView(returnTo, "login"), 303);
  }

  if (intent === "logout") {
    const headers = { "Set-Cookie": await endSession(context, request) };
    return wantsData ? data({ intent, ok: true }, { headers }) : redirect(returnTo, { status: 303, headers });
  }

  let handled: Handled;
  try {
    handled = await handle(intent, form, request, context);
  } catch (error) {
    // The dialog shows the spec's fallback rather than an error page.
    console.error(`Account action "${intent}" failed:`, error);
    handled = {
      answer: { intent, ok: false, message: serverFailureMessageFor(intent) },
      status: 500,
      nextView: formView[intent],
    };
  }

  const headers = new Headers();
  if (handled.setCookie) headers.append("Set-Cookie", handled.setCookie);
  if (wantsData) return data(handled.answer, { status: handled.status, headers });

  // The token stays out of the flash: without JavaScript the session cookie is all the browser needs.
  const { token: _token, user: _user, ...outcome } = handled.answer;
  headers.append("Set-Cookie", await serializeAccountFlash(context, { ...outcome, view: handled.nextView }));
  const next =
    intent === "login" && handled.answer.ok ? afterLoginHref(returnTo) : withAccountView(returnTo, handled.nextView);
  return redirect(next, { status: 303, headers });
}

/** Someone opening /compte directly gets the dialog on the home page. */
export function loader() {
  return redirect(withAccountView("/", "login"));
}
