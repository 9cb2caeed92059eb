import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { CheckboxField, PasswordField } from "~/components/account/account-fields";
import { Spinner } from "~/components/account/form-message";
import { forgetSignedInUser } from "~/components/account/account-storage";
import { type DeletionField, deletionProblem, MY_ACCOUNT_MESSAGES } from "~/domain/my-account";
import { useHydrated } from "~/lib/use-hydrated";
import styles from "./my-account.module.css";
import { type SectionOutcome, myAccountPath } from "./my-account-types";
import { Intent, Outcome, Section } from "./section";
import { useAccountCall } from "./use-account-call";

/** Where a deleted account's last page goes. */
export const afterDeletion = "/mon-compte/supprime";

/**
 * Says what goes and what stays, then asks for the password and a ticked
 * confirmation. With JavaScript: DELETE /api/me, then the spec's stored
 * token is removed and the farewell page shows.
 */
export function DeleteForm({ fromServer }: { fromServer: SectionOutcome | null }) {
  const { t } = useTranslation("my-account");
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const { pending, call } = useAccountCall();
  const [password, setPassword] = useState("");
  const [confirmed, setConfirmed] = useState(false);
  const [touched, setTouched] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string; field?: string } | null>(fromServer);
  const [refusals, setRefusals] = useState(0);
  const form = useRef<HTMLFormElement>(null);

  const problem = deletionProblem({ password, confirm: confirmed }, { confirmationAsked: true });
  const refusedField = outcome && !outcome.ok ? outcome.field : undefined;

  useEffect(() => {
    if (refusals > 0) form.current?.querySelector<HTMLElement>(`[name="${refusedField ?? "password"}"]`)?.focus();
  }, [refusals, refusedField]);

  function errorFor(field: DeletionField): string | null {
    if (hydrated && touched && problem?.field === field) {
      return t(`messages.${problem.key}`, { defaultValue: MY_ACCOUNT_MESSAGES[problem.key] });
    }
    return refusedField === field ? outcome!.message : null;
  }

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    if (problem) {
      form.current?.querySelector<HTMLElement>(`[name="${problem.field}"]`)?.focus();
      return;
    }
    if (pending) return;
    const answer = await call("/api/me", "DELETE", { password });
    if (!answer) return;
    if (!answer.ok) {
      setOutcome(answer);
      setPassword("");
      setRefusals((count) => count + 1);
      return;
    }
    forgetSignedInUser();
    navigate(afterDeletion, { replace: true });
  }

  return (
    <Section id="delete" title={t("sections.delete")} tone="danger">
      <p className={styles.text}>{t("delete.intro")}</p>
      <p className={styles.text}>
        {t("delete.kept")} <Link to="/privacy-policy#retention">{t("delete.policy")}</Link>
      </p>
      <Outcome outcome={outcome && !outcome.field ? outcome : null} />
      <form
        ref={form}
        method="post"
        action={`${myAccountPath}#delete`}
        className={styles.form}
        onSubmit={submit}
        noValidate
      >
        <Intent value="delete" />
        <PasswordField
          id="delete-password"
          name="password"
          label={t("delete.password")}
          value={password}
          onChange={(value) => {
            setPassword(value);
            setTouched(true);
            setOutcome(null);
          }}
          autoComplete="current-password"
          error={errorFor("password")}
          required
        />
        <CheckboxField
          id="delete-confirm"
          name="confirm"
          checked={confirmed}
          onChange={(value) => {
            setConfirmed(value);
            setTouched(true);
            setOutcome(null);
          }}
          error={errorFor("confirm")}
          required
        >
          {t("delete.confirm")}
        </CheckboxField>
        <button type="submit" className="button button-danger" disabled={pending}>
          {pending ? (
            <>
              <Spinner />
              {t("delete.pending")}
            </>
          ) : (
            t("delete.submit")
          )}
        </button>
      </form>
    </Section>
  );
}
