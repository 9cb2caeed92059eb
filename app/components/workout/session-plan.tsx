import { formatBuilderAction } from "~/domain/workout/builder-url";
import type { PlannedExercise } from "~/domain/workout/planned-exercises";
import styles from "./workout.module.css";
import { useWorkoutT } from "./workout-texts";

/**
 * The session, once the builder is done: its name, a greeting and the
 * chosen exercises in order. The session runner (timer, sets, saving) will
 * grow from here; it receives the same `PlannedExercise` list.
 */
export function SessionPlan({
  sessionName,
  userName,
  exercises,
}: {
  sessionName: string;
  userName: string | null;
  exercises: PlannedExercise[];
}) {
  const t = useWorkoutT();
  return (
    <section className={styles.session} aria-labelledby="builder-heading">
      <header className={styles.stepHeader}>
        <p className={styles.sessionGreeting}>
          {userName ? t("session.greetingNamed", { name: userName }) : t("session.greetingGeneric")}
        </p>
        <h2 id="builder-heading" tabIndex={-1}>
          {sessionName}
        </h2>
        <p className={styles.prompt}>{t("session.intro")}</p>
      </header>
      <ol className={styles.sessionList} aria-label={t("session.exercisesLabel")}>
        {exercises.map((exercise, index) => (
          <li key={exercise.id} className={styles.sessionItem} data-id={exercise.id}>
            <span className={styles.position} aria-hidden="true">
              {index + 1}
            </span>
            <div className={styles.exerciseText}>
              <span className={styles.exerciseName}>{exercise.name}</span>
              <span className={styles.sessionKinds}>{exercise.type.map((kind) => t(`kinds.${kind}`)).join(", ")}</span>
            </div>
          </li>
        ))}
      </ol>
      <div className={styles.navRow}>
        <button
          type="submit"
          name="action"
          value={formatBuilderAction({ kind: "back-to-builder" })}
          className="button button-secondary"
        >
          {t("session.back")}
        </button>
      </div>
    </section>
  );
}
