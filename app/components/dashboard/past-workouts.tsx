import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { TrashIcon } from "~/components/layout/icons";
import { PAST_WORKOUTS_CURSOR_PARAM } from "~/domain/workout/session-page";
import { formatDate } from "~/lib/date-format";
import { formatMeasure } from "~/lib/number-format";
import { useHydrated } from "~/lib/use-hydrated";
import type { PastSetView, PastWorkoutsPage, PastWorkoutView } from "~/services/workout/sessions.server";
import { ConfirmModal, ConfirmPanel } from "./confirm-on-demand";
import { useDashboardRequests, useFleetingOutcome } from "./dashboard-requests";
import { confirmHref, type DashboardOutcome, dashboardPath, workoutConfirmTarget } from "~/lib/dashboard-types";
import { OutcomeMessage } from "./outcome-message";
import styles from "./dashboard.module.css";

/** Where the list starts on the page: its pages come back to it. */
export const PAST_WORKOUTS_ANCHOR = "seances";

/** "20 min 30 s", "45 s", "12 min". */
function formatDuration(t: (key: string, options?: Record<string, unknown>) => string, seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const rest = Math.round(seconds % 60);
  if (minutes === 0) return t("workouts.seconds", { value: rest });
  return rest === 0 ? t("workouts.minutes", { value: minutes }) : t("workouts.minSec", { minutes, seconds: rest });
}

