import { skipsChoiceSteps } from "~/domain/workout/activities";
import { BUILDER_STEPS, type BuilderState, isStepReachable, stepHasChoice } from "~/domain/workout/builder-state";
import { formatBuilderAction } from "~/domain/workout/builder-url";
import { CheckIcon } from "./workout-icons";
import styles from "./workout.module.css";
import { useWorkoutT } from "./workout-texts";

/** The four steps, each a button to go there once it is within reach. */
export function StepIndicator({ state }: { state: BuilderState }) {
  const t = useWorkoutT();
  const short = t("steps.short", { returnObjects: true }) as string[];
  const decided = skipsChoiceSteps(state.type);
  return (
    <nav aria-label={t("steps.label")} className={styles.stepsNav}>
      <ol className={styles.steps}>
        {BUILDER_STEPS.map((step) => {
          const current = step === state.step;
          const skipped = decided && (step === 1 || step === 2);
          const done = !current && step < 3 && stepHasChoice(state, step);
          return (
            <li key={step} className={styles.stepItem}>
              <button
                type="submit"
                name="action"
                value={formatBuilderAction({ kind: "go-to-step", step })}
                className={styles.step}
                disabled={!current && !isStepReachable(state, step)}
                aria-current={current ? "step" : undefined}
                data-done={done || undefined}
              >
                <span className={styles.stepNumber} aria-hidden="true">
                  {done ? <CheckIcon className={styles.stepCheck} /> : step + 1}
                </span>
                <span className={styles.stepLabel}>
                  <span className="visually-hidden">
                    {t("steps.itemPrefix", { current: step + 1, total: BUILDER_STEPS.length })}
                  </span>
                  {short[step]}
                  {skipped ? <span className={styles.stepNote}>{t("steps.decided")}</span> : null}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
