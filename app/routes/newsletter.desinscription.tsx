import { useTranslation } from "react-i18next";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/newsletter.desinscription";
import { AccountPageCard } from "~/components/account/account-page-card";
import { getServices } from "~/context.server";
import type { NewsletterSignupMessageKey } from "~/domain/newsletter";
import { readFormData } from "~/lib/http.server";
import { pageTitle } from "~/lib/page-title";
import { getInstance } from "~/middleware/i18next.server";
import { unsubscribeWithToken } from "~/services/newsletter-subscriptions.server";

// The unsubscribe link of every newsletter. Opening it changes nothing
// (mail scanners open links too): one button ends the subscription, no
// account needed. Mail clients use the List-Unsubscribe header instead
// (POST /api/newsletter/unsubscribe).

export const handle = { i18n: ["common", "community"] };

const noStore = { "Cache-Control": "no-store" };

export function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token")?.trim() ?? "";
  const title = getInstance(context).t("newsletter.unsubscribeTitle", { ns: "community" });
  return data({ title, token: token.slice(0, 128) }, { headers: noStore });
}

export function headers() {
  return noStore;
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.title) }, { name: "robots", content: "noindex" }];
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormData(request);
  const outcome = await unsubscribeWithToken(getServices(context), form.get("token"));
  const messageKey: NewsletterSignupMessageKey = outcome.ok
    ? "unsubscribed"
    : outcome.code === "noToken"
      ? "unsubscribeNoToken"
      : "unsubscribeUnknown";
  return data({ ok: outcome.ok, messageKey }, { status: outcome.ok ? 200 : 400 });
}

export default function UnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("community");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  if (actionData) {
    return (
      <AccountPageCard tone={actionData.ok ? "success" : "error"} title={t("newsletter.unsubscribeTitle")}>
        <p role={actionData.ok ? "status" : "alert"}>{t(`newsletter.messages.${actionData.messageKey}`)}</p>
        <div className="button-row">
          <Link to="/" className="button button-primary">
            {t("newsletter.backHome")}
          </Link>
        </div>
      </AccountPageCard>
    );
  }
  if (!loaderData.token) {
    return (
      <AccountPageCard tone="error" title={t("newsletter.unsubscribeTitle")}>
        <p role="alert">{t("newsletter.messages.unsubscribeNoToken")}</p>
        <div className="button-row">
          <Link to="/" className="button button-primary">
            {t("newsletter.backHome")}
          </Link>
        </div>
      </AccountPageCard>
    );
  }
  return (
    <AccountPageCard tone="neutral" title={t("newsletter.unsubscribeTitle")}>
      <p>{t("newsletter.unsubscribeQuestion")}</p>
      <Form method="post" className="button-row">
        <input type="hidden" name="token" value={loaderData.token} />
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? <span className="spinner" aria-hidden="true" /> : null}
          {busy ? t("newsletter.unsubscribing") : t("newsletter.unsubscribeButton")}
        </button>
        <Link to="/" className="button button-ghost">
          {t("newsletter.backHome")}
        </Link>
      </Form>
    </AccountPageCard>
  );
}
