import { useTranslation } from "react-i18next";
import { data, Link, type ShouldRevalidateFunctionArgs, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/admin.newsletter";
import { AdminErrorBoundary } from "~/components/admin/access-denied";
import { AdminNotice } from "~/components/admin/admin-notice";
import { AdminShell } from "~/components/admin/admin-shell";
import type { NewsletterActionData, NewsletterField, NewsletterFormValues } from "~/components/admin/admin-types";
import styles from "~/components/admin/admin.module.css";
import { NewsletterCards } from "~/components/admin/newsletter-cards";
import { NewsletterForm } from "~/components/admin/newsletter-form";
import { RefusedAction } from "~/components/admin/refused-action";
import { getServices } from "~/context.server";
import {
  dateToWallTime,
  NEWSLETTER_ADMIN_MESSAGES,
  NEWSLETTER_FORM_BODY_LIMIT_BYTES,
  NEWSLETTER_LIMITS,
  type NewsletterAdminMessageKey,
} from "~/domain/newsletter";
import { newsletterKeySchema } from "~/domain/newsletter-schema";
import { readFormData } from "~/lib/http.server";
import { pageTitle } from "~/lib/page-title";
import { answeredOr, revalidateUnlessUnanswered } from "~/lib/unanswered-action";
import { getInstance } from "~/middleware/i18next.server";
import { adminActionRefused, checkAdminAction, requireAdminPage } from "~/services/auth/admin-access.server";
import { sanitizeNewsletterHtml } from "~/services/newsletter-html.server";
import {
  createNewsletter,
  getNewsletter,
  listNewsletters,
  type NewsletterView,
  updateNewsletter,
} from "~/services/newsletters.server";
import type { RootLoaderData } from "~/lib/root-loader-data";

// The newsletter screen: /admin/newsletter/new creates, /admin/newsletter/:id
// edits; below the form, the list of newsletters. Role checked in the loader
// and the action. An admin whose session ends while writing keeps the text.

export const handle = { i18n: ["common", "admin"], bodyLimitBytes: NEWSLETTER_FORM_BODY_LIMIT_BYTES };

const emptyValues: NewsletterFormValues = { title: "", subject: "", content: "", scheduledDate: "", status: "draft" };

function valuesOf(newsletter: NewsletterView): NewsletterFormValues {
  return {
    title: newsletter.title,
    subject: newsletter.subject,
    content: newsletter.content,
    scheduledDate: dateToWallTime(new Date(newsletter.scheduledDate)),
    status: newsletter.status === "draft" ? "draft" : "scheduled",
  };
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const t = getInstance(context).t;
  const mode = params.id ? ("edit" as const) : ("create" as const);
  const title = t(mode === "edit" ? "newsletter.form.editTitle" : "newsletter.form.createTitle", { ns: "admin" });
  if (adminActionRefused(context)) return { title, mode, refused: true as const };
  await requireAdminPage(context, request);
  const services = getServices(context);
  const editing = params.id ? await getNewsletter(services, params.id) : null;
  if (params.id && !editing) throw data(null, { status: 404 });
  return { title, mode, refused: false as const, editing, newsletters: await listNewsletters(services) };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.title) }, { name: "robots", content: "noindex" }];
}

