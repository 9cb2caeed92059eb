import {
  type FieldMetadata,
  getFormProps,
  getInputProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { useEffect, useMemo, useRef, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { PrivacyPolicyLink } from "~/components/ui/privacy-policy-link";
import { CONTACT_LIMITS, CONTACT_TIMINGS, type ContactField, validateContact } from "~/domain/contact";
import { parseWithRules } from "~/lib/form-rules";
import { translatedContactMessages } from "./contact-messages";
import styles from "./contact-form.module.css";

export const contactFormPath = "/contact";

/** What the /contact action (and its client padding) answers. */
export interface ContactActionData {
  status: "invalid" | "sent" | "rate-limited" | "failed";
  /** conform's reply; absent when the request never reached the server. */
  result?: SubmissionResult<string[]>;
  /** Already translated by the server for the form-level states. */
  message?: string | null;
}

/**
 * The contact form. Without JavaScript it posts to the page action and the
 * page comes back with the errors, or the success message and an empty form.
 * With JavaScript: instant validation, a sending state of at least 6 s (the
 * route's clientAction), then 'Message envoyé ✔' for 2.2 s.
 */
export function ContactForm({
  actionData,
  prefilledSubject,
}: {
  actionData: ContactActionData | undefined;
  prefilledSubject: string;
}) {
  const { t } = useTranslation("contact");
  const navigation = useNavigation();
  const sending =
    navigation.state !== "idle" &&
    navigation.formMethod?.toUpperCase() === "POST" &&
    navigation.formAction?.split("?")[0] === contactFormPath;

  const messages = useMemo(() => translatedContactMessages(t), [t]);
  const [form, fields] = useForm({
    id: "contact-form",
    lastResult: actionData?.result,
    defaultValue: { sujet: prefilledSubject },
    onValidate: ({ formData }) =>
      parseWithRules<Record<ContactField, unknown>>(formData, (payload) => validateContact(payload, messages)),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });

  // The success message stays 2.2 s, then the form is idle again. Without
  // JavaScript there is no timer: the message stays on the re-rendered page.
  const [expiredSuccess, setExpiredSuccess] = useState<ContactActionData | null>(null);
  useEffect(() => {
    if (actionData?.status !== "sent") return;
    const timer = window.setTimeout(() => setExpiredSuccess(actionData), CONTACT_TIMINGS.successDisplayMs);
    return () => window.clearTimeout(timer);
  }, [actionData]);
  const showSuccess = !sending && actionData?.status === "sent" && expiredSuccess !== actionData;
  const formError =
    !sending && (actionData?.status === "failed" || actionData?.status === "rate-limited")
      ? (actionData.message ?? t("errors.failure"))
      : null;

  // The button is disabled while sending, which drops the focus: once the
  // answer is in, focus goes to it (and a screen reader reads it).
  const statusMessage = useRef<HTMLOutputElement>(null);
  const errorMessage = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (sending || !actionData) return;
    if (actionData.status === "sent") statusMessage.current?.focus();
    else if (actionData.status !== "invalid") errorMessage.current?.focus();
  }, [actionData, sending]);

  const messageHintId = `${fields.message.id}-hint`;
  return (
    <Form
      method="post"
      action={contactFormPath}
      {...getFormProps(form)}
      // The rules are ours, with our words: never the browser's own bubbles.
      noValidate
      className={styles.form}
      aria-labelledby="contact-form-title"
      aria-busy={sending || undefined}
    >
      <p className={styles.requiredHint}>{t("form.requiredHint")}</p>

      <Field meta={fields.nom} label={t("form.nom")}>
        <input
          {...getInputProps(fields.nom, { type: "text" })}
          key={fields.nom.key}
          autoComplete="name"
          maxLength={CONTACT_LIMITS.nom}
          className="field-input"
        />
      </Field>

      <Field meta={fields.email} label={t("form.email")}>
        <input
          {...getInputProps(fields.email, { type: "email" })}
          key={fields.email.key}
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          maxLength={CONTACT_LIMITS.email}
          className="field-input"
        />
      </Field>

      <Field meta={fields.sujet} label={t("form.sujet")}>
        <input
          {...getInputProps(fields.sujet, { type: "text" })}
          key={fields.sujet.key}
          maxLength={CONTACT_LIMITS.sujet}
          className="field-input"
        />
      </Field>

      <Field
        meta={fields.message}
        label={t("form.message")}
        hint={t("form.messageHint", { max: CONTACT_LIMITS.message })}
        hintId={messageHintId}
      >
        {/* No maxlength here: a long paste would be cut silently; the rule says how long is too long. */}
        <textarea
          {...getTextareaProps(fields.message, { ariaDescribedBy: messageHintId })}
          key={fields.message.key}
          rows={7}
          className="field-input"
        />
      </Field>

      <div className="checkbox-field">
        <div className="checkbox-row">
          <input
            {...getInputProps(fields.consent, { type: "checkbox" })}
            key={fields.consent.key}
            className="checkbox"
          />
          <label htmlFor={fields.consent.id}>
            <Trans
              t={t}
              i18nKey="form.consent"
              components={{
                privacy: <PrivacyPolicyLink />,
                newTab: <span className="visually-hidden" />,
              }}
            />
          </label>
        </div>
        <FieldError meta={fields.consent} />
      </div>

      <div className={styles.actions}>
        <button
          type="submit"
          className={`button button-accent ${sending ? styles.sendingButton : ""}`}
          disabled={sending}
        >
          {sending ? <span className="spinner" aria-hidden="true" /> : null}
          {sending ? t("form.sending") : t("form.submit")}
        </button>
        {/* Always in the page, so screen readers hear what appears in it. */}
        <output
          ref={statusMessage}
          tabIndex={-1}
          className={showSuccess ? `form-alert form-alert-success ${styles.success}` : undefined}
        >
          {showSuccess ? (
            t("errors.success")
          ) : sending ? (
            <span className="visually-hidden">{t("form.sending")}</span>
          ) : null}
        </output>
      </div>
      {formError ? (
        <p ref={errorMessage} tabIndex={-1} role="alert" className={`form-alert form-alert-error ${styles.formError}`}>
          <WarningIcon />
          {formError}
        </p>
      ) : null}
    </Form>
  );
}

function Field({
  meta,
  label,
  hint,
  hintId,
  children,
}: {
  meta: FieldMetadata<unknown>;
  label: string;
  hint?: string;
  hintId?: string;
  children: React.ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={meta.id} className="field-label">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      <FieldError meta={meta} />
    </div>
  );
}

/** Under its field, pointed to by the field's aria-describedby (conform sets it with aria-invalid). */
function FieldError({ meta }: { meta: FieldMetadata<unknown> }) {
  const message = meta.errors?.[0];
  if (!message) return null;
  return (
    <p id={meta.errorId} className="field-error">
      <WarningIcon />
      {message}
    </p>
  );
}

function WarningIcon() {
  return (
    <svg className={styles.errorIcon} viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="10" />
      <path d="M12 7v6M12 16.5v.5" />
    </svg>
  );
}