function SetsTable({
  sets,
  cardio,
  language,
  caption,
}: {
  sets: readonly PastSetView[];
  cardio: boolean;
  language: string;
  caption: string;
}) {
  const { t } = useTranslation("dashboard");
  const number = (value: number | null, key: string) =>
    value === null ? "–" : t(key, { value: formatMeasure(language, value, 2) });
  return (
    // A safety net: on the narrowest phones the columns fit (their words only), a longer value scrolls.
    <div className={styles.setsScroller}>
      <table className={`${styles.table} ${styles.setsTable}`}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t("workouts.set")}</th>
            {cardio ? (
              <>
                <th scope="col">{t("workouts.duration")}</th>
                <th scope="col">{t("workouts.distance")}</th>
                <th scope="col">{t("workouts.intensity")}</th>
              </>
            ) : (
              <>
                <th scope="col">{t("workouts.weight")}</th>
                <th scope="col">{t("workouts.reps")}</th>
                <th scope="col">{t("workouts.rest")}</th>
              </>
            )}
          </tr>
        </thead>
        <tbody>
          {sets.map((set, index) => (
            <tr key={index}>
              <th scope="row">{index + 1}</th>
              {cardio ? (
                <>
                  <td>{set.durationSec === null ? "–" : formatDuration(t, set.durationSec)}</td>
                  <td>{number(set.distanceKm, "workouts.km")}</td>
                  <td>{number(set.intensity, "workouts.outOfTen")}</td>
                </>
              ) : (
                <>
                  <td>{number(set.weightKg, "workouts.kg")}</td>
                  <td>{set.reps === null ? "–" : formatMeasure(language, set.reps)}</td>
                  <td>{set.restSec === null ? "–" : formatDuration(t, set.restSec)}</td>
                </>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One past workout: its line (date, name, duration, exercises, volume), opening to every set and note. */
function PastWorkout({
  workout,
  language,
  here,
  onDelete,
  busy,
}: {
  workout: PastWorkoutView;
  language: string;
  here: string;
  /** With JavaScript: asks in a dialog. Without: a link to the confirmation panel. */
  onDelete: (() => void) | null;
  busy: boolean;
}) {
  const { t } = useTranslation("dashboard");
  const date = formatDate(language, workout.startedAt);
  const deleteLabel = t("workouts.deleteLabel", { name: workout.name, date });
  const deleteContent = (
    <>
      <TrashIcon className={`icon ${styles.deleteIcon}`} />
      <span>{t("workouts.delete")}</span>
    </>
  );
  return (
    <li className={styles.workout}>
      <details className={styles.workoutDetails}>
        <summary className={styles.workoutSummary}>
          <time dateTime={workout.startedAt} className={styles.workoutDate}>
            {date}
          </time>
          <span className={styles.workoutName}>{workout.name}</span>
          <span className={styles.workoutFigures}>
            <span>{t("workouts.minutes", { value: workout.durationMinutes })}</span>
            <span>{t("workouts.exercises", { count: workout.exercises.length })}</span>
            {workout.volumeKg > 0 ? (
              <span>{t("workouts.volume", { value: formatMeasure(language, workout.volumeKg) })}</span>
            ) : null}
          </span>
        </summary>
        <div className={styles.workoutBody}>
          {workout.exercises.map((exercise, index) => (
            <section key={index} className={styles.workoutExercise} aria-label={exercise.name}>
              <h3 className={styles.workoutExerciseName}>{exercise.name}</h3>
              <SetsTable
                sets={exercise.sets}
                cardio={exercise.mode === "cardio"}
                language={language}
                caption={t("workouts.setsOf", { name: exercise.name })}
              />
              {exercise.notes ? (
                <p className={styles.workoutNote}>
                  <span className={styles.workoutNoteLabel}>{t("workouts.exerciseNotes")}</span> {exercise.notes}
                </p>
              ) : null}
            </section>
          ))}
          {workout.notes ? (
            <p className={styles.workoutNote}>
              <span className={styles.workoutNoteLabel}>{t("workouts.sessionNotes")}</span> {workout.notes}
            </p>
          ) : null}
          <div className={styles.workoutActions}>
            {onDelete ? (
              <button
                type="button"
                className={`button button-ghost ${styles.deleteButton}`}
                aria-label={deleteLabel}
                disabled={busy}
                onClick={onDelete}
              >
                {deleteContent}
              </button>
            ) : (
              <Link
                to={confirmHref(here, workoutConfirmTarget(workout.id))}
                className={`button button-ghost ${styles.deleteButton}`}
                aria-label={deleteLabel}
                preventScrollReset
              >
                {deleteContent}
              </Link>
            )}
          </div>
        </div>
      </details>
    </li>
  );
}

/**
 * 'Mes séances passées' on /historique: the user's workouts, newest first, a
 * page at a time, each opening to every set and note (a <details>, so
 * without JavaScript too) and deletable after a confirmation; the
 * dashboard's figures follow a deletion.
 */
export function PastWorkouts({
  page,
  language,
  here,
  confirm,
  flash,
}: {
  page: PastWorkoutsPage;
  language: string;
  /** The page's address without a confirmation: the forms come back to it. */
  here: string;
  /** What the address asks to confirm (?supprimer=seance-<id>). */
  confirm: string | null;
  flash: DashboardOutcome | null;
}) {
  const { t } = useTranslation("dashboard");
  const hydrated = useHydrated();
  const requests = useDashboardRequests();
  const [toDelete, setToDelete] = useState<PastWorkoutView | null>(null);
  const outcome = useFleetingOutcome(requests.outcome ?? (flash?.intent === "workout-delete" ? flash : null), hydrated);
  const confirmed = page.items.find((workout) => workoutConfirmTarget(workout.id) === confirm) ?? null;
  const textsFor = (workout: PastWorkoutView) => ({
    title: t("workouts.confirmTitle"),
    text: t("workouts.confirmText", { name: workout.name, date: formatDate(language, workout.startedAt) }),
    confirm: t("workouts.confirm"),
  });

  async function remove(workout: PastWorkoutView) {
    await requests.run(
      "workout-delete",
      new Request(`/api/workouts/sessions/${encodeURIComponent(workout.id)}`, { method: "DELETE" }),
    );
    setToDelete(null);
  }

  return (
    <section id={PAST_WORKOUTS_ANCHOR} className={styles.pastWorkouts} aria-labelledby="past-workouts-title">
      <h2 id="past-workouts-title" className={styles.blockTitle}>
        {t("workouts.title")}
      </h2>
      {confirmed ? (
        <ConfirmPanel texts={textsFor(confirmed)} intent="workout-delete" id={confirmed.id} here={here} />
      ) : null}
      <OutcomeMessage outcome={outcome} />
      {page.items.length === 0 ? (
        <p className={styles.empty}>
          {page.first ? t("workouts.empty") : t("workouts.noOlder")} <Link to="/exo">{t("workouts.start")}</Link>
        </p>
      ) : (
        <ol className={styles.workoutList} aria-label={t("workouts.listLabel")}>
          {page.items.map((workout) => (
            <PastWorkout
              key={workout.id}
              workout={workout}
              language={language}
              here={here}
              onDelete={hydrated ? () => setToDelete(workout) : null}
              busy={requests.pending !== null}
            />
          ))}
        </ol>
      )}
      {page.next || !page.first ? (
        <nav className={styles.workoutPages} aria-label={t("workouts.pagesLabel")}>
          {page.first ? null : (
            <Link to={`${dashboardPath}#${PAST_WORKOUTS_ANCHOR}`} className="button button-ghost">
              {t("workouts.newest")}
            </Link>
          )}
          {page.next ? (
            <Link
              to={`${dashboardPath}?${PAST_WORKOUTS_CURSOR_PARAM}=${encodeURIComponent(page.next)}#${PAST_WORKOUTS_ANCHOR}`}
              className="button button-secondary"
            >
              {t("workouts.older")}
            </Link>
          ) : null}
        </nav>
      ) : null}
      {toDelete ? (
        <ConfirmModal
          texts={textsFor(toDelete)}
          busy={requests.pending === "workout-delete"}
          onConfirm={() => void remove(toDelete)}
          onCancel={() => setToDelete(null)}
        />
      ) : null}
    </section>
  );
}