/** What was sent, each value within its field's limit (it is echoed back). */
function submittedValues(form: FormData): NewsletterFormValues {
  const text = (name: NewsletterField, max: number) => String(form.get(name) ?? "").slice(0, max);
  return {
    title: text("title", NEWSLETTER_LIMITS.title),
    subject: text("subject", NEWSLETTER_LIMITS.subject),
    content: text("content", NEWSLETTER_LIMITS.content),
    scheduledDate: text("scheduledDate", 40),
    status: form.get("status") === "scheduled" ? "scheduled" : "draft",
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const access = await checkAdminAction(context, request);
  const form = await readFormData(request);
  const intent = form.get("intent") === "preview" ? "preview" : "save";
  const values = submittedValues(form);
  if (!access.ok) {
    return data<NewsletterActionData>(
      { intent, values, refused: true, notice: { scope: "newsletter", ok: false, messageKey: "sessionExpired" } },
      { status: access.status },
    );
  }
  if (intent === "preview") {
    return data<NewsletterActionData>({ intent, values, preview: sanitizeNewsletterHtml(values.content) });
  }

  const parsed = newsletterKeySchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const fieldErrors: NewsletterActionData["fieldErrors"] = {};
    for (const issue of parsed.error.issues) {
      const field = (issue.path[0] ?? "title") as NewsletterField;
      fieldErrors[field] ??=
        issue.message in NEWSLETTER_ADMIN_MESSAGES ? (issue.message as NewsletterAdminMessageKey) : "saveError";
    }
    return data<NewsletterActionData>(
      { intent, values, fieldErrors, notice: { scope: "newsletter", ok: false, messageKey: "saveError" } },
      { status: 400 },
    );
  }
  const services = getServices(context);
  const outcome = params.id
    ? await updateNewsletter(services, params.id, parsed.data)
    : await createNewsletter(services, parsed.data);
  if (!outcome.ok) {
    return data<NewsletterActionData>(
      {
        intent,
        values,
        fieldErrors: outcome.code === "contentRequired" ? { content: "contentRequired" } : undefined,
        notice: { scope: "newsletter", ok: false, messageKey: outcome.code },
      },
      { status: outcome.status },
    );
  }
  return data<NewsletterActionData>({
    intent,
    savedId: outcome.value._id,
    notice: { scope: "newsletter", ok: true, messageKey: params.id ? "updated" : "created" },
  });
}

/** With JavaScript: a request that never reaches the server gets 'Erreur lors de la sauvegarde'. */
export async function clientAction({ serverAction, request }: Route.ClientActionArgs): Promise<NewsletterActionData> {
  const form = await request.clone().formData();
  return answeredOr<NewsletterActionData>(serverAction, () => ({
    intent: form.get("intent") === "preview" ? "preview" : "save",
    values: submittedValues(form),
    notice: { scope: "newsletter", ok: false, messageKey: "saveError" },
  }));
}

export function shouldRevalidate({
  actionStatus,
  actionResult,
  formData,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  // The live preview changes nothing; a refused save must not send the writer away.
  if (formData?.get("intent") === "preview") return false;
  if (actionStatus === 401 || actionStatus === 403) return false;
  return revalidateUnlessUnanswered({ actionResult, defaultShouldRevalidate });
}

export default function NewsletterScreen({ loaderData, actionData, params }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const rootData = useRouteLoaderData<RootLoaderData>("root");
  const language = rootData?.language ?? "fr";
  const actionPath = params.id ? `/admin/newsletter/${params.id}` : "/admin/newsletter/new";
  const refused = loaderData.refused || actionData?.refused;
  const editing = loaderData.refused ? null : loaderData.editing;
  const heading = loaderData.mode === "edit" ? t("newsletter.form.editTitle") : t("newsletter.form.createTitle");
  // A saved new newsletter leaves an empty form for the next one.
  const keepTyped = actionData && !actionData.savedId ? actionData : undefined;
  const formKey = `${actionPath}|${actionData?.savedId ?? ""}|${editing?.updatedAt ?? ""}`;

  return (
    <AdminShell tab="newsletter">
      <div className={styles.panelHeader}>
        <h2>{heading}</h2>
        {loaderData.mode === "edit" ? (
          <Link to="/admin/newsletter/new" className="button button-secondary">
            {t("newsletter.form.backToNew")}
          </Link>
        ) : null}
      </div>
      {refused ? <RefusedAction /> : <AdminNotice notice={actionData?.intent === "save" ? actionData.notice : null} />}
      {editing?.locked ? (
        <p className="form-alert form-alert-info">
          {editing.sending ? t("newsletter.form.lockedSending") : t("newsletter.form.locked")}
        </p>
      ) : (
        <NewsletterForm
          key={formKey}
          actionPath={actionPath}
          mode={loaderData.mode}
          initialValues={editing ? valuesOf(editing) : emptyValues}
          initialPreview={editing?.content ?? ""}
          actionData={keepTyped}
        />
      )}
      {loaderData.refused ? null : (
        <section className={styles.form} aria-labelledby="newsletter-list-title">
          <h2 id="newsletter-list-title" className={styles.previewTitle}>
            {t("newsletter.listTitle")}
          </h2>
          <NewsletterCards
            newsletters={loaderData.newsletters}
            language={language}
            emptyText={t("newsletter.empty")}
            currentId={editing?._id}
          />
        </section>
      )}
    </AdminShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorBoundary error={error} />;
}
