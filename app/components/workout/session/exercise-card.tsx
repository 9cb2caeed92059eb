import type { ExerciseInput } from "~/domain/workout/session-entries";
import { exerciseField, type SessionFieldError } from "~/domain/workout/session-form";
import { ExerciseDescription } from "../exercise-description";
import { CheckIcon } from "../workout-icons";
import { type LoggerBehaviour, ModeChoice, SetLogger, type SetLoggerMemory, type SessionT } from "./set-logger";
import styles from "./session.module.css";

/** Sets of the card's mode that hold a value. */
function loggedSets(input: ExerciseInput): number {
  return input.mode === "cardio"
    ? input.cardioSets.filter(
        (set) => (set.durationMin ?? 0) > 0 || (set.durationSec ?? 0) > 0 || (set.distanceKm ?? 0) > 0,
      ).length
    : input.sets.filter((set) => (set.reps ?? 0) > 0 || (set.weight ?? 0) > 0).length;
}

export interface CardExercise {
  id: string;
  name: string;
  /** The whole description, in the page's language: its beginning shows, the rest behind 'Lire la suite'. */
  description?: string;
}

/**
 * One exercise of the session: its name, mode, sets logged and state. With
 * JavaScript a button opens the set popup; without it the card holds its
 * fields in a disclosure, open when the form came back for it.
 */
export function ExerciseCard({
  exercise,
  index,
  input,
  done,
  t,
  live,
  noScript,
  separator,
  memory = null,
}: {
  exercise: CardExercise;
  index: number;
  input: ExerciseInput;
  done: boolean;
  t: SessionT;
  live: { onOpen: () => void } | null;
  noScript: { errors: readonly SessionFieldError[]; formAction: string; expanded: boolean } | null;
  separator: string;
  /** The exercise's last time and its progress page (a signed-in user's). */
  memory?: SetLoggerMemory | null;
}) {
  const count = loggedSets(input);
  const titleId = `exo-${index}-titre`;
  const behaviour: LoggerBehaviour | null = noScript
    ? { kind: "form", errors: noScript.errors, formAction: `${noScript.formAction}#exo-${index}` }
    : null;
  return (
    <li id={`exo-${index}`} className={styles.card} data-id={exercise.id} data-done={done || undefined}>
      <input type="hidden" name={exerciseField.id(index)} value={exercise.id} />
      <div className={styles.cardHeader}>
        <span className={styles.position} aria-hidden="true">
          {index + 1}
        </span>
        <div className={styles.cardText}>
          <h3 id={titleId} className={styles.cardTitle}>
            {exercise.name}
          </h3>
          <p className={styles.cardMeta}>
            {t(`modes.${input.mode}`)} · {count > 0 ? t("card.setsLogged", { count }) : t("card.noSets")}
          </p>
          {memory?.lastTime ? <p className={styles.lastTime}>{memory.lastTime.line}</p> : null}
          {memory?.target?.line ? <p className={styles.lastTime}>{memory.target.line}</p> : null}
        </div>
        <span className={styles.status} data-done={done || undefined}>
          {done ? <CheckIcon className={styles.statusIcon} /> : null}
          {done ? t("card.done") : t("card.todo")}
        </span>
      </div>
      {exercise.description ? (
        <ExerciseDescription
          text={exercise.description}
          labels={{ more: t("card.readMore"), less: t("card.readLess") }}
          describedBy={titleId}
        />
      ) : null}
      {live ? (
        <button
          type="button"
          className={`button button-secondary ${styles.openButton}`}
          onClick={live.onOpen}
          aria-describedby={titleId}
        >
          {count > 0 ? t("card.edit") : t("card.log")}
        </button>
      ) : null}
      {behaviour ? (
        <details className={styles.details} open={noScript?.expanded || undefined}>
          <summary className={`button button-secondary ${styles.openButton}`}>
            {count > 0 ? t("card.edit") : t("card.log")}
          </summary>
          <div className={styles.detailsBody}>
            <ModeChoice exerciseIndex={index} mode={input.mode} behaviour={behaviour} t={t} />
            <SetLogger
              exerciseIndex={index}
              input={input}
              behaviour={behaviour}
              separator={separator}
              t={t}
              memory={memory}
            />
          </div>
        </details>
      ) : null}
    </li>
  );
}
