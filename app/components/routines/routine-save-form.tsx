import type { RoutineExercise } from "~/domain/workout/routines";
import type { TFunction } from "~/i18n/translator";
import { NEW_ROUTINE_PATH } from "~/lib/routine-paths";
import styles from "./routines.module.css";

/** The field of the save form that carries the exercises, their modes and targets (JSON). */
export const ROUTINE_EXERCISES_FIELD = "exercises";

/**
 * 'Enregistrer comme routine': a name (the session's by default) and the
 * exercises in their order, posted to /routines/nouvelle, whose answer is
 * the new routine's page. A plain form, the same with or without
 * JavaScript. A visitor (no exercises given) is invited to log in instead,
 * the page's address being their way to keep a workout. `t` is the
 * workout-session namespace's.
 */
export function RoutineSaveForm({
  exercises,
  name,
  intro,
  loginHref,
  t,
  error = null,
}: {
  /** Null for a visitor. */
  exercises: readonly RoutineExercise[] | null;
  name: string;
  intro: "fromSummary" | "fromPlan";
  loginHref: string;
  t: TFunction;
  /** Why the last try was refused, in the page's words. */
  error?: string | null;
}) {
  return (
    <section className={styles.save} aria-labelledby="routine-save-title">
      <h3 id="routine-save-title">{t("routine.saveTitle")}</h3>
      {exercises ? (
        <form method="post" action={NEW_ROUTINE_PATH} className={styles.saveForm}>
          <p className={styles.muted}>{t(`routine.${intro}`)}</p>
          {error ? (
            <p className="form-alert form-alert-error" role="alert">
              {error}
            </p>
          ) : null}
          <input type="hidden" name={ROUTINE_EXERCISES_FIELD} value={JSON.stringify(exercises)} />
          <div className="field">
            <label className="field-label" htmlFor="routine-save-name">
              {t("routine.name")}
            </label>
            <input
              id="routine-save-name"
              name="name"
              className="field-input"
              defaultValue={name}
              maxLength={80}
              required
              autoComplete="off"
            />
          </div>
          <button type="submit" className="button button-secondary">
            {t("routine.save")}
          </button>
        </form>
      ) : (
        <p className={styles.muted}>
          {t("routine.visitor")} <a href={loginHref}>{t("routine.login")}</a>
        </p>
      )}
    </section>
  );
}
