import { Suspense } from "react";
import { Link } from "react-router";
import { withAccountView } from "~/components/account/account-url";
import { AlertIcon, CheckCircleIcon } from "~/components/layout/icons";
import type { SessionResult } from "~/domain/workout/session-payload";
import { durationMinutes } from "~/domain/workout/session-timer";
import { componentOnDemand } from "~/lib/load-on-demand";
import { CheckIcon } from "../workout-icons";
import { loadNewRecords } from "./new-records-loader";
import { loadSummaryRoutineSave } from "./routine-save-loader";
import { translateSessionRefusal } from "./session-refusal";
import type { SessionT } from "./set-logger";
import styles from "./session.module.css";

/** The beaten records' list, its code loaded when a summary has some. */
const NewRecordsList = componentOnDemand(loadNewRecords, "default");

/** 'Enregistrer comme routine', its code loaded when a signed-in user's summary shows. */
const RoutineSave = componentOnDemand(loadSummaryRoutineSave, "default");

function SavingStatus({ result, loginHref, t }: { result: SessionResult; loginHref: string; t: SessionT }) {
  switch (result.outcome) {
    case "saved":
      return (
        <p className="form-alert form-alert-success">
          <CheckCircleIcon />
          <span>{t("saving.saved")}</span>
        </p>
      );
    case "failed":
      return (
        <div className="form-alert form-alert-error">
          <AlertIcon />
          <div>
            <p>{t("saving.errors", { count: result.errorCount })}</p>
            {result.refusal ? <p>{translateSessionRefusal(t, result.refusal)}</p> : null}
          </div>
        </div>
      );
    case "kept-on-device":
      return <p className="form-alert form-alert-info">{t("saving.keptOnDevice")}</p>;
    case "nothing-to-save":
      return <p className="form-alert form-alert-info">{t("saving.nothingToSave")}</p>;
    case "signed-out":
      return (
        <p className="form-alert form-alert-info">
          <span>
            {t("saving.signedOut")}{" "}
            <Link to={loginHref} preventScrollReset>
              {t("saving.login")}
            </Link>
          </span>
        </p>
      );
  }
}

/**
 * The end of a session: how saving went, a congratulation, the figures
 * (duration, calories, exercises done) and each exercise; then start over
 * (the builder from its first step, everything cleared) or back to the
 * session view.
 */
export function SessionSummary({
  result,
  t,
  language,
  currentHref,
  builderFormId,
  restartAction,
  onBack,
}: {
  result: SessionResult;
  t: SessionT;
  language: string;
  /** The page's address: the login link comes back to it, and without JavaScript 'back' goes to it. */
  currentHref: string;
  builderFormId: string;
  restartAction: string;
  /** With JavaScript: back to a fresh session view in place. */
  onBack: (() => void) | null;
}) {
  const number = new Intl.NumberFormat(language);
  const { summary } = result;
  return (
    <section className={styles.summary} aria-labelledby="session-summary-title">
      <header className={styles.summaryHeader}>
        <h3 id="session-summary-title" tabIndex={-1}>
          {t("summary.title")}
        </h3>
        {/* No 'Bravo' beside 'rien à enregistrer': it congratulates logged work only. */}
        {summary.completedExercises > 0 && result.outcome !== "nothing-to-save" ? (
          <p className={styles.congrats}>{t("summary.congrats")}</p>
        ) : null}
      </header>
      <output className={styles.savingStatus}>
        <SavingStatus result={result} loginHref={withAccountView(currentHref, "login")} t={t} />
      </output>
      {result.newRecords.length > 0 ? (
        <Suspense fallback={null}>
          <NewRecordsList records={result.newRecords} t={t} language={language} />
        </Suspense>
      ) : null}
      <dl className={styles.figures}>
        <div className={styles.figure}>
          <dt>{t("summary.duration")}</dt>
          <dd className="tabular">{t("summary.minutes", { count: durationMinutes(result.durationSec) })}</dd>
        </div>
        <div className={styles.figure}>
          <dt>{t("summary.calories")}</dt>
          <dd className="tabular">{t("summary.kcal", { value: number.format(result.calories) })}</dd>
        </div>
        <div className={styles.figure}>
          <dt>{t("summary.exercises")}</dt>
          <dd className="tabular">
            {t("summary.exercisesValue", { done: summary.completedExercises, total: summary.plannedExercises })}
          </dd>
        </div>
      </dl>
      <ul className={styles.summaryList} aria-label={t("summary.listLabel")}>
        {summary.exercises.map((exercise, index) => (
          <li key={index} className={styles.summaryItem} data-done={exercise.done || undefined}>
            <span className={styles.status} data-done={exercise.done || undefined}>
              {exercise.done ? <CheckIcon className={styles.statusIcon} /> : null}
              {exercise.done ? t("summary.done") : t("summary.skipped")}
            </span>
            <span className={styles.summaryName}>{exercise.exerciseName}</span>
            {exercise.note ? <span className={styles.summaryNote}>{exercise.note}</span> : null}
          </li>
        ))}
      </ul>
      <div className={styles.navRow}>
        <button
          type="submit"
          form={builderFormId}
          name="action"
          value={restartAction}
          className="button button-secondary"
        >
          {t("summary.restart")}
        </button>
        {onBack ? (
          <button type="button" className="button button-primary" onClick={onBack}>
            {t("summary.back")}
          </button>
        ) : (
          <a className="button button-primary" href={currentHref}>
            {t("summary.back")}
          </a>
        )}
      </div>
      {result.planned.length > 0 ? (
        <Suspense fallback={null}>
          <RoutineSave result={result} t={t} />
        </Suspense>
      ) : null}
    </section>
  );
}
