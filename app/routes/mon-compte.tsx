import { useTranslation } from "react-i18next";
import { data, Link, redirect, type RouterContextProvider } from "react-router";
import { MY_ACCOUNT_BODY_LIMIT_BYTES } from "~/domain/my-account";
import type { Route } from "./+types/mon-compte";
import type { AccountFlash } from "~/lib/account-types";
import { accountSearchParam, withAccountView } from "~/components/account/account-url";
import { MyAccountPage } from "~/components/my-account/my-account-page";
import type { SectionOutcome } from "~/components/my-account/my-account-types";
import { afterDeletion } from "~/components/my-account/delete-form";
import { afterLogoutEverywhere } from "~/components/my-account/sessions-card";
import pageStyles from "~/components/account/account-page.module.css";
import { getClientAddress } from "~/context.server";
import { accountMessage, EMAIL_MAX_LENGTH } from "~/domain/account";
import { serializeAccountFlash } from "~/lib/account-flash.server";
import { readFormData } from "~/lib/http.server";
import { type MyAccountSection, readMyAccountFlash, serializeMyAccountFlash } from "~/lib/my-account-flash.server";
import { myAccountT, translateMyAccountMessage } from "~/lib/my-account-http.server";
import { pageTitle } from "~/lib/page-title";
import { clearedSessionCookie, getCurrentUser } from "~/services/auth/session.server";
import {
  accountOverview,
  cancelEmailChange,
  changePassword,
  deleteAccount,
  type Done,
  logOutEverywhere,
  type Refused,
  requestEmailChange,
  setNewsletterSubscription,
} from "~/services/my-account.server";

// /mon-compte: the signed-in user's own page. Every form posts here and
// works without JavaScript (a refusal renders the page with it, a success
// redirects back with a one-view flash); with JavaScript the same forms
// call their /api/me twins in place. A visitor gets the login view over
// the page and comes back to it once logged in.

export const handle = { i18n: ["my-account", "account"], bodyLimitBytes: MY_ACCOUNT_BODY_LIMIT_BYTES };

/** Personal data: never in a shared cache. */
const noStore = { "Cache-Control": "no-store" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const t = myAccountT(context);
  const title = t("title", { ns: "my-account" });
  const current = await getCurrentUser(context, request);
  if (!current) {
    if (!new URL(request.url).searchParams.has(accountSearchParam)) {
      throw redirect(withAccountView("/mon-compte", "login"), { headers: noStore });
    }
    return data({ title, account: null, flash: null }, { headers: noStore });
  }
  const [account, { flash, clearCookie }] = await Promise.all([
    accountOverview(context, current),
    readMyAccountFlash(context, request),
  ]);
  const outcome: SectionOutcome | null = flash
    ? { section: flash.section, ok: flash.ok, message: translateMyAccountMessage(t, flash.message) }
    : null;
  const answerHeaders = new Headers(noStore);
  if (clearCookie) answerHeaders.append("Set-Cookie", clearCookie);
  return data({ title, account, flash: outcome }, { headers: answerHeaders });
}

export function headers() {
  return noStore;
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.title) }, { name: "robots", content: "noindex" }];
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : undefined;
};

async function succeeded(
  context: Readonly<RouterContextProvider>,
  section: MyAccountSection,
  outcome: Done,
): Promise<Response> {
  const cookie = await serializeMyAccountFlash(context, { section, ok: true, message: outcome.message });
  return redirect(`/mon-compte#${section}`, { status: 303, headers: { "Set-Cookie": cookie, ...noStore } });
}

function refusedAnswer(
  context: Readonly<RouterContextProvider>,
  section: MyAccountSection,
  outcome: Refused,
  values?: SectionOutcome["values"],
) {
  const answer: SectionOutcome = {
    section,
    ok: false,
    message: translateMyAccountMessage(myAccountT(context), outcome.message),
    ...(outcome.field ? { field: outcome.field } : {}),
    ...(values ? { values } : {}),
  };
  const answerHeaders = new Headers(noStore);
  if (outcome.retryAfterSeconds) answerHeaders.set("Retry-After", String(outcome.retryAfterSeconds));
  return data(answer, { status: outcome.status, headers: answerHeaders });
}

export async function action({ request, context }: Route.ActionArgs) {
  const current = await getCurrentUser(context, request);
  if (!current) return redirect(withAccountView("/mon-compte", "login"), 303);
  const form = await readFormData(request);

  switch (text(form, "intent")) {
    case "password": {
      const outcome = await changePassword(context, current, {
        currentPassword: text(form, "currentPassword"),
        newPassword: text(form, "newPassword"),
        confirmation: text(form, "confirmation") ?? "",
      });
      return outcome.ok ? succeeded(context, "password", outcome) : refusedAnswer(context, "password", outcome);
    }
    case "email": {
      const outcome = await requestEmailChange(
        context,
        current,
        { email: text(form, "email"), password: text(form, "password") },
        { clientAddress: getClientAddress(context) },
      );
      if (outcome.ok) return succeeded(context, "email", outcome);
      return refusedAnswer(context, "email", outcome, {
        email: (text(form, "email") ?? "").trim().slice(0, EMAIL_MAX_LENGTH),
      });
    }
    case "email-cancel":
      return succeeded(context, "email", await cancelEmailChange(context, current));
    case "newsletter":
      return succeeded(
        context,
        "newsletter",
        await setNewsletterSubscription(context, current, text(form, "subscribed") === "true"),
      );
    case "logout-all": {
      await logOutEverywhere(context, current);
      const flash: AccountFlash = {
        view: "login",
        intent: "logout",
        ok: true,
        message: accountMessage("loggedOutEverywhere"),
      };
      const answerHeaders = new Headers(noStore);
      answerHeaders.append("Set-Cookie", await clearedSessionCookie(context));
      answerHeaders.append("Set-Cookie", await serializeAccountFlash(context, flash));
      return redirect(afterLogoutEverywhere, { status: 303, headers: answerHeaders });
    }
    case "delete": {
      const outcome = await deleteAccount(
        context,
        current,
        { password: text(form, "password"), confirm: text(form, "confirm") },
        { confirmationAsked: true },
      );
      if (!outcome.ok) return refusedAnswer(context, "delete", outcome);
      // The page's main content: the form's #delete would otherwise follow the redirect.
      return redirect(`${afterDeletion}#contenu`, {
        status: 303,
        headers: { "Set-Cookie": await clearedSessionCookie(context), ...noStore },
      });
    }
    default:
      return data(
        {
          section: "password",
          ok: false,
          message: myAccountT(context)("messages.invalidRequest", { ns: "my-account" }),
        } satisfies SectionOutcome,
        { status: 400 },
      );
  }
}

export default function MyAccountRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("my-account");
  const { account, flash } = loaderData;
  if (!account) {
    return (
      <div className={pageStyles.page}>
        <section className={pageStyles.card} aria-labelledby="my-account-title">
          <h1 id="my-account-title" className={pageStyles.title}>
            {t("title")}
          </h1>
          <p className={pageStyles.text}>{t("signedOut.text")}</p>
          <div className="button-row">
            <Link to={withAccountView("/mon-compte", "login")} className="button button-primary" preventScrollReset>
              {t("signedOut.login")}
            </Link>
          </div>
        </section>
      </div>
    );
  }
  return <MyAccountPage account={account} outcome={(actionData as SectionOutcome | undefined) ?? flash} />;
}
