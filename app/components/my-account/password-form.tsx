import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { PasswordField } from "~/components/account/account-fields";
import { Spinner } from "~/components/account/form-message";
import { type PasswordChangeField, passwordChangeProblem, MY_ACCOUNT_MESSAGES } from "~/domain/my-account";
import { useHydrated } from "~/lib/use-hydrated";
import styles from "./my-account.module.css";
import { type SectionOutcome, myAccountPath } from "./my-account-types";
import { Intent, Outcome, Section } from "./section";
import { useAccountCall } from "./use-account-call";

/**
 * Current password, then a new one with the sign-up rules. With JavaScript
 * the rules are checked as the fields are filled (the first failing one is
 * shown) and the form calls POST /api/me/password; every other session of
 * the account ends and a mail tells its owner.
 */
export function PasswordForm({ username, fromServer }: { username: string; fromServer: SectionOutcome | null }) {
  const { t } = useTranslation("my-account");
  const hydrated = useHydrated();
  const { pending, call } = useAccountCall();
  const [values, setValues] = useState({ currentPassword: "", newPassword: "", confirmation: "" });
  const [touched, setTouched] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string; field?: string } | null>(fromServer);
  const form = useRef<HTMLFormElement>(null);
  const [refusals, setRefusals] = useState(0);

  const problem = passwordChangeProblem(values);
  const refusedField = outcome && !outcome.ok ? outcome.field : undefined;

  useEffect(() => {
    if (refusals > 0)
      form.current?.querySelector<HTMLElement>(`[name="${refusedField ?? "currentPassword"}"]`)?.focus();
  }, [refusals, refusedField]);

  function errorFor(field: PasswordChangeField): string | null {
    if (hydrated && touched && problem?.field === field) {
      return t(`messages.${problem.key}`, { defaultValue: MY_ACCOUNT_MESSAGES[problem.key] });
    }
    return refusedField === field ? outcome!.message : null;
  }

  function update(field: PasswordChangeField, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setTouched(true);
    if (outcome) setOutcome(null);
  }

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    if (problem || pending) {
      if (problem) form.current?.querySelector<HTMLElement>(`[name="${problem.field}"]`)?.focus();
      return;
    }
    const answer = await call("/api/me/password", "POST", {
      currentPassword: values.currentPassword,
      newPassword: values.newPassword,
    });
    if (!answer) return;
    setOutcome(answer);
    if (answer.ok) {
      setValues({ currentPassword: "", newPassword: "", confirmation: "" });
      setTouched(false);
    } else {
      setRefusals((count) => count + 1);
    }
  }

  return (
    <Section id="password" title={t("sections.password")}>
      <p className={styles.text}>{t("password.intro")}</p>
      <Outcome outcome={outcome && (outcome.ok || !outcome.field) ? outcome : null} />
      <form
        ref={form}
        method="post"
        action={`${myAccountPath}#password`}
        className={styles.form}
        onSubmit={submit}
        noValidate
      >
        <Intent value="password" />
        {/* Lets a password manager file the new password under the right account. */}
        <input type="text" name="username" autoComplete="username" hidden readOnly value={username} />
        <PasswordField
          id="password-current"
          name="currentPassword"
          label={t("password.current")}
          value={values.currentPassword}
          onChange={(value) => update("currentPassword", value)}
          autoComplete="current-password"
          error={errorFor("currentPassword")}
          required
        />
        <PasswordField
          id="password-new"
          name="newPassword"
          label={t("password.new")}
          value={values.newPassword}
          onChange={(value) => update("newPassword", value)}
          autoComplete="new-password"
          error={errorFor("newPassword")}
          required
        />
        <PasswordField
          id="password-confirmation"
          name="confirmation"
          label={t("password.confirmation")}
          value={values.confirmation}
          onChange={(value) => update("confirmation", value)}
          autoComplete="new-password"
          error={errorFor("confirmation")}
          required
        />
        <button type="submit" className="button button-primary" disabled={pending} aria-disabled={pending}>
          {pending ? (
            <>
              <Spinner />
              {t("password.pending")}
            </>
          ) : (
            t("password.submit")
          )}
        </button>
      </form>
    </Section>
  );
}
