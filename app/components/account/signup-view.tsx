import { useEffect, useRef, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { Link } from "react-router";
import { MailIcon } from "~/components/layout/icons";
import { PrivacyPolicyLink } from "~/components/ui/privacy-policy-link";
import { ACCOUNT_TIMINGS, type AccountMessage, type SignupField, signupErrors } from "~/domain/account";
import { CheckboxField, PasswordField, TextField } from "./account-fields";
import { FormMessage } from "./form-message";
import { accountDialogTitleId, useAccountDialog } from "./account-dialog-context";
import { AccountForm, AccountFormPending, LoginOrCloseActions } from "./account-form";
import { translateAccountMessage } from "./account-messages";
import styles from "./account.module.css";
import { usePacedSubmission } from "./use-paced-submission";

const signupFields: readonly SignupField[] = ["pseudo", "email", "password", "confirmation", "privacy"];
const isSignupField = (value: unknown): value is SignupField => signupFields.includes(value as SignupField);

interface SignupForm {
  pseudo: string;
  email: string;
  password: string;
  confirmation: string;
  privacy: boolean;
  newsletter: boolean;
}

/**
 * Sign-up. With JavaScript the spec's rules are checked as the form is
 * filled and the first failing one is shown (pseudo, e-mail, password,
 * confirmation, privacy); the button waits until all hold. The loading panel
 * stays at least 2.5 s and 'Annuler' drops the request; success shows the
 * 'Compte créé' panel.
 */
export function SignupView() {
  const { t } = useTranslation("account");
  const { flash, hrefFor, notify, hydrated } = useAccountDialog();
  const fromServer = flash?.intent === "register" ? flash : null;

  const [form, setForm] = useState<SignupForm>({
    pseudo: fromServer?.values?.pseudo ?? "",
    email: fromServer?.values?.email ?? "",
    password: "",
    confirmation: "",
    privacy: fromServer?.values?.privacy ?? false,
    newsletter: fromServer?.values?.newsletter ?? false,
  });
  /** Instant validation starts with the first change or the first field left. */
  const [touched, setTouched] = useState(false);
  /** The server's refusal, shown until the form changes. */
  const [refusal, setRefusal] = useState<{ message: AccountMessage; field: SignupField | null } | null>(
    fromServer && !fromServer.ok
      ? { message: fromServer.message, field: isSignupField(fromServer.code) ? fromServer.code : null }
      : null,
  );
  const [created, setCreated] = useState(fromServer?.ok === true);
  const submission = usePacedSubmission(ACCOUNT_TIMINGS.signupMinimumMs);
  const translate = (message: AccountMessage) => translateAccountMessage(t, message);
  const formElement = useRef<HTMLFormElement>(null);

  const firstProblem = signupErrors(form)[0] ?? null;
  const canSubmit = firstProblem === null && !submission.pending;

  // After a refusal, focus the field it is about (or the first field).
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals === 0 || !refusal) return;
    formElement.current?.querySelector<HTMLElement>(`[name="${refusal.field ?? "pseudo"}"]`)?.focus();
  }, [refusals, refusal]);

  function update<Key extends keyof SignupForm>(key: Key, value: SignupForm[Key]) {
    setForm((current) => ({ ...current, [key]: value }));
    setTouched(true);
    setRefusal(null);
  }

  function errorFor(field: SignupField): string | null {
    if (hydrated && touched && firstProblem?.field === field) return translate(firstProblem.message);
    if (refusal?.field === field) return translate(refusal.message);
    return null;
  }

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    if (!canSubmit) return;
    const answer = await submission.submit(new FormData(event.currentTarget));
    if (!answer) return;
    if (answer.ok) {
      setCreated(true);
      notify("success", translate(answer.message));
      return;
    }
    setRefusal({ message: answer.message, field: isSignupField(answer.code) ? answer.code : null });
    setRefusals((count) => count + 1);
    notify("error", translate(answer.message));
  }

  if (created) return <SignupDone />;
  if (submission.pending)
    return <AccountFormPending title={t("signup.title")} message={t("signup.loading")} onCancel={submission.cancel} />;

  const formRefusal = refusal && refusal.field === null ? refusal.message : null;
  return (
    <section className={styles.view}>
      <h2 id={accountDialogTitleId} className={styles.title} tabIndex={-1}>
        {t("signup.title")}
      </h2>
      {formRefusal ? (
        <FormMessage tone="error">
          <p>{translate(formRefusal)}</p>
        </FormMessage>
      ) : null}
      <AccountForm intent="register" formRef={formElement} onSubmit={submit}>
        <TextField
          id="signup-pseudo"
          name="pseudo"
          label={t("signup.pseudo")}
          value={form.pseudo}
          onChange={(value) => update("pseudo", value)}
          onBlur={() => setTouched(true)}
          error={errorFor("pseudo")}
          autoComplete="username"
          initialFocus={!refusal || refusal.field === "pseudo" || refusal.field === null}
          required
        />
        <TextField
          id="signup-email"
          name="email"
          type="email"
          inputMode="email"
          label={t("signup.email")}
          value={form.email}
          onChange={(value) => update("email", value)}
          onBlur={() => setTouched(true)}
          error={errorFor("email")}
          autoComplete="email"
          initialFocus={refusal?.field === "email"}
          required
        />
        <PasswordField
          id="signup-password"
          name="password"
          label={t("signup.password")}
          value={form.password}
          onChange={(value) => update("password", value)}
          onBlur={() => setTouched(true)}
          error={errorFor("password")}
          autoComplete="new-password"
          initialFocus={refusal?.field === "password"}
          required
        />
        <PasswordField
          id="signup-confirmation"
          name="confirmation"
          label={t("signup.confirmation")}
          value={form.confirmation}
          onChange={(value) => update("confirmation", value)}
          onBlur={() => setTouched(true)}
          error={errorFor("confirmation")}
          autoComplete="new-password"
          initialFocus={refusal?.field === "confirmation"}
          required
        />
        <CheckboxField
          id="signup-privacy"
          name="privacy"
          checked={form.privacy}
          onChange={(checked) => update("privacy", checked)}
          error={errorFor("privacy")}
          required
        >
          <Trans
            t={t}
            i18nKey="signup.privacy"
            components={{
              policy: <PrivacyPolicyLink />,
              hidden: <span className="visually-hidden" />,
            }}
          />
        </CheckboxField>
        <CheckboxField
          id="signup-newsletter"
          name="newsletter"
          checked={form.newsletter}
          onChange={(checked) => update("newsletter", checked)}
        >
          {t("signup.newsletter")}
        </CheckboxField>
        <button type="submit" className={`button button-accent ${styles.wide}`} disabled={hydrated && !canSubmit}>
          {t("signup.submit")}
        </button>
      </AccountForm>
      <p className={styles.switchLine}>
        <Link to={hrefFor("login")} replace preventScrollReset>
          {t("signup.haveAccount")}
        </Link>
      </p>
    </section>
  );
}

function SignupDone() {
  const { t } = useTranslation("account");
  return (
    <section className={`${styles.view} ${styles.centered}`}>
      <MailIcon className={styles.bigIcon} />
      <h2 id={accountDialogTitleId} className={styles.title} tabIndex={-1}>
        {t("signup.doneTitle")}
      </h2>
      <p className={styles.lead}>{t("signup.doneText")}</p>
      <LoginOrCloseActions loginLabel={t("signup.goToLogin")} />
    </section>
  );
}
