import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useRevalidator } from "react-router";
import { PasswordField, TextField } from "~/components/account/account-fields";
import { Spinner } from "~/components/account/form-message";
import { type EmailChangeField, emailChangeProblem, MY_ACCOUNT_MESSAGES } from "~/domain/my-account";
import { formatDate } from "~/lib/date-format";
import { useHydrated } from "~/lib/use-hydrated";
import styles from "./my-account.module.css";
import { type SectionOutcome, myAccountPath } from "./my-account-types";
import { Intent, Outcome, Section } from "./section";
import { useAccountCall } from "./use-account-call";

/**
 * A new address and the password. The new address gets a link, and only
 * that link makes it the account's; meanwhile the page says which address
 * waits, and the change can be dropped. With JavaScript the form calls
 * POST /api/me/email (DELETE to drop it).
 */
export function EmailForm({
  currentEmail,
  pending: waiting,
  language,
  fromServer,
}: {
  currentEmail: string;
  pending: { email: string; expiresAt: string } | null;
  language: string;
  fromServer: SectionOutcome | null;
}) {
  const { t } = useTranslation("my-account");
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const request = useAccountCall();
  const cancel = useAccountCall();
  const [values, setValues] = useState({ email: fromServer?.values?.email ?? "", password: "" });
  const [touched, setTouched] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string; field?: string } | null>(fromServer);
  const [refusals, setRefusals] = useState(0);
  const form = useRef<HTMLFormElement>(null);

  const checked = emailChangeProblem(values, currentEmail);
  const problem = checked.ok ? null : checked;
  const refusedField = outcome && !outcome.ok ? outcome.field : undefined;

  useEffect(() => {
    if (refusals > 0) form.current?.querySelector<HTMLElement>(`[name="${refusedField ?? "email"}"]`)?.focus();
  }, [refusals, refusedField]);

  function errorFor(field: EmailChangeField): string | null {
    if (hydrated && touched && problem?.field === field) {
      return t(`messages.${problem.key}`, { defaultValue: MY_ACCOUNT_MESSAGES[problem.key] });
    }
    return refusedField === field ? outcome!.message : null;
  }

  function update(field: EmailChangeField, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setTouched(true);
    if (outcome) setOutcome(null);
  }

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    if (problem) {
      form.current?.querySelector<HTMLElement>(`[name="${problem.field}"]`)?.focus();
      return;
    }
    if (request.pending) return;
    const answer = await request.call("/api/me/email", "POST", { email: values.email, password: values.password });
    if (!answer) return;
    setOutcome(answer);
    if (answer.ok) {
      setValues({ email: "", password: "" });
      setTouched(false);
      void revalidator.revalidate();
    } else {
      setRefusals((count) => count + 1);
    }
  }

  async function submitCancel(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const answer = await cancel.call("/api/me/email", "DELETE");
    if (!answer) return;
    setOutcome(answer);
    if (answer.ok) void revalidator.revalidate();
  }

  return (
    <Section id="email" title={t("sections.email")}>
      <p className={styles.text}>{t("email.intro")}</p>
      <Outcome outcome={outcome && (outcome.ok || !outcome.field) ? outcome : null} />
      {waiting ? (
        <form method="post" action={`${myAccountPath}#email`} className={styles.waiting} onSubmit={submitCancel}>
          <Intent value="email-cancel" />
          <p>
            {t("email.waiting", {
              email: waiting.email,
              date: formatDate(language, waiting.expiresAt, { withTime: true }),
            })}
          </p>
          <button type="submit" className="button button-secondary" disabled={cancel.pending}>
            {cancel.pending ? <Spinner /> : null}
            {t("email.cancel")}
          </button>
        </form>
      ) : null}
      <form
        ref={form}
        method="post"
        action={`${myAccountPath}#email`}
        className={styles.form}
        onSubmit={submit}
        noValidate
      >
        <Intent value="email" />
        <TextField
          id="email-new"
          name="email"
          type="email"
          inputMode="email"
          label={t("email.new")}
          value={values.email}
          onChange={(value) => update("email", value)}
          autoComplete="email"
          error={errorFor("email")}
          required
        />
        <PasswordField
          id="email-password"
          name="password"
          label={t("email.password")}
          value={values.password}
          onChange={(value) => update("password", value)}
          autoComplete="current-password"
          error={errorFor("password")}
          required
        />
        <button type="submit" className="button button-primary" disabled={request.pending}>
          {request.pending ? (
            <>
              <Spinner />
              {t("email.pending")}
            </>
          ) : (
            t("email.submit")
          )}
        </button>
      </form>
    </Section>
  );
}
