import { useTranslation } from "react-i18next";
import { RoutineList } from "~/components/routines/routine-list";
import type { RoutineListItem } from "~/services/workout/routines.server";
import { BlockHeading } from "./block-heading";
import styles from "./dashboard.module.css";

/** Routines the dashboard lists; the rest are one link away, on /routines. */
export const MY_ROUTINES_SHOWN = 5;

/** 'Mes routines': the user's saved workouts, most recently made, changed or run first, each with 'Commencer'. */
export function MyRoutines({ routines, language }: { routines: readonly RoutineListItem[]; language: string }) {
  const { t } = useTranslation("dashboard");
  return (
    <section className={`${styles.block} ${styles.wide}`} aria-labelledby="dashboard-routines-title">
      <BlockHeading id="dashboard-routines-title" className={styles.blockTitle}>
        {t("routines.title")}
      </BlockHeading>
      <p className={styles.muted}>{t("routines.description")}</p>
      <RoutineList routines={routines} t={t} language={language} shown={MY_ROUTINES_SHOWN} />
    </section>
  );
}
