import type { TFunction } from "~/i18n/translator";
import { RECORD_KINDS } from "~/domain/workout/personal-records";
import { recordValueText } from "~/lib/exercise-figures-text";
import { formatNumber } from "~/lib/number-format";
import { progressPath } from "~/lib/progress-path";
import type { MyExercise } from "~/services/dashboard.server";
import { DASHBOARD_BLOCK_TITLE_IDS } from "~/lib/dashboard-types";
import { BlockHeading } from "./block-heading";
import styles from "./dashboard.module.css";

/**
 * 'Mes exercices': the most logged exercises, each with its leading record
 * and a link to its progress page. The inside of its block, rendered by the
 * server only (dashboard-html.server.tsx); `t` is the dashboard namespace's.
 */
export function MyExercisesContent({
  exercises,
  t,
  language,
}: {
  exercises: readonly MyExercise[];
  t: TFunction;
  language: string;
}) {
  return (
    <>
      <BlockHeading id={DASHBOARD_BLOCK_TITLE_IDS.exercises} className={styles.blockTitle}>
        {t("exercises.title")}
      </BlockHeading>
      <p className={styles.muted}>{t("exercises.description")}</p>
      {exercises.length === 0 ? (
        <p className={styles.missing}>{t("exercises.empty")}</p>
      ) : (
        <ul className={styles.exerciseList}>
          {exercises.map((exercise) => {
            // The first record in the pages' order: the estimated 1RM where there is one.
            const kind = RECORD_KINDS.find((candidate) => exercise[candidate] !== null);
            return (
              <li key={exercise.exerciseId} className={styles.exerciseItem}>
                <a
                  href={progressPath(exercise.exerciseId)}
                  className={styles.exerciseName}
                  aria-label={t("exercises.open", { name: exercise.name })}
                >
                  {exercise.name}
                </a>
                <span className={`${styles.muted} ${styles.exerciseCount}`}>
                  {t("exercises.sessions", {
                    count: exercise.sessions,
                    value: formatNumber(language, exercise.sessions),
                  })}
                </span>
                <span className={styles.exerciseRecord}>
                  {kind
                    ? `${t(`records.kinds.${kind}`)} ${recordValueText(t, language, kind, exercise[kind]!)}`
                    : t("records.none")}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
