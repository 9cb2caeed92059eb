import type { TFunction } from "~/i18n/translator";
import { canGoNext, canGoPrevious, LAST_STEP } from "~/domain/workout/builder-state";
import { formatBuilderAction } from "~/domain/workout/builder-url";
import type { BuilderView } from "~/services/workout/builder.server";
import { EquipmentStep, MuscleStep, TypeStep } from "./choice-steps";
import { ProposedList } from "./proposed-list";
import { StepIndicator } from "./step-indicator";
import type { BuilderController } from "./use-builder";
import styles from "./workout.module.css";

/**
 * The builder's four steps (the choices, the body map, the proposed and
 * chosen lists with their drag and drop): their own chunk, loaded on demand
 * (builder-steps-loader.ts), so a page that opens on a session or the search
 * does not download them.
 */
export function BuilderSteps({
  builder,
  view,
  t,
  prompt,
  promptId,
  routineShelf,
  aboutToStart,
}: {
  builder: BuilderController;
  view: BuilderView;
  t: TFunction;
  prompt: string;
  promptId: string;
  /** 'Mes routines', rendered by the server as plain HTML. */
  routineShelf: string | null;
  /** Handlers on 'C'est parti' that start loading the session view. */
  aboutToStart: React.ButtonHTMLAttributes<HTMLButtonElement>;
}) {
  const { state, hydrated } = builder;
  return (
    <>
      {routineShelf ? <div dangerouslySetInnerHTML={{ __html: routineShelf }} /> : null}
      <StepIndicator state={state} />
      <section className={styles.stepCard} aria-labelledby="builder-heading">
        <header className={styles.stepHeader}>
          <p className={styles.stepCount}>{t("steps.count", { current: state.step + 1, total: 4 })}</p>
          <h2 id="builder-heading" tabIndex={-1}>
            {t(`steps.titles.${state.step}`)}
          </h2>
          <p id={promptId} className={styles.prompt}>
            {prompt}
          </p>
        </header>
        {state.step === 0 ? <TypeStep state={state} promptId={promptId} /> : null}
        {state.step === 1 ? (
          <EquipmentStep state={state} promptId={promptId} refusal={builder.refusal} gaps={view.equipmentGaps} />
        ) : null}
        {state.step === 2 ? <MuscleStep state={state} options={view.muscleOptions} promptId={promptId} /> : null}
        {state.step === 3 ? (
          <ProposedList
            state={state}
            view={view}
            hydrated={hydrated}
            loading={builder.listsLoading}
            dispatch={builder.dispatch}
          />
        ) : null}
        <div className={styles.navRow}>
          <button
            type="submit"
            name="action"
            value={formatBuilderAction({ kind: "previous" })}
            className="button button-secondary"
            disabled={!canGoPrevious(state)}
          >
            {t("actions.previous")}
          </button>
          <button
            type="submit"
            name="action"
            value={formatBuilderAction({ kind: "next" })}
            className={`button ${state.step === LAST_STEP ? "button-accent" : "button-primary"}`}
            disabled={!canGoNext(state)}
            // About to start the session: its code loads while the hand moves.
            {...(state.step === LAST_STEP ? aboutToStart : {})}
          >
            {state.step === LAST_STEP ? t("actions.letsGo") : t("actions.next")}
          </button>
          <button
            type="submit"
            name="action"
            value={formatBuilderAction({ kind: "restart" })}
            className={`button button-ghost ${styles.restart}`}
          >
            {t("actions.restart")}
          </button>
        </div>
      </section>
    </>
  );
}
