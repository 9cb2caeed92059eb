import { useCallback, useEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { withAccountView } from "~/components/account/account-url";
import { Modal } from "~/components/ui/modal";
import type { SessionMemory } from "~/domain/workout/last-time";
import { progressPath } from "~/lib/progress-path";
import { formatBuilderAction } from "~/domain/workout/builder-url";
import type { PlannedExercise } from "~/domain/workout/planned-exercises";
import { type ExerciseInput, hasLoggedValue, isExerciseDone, SESSION_LIMITS } from "~/domain/workout/session-entries";
import { formatSessionIntent, freshInputs, SESSION_FORM_FIELDS } from "~/domain/workout/session-form";
import { elapsedMs, formatClock, timerPhase } from "~/domain/workout/session-timer";
import type { SessionActionData, SessionFormStart } from "~/services/workout/session-page.server";
import { ExerciseCard } from "./exercise-card";
import { RestTimer } from "./rest-timer";
import { ModeChoice, SetLogger } from "./set-logger";
import { SessionSummary } from "./session-summary";
import { useSessionRunner } from "./use-session-runner";
import styles from "./session.module.css";

export interface SessionViewProps {
  sessionName: string;
  userName: string | null;
  /** The signed-in user's id; null for a visitor. */
  userId: string | null;
  exercises: PlannedExercise[];
  /** Each exercise's description by id, in the page's language (the builder's cards carry them). */
  descriptions?: Readonly<Record<string, string>>;
  /** What the page was served with: the start of a session run without JavaScript, and its finish's key. */
  formStart: SessionFormStart;
  /** The route action's answer to the form sent without JavaScript. */
  formResult: SessionActionData | null;
  /** The builder's GET form: 'Retour' and 'Recommencer' are its buttons. */
  builderFormId: string;
  /** The page's address ("/exo?..."): the form posts to it. */
  pageHref: string;
  hydrated: boolean;
  language: string;
  /** Each exercise's last time (a signed-in user's); a visitor's is empty. With a routine, its targets. */
  memory: SessionMemory;
  /** The user's routine the session runs (its address's); its last run follows the save. */
  routineId?: string | null;
  /** 'Enregistrer comme routine', as the server rendered it (none for a session a routine runs). */
  routineSave?: string | null;
}

/**
 * The session: a greeting, the clock ('Commencer', 'En cours…', 'Reprendre',
 * pause, 'Terminer' with its confirmation), the best progress figure, one
 * card per exercise with its set popup, the rest timer, then the summary.
 * Without JavaScript it is one form posted to the route action.
 */
export default function SessionView(props: SessionViewProps) {
  const { hydrated, formResult, builderFormId, pageHref } = props;
  const targets = props.memory.targets;
  // A routine's cards start in its modes, with a row per target.
  const exercises = useMemo(
    () =>
      props.exercises.map((exercise) => {
        const planned = targets?.[exercise.id]?.planned;
        return planned ? { ...exercise, plan: { mode: planned.mode, rows: planned.sets.length } } : exercise;
      }),
    [props.exercises, targets],
  );
  // French texts carry their no-break spaces ("séance ?" never breaks before its "?").
  const { t } = useTranslation("workout-session");
  const popup = useRef<HTMLDivElement>(null);
  const nameRef = useRef(props.sessionName);
  useEffect(() => {
    nameRef.current = props.sessionName;
  }, [props.sessionName]);

  const runner = useSessionRunner({
    exercises,
    // The name box may hold a name typed a moment ago, not yet in the address.
    sessionName: useCallback(
      () => (document.getElementById("session-name") as HTMLInputElement | null)?.value.trim() || nameRef.current,
      [],
    ),
    userId: props.userId,
    routineId: props.routineId,
  });

  const result = formResult?.kind === "summary" ? formResult.result : runner.result;
  const summaryShown = result !== null;
  useEffect(() => {
    if (summaryShown) document.getElementById("session-summary-title")?.focus();
  }, [summaryShown]);

  const restartAction = formatBuilderAction({ kind: "restart" });
  const backAction = formatBuilderAction({ kind: "back-to-builder" });

  const header = (
    <header className={styles.header}>
      <p className={styles.greeting}>
        {props.userName ? t("greetingNamed", { name: props.userName }) : t("greetingGeneric")}
      </p>
      <h2 id="builder-heading" tabIndex={-1}>
        {props.sessionName}
      </h2>
      {summaryShown ? null : (
        <p className={`${styles.intro} ${hydrated ? styles.liveIntro : ""}`}>
          {hydrated ? t("intro") : t("introNoScript")}
        </p>
      )}
      {summaryShown || props.memory.signedIn ? null : (
        <p className={styles.lastTime}>
          {t("lastTime.visitor")}{" "}
          <Link to={withAccountView(pageHref, "login")} preventScrollReset>
            {t("lastTime.login")}
          </Link>
        </p>
      )}
    </header>
  );

  if (result) {
    return (
      <section className={styles.session} aria-labelledby="builder-heading">
        {header}
        <SessionSummary
          result={result}
          t={t}
          language={props.language}
          currentHref={pageHref}
          builderFormId={builderFormId}
          restartAction={restartAction}
          onBack={formResult?.kind === "summary" ? null : runner.backToSession}
        />
      </section>
    );
  }

  if (runner.saving) {
    return (
      <section className={styles.session} aria-labelledby="builder-heading">
        {header}
        <output className={styles.saving}>
          <span className="spinner" aria-hidden="true" />
          {t("saving.progress", { current: runner.saving.current, total: runner.saving.total })}
        </output>
      </section>
    );
  }

  const live = hydrated;
  const formState = !live && formResult?.kind === "form" ? formResult : null;
  const inputs = live ? runner.inputs : (formState?.state.inputs ?? freshInputs(exercises));
  const errors = formState?.errors ?? [];
  const startedAt = formState?.state.startedAt ?? props.formStart.startedAt;
  const idempotencyKey = formState?.state.idempotencyKey ?? props.formStart.idempotencyKey;
  const phase = timerPhase(runner.timer);
  const separator =
    new Intl.NumberFormat(props.language).formatToParts(1.5).find((part) => part.type === "decimal")?.value ?? ",";
  const progressDone = live
    ? runner.progress.done
    : exercises.filter((exercise) => isExerciseDone(inputs[exercise.id])).length;
  const openIndex = exercises.findIndex((exercise) => exercise.id === runner.openId);
  const openExercise = openIndex >= 0 ? exercises[openIndex] : undefined;
  const openInput = openExercise ? runner.inputs[openExercise.id] : undefined;
  const memoryOf = (id: string) =>
    props.memory.signedIn
      ? { lastTime: props.memory.lastTimes[id] ?? null, target: targets?.[id] ?? null, progressHref: progressPath(id) }
      : null;
  /** A value refused where it was typed keeps the popup open, its field focused: nothing typed is dropped. */
  const popupKeepsOpen = () => {
    const refused = popup.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]');
    refused?.focus();
    return refused != null;
  };
  const closePopup = () => {
    if (!popupKeepsOpen()) runner.closeCard();
  };
  const liveBehaviour = (id: string) =>
    ({
      kind: "live",
      onChange: (change: (input: ExerciseInput) => ExerciseInput) => runner.setInput(id, change),
      onTick: (set: number) => runner.tickSet(id, set),
    }) as const;
  const unlogged = exercises.filter((exercise) => {
    const input = inputs[exercise.id];
    return !input || !hasLoggedValue(input);
  }).length;

  return (
    <section className={styles.session} aria-labelledby="builder-heading">
      {header}
      <form
        method="post"
        action={pageHref}
        className={styles.form}
        onSubmit={(event) => {
          // With JavaScript the session lives in the page: the form is never sent.
          if (live) event.preventDefault();
        }}
      >
        {/* The form's default button: Enter in a field keeps what was typed, nothing else. */}
        <button
          type="submit"
          name={SESSION_FORM_FIELDS.intent}
          value={formatSessionIntent({ kind: "refresh" })}
          className="visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
        >
          {t("sets.validate")}
        </button>
        <input type="hidden" name={SESSION_FORM_FIELDS.startedAt} value={startedAt} />
        <input type="hidden" name={SESSION_FORM_FIELDS.idempotencyKey} value={idempotencyKey} />

        <div className={styles.dashboard}>
          {live ? (
            <div className={styles.timerCard}>
              <p id="session-timer-label" className={styles.cardLabel}>
                {t("timer.label")}
                {phase === "paused" ? <span className={styles.paused}> · {t("timer.paused")}</span> : null}
              </p>
              <p className={`${styles.clock} tabular`} role="timer" aria-labelledby="session-timer-label">
                {formatClock(elapsedMs(runner.timer, runner.now))}
              </p>
              <div className={styles.timerButtons}>
                <button
                  type="button"
                  className="button button-primary"
                  onClick={runner.start}
                  disabled={phase === "running" || !runner.restored}
                >
                  {phase === "idle" ? t("timer.start") : phase === "running" ? t("timer.running") : t("timer.resume")}
                </button>
                <button
                  type="button"
                  className="button button-secondary"
                  onClick={runner.pause}
                  disabled={phase !== "running"}
                >
                  {t("timer.pause")}
                </button>
                <button
                  type="button"
                  className={`button button-accent ${styles.finishButton}`}
                  onClick={runner.askFinish}
                >
                  {t("timer.finish")}
                </button>
              </div>
            </div>
          ) : null}
          <div className={styles.progressCard}>
            <p id="session-progress-label" className={styles.cardLabel}>
              {t("progress.label")}
            </p>
            <p className={`${styles.progressValue} tabular`}>
              {t("progress.value", { done: progressDone, total: exercises.length })}
            </p>
            <progress
              className={styles.progressBar}
              aria-labelledby="session-progress-label"
              max={Math.max(1, exercises.length)}
              value={progressDone}
            />
          </div>
        </div>

        {errors.length > 0 ? (
          <p className="form-alert form-alert-error" role="alert">
            {t("formErrors")}
          </p>
        ) : null}
        {live && runner.openId === null ? (
          <RestTimer
            rest={runner.rest}
            news={runner.restNews}
            onSkip={runner.skipRest}
            onChange={runner.changeRest}
            t={t}
          />
        ) : null}

        <ol className={styles.cards} aria-label={t("exercisesLabel")}>
          {exercises.map((exercise, index) => {
            const input = inputs[exercise.id] ?? freshInputs([exercise])[exercise.id]!;
            return (
              <ExerciseCard
                key={exercise.id}
                exercise={{ ...exercise, description: props.descriptions?.[exercise.id] }}
                index={index}
                input={input}
                done={isExerciseDone(input)}
                t={t}
                separator={separator}
                memory={memoryOf(exercise.id)}
                live={live ? { onOpen: () => runner.openCard(exercise.id) } : null}
                noScript={
                  live
                    ? null
                    : {
                        errors: errors.filter((error) => error.exercise === index),
                        formAction: pageHref,
                        expanded: formState?.focus === index || errors.some((error) => error.exercise === index),
                      }
                }
              />
            );
          })}
        </ol>

        <div className="field">
          <label className="field-label" htmlFor={SESSION_FORM_FIELDS.sessionNotes}>
            {t("sessionNotes")}
          </label>
          {live ? (
            <textarea
              id={SESSION_FORM_FIELDS.sessionNotes}
              name={SESSION_FORM_FIELDS.sessionNotes}
              className="field-input"
              rows={2}
              maxLength={SESSION_LIMITS.sessionNotesLength}
              value={runner.notes}
              onChange={(event) => runner.setNotes(event.currentTarget.value)}
            />
          ) : (
            <textarea
              id={SESSION_FORM_FIELDS.sessionNotes}
              name={SESSION_FORM_FIELDS.sessionNotes}
              className="field-input"
              rows={2}
              maxLength={SESSION_LIMITS.sessionNotesLength}
              defaultValue={formState?.state.sessionNotes ?? ""}
            />
          )}
        </div>

        <div className={styles.navRow}>
          <button
            type="submit"
            form={builderFormId}
            name="action"
            value={backAction}
            className="button button-secondary"
          >
            {t("back")}
          </button>
          {live ? null : (
            <button
              type="submit"
              name={SESSION_FORM_FIELDS.intent}
              value={formatSessionIntent({ kind: "finish" })}
              className="button button-accent"
            >
              {t("finishNoScript")}
            </button>
          )}
        </div>
      </form>
      {props.routineSave ? <div dangerouslySetInnerHTML={{ __html: props.routineSave }} /> : null}

      {live ? (
        <>
          <Modal
            open={openExercise !== undefined}
            onClose={runner.closeCard}
            keepOpen={popupKeepsOpen}
            labelledBy="set-popup-title"
            closeLabel={t("popupClose")}
          >
            {openExercise && openInput ? (
              <div key={openExercise.id} ref={popup} className={styles.popup}>
                <h2 id="set-popup-title" className={styles.popupTitle}>
                  {openExercise.name}
                </h2>
                <ModeChoice
                  exerciseIndex={openIndex}
                  mode={openInput.mode}
                  behaviour={liveBehaviour(openExercise.id)}
                  t={t}
                />
                <RestTimer
                  rest={runner.rest}
                  news={runner.restNews}
                  onSkip={runner.skipRest}
                  onChange={runner.changeRest}
                  t={t}
                />
                <SetLogger
                  exerciseIndex={openIndex}
                  input={openInput}
                  behaviour={liveBehaviour(openExercise.id)}
                  separator={separator}
                  t={t}
                  memory={memoryOf(openExercise.id)}
                />
                <button type="button" className={`button button-primary ${styles.validate}`} onClick={closePopup}>
                  {t("sets.validate")}
                </button>
              </div>
            ) : null}
          </Modal>
          <Modal
            open={runner.confirming}
            onClose={runner.cancelFinish}
            labelledBy="finish-confirm-title"
            closeLabel={t("confirm.close")}
          >
            <div className={styles.confirm}>
              <h2 id="finish-confirm-title">{t("confirm.title")}</h2>
              <p>{t("confirm.text")}</p>
              {unlogged > 0 ? (
                <p className={styles.confirmWarning}>{t("confirm.unlogged", { count: unlogged })}</p>
              ) : null}
              <div className={styles.confirmButtons}>
                <button type="button" className="button button-secondary" onClick={runner.cancelFinish}>
                  {t("confirm.cancel")}
                </button>
                <button type="button" className="button button-accent" onClick={() => void runner.confirmFinish()}>
                  {t("confirm.confirm")}
                </button>
              </div>
            </div>
          </Modal>
        </>
      ) : null}
    </section>
  );
}
