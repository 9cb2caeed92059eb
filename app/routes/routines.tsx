import { useTranslation } from "react-i18next";
import { data, Link } from "react-router";
import type { Route } from "./+types/routines";
import { withAccountView } from "~/components/account/account-url";
import { RoutineList } from "~/components/routines/routine-list";
import styles from "~/components/routines/routines.module.css";
import { getServices } from "~/context.server";
import { pageTitle } from "~/lib/page-title";
import { ROUTINES_PATH } from "~/lib/routine-paths";
import { getInstance } from "~/middleware/i18next.server";
import { getCurrentUser } from "~/services/auth/session.server";
import { routineFlash, routineList } from "~/services/workout/routines.server";
import { routineFlashText } from "~/components/routines/routine-flash";

// /routines: every routine of the signed-in user (50 at most, one indexed
// read), most recently made, changed or run first, each with 'Commencer'.

export const handle = { i18n: ["dashboard", "routines"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const title = getInstance(context).t("title", { ns: "routines" });
  const current = await getCurrentUser(context, request);
  if (!current) return data({ title, routines: null, flash: null }, { status: 401 });
  const [routines, { flash, clearCookie }] = await Promise.all([
    routineList(getServices(context), current.user.id),
    routineFlash.read(context, request),
  ]);
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  if (clearCookie) headers.append("Set-Cookie", clearCookie);
  return data({ title, routines, flash }, { headers });
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.title) }, { name: "robots", content: "noindex" }];
}

export default function RoutinesPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("routines");
  const { t: dashboardT } = useTranslation("dashboard");
  const { routines, flash } = loaderData;
  return (
    <div className={`section-inner ${styles.page}`}>
      <h1>{t("title")}</h1>
      {routines === null ? (
        <>
          <p className="form-alert form-alert-info">{t("visitor")}</p>
          <p>
            <Link to={withAccountView(ROUTINES_PATH, "login")} className="button button-primary">
              {t("login")}
            </Link>
          </p>
        </>
      ) : (
        <>
          <output className={styles.status}>
            {flash ? <p className="form-alert form-alert-success">{routineFlashText(t, flash)}</p> : null}
          </output>
          <p className={styles.muted}>{dashboardT("routines.description")}</p>
          <RoutineList routines={routines} t={dashboardT} language={i18n.language} />
          <p>
            <Link to="/exo" className="button button-secondary">
              {t("build")}
            </Link>
          </p>
        </>
      )}
    </div>
  );
}
