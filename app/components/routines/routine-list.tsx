import type { TFunction } from "~/i18n/translator";
import { formatDayMonth } from "~/lib/date-format";
import { routinePath, routineStartPath, ROUTINES_PATH } from "~/lib/routine-paths";
import type { RoutineListItem } from "~/services/workout/routines.server";
import styles from "./routines.module.css";

/**
 * 'Mes routines': each routine's name (a link to its page), its exercise
 * count and its last run, and 'Commencer'. Plain links only: /exo shows it as
 * server-rendered HTML (no script of its own), the dashboard and /routines
 * as part of their page. `t` is the dashboard namespace's.
 */
export function RoutineList({
  routines,
  t,
  language,
  shown = routines.length,
}: {
  routines: readonly RoutineListItem[];
  t: TFunction;
  language: string;
  /** How many to list; the rest behind a link to every routine. */
  shown?: number;
}) {
  if (routines.length === 0) return <p className={styles.muted}>{t("routines.empty")}</p>;
  return (
    <>
      <ul className={styles.list}>
        {routines.slice(0, shown).map((routine) => (
          <li key={routine.id} className={styles.item}>
            <a
              href={routinePath(routine.id)}
              className={styles.name}
              aria-label={t("routines.open", { name: routine.name })}
            >
              {routine.name}
            </a>
            <span className={styles.muted}>
              {t("routines.exercises", { count: routine.exerciseCount })} ·{" "}
              {routine.lastDoneAt
                ? t("routines.lastDone", { date: formatDayMonth(language, routine.lastDoneAt) })
                : t("routines.neverDone")}
            </span>
            <a
              href={routineStartPath(routine.id)}
              className={`button button-primary ${styles.start}`}
              aria-label={t("routines.startLabel", { name: routine.name })}
            >
              {t("routines.start")}
            </a>
          </li>
        ))}
      </ul>
      {routines.length > shown ? (
        <p>
          <a href={ROUTINES_PATH}>{t("routines.all", { count: routines.length })}</a>
        </p>
      ) : null}
    </>
  );
}
