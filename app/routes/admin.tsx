import { useTranslation } from "react-i18next";
import { data, Link, type ShouldRevalidateFunctionArgs, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/admin";
import { AdminErrorBoundary } from "~/components/admin/access-denied";
import { AdminNotice } from "~/components/admin/admin-notice";
import { type AdminTab, AdminShell } from "~/components/admin/admin-shell";
import type { AdminActionData } from "~/components/admin/admin-types";
import styles from "~/components/admin/admin.module.css";
import { ConfirmDeletion } from "~/components/admin/confirm-deletion";
import { NewsletterCards, newsletterDeletionParam } from "~/components/admin/newsletter-cards";
import { RefusedAction } from "~/components/admin/refused-action";
import { reviewDeletionParam, ReviewModeration } from "~/components/admin/review-moderation";
import { getServices } from "~/context.server";
import { readFormData } from "~/lib/http.server";
import { pageTitle } from "~/lib/page-title";
import { answeredOr, revalidateUnlessUnanswered } from "~/lib/unanswered-action";
import { getInstance } from "~/middleware/i18next.server";
import { adminActionRefused, checkAdminAction, requireAdminPage } from "~/services/auth/admin-access.server";
import { deleteNewsletter, listNewsletters } from "~/services/newsletters.server";
import { approveReview, deleteReview, listReviewsForModeration } from "~/services/reviews.server";
import type { RootLoaderData } from "~/lib/root-loader-data";

// /admin: 'Gestion des avis' (default) and 'Rédaction de la newsletter'
// (?onglet=newsletter). The role is checked here, in the loader and in the
// action, never only in a parent.

export const handle = { i18n: ["common", "admin"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const title = getInstance(context).t("title", { ns: "admin" });
  // Without JavaScript a refused action renders this page in the same request: show why, load nothing.
  if (adminActionRefused(context)) return { title, refused: true as const };
  await requireAdminPage(context, request);
  const services = getServices(context);
  const search = new URL(request.url).searchParams;
  if (search.get("onglet") === "newsletter") {
    const newsletters = await listNewsletters(services);
    const toDelete = newsletters.find((each) => each._id === search.get(newsletterDeletionParam) && !each.locked);
    return { title, refused: false as const, tab: "newsletter" as const, newsletters, toDelete: toDelete ?? null };
  }
  const reviews = await listReviewsForModeration(services);
  const toDelete = reviews.find((each) => each._id === search.get(reviewDeletionParam));
  return { title, refused: false as const, tab: "avis" as const, reviews, toDelete: toDelete ?? null };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.title) }, { name: "robots", content: "noindex" }];
}

export async function action({ request, context }: Route.ActionArgs) {
  const access = await checkAdminAction(context, request);
  const form = await readFormData(request);
  const intent = form.get("intent");
  const id = String(form.get("id") ?? "");
  if (!access.ok) {
    return data<AdminActionData>(
      { refused: true, notice: { scope: "newsletter", ok: false, messageKey: "sessionExpired" } },
      { status: access.status },
    );
  }
  const services = getServices(context);
  if (intent === "approve-review") {
    const outcome = await approveReview(services, id);
    return data<AdminActionData>(
      { notice: { scope: "reviews", ok: outcome.ok, messageKey: outcome.ok ? "approved" : outcome.code } },
      { status: outcome.ok ? 200 : outcome.status },
    );
  }
  if (intent === "delete-review") {
    const outcome = await deleteReview(services, id);
    return data<AdminActionData>(
      { notice: { scope: "reviews", ok: outcome.ok, messageKey: outcome.ok ? "deleted" : outcome.code } },
      { status: outcome.ok ? 200 : outcome.status },
    );
  }
  if (intent === "delete-newsletter") {
    const outcome = await deleteNewsletter(services, id);
    return data<AdminActionData>(
      { notice: { scope: "newsletter", ok: outcome.ok, messageKey: outcome.ok ? "deleted" : outcome.code } },
      { status: outcome.ok ? 200 : outcome.status },
    );
  }
  return data<AdminActionData>({ notice: { scope: "reviews", ok: false, messageKey: "error" } }, { status: 400 });
}

/** With JavaScript: a request that never reaches the server gets the spec's error for what was tried. */
export async function clientAction({ serverAction, request }: Route.ClientActionArgs): Promise<AdminActionData> {
  const intent = (await request.clone().formData()).get("intent");
  return answeredOr<AdminActionData>(serverAction, () => {
    if (intent === "approve-review") return { notice: { scope: "reviews", ok: false, messageKey: "approveError" } };
    if (intent === "delete-review") return { notice: { scope: "reviews", ok: false, messageKey: "deleteError" } };
    return { notice: { scope: "newsletter", ok: false, messageKey: "deleteError" } };
  });
}

/** After a refused action the loader would send the visitor away: keep the page and its message instead. */
export function shouldRevalidate({
  actionStatus,
  actionResult,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (actionStatus === 401 || actionStatus === 403) return false;
  return revalidateUnlessUnanswered({ actionResult, defaultShouldRevalidate });
}

export default function AdminPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const rootData = useRouteLoaderData<RootLoaderData>("root");
  const language = rootData?.language ?? "fr";

  if (loaderData.refused || actionData?.refused) {
    const tab: AdminTab = loaderData.refused ? "avis" : loaderData.tab;
    return (
      <AdminShell tab={tab}>
        <RefusedAction />
      </AdminShell>
    );
  }

  if (loaderData.tab === "newsletter") {
    const { newsletters, toDelete } = loaderData;
    return (
      <AdminShell tab="newsletter">
        <div className={styles.panelHeader}>
          <div>
            <h2>{t("tabs.newsletter")}</h2>
            <p className={styles.panelIntro}>{t("newsletter.intro")}</p>
          </div>
          <Link to="/admin/newsletter/new" className="button button-accent">
            {t("newsletter.new")}
          </Link>
        </div>
        <AdminNotice notice={actionData?.notice} />
        {toDelete ? (
          <ConfirmDeletion
            title={t("newsletter.confirmTitle")}
            text={t("newsletter.confirmText", { title: toDelete.title })}
            confirmLabel={t("newsletter.confirm")}
            intent="delete-newsletter"
            id={toDelete._id}
            actionHref="/admin?onglet=newsletter"
            cancelHref="/admin?onglet=newsletter"
          />
        ) : null}
        <NewsletterCards newsletters={newsletters} language={language} emptyText={t("newsletter.emptyTab")} />
      </AdminShell>
    );
  }

  const { reviews, toDelete } = loaderData;
  return (
    <AdminShell tab="avis">
      <div className={styles.panelHeader}>
        <div>
          <h2>{t("tabs.reviews")}</h2>
          <p className={styles.panelIntro}>{t("reviews.intro")}</p>
        </div>
      </div>
      <AdminNotice notice={actionData?.notice} />
      {toDelete ? (
        <ConfirmDeletion
          title={t("reviews.confirmTitle")}
          text={t("reviews.confirmText", { name: toDelete.name })}
          confirmLabel={t("reviews.confirm")}
          intent="delete-review"
          id={toDelete._id}
          actionHref="/admin"
          cancelHref="/admin"
        />
      ) : null}
      <ReviewModeration reviews={reviews} language={language} />
    </AdminShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorBoundary error={error} />;
}
