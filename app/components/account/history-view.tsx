import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useRouteLoaderData } from "react-router";
import { loadDashboardBody } from "~/components/dashboard/dashboard-body-loader";
import { confirmSearchParam, dashboardPath } from "~/lib/dashboard-types";
import { componentOnDemand } from "~/lib/load-on-demand";
import { LogoutIcon } from "~/components/layout/icons";
import { greetingName } from "~/domain/greeting-name";
import type { RootLoaderData } from "~/lib/root-loader-data";
import { FormMessage } from "./form-message";
import { accountDialogTitleId, useAccountDialog } from "./account-dialog-context";
import { translateAccountMessage } from "./account-messages";
import type { AccountUser } from "~/lib/account-types";
import styles from "./account.module.css";
import { LogoutForm } from "./logout-form";

// The dashboard's code loads on demand (dashboard-body-loader.ts): the
// server's HTML stays while it loads.
const DashboardBody = componentOnDemand(loadDashboardBody, "DashboardBody");

/**
 * 'Historique': the greeting, the dashboard (photo, charts, statistics,
 * IMC records) and the account actions; 'Administration' for admins.
 * Without a session it says so and offers the login view.
 */
export function HistoryView({ user }: { user: AccountUser | null }) {
  const { t, i18n } = useTranslation("account");
  const { flash, closeHref, hrefFor } = useAccountDialog();
  const rootData = useRouteLoaderData<RootLoaderData>("root");
  const location = useLocation();

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
  const search = new URLSearchParams(location.search);
  const confirm = search.get(confirmSearchParam);
  search.delete(confirmSearchParam);
  const query = search.toString();
  const here = `${location.pathname}${query ? `?${query}` : ""}`;
  const name = greetingName(user);
  const dashboard = rootData?.dashboard ?? null;

  return (
    <section className={styles.view}>
      <header className={styles.historyHeader}>
        <h2 id={accountDialogTitleId} className={styles.title} tabIndex={-1}>
          {t("history.title")}
        </h2>
        <p className={styles.greeting}>{t("history.greeting", { name })}</p>
        <p className={styles.lead}>{t("history.tagline")}</p>
      </header>
      {welcome ? (
        <FormMessage tone="success">
          <p>{welcome}</p>
        </FormMessage>
      ) : null}
      {dashboard ? (
        <Suspense fallback={<output className={styles.lead}>{t("history.loading")}</output>}>
          <DashboardBody
            user={user}
            name={name}
            data={dashboard}
            language={rootData?.language ?? i18n.language}
            here={here}
            confirm={confirm}
            flash={rootData?.dashboardFlash ?? null}
          />
        </Suspense>
      ) : (
        <output className={styles.lead}>{t("history.loading")}</output>
      )}
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
        <Link to={dashboardPath} className="button button-ghost">
          {t("history.fullPage")}
        </Link>
      </div>
    </section>
  );
}
