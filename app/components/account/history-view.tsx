import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { LogoutIcon } from "~/components/layout/icons";
import { FormMessage } from "./account-fields";
import { accountDialogTitleId, useAccountDialog } from "./account-dialog-context";
import { translateAccountMessage } from "./account-messages";
import type { AccountUser } from "./account-types";
import styles from "./account.module.css";
import { LogoutForm } from "./logout-form";

/** The name the greeting uses: the display name, else the first name, else the pseudo. */
export function greetingName(user: Pick<AccountUser, "displayName" | "prenom" | "pseudo">): string {
  return user.displayName?.trim() || user.prenom?.trim() || user.pseudo;
}

/**
 * 'Historique': for now the greeting and the account actions; the charts
 * and statistics of the dashboard come later. Without a session it says so
 * and offers the login view.
 */
export function HistoryView({ user }: { user: AccountUser | null }) {
  const { t } = useTranslation("account");
  const { flash, closeHref, hrefFor } = useAccountDialog();

  if (!user) {
    return (
      <section className={styles.view}>
        <h2 id={accountDialogTitleId} className={styles.title} tabIndex={-1}>
          {t("history.title")}
        </h2>
        <FormMessage tone="info">
          <p>{t("messages.notSignedIn")}</p>
        </FormMessage>
        <div className={styles.actions}>
          <Link to={hrefFor("login")} replace preventScrollReset className="button button-primary" data-autofocus="">
            {t("history.goToLogin")}
          </Link>
        </div>
      </section>
    );
  }

  // Without JavaScript the login's success message arrives with the page.
  const welcome = flash?.intent === "login" && flash.ok ? translateAccountMessage(t, flash.message) : null;
  return (
    <section className={styles.view}>
      <header className={styles.historyHeader}>
        <h2 id={accountDialogTitleId} className={styles.title} tabIndex={-1}>
          {t("history.title")}
        </h2>
        <p className={styles.greeting}>{t("history.greeting", { name: greetingName(user) })}</p>
        <p className={styles.lead}>{t("history.tagline")}</p>
      </header>
      {welcome ? (
        <FormMessage tone="success">
          <p>{welcome}</p>
        </FormMessage>
      ) : null}
      <div className={styles.actions}>
        <LogoutForm redirectTo={closeHref} className="button button-secondary">
          <LogoutIcon />
          {t("history.logout")}
        </LogoutForm>
        <Link to="/mon-compte" className="button button-secondary">
          {t("history.myAccount")}
        </Link>
        {user.role === "admin" ? (
          <Link to="/admin" className="button button-primary">
            {t("history.admin")}
          </Link>
        ) : null}
      </div>
    </section>
  );
}
