import { useEffect, useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, useFetcher, useNavigation } from "react-router";
import { NEWSLETTER_ADMIN_MESSAGES, NEWSLETTER_LIMITS } from "~/domain/newsletter";
import { arrivedModule, loadOnDemand } from "~/lib/load-on-demand";
import { translatedMessages } from "~/lib/translated-messages";
import { useHydrated } from "~/lib/use-hydrated";
import type { NewsletterActionData, NewsletterField, NewsletterFormValues } from "./admin-types";
import styles from "./admin.module.css";

const PREVIEW_DELAY_MS = 400;

/**
 * The newsletter screen's form: title, subject, HTML content with its
 * preview, date and time, status (draft or scheduled); all required. The
 * preview is the content as it will be sent, sanitized by the server: live
 * with JavaScript (a fetcher, shortly after each change), on request
 * without ('Actualiser l'aperçu' posts the form and keeps what was typed).
 */
/**
 * The form's rules (zod, about 25 KB compressed) load on demand: as the
 * pointer or the focus reaches the form, so the screen opens without them
 * and they are there by the first save.
 */
const loadNewsletterSchema = loadOnDemand(() => import("~/domain/newsletter-schema"));
const startLoadingSchema = () => void loadNewsletterSchema();

export function NewsletterForm({
  actionPath,
  mode,
  initialValues,
  initialPreview,
  actionData,
}: {
  actionPath: string;
  mode: "create" | "edit";
  initialValues: NewsletterFormValues;
  initialPreview: string;
  actionData: NewsletterActionData | undefined;
}) {
  const { t } = useTranslation("admin");
  const id = useId();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const saving =
    navigation.state === "submitting" &&
    navigation.formAction?.split("?")[0] === actionPath &&
    navigation.formData?.get("intent") === "save";
  const messages = useMemo(() => translatedMessages(t, "admin", "newsletter.messages", NEWSLETTER_ADMIN_MESSAGES), [t]);
  // Uncontrolled fields: what is typed before the page is hydrated is kept, and
  // so is everything typed when a save is refused (the form is not re-mounted).
  const initial = actionData?.values ?? initialValues;
  const [content, setContent] = useState(initial.content);
  const sendUnchecked = useRef(false);
  const [clientErrors, setClientErrors] = useState<Partial<Record<NewsletterField, string>> | null>(null);

  const preview = useFetcher<NewsletterActionData>({ key: `newsletter-preview-${actionPath}` });
  const { submit } = preview;
  useEffect(() => {
    if (!hydrated) return;
    const timer = window.setTimeout(
      () => void submit({ intent: "preview", content }, { method: "post", action: actionPath }),
      PREVIEW_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [content, hydrated, submit, actionPath]);
  const previewHtml =
    preview.data?.preview ?? (actionData?.intent === "preview" ? actionData.preview : null) ?? initialPreview;

  const serverErrors = Object.fromEntries(
    Object.entries(actionData?.fieldErrors ?? {}).map(([field, key]) => [field, messages[key]]),
  ) as Partial<Record<NewsletterField, string>>;
  const errors = clientErrors ?? serverErrors;

  function edited(field: NewsletterField) {
    if (clientErrors?.[field]) setClientErrors({ ...clientErrors, [field]: undefined });
  }

  function checkBeforeSaving(event: React.FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (submitter?.value === "preview") return;
    if (sendUnchecked.current) {
      sendUnchecked.current = false;
      return;
    }
    const loading = loadNewsletterSchema();
    const rules = arrivedModule(loading);
    if (!rules) {
      // The rules are still on their way (they start loading as the form is
      // approached): check once they are here, then send the same button again.
      event.preventDefault();
      const form = event.currentTarget;
      void loading.then(
        () => form.requestSubmit(submitter),
        () => {
          // No rules (network down): the server checks the same ones.
          sendUnchecked.current = true;
          form.requestSubmit(submitter);
        },
      );
      return;
    }
    const schema = rules.createNewsletterSchema(messages);
    const result = schema.safeParse(Object.fromEntries(new FormData(event.currentTarget)));
    if (result.success) {
      setClientErrors(null);
      return;
    }
    event.preventDefault();
    const found: Partial<Record<NewsletterField, string>> = {};
    for (const issue of result.error.issues) {
      const field = issue.path[0] as NewsletterField;
      found[field] ??= issue.message;
    }
    setClientErrors(found);
    const first = (Object.keys(found) as NewsletterField[])[0];
    event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }

  const fieldId = (field: NewsletterField) => `${id}-${field}`;
  const errorId = (field: NewsletterField) => `${id}-${field}-error`;
  const describedBy = (field: NewsletterField, hint?: boolean) =>
    [hint ? `${fieldId(field)}-hint` : "", errors[field] ? errorId(field) : ""].join(" ").trim() || undefined;
  const fieldError = (field: NewsletterField) =>
    errors[field] ? (
      <p id={errorId(field)} className="field-error">
        {errors[field]}
      </p>
    ) : null;

  return (
    <Form
      method="post"
      action={actionPath}
      noValidate
      onSubmit={checkBeforeSaving}
      onFocus={startLoadingSchema}
      onPointerEnter={startLoadingSchema}
      className={styles.form}
    >
      <p className="field-hint">{t("newsletter.form.requiredHint")}</p>
      <div className={styles.formGrid}>
        <div className="field">
          <label htmlFor={fieldId("title")} className="field-label">
            {t("newsletter.form.title")}
          </label>
          <input
            id={fieldId("title")}
            name="title"
            className="field-input"
            defaultValue={initial.title}
            maxLength={NEWSLETTER_LIMITS.title}
            onChange={() => edited("title")}
            aria-invalid={errors.title ? true : undefined}
            aria-describedby={describedBy("title")}
          />
          {fieldError("title")}
        </div>
        <div className="field">
          <label htmlFor={fieldId("subject")} className="field-label">
            {t("newsletter.form.subject")}
          </label>
          <input
            id={fieldId("subject")}
            name="subject"
            className="field-input"
            defaultValue={initial.subject}
            maxLength={NEWSLETTER_LIMITS.subject}
            onChange={() => edited("subject")}
            aria-invalid={errors.subject ? true : undefined}
            aria-describedby={describedBy("subject")}
          />
          {fieldError("subject")}
        </div>
      </div>

      <div className={styles.editor}>
        <div className="field">
          <label htmlFor={fieldId("content")} className="field-label">
            {t("newsletter.form.content")}
          </label>
          <textarea
            id={fieldId("content")}
            name="content"
            className={`field-input ${styles.code}`}
            rows={14}
            spellCheck={false}
            defaultValue={initial.content}
            onChange={(event) => {
              setContent(event.target.value);
              edited("content");
            }}
            aria-invalid={errors.content ? true : undefined}
            aria-describedby={describedBy("content", true)}
          />
          <p id={`${fieldId("content")}-hint`} className="field-hint">
            {t("newsletter.form.contentHint")}
          </p>
          {fieldError("content")}
        </div>
        <section className={styles.previewPane} aria-labelledby={`${id}-preview-title`}>
          <h3 id={`${id}-preview-title`} className={styles.previewTitle}>
            {t("newsletter.form.preview")}
          </h3>
          <p className="field-hint">{t("newsletter.form.previewHint")}</p>
          {previewHtml ? (
            // Sanitized by the server (the preview intent): what subscribers will get.
            <div className={styles.mailPreview} aria-live="polite" dangerouslySetInnerHTML={{ __html: previewHtml }} />
          ) : (
            <p className={`${styles.mailPreview} ${styles.previewEmpty}`}>{t("newsletter.form.previewEmpty")}</p>
          )}
        </section>
      </div>

      <div className={styles.formGrid}>
        <div className="field">
          <label htmlFor={fieldId("scheduledDate")} className="field-label">
            {t("newsletter.form.scheduledDate")}
          </label>
          <input
            id={fieldId("scheduledDate")}
            name="scheduledDate"
            type="datetime-local"
            className="field-input"
            defaultValue={initial.scheduledDate}
            onChange={() => edited("scheduledDate")}
            aria-invalid={errors.scheduledDate ? true : undefined}
            aria-describedby={describedBy("scheduledDate", true)}
          />
          <p id={`${fieldId("scheduledDate")}-hint`} className="field-hint">
            {t("newsletter.form.scheduledHint")}
          </p>
          {fieldError("scheduledDate")}
        </div>
        <fieldset className={styles.statusField} aria-describedby={errors.status ? errorId("status") : undefined}>
          <legend className="field-label">{t("newsletter.form.status")}</legend>
          {(["draft", "scheduled"] as const).map((status) => (
            <label key={status} className={styles.statusChoice}>
              <input
                type="radio"
                name="status"
                value={status}
                defaultChecked={initial.status === status}
                onChange={() => edited("status")}
                className="checkbox"
              />
              {t(`newsletter.form.${status}`)}
            </label>
          ))}
          {fieldError("status")}
        </fieldset>
      </div>

      <div className="button-row">
        <button type="submit" name="intent" value="save" className="button button-accent" disabled={saving}>
          {saving ? <span className="spinner" aria-hidden="true" /> : null}
          {saving
            ? t("newsletter.form.saving")
            : mode === "create"
              ? t("newsletter.form.create")
              : t("newsletter.form.save")}
        </button>
        {/* After the save button: Enter in a field saves (the first submit button is the default). */}
        {hydrated ? null : (
          <button type="submit" name="intent" value="preview" className="button button-secondary">
            {t("newsletter.form.previewButton")}
          </button>
        )}
      </div>
    </Form>
  );
}
