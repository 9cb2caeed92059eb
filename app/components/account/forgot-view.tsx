import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ACCOUNT_TIMINGS, type AccountMessage, forgotEmail } from "~/domain/account";
import { TextField } from "./account-fields";
import { FormMessage } from "./form-message";
import { accountDialogTitleId, useAccountDialog } from "./account-dialog-context";
import { AccountForm, AccountFormPending, LoginOrCloseActions } from "./account-form";
import { translateAccountMessage } from "./account-messages";
import styles from "./account.module.css";
import { CloseLink } from "./close-link";
import { usePacedSubmission } from "./use-paced-submission";

/**
 * Forgot password: one e-mail field. With JavaScript the button waits for a
 * valid address and the sending state lasts at least 1.2 s (Annuler drops
 * it). The answer is always the same neutral sentence, whether or not an
 * account exists.
 */
export function ForgotView() {
  const { t } = useTranslation("account");
  const { flash, hrefFor, notify, hydrated } = useAccountDialog();
  const fromServer = flash?.intent === "forgot" ? flash : null;

  const [email, setEmail] = useState(fromServer?.values?.email ?? "");
  const [touched, setTouched] = useState(false);
  const [sentMessage, setSentMessage] = useState(fromServer?.ok ? fromServer.message : null);
  const [refusal, setRefusal] = useState(fromServer && !fromServer.ok ? fromServer.message : null);
  const submission = usePacedSubmission(ACCOUNT_TIMINGS.forgotMinimumMs);
  const translate = (message: AccountMessage) => translateAccountMessage(t, message);
  const emailInput = useRef<HTMLInputElement>(null);
  const [refusals, setRefusals] = useState(0);

  useEffect(() => {
    if (refusals > 0) emailInput.current?.focus();
  }, [refusals]);

  const checked = forgotEmail(email);
  const canSubmit = checked.ok && !submission.pending;
  const invalidMessage = hydrated && touched && !checked.ok && email.trim() !== "" ? translate(checked.message) : null;

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    if (!canSubmit) return;
    setRefusal(null);
    const answer = await submission.submit(new FormData(event.currentTarget));
    if (!answer) return;
    if (answer.ok) {
      // The sent state shows the neutral answer in full: no toast repeating it.
      setSentMessage(answer.message);
      return;
    }
    setRefusal(answer.message);
    setRefusals((count) => count + 1);
    notify("error", translate(answer.message));
  }

  if (sentMessage) return <ForgotSent message={translate(sentMessage)} />;
  if (submission.pending)
    return <AccountFormPending title={t("forgot.title")} message={t("forgot.sending")} onCancel={submission.cancel} />;

  return (
    <section className={styles.view}>
      <h2 id={accountDialogTitleId} className={styles.title} tabIndex={-1}>
        {t("forgot.title")}
      </h2>
      <p className={styles.lead}>{t("forgot.intro")}</p>
      {refusal ? (
        <FormMessage tone="error">
          <p>{translate(refusal)}</p>
        </FormMessage>
      ) : null}
      <AccountForm intent="forgot" onSubmit={submit}>
        <TextField
          id="forgot-email"
          name="email"
          type="email"
          inputMode="email"
          label={t("forgot.email")}
          value={email}
          onChange={(value) => {
            setEmail(value);
            setRefusal(null);
          }}
          onBlur={() => setTouched(true)}
          error={invalidMessage}
          autoComplete="email"
          inputRef={emailInput}
          initialFocus
          required
        />
        <button type="submit" className={`button button-primary ${styles.wide}`} disabled={hydrated && !canSubmit}>
          {t("forgot.submit")}
        </button>
        <div className={styles.spreadRow}>
          <Link to={hrefFor("login")} replace preventScrollReset className="button button-ghost">
            {t("forgot.back")}
          </Link>
          <CloseLink className="button button-ghost">{t("dialog.close")}</CloseLink>
        </div>
      </AccountForm>
    </section>
  );
}

function ForgotSent({ message }: { message: string }) {
  const { t } = useTranslation("account");
  return (
    <section className={`${styles.view} ${styles.centered}`}>
      <h2 id={accountDialogTitleId} className={styles.title} tabIndex={-1}>
        {t("forgot.sentTitle")}
      </h2>
      <FormMessage tone="success">
        <p>{message}</p>
      </FormMessage>
      <LoginOrCloseActions loginLabel={t("forgot.backToLogin")} />
    </section>
  );
}
