import { type ComponentProps, Suspense, use } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useRouteLoaderData } from "react-router";
import type { DashboardBody as DashboardBodyComponent } from "~/components/dashboard/dashboard-body";
import { confirmSearchParam, dashboardPath } from "~/components/dashboard/dashboard-types";
import { LogoutIcon } from "~/components/layout/icons";
import type { RootLoaderData } from "~/root";
import { FormMessage } from "./account-fields";
import { accountDialogTitleId, useAccountDialog } from "./account-dialog-context";
import { translateAccountMessage } from "./account-messages";
import type { AccountUser } from "./account-types";
import styles from "./account.module.css";
import { LogoutForm } from "./logout-form";

// The dashboard is drawn by the server with the page (without JavaScript
// it is all there is); in the browser its code, and its charts' library,
// load only when this view opens, and meanwhile the server's HTML stays.
// The server loads it once at start, so no render of it ever waits (a
// waiting part of the page would reach a browser without JavaScript hidden).

type Loading<T> = Promise<T> & { status?: "fulfilled"; value?: T };
type DashboardBodyModule = { DashboardBody: typeof DashboardBodyComponent };
let dashboardBodyModule: Loading<DashboardBodyModule> | null = null;

function loadDashboardBody(): Loading<DashboardBodyModule> {
  if (!dashboardBodyModule) {
    const loading: Loading<DashboardBodyModule> = import("~/components/dashboard/dashboard-body");
    // React's use() reads a settled promise at once when it carries its status.
    void loading.then((module) => {
      loading.status = "fulfilled";
      loading.value = module;
    });
    dashboardBodyModule = loading;
  }
  return dashboardBodyModule;
}
if (import.meta.env.SSR) void loadDashboardBody();

/**
 * For the browser's start, when the address opens this view: hydration then
 * finds the dashboard's code loaded (a part that waited would be rendered
 * again from scratch, the server's HTML replaced by 'Chargement…').
 */
export async function preloadDashboardBody(): Promise<void> {
  const loading = loadDashboardBody();
  await loading;
  // The status is set by the first then() above, which ran before this await resumed.
  if (loading.status !== "fulfilled") await Promise.resolve();
}

function DashboardBody(props: ComponentProps<typeof DashboardBodyComponent>) {
  const { DashboardBody: Body } = use(loadDashboardBody() as Promise<DashboardBodyModule>);
  return <Body {...props} />;
}

/** The name the greeting uses: the display name, else the first name, else the pseudo. */
export function greetingName(user: Pick<AccountUser, "displayName" | "prenom" | "pseudo">): string {
  return user.displayName?.trim() || user.prenom?.trim() || user.pseudo;
}

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
