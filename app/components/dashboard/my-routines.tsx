import type { TFunction } from "~/i18n/translator";
import { RoutineList } from "~/components/routines/routine-list";
import type { RoutineListItem } from "~/services/workout/routines.server";
import { DASHBOARD_BLOCK_TITLE_IDS } from "~/lib/dashboard-types";
import { BlockHeading } from "./block-heading";
import styles from "./dashboard.module.css";

/** Routines the dashboard lists; the rest are one link away, on /routines. */
export const MY_ROUTINES_SHOWN = 5;

/**
 * 'Mes routines': the user's saved workouts, most recently made, changed or
 * run first, each with 'Commencer'. The inside of its block, rendered by the
 * server only (dashboard-html.server.tsx); `t` is the dashboard namespace's.
 */
export function MyRoutinesContent({
  routines,
  t,
  language,
}: {
  routines: readonly RoutineListItem[];
  t: TFunction;
  language: string;
}) {
  return (
    <>
      <BlockHeading id={DASHBOARD_BLOCK_TITLE_IDS.routines} className={styles.blockTitle}>
        {t("routines.title")}
      </BlockHeading>
      <p className={styles.muted}>{t("routines.description")}</p>
      <RoutineList routines={routines} t={t} language={language} shown={MY_ROUTINES_SHOWN} />
    </>
  );
}
