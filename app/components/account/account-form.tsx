import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Spinner } from "./form-message";
import { accountDialogTitleId, useAccountDialog, useFocusWhenShown } from "./account-dialog-context";
import type { AccountIntent } from "~/lib/account-types";
import { accountActionPath } from "./account-url";
import styles from "./account.module.css";
import { CloseLink } from "./close-link";

/**
 * A form of the account dialog. It posts to the account action with its
 * intent and the address to come back to (the page without the dialog), so
 * it works without JavaScript; with it, the view's onSubmit sends it instead.
 */
export function AccountForm({
  intent,
  className = styles.form,
  onSubmit,
  formRef,
  children,
}: {
  intent: Exclude<AccountIntent, "logout">;
  className?: string;
  onSubmit: (event: React.FormEvent<HTMLFormElement>) => void;
  formRef?: React.Ref<HTMLFormElement>;
  children: React.ReactNode;
}) {
  const { closeHref } = useAccountDialog();
  return (
    <form ref={formRef} method="post" action={accountActionPath} className={className} onSubmit={onSubmit} noValidate>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="redirectTo" value={closeHref} />
      {children}
    </form>
  );
}

/** A view while its form's request runs (at least the spec's minimum): its title, what is happening, and 'Annuler'. */
export function AccountFormPending({
  title,
  message,
  onCancel,
}: {
  title: string;
  message: string;
  onCancel: () => void;
}) {
  const { t } = useTranslation("account");
  const cancelButton = useFocusWhenShown<HTMLButtonElement>();
  return (
    <section className={`${styles.view} ${styles.centered}`} aria-busy="true">
      <h2 id={accountDialogTitleId} className={styles.title} tabIndex={-1}>
        {title}
      </h2>
      <output className={styles.loadingPanel}>
        <Spinner />
        <span>{message}</span>
      </output>
      <button ref={cancelButton} type="button" className="button button-secondary" onClick={onCancel}>
        {t("common.cancel")}
      </button>
    </section>
  );
}

/** The way on once a form is done: to the login view (which takes the focus), or out of the dialog. */
export function LoginOrCloseActions({ loginLabel }: { loginLabel: string }) {
  const { t } = useTranslation("account");
  const { hrefFor } = useAccountDialog();
  const loginLink = useFocusWhenShown<HTMLAnchorElement>();
  return (
    <div className={styles.actions}>
      <Link
        ref={loginLink}
        to={hrefFor("login")}
        replace
        preventScrollReset
        className="button button-primary"
        data-autofocus=""
      >
        {loginLabel}
      </Link>
      <CloseLink className="button button-ghost">{t("dialog.close")}</CloseLink>
    </div>
  );
}
