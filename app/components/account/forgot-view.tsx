import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ACCOUNT_TIMINGS, forgotEmail } from "~/domain/account";
import { FormMessage, Spinner, TextField } from "./account-fields";
import { accountDialogTitleId, useAccountDialog, useFocusWhenShown } from "./account-dialog-context";
import { translateAccountMessage } from "./account-messages";
import { accountActionPath } from "./account-url";
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
  const { flash, closeHref, hrefFor, notify, hydrated } = useAccountDialog();
  const fromServer = flash?.intent === "forgot" ? flash : null;

  const [email, setEmail] = useState(fromServer?.values?.email ?? "");
  const [touched, setTouched] = useState(false);
  const [sentMessage, setSentMessage] = useState(fromServer?.ok ? fromServer.message : null);
  const [refusal, setRefusal] = useState(fromServer && !fromServer.ok ? fromServer.message : null);
  const submission = usePacedSubmission(ACCOUNT_TIMINGS.forgotMinimumMs);
  const translate = (message: string) => translateAccountMessage(t, message);
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
  if (submission.pending) return <ForgotSending onCancel={submission.cancel} />;

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
      <form method="post" action={accountActionPath} className={styles.form} onSubmit={submit} noValidate>
        <input type="hidden" name="intent" value="forgot" />
        <input type="hidden" name="redirectTo" value={closeHref} />
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
          autoFocus
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
      </form>
    </section>
  );
}

function ForgotSent({ message }: { message: string }) {
  const { t } = useTranslation("account");
  const { hrefFor } = useAccountDialog();
  const loginLink = useFocusWhenShown<HTMLAnchorElement>();
  return (
    <section className={`${styles.view} ${styles.centered}`}>
      <h2 id={accountDialogTitleId} className={styles.title} tabIndex={-1}>
        {t("forgot.sentTitle")}
      </h2>
      <FormMessage tone="success">
        <p>{message}</p>
      </FormMessage>
      <div className={styles.actions}>
        <Link ref={loginLink} to={hrefFor("login")} replace preventScrollReset className="button button-primary" data-autofocus="">
          {t("forgot.backToLogin")}
        </Link>
        <CloseLink className="button button-ghost">{t("dialog.close")}</CloseLink>
      </div>
    </section>
  );
}

function ForgotSending({ onCancel }: { onCancel: () => void }) {
  const { t } = useTranslation("account");
  const cancelButton = useFocusWhenShown<HTMLButtonElement>();
  return (
    <section className={`${styles.view} ${styles.centered}`} aria-busy="true">
      <h2 id={accountDialogTitleId} className={styles.title} tabIndex={-1}>
        {t("forgot.title")}
      </h2>
      <div className={styles.loadingPanel} role="status">
        <Spinner />
        <p>{t("forgot.sending")}</p>
      </div>
      <button ref={cancelButton} type="button" className="button button-secondary" onClick={onCancel}>
        {t("common.cancel")}
      </button>
    </section>
  );
}
