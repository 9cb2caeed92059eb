import { useTranslation } from "react-i18next";
import { data, Form, Link, useNavigation, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/avis.nouveau";
import { withAccountView } from "~/components/account/account-url";
import { greetingName } from "~/domain/greeting-name";
import { reviewFormPath } from "~/components/community/community-paths";
import { type ReviewActionData, ReviewForm } from "~/components/community/review-form";
import styles from "~/components/community/review-page.module.css";
import { getServices } from "~/context.server";
import { REVIEW_LIMITS, validateReview } from "~/domain/reviews";
import { readFormData } from "~/lib/http.server";
import { pageTitle } from "~/lib/page-title";
import { answeredOr, revalidateUnlessUnanswered } from "~/lib/unanswered-action";
import { getInstance } from "~/middleware/i18next.server";
import { getCurrentUser } from "~/services/auth/session.server";
import { submitReview } from "~/services/reviews.server";
import type { RootLoaderData } from "~/lib/root-loader-data";

// The review form on a page of its own: where 'Laisser un avis' leads
// without JavaScript, and what the review dialog posts to with it.

export const handle = { i18n: ["common", "community"] };

export function loader({ context }: Route.LoaderArgs) {
  const { t } = getInstance(context);
  return {
    title: t("reviews.form.title", { ns: "community" }),
    description: t("reviews.form.intro", { ns: "community" }),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.title) }];
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormData(request);
  const rawRating = Number(form.get("rating"));
  const values = {
    rating: Number.isInteger(rawRating) && rawRating >= 1 && rawRating <= 5 ? rawRating : REVIEW_LIMITS.defaultRating,
    // Echoed back within the field's own limit.
    comment: String(form.get("comment") ?? "").slice(0, REVIEW_LIMITS.commentMax),
  };
  const current = await getCurrentUser(context, request);
  if (!current) {
    return data<ReviewActionData>({ status: "unauthorized", messageKey: "notSignedIn", values }, { status: 401 });
  }
  const checked = validateReview({ rating: form.get("rating"), comment: form.get("comment") });
  if (!checked.ok) {
    return data<ReviewActionData>({ status: "invalid", errors: checked.errors, values }, { status: 400 });
  }
  const outcome = await submitReview(getServices(context), current.user, checked.value);
  if (!outcome.ok) {
    return data<ReviewActionData>(
      { status: "rate-limited", messageKey: "tooManyRequests", values },
      { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
    );
  }
  return data<ReviewActionData>({ status: "sent", messageKey: "success" }, { status: 201 });
}

/**
 * With JavaScript, the spec's fallbacks: a server that fails says 'Erreur
 * lors de l'envoi', a request that never reaches it 'Erreur lors de l'envoi de l'avis'.
 */
export function clientAction({ serverAction }: Route.ClientActionArgs): Promise<ReviewActionData> {
  // fetch() rejects with a TypeError when the network fails; anything else came from the server.
  return answeredOr<ReviewActionData>(serverAction, (error) => ({
    status: "failed",
    messageKey: error instanceof TypeError ? "networkError" : "sendError",
  }));
}

/** After a review that never reached the server, the page and what was typed stay. */
export const shouldRevalidate = revalidateUnlessUnanswered;

export default function NewReviewPage({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("community");
  const rootData = useRouteLoaderData<RootLoaderData>("root");
  const navigation = useNavigation();
  const user = rootData?.user ?? null;
  const busy = navigation.state === "submitting" && navigation.formAction?.split("?")[0] === reviewFormPath;
  const sent = !busy && actionData?.status === "sent";

  return (
    <div className={styles.page}>
      <section className={`card ${styles.card}`} aria-labelledby="review-page-title">
        <h1 id="review-page-title" className={styles.title}>
          {t("reviews.form.title")}
        </h1>
        {sent ? (
          <>
            <output className="form-alert form-alert-success">{t("reviews.errors.success")}</output>
            <div className="button-row">
              <Link to="/#avis" className="button button-primary">
                {t("reviews.form.backHome")}
              </Link>
            </div>
          </>
        ) : user ? (
          <>
            <p className={styles.intro}>{t("reviews.form.intro")}</p>
            <ReviewForm FormComponent={Form} authorName={greetingName(user)} actionData={actionData} busy={busy} />
            <p>
              <Link to="/#avis">{t("reviews.form.backHome")}</Link>
            </p>
          </>
        ) : (
          <>
            <p role={actionData ? "alert" : undefined} className="form-alert form-alert-info">
              {t("reviews.form.signedOut")}
            </p>
            <div className="button-row">
              <Link to={withAccountView(reviewFormPath, "login")} className="button button-primary" preventScrollReset>
                {t("reviews.form.login")}
              </Link>
              <Link to="/#avis" className="button button-ghost">
                {t("reviews.form.backHome")}
              </Link>
            </div>
          </>
        )}
      </section>
    </div>
  );
}
