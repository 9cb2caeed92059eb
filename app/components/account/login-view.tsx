import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate } from "react-router";
import {
  ACCOUNT_TIMINGS,
  type AccountMessage,
  EMAIL_NOT_VERIFIED_CODE,
  isLooseEmail,
  normalizeEmailInput,
} from "~/domain/account";
import { CheckboxField, PasswordField, TextField } from "./account-fields";
import { FormMessage, Spinner } from "./form-message";
import { accountDialogTitleId, useAccountDialog } from "./account-dialog-context";
import { afterLoginHref } from "./account-url";
import { AccountForm } from "./account-form";
import { translateAccountMessage } from "./account-messages";
import { rememberSignedInUser } from "./account-storage";
import type { AccountOutcome } from "~/lib/account-types";
import styles from "./account.module.css";
import { usePacedSubmission } from "./use-paced-submission";

/**
 * 'Connecte-toi': identifier (e-mail or pseudo) and password. With JavaScript
 * the button waits for both fields, the loader stays at least 1.5 s, and a
 * success stores the token as the spec says and moves to the history view.
 * After a failed try the identifier stays as typed (with or without
 * JavaScript), the password is emptied and takes the focus. An unverified
 * account gets a 'Renvoyer le lien' form.
 */
export function LoginView() {
  const { t } = useTranslation("account");
  const { flash, hrefFor, closeHref, notify, hydrated } = useAccountDialog();
  const navigate = useNavigate();
  const location = useLocation();
  const fromServer =
    flash && (flash.intent === "login" || flash.intent === "resend" || flash.intent === "logout") ? flash : null;
  // With JavaScript, My account's "log out everywhere" comes here with its (translated) message.
  const notice = (location.state as { accountNotice?: unknown } | null)?.accountNotice;

  const [identifier, setIdentifier] = useState(fromServer?.values?.identifier ?? "");
  const [password, setPassword] = useState("");
  const [remember, setRemember] = useState(fromServer?.values?.remember ?? false);
  /** The identifier of the last try, kept for 'Renvoyer le lien' once the field is emptied. */
  const [triedIdentifier, setTriedIdentifier] = useState(fromServer?.values?.identifier ?? "");
  const [outcome, setOutcome] = useState<AccountOutcome | null>(fromServer);
  const [signedIn, setSignedIn] = useState(false);
  const [failedTries, setFailedTries] = useState(0);
  const passwordInput = useRef<HTMLInputElement>(null);
  // A form sent without JavaScript that came back refused: the password is what to type again.
  const retrying = fromServer?.intent === "login" && !fromServer.ok && (fromServer.values?.identifier ?? "") !== "";
  const login = usePacedSubmission(ACCOUNT_TIMINGS.loginMinimumMs);
  const resend = usePacedSubmission(0);
  const translate = (message: AccountMessage) => translateAccountMessage(t, message);

  // After a failed try the emptied password takes the focus, ready for the next one.
  useEffect(() => {
    if (failedTries > 0) passwordInput.current?.focus();
  }, [failedTries]);

  const busy = login.pending || signedIn;
  const canSubmit = identifier.trim() !== "" && password !== "" && !busy;

  async function submitLogin(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSubmit) return;
    const formData = new FormData(event.currentTarget);
    setTriedIdentifier(identifier.trim());
    setPassword("");
    setOutcome(null);
    const answer = await login.submit(formData);
    if (!answer) return;
    if (answer.ok && answer.token && answer.user) {
      rememberSignedInUser(answer.token, answer.user, remember);
      notify("success", translate(answer.message));
      // Keep the loader until the history view replaces this one.
      setSignedIn(true);
      navigate(afterLoginHref(closeHref), { replace: true, preventScrollReset: true });
      return;
    }
    setOutcome(answer);
    setFailedTries((count) => count + 1);
    notify("error", translate(answer.toastMessage ?? answer.message));
  }

  async function submitResend(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const answer = await resend.submit(new FormData(event.currentTarget));
    if (!answer) return;
    setOutcome(answer);
    notify(answer.ok ? "info" : "error", translate(answer.message));
  }

  const unverified = outcome?.code === EMAIL_NOT_VERIFIED_CODE;
  const resendTarget = normalizeEmailInput(triedIdentifier);

  return (
    <section className={styles.view} aria-busy={busy}>
      <h2 id={accountDialogTitleId} className={styles.title} tabIndex={-1}>
        {t("login.title")}
      </h2>

      {outcome ? (
        <FormMessage tone={outcome.ok ? "info" : "error"}>
          <p>{translate(outcome.message)}</p>
        </FormMessage>
      ) : typeof notice === "string" && notice !== "" ? (
        <FormMessage tone="info">
          <p>{notice}</p>
        </FormMessage>
      ) : null}

      {unverified ? (
        <AccountForm intent="resend" className={styles.resendForm} onSubmit={submitResend}>
          <input type="hidden" name="identifier" value={triedIdentifier} />
          {isLooseEmail(resendTarget) ? (
            <input type="hidden" name="email" value={resendTarget} />
          ) : (
            // Signed in with the pseudo: the link goes to an address, so ask for it.
            <ResendEmailField />
          )}
          <button type="submit" className="button button-secondary" disabled={resend.pending}>
            {resend.pending ? <Spinner /> : null}
            {t("login.resend")}
          </button>
        </AccountForm>
      ) : null}

      <AccountForm intent="login" onSubmit={submitLogin}>
        <TextField
          id="login-identifier"
          name="identifier"
          label={t("login.identifier")}
          value={identifier}
          onChange={setIdentifier}
          autoComplete="username"
          initialFocus={!retrying}
          required
          disabled={busy}
        />
        <PasswordField
          id="login-password"
          name="password"
          label={t("login.password")}
          value={password}
          onChange={setPassword}
          autoComplete="current-password"
          inputRef={passwordInput}
          initialFocus={retrying}
          required
          disabled={busy}
        />
        <div className={styles.inlineRow}>
          <CheckboxField id="login-remember" name="remember" checked={remember} onChange={setRemember} disabled={busy}>
            {t("login.remember")}
          </CheckboxField>
          <Link to={hrefFor("forgot")} replace preventScrollReset className={styles.smallLink}>
            {t("login.forgot")}
          </Link>
        </div>
        <button
          type="submit"
          className={`button button-primary ${styles.wide} ${busy ? styles.pending : ""}`}
          disabled={hydrated && !canSubmit}
        >
          {busy ? (
            <>
              <Spinner />
              {t("login.loading")}
            </>
          ) : (
            t("login.submit")
          )}
        </button>
      </AccountForm>

      <p className={styles.switchLine}>
        {t("login.noAccount")}{" "}
        <Link to={hrefFor("create")} replace preventScrollReset>
          {t("login.create")}
        </Link>
      </p>
    </section>
  );
}

function ResendEmailField() {
  const { t } = useTranslation("account");
  const [email, setEmail] = useState("");
  return (
    <TextField
      id="resend-email"
      name="email"
      type="email"
      inputMode="email"
      label={t("login.resendEmail")}
      value={email}
      onChange={setEmail}
      autoComplete="email"
    />
  );
}
