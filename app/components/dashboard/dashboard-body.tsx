import { useTranslation } from "react-i18next";
import { useNavigation, useRevalidator } from "react-router";
import type { AccountUser } from "~/lib/account-types";
import type { ImcRecordView } from "~/domain/stats/records";
import { BlockHeadingLevel } from "./block-heading";
import { WeekChart, WeightChart } from "./charts";
import { DASHBOARD_BLOCK_TITLE_IDS, type DashboardOutcome, type DashboardView } from "~/lib/dashboard-types";
import { MeasuresRecap } from "./measures-recap";
import { PhotoCard } from "./photo-card";
import styles from "./dashboard.module.css";

/**
 * The dashboard's blocks, the same in the account dialog and on the
 * /historique page: status lines, the photo, the week's and the weight's
 * charts, the statistics, 'Mes routines', 'Mes exercices' and the IMC records.
 */
export function DashboardBody({
  user,
  name,
  data,
  language,
  here,
  confirm,
  flash,
  headingLevel = 3,
}: {
  user: AccountUser;
  /** The greeting's name (its initial stands in for a photo). */
  name: string;
  /** Its statistics, 'Mes routines' and 'Mes exercices' come as the server's HTML (dashboard-html.server.tsx). */
  data: DashboardView;
  language: string;
  /** The address the dashboard is shown at (without a confirmation): forms come back here. */
  here: string;
  /** What the address asks to confirm (?supprimer=photo or a measure's id). */
  confirm: string | null;
  flash: DashboardOutcome | null;
  /** Of the blocks' headings: 2 under a page's h1, 3 under the dialog's h2. */
  headingLevel?: 2 | 3;
}) {
  const { t, ready } = useTranslation("dashboard");
  // The layout's own texts (the dialog's), there before the dashboard's.
  const { t: layoutT } = useTranslation("account");
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const refreshing = revalidator.state === "loading" || navigation.state === "loading";
  const { summary, errors } = data;
  const measures = data.measures.filter((record): record is ImcRecordView => record.type === "imc");
  const empty =
    !errors.history &&
    !errors.summary &&
    measures.length === 0 &&
    (summary?.totalSessions ?? 0) === 0 &&
    summary?.calories === null;

  // Opened by a navigation, the dialog may wait a moment for the dashboard's texts.
  if (!ready) return <output className={styles.status}>{layoutT("history.loading")}</output>;

  return (
    <BlockHeadingLevel value={headingLevel}>
      <div className={styles.dashboard} aria-busy={refreshing}>
        <output className={styles.status}>
          {refreshing ? (
            <>
              <span className="spinner" aria-hidden="true" />
              {t("loading")}
            </>
          ) : null}
        </output>
        {errors.history ? <p className={styles.errorLine}>{t("errors.history")}</p> : null}
        {errors.sessions ? <p className={styles.errorLine}>{t("errors.sessions")}</p> : null}
        {summary === null ? <p className={styles.errorLine}>{t("errors.summary")}</p> : null}
        {errors.exercises ? <p className={styles.errorLine}>{t("exercises.error")}</p> : null}
        {errors.routines ? <p className={styles.errorLine}>{t("routines.error")}</p> : null}
        {empty ? <p className={styles.empty}>{t("empty")}</p> : null}
        <div className={styles.grid}>
          <PhotoCard user={user} name={name} here={here} confirm={confirm} flash={flash} />
          <WeekChart week={data.week} language={language} />
          <WeightChart weights={data.weights} language={language} />
          {(["stats", "routines", "exercises"] as const).map((block) => {
            const html = data.blocksHtml[block];
            return html === null ? null : (
              <section
                key={block}
                className={`${styles.block} ${styles.wide}`}
                aria-labelledby={DASHBOARD_BLOCK_TITLE_IDS[block]}
                dangerouslySetInnerHTML={{ __html: html }}
              />
            );
          })}
          <MeasuresRecap measures={measures} language={language} here={here} confirm={confirm} flash={flash} />
        </div>
      </div>
    </BlockHeadingLevel>
  );
}
