import { useTranslation } from "react-i18next";
import { data, Link } from "react-router";
import type { Route } from "./+types/newsletter.confirmer";
import { AccountPageCard } from "~/components/account/account-page-card";
import { getServices } from "~/context.server";
import type { NewsletterSignupMessageKey } from "~/domain/newsletter";
import { pageTitle } from "~/lib/page-title";
import { getInstance } from "~/middleware/i18next.server";
import { confirmSubscription } from "~/services/newsletter-subscriptions.server";

// The link of the confirmation mail (double opt-in): the loader confirms,
// so the page arrives with its outcome, JavaScript or not.

export const handle = { i18n: ["common", "community"] };

const noStore = { "Cache-Control": "no-store" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const outcome = await confirmSubscription(getServices(context), new URL(request.url).searchParams.get("token"));
  const messageKey: NewsletterSignupMessageKey = outcome.ok
    ? "confirmed"
    : outcome.code === "noToken"
      ? "confirmNoToken"
      : "confirmFailed";
  const title = getInstance(context).t("newsletter.confirmTitle", { ns: "community" });
  return data({ title, ok: outcome.ok, messageKey }, { status: outcome.ok ? 200 : 400, headers: noStore });
}

export function headers() {
  return noStore;
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.title) }, { name: "robots", content: "noindex" }];
}

export default function ConfirmSubscriptionPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("community");
  return (
    <AccountPageCard tone={loaderData.ok ? "success" : "error"} title={t("newsletter.confirmTitle")}>
      <p role={loaderData.ok ? "status" : "alert"}>{t(`newsletter.messages.${loaderData.messageKey}`)}</p>
      <div className="button-row">
        <Link to="/" className="button button-primary">
          {t("newsletter.backHome")}
        </Link>
      </div>
    </AccountPageCard>
  );
}
