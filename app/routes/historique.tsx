import { useTranslation } from "react-i18next";
import { data, Link, redirect, useLocation, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/historique";
import { withAccountView } from "~/components/account/account-url";
import { greetingName } from "~/domain/greeting-name";
import { LogoutForm } from "~/components/account/logout-form";
import { DashboardBody } from "~/components/dashboard/dashboard-body";
import { confirmSearchParam, dashboardPath } from "~/lib/dashboard-types";
import styles from "~/components/dashboard/dashboard.module.css";
import { LogoutIcon } from "~/components/layout/icons";
import { PastWorkouts } from "~/components/dashboard/past-workouts";
import { getServices } from "~/context.server";
import { PHOTO_BODY_LIMIT_BYTES } from "~/domain/photo-limits";
import type { BodyLimitHandle } from "~/lib/body-limits";
import { pageTitle } from "~/lib/page-title";
import { getInstance, getLocale, namespaceT } from "~/middleware/i18next.server";
import type { RootLoaderData } from "~/lib/root-loader-data";
import { getCurrentUser, publicUser } from "~/services/auth/session.server";
import { dashboardFlash, runDashboardAction } from "~/services/dashboard-actions.server";
import { loadDashboard } from "~/services/dashboard.server";
import { withBlocksHtml } from "~/components/dashboard/dashboard-html.server";
import { pastWorkoutsPage } from "~/services/workout/sessions.server";
import { PAST_WORKOUTS_CURSOR_PARAM } from "~/domain/workout/session-page";

// /historique: the dashboard on a page of its own (a user can bookmark it).
// The account dialog's history view shows the same blocks, and both post
// their forms here: the photo (a 5 MB body, answered in its own words past
// that), its deletion, a measure's deletion. The page alone lists the past
// workouts, a page at a time (?avant=<cursor>), each deletable.

export const handle = {
  i18n: ["account", "dashboard"],
  bodyLimitBytes: PHOTO_BODY_LIMIT_BYTES,
  answersTooLargeBody: true,
} satisfies BodyLimitHandle & { i18n: string[] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const title = getInstance(context).t("history.title", { ns: "account" });
  const current = await getCurrentUser(context, request);
  if (!current) return data({ title, user: null, dashboard: null, workouts: null }, { status: 401 });
  const services = getServices(context);
  const cursor = new URL(request.url).searchParams.get(PAST_WORKOUTS_CURSOR_PARAM);
  const language = getLocale(context);
  const [dashboardData, workouts] = await Promise.all([
    loadDashboard(services.store, current.user, language),
    pastWorkoutsPage(services, current.user.id, cursor),
  ]);
  const dashboard = withBlocksHtml(dashboardData, namespaceT(context, "dashboard"), language, 2);
  return { title, user: publicUser(current.user), dashboard, workouts };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.title) }, { name: "robots", content: "noindex" }];
}

export async function action({ request, context }: Route.ActionArgs) {
  const result = await runDashboardAction(context, request);
  if (!result) return redirect(dashboardPath, 303);
  if ("signedOut" in result) return redirect(withAccountView(dashboardPath, "login"), 303);
  const headers = { "Set-Cookie": await dashboardFlash.serialize(context, result.outcome) };
  return redirect(result.redirectTo, { status: 303, headers });
}

export default function HistoriquePage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("account");
  const rootData = useRouteLoaderData<RootLoaderData>("root");
  const location = useLocation();
  const { user, dashboard, workouts } = loaderData;

  if (!user || !dashboard || !workouts) {
    return (
      <div className={styles.page}>
        <h1>{t("history.title")}</h1>
        <output className="form-alert form-alert-info">{t("messages.notSignedIn")}</output>
        <div className={styles.actions}>
          <Link to={withAccountView(dashboardPath, "login")} className="button button-primary">
            {t("history.goToLogin")}
          </Link>
        </div>
      </div>
    );
  }

  const search = new URLSearchParams(location.search);
  const confirm = search.get(confirmSearchParam);
  search.delete(confirmSearchParam);
  const query = search.toString();
  const here = `${location.pathname}${query ? `?${query}` : ""}`;
  const name = greetingName(user);

  return (
    <div className={styles.page}>
      <header className={styles.pageHeader}>
        <h1>{t("history.title")}</h1>
        <p className="lead">{t("history.greeting", { name })}</p>
        <p className={styles.muted}>{t("history.tagline")}</p>
      </header>
      <DashboardBody
        user={user}
        name={name}
        data={dashboard}
        language={rootData?.language ?? i18n.language}
        here={here}
        confirm={confirm}
        flash={rootData?.dashboardFlash ?? null}
        headingLevel={2}
      />
      <PastWorkouts
        page={workouts}
        language={rootData?.language ?? i18n.language}
        here={here}
        confirm={confirm}
        flash={rootData?.dashboardFlash ?? null}
      />
      <div className={styles.actions}>
        <LogoutForm redirectTo="/" className="button button-secondary">
          <LogoutIcon />
          {t("history.logout")}
        </LogoutForm>
        {user.role === "admin" ? (
          <Link to="/admin" className="button button-primary">
            {t("history.admin")}
          </Link>
        ) : null}
      </div>
    </div>
  );
}
