import { data } from "react-router";
import type { Route } from "./+types/newsletter";
import { type NewsletterActionData, NewsletterSection } from "~/components/community/newsletter-section";
import { getClientAddress, getServices } from "~/context.server";
import { NEWSLETTER_EMAIL_MAX_LENGTH } from "~/domain/newsletter";
import { readFormData } from "~/lib/http.server";
import { pageTitle } from "~/lib/page-title";
import { answeredOr, revalidateUnlessUnanswered } from "~/lib/unanswered-action";
import { getInstance, getLocale } from "~/middleware/i18next.server";
import { subscribeToNewsletter } from "~/services/newsletter-subscriptions.server";

// Where the newsletter block's form posts. With JavaScript it answers the
// block in place; without it, this page shows the block with the outcome.

export const handle = { i18n: ["common", "community"] };

export function loader({ context }: Route.LoaderArgs) {
  const { t } = getInstance(context);
  return {
    title: t("newsletter.pageTitle", { ns: "community" }),
    description: t("newsletter.description", { ns: "community" }),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.title) }];
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormData(request);
  const typed = String(form.get("email") ?? "").slice(0, NEWSLETTER_EMAIL_MAX_LENGTH);
  const outcome = await subscribeToNewsletter(getServices(context), form.get("email"), {
    locale: getLocale(context),
    clientAddress: getClientAddress(context),
  });
  if (outcome.ok) return data<NewsletterActionData>({ status: "subscribed", messageKey: "success" });
  if (outcome.status === 429) {
    return data<NewsletterActionData>(
      { status: "rate-limited", messageKey: "tooManyRequests", email: typed },
      { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
    );
  }
  return data<NewsletterActionData>({ status: "invalid", messageKey: "emailInvalid", email: typed }, { status: 400 });
}

/** With JavaScript: a server that fails gets the generic error, a request that never reaches it the network one. */
export function clientAction({ serverAction }: Route.ClientActionArgs): Promise<NewsletterActionData> {
  // fetch() rejects with a TypeError when the network fails; anything else came from the server.
  return answeredOr<NewsletterActionData>(serverAction, (error) => ({
    status: "failed",
    messageKey: error instanceof TypeError ? "networkError" : "error",
  }));
}

/** After a subscription that never reached the server, the page and its message stay. */
export const shouldRevalidate = revalidateUnlessUnanswered;

export default function NewsletterPage({ actionData }: Route.ComponentProps) {
  return <NewsletterSection actionData={actionData} />;
}
