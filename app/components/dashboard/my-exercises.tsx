import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { RECORD_KINDS } from "~/domain/workout/personal-records";
import { recordValueText } from "~/lib/exercise-figures-text";
import { formatNumber } from "~/lib/number-format";
import { progressPath } from "~/lib/progress-path";
import type { MyExercise } from "~/services/dashboard.server";
import { BlockHeading } from "./block-heading";
import styles from "./dashboard.module.css";

/** 'Mes exercices': the most logged exercises, each with its leading record and a link to its progress page. */
export function MyExercises({ exercises, language }: { exercises: readonly MyExercise[]; language: string }) {
  const { t } = useTranslation("dashboard");
  return (
    <section className={`${styles.block} ${styles.wide}`} aria-labelledby="dashboard-exercises-title">
      <BlockHeading id="dashboard-exercises-title" className={styles.blockTitle}>
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
                <Link
                  to={progressPath(exercise.exerciseId)}
                  className={styles.exerciseName}
                  aria-label={t("exercises.open", { name: exercise.name })}
                >
                  {exercise.name}
                </Link>
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
    </section>
  );
}
