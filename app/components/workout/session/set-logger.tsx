import type { TFunction } from "~/i18n/translator";
import {
  type CardioSetInput,
  type ExerciseInput,
  MAX_INTENSITY,
  MIN_INTENSITY,
  SESSION_LIMITS,
  SESSION_MODES,
  type SessionMode,
  type StrengthSetInput,
} from "~/domain/workout/session-entries";
import { useState } from "react";
import {
  changeSets,
  exerciseField,
  formatSessionIntent,
  MAX_TYPED_LENGTH,
  parseTypedNumber,
  type SessionFieldError,
} from "~/domain/workout/session-form";
import {
  cardioRowOf,
  type LastTimeLine,
  type PreviousSet,
  type PreviousSets,
  resumePreviousSets,
  rowHints,
  strengthRowOf,
} from "~/domain/workout/last-time";
import styles from "./session.module.css";

/** The workout-session namespace's t. */
export type SessionT = TFunction;

/** What the logger knows of a signed-in user's exercise: last time, the routine's targets, its progress page. */
export interface SetLoggerMemory {
  lastTime: LastTimeLine | null;
  target?: { line: string | null; planned: PreviousSets } | null;
  progressHref: string;
}

/**
 * How the logger talks back: in the browser each change updates the card's
 * inputs; without JavaScript the fields are plain form fields and the
 * buttons post the form with their intent.
 */
export type LoggerBehaviour =
  | {
      kind: "live";
      onChange: (change: (input: ExerciseInput) => ExerciseInput) => void;
      /** The set's 'fait' tick: marks it done, and starts its rest when it has one. */
      onTick: (set: number) => void;
    }
  | { kind: "form"; errors: readonly SessionFieldError[]; formAction: string };

interface NumberFieldProps {
  name: string;
  label: string;
  value: number | null;
  min: number;
  max: number;
  /** Whole numbers only (reps, seconds), or decimals too (a weight, a distance). */
  decimals: boolean;
  /** "," or ".": how the page's language writes a decimal number. */
  separator: string;
  /** Shown in the empty field (what was done last time, say); never a value. */
  placeholder?: string;
  behaviour: LoggerBehaviour;
  onValue: (value: number | null) => void;
  t: SessionT;
}

const DECIMAL_PATTERN = "[0-9]+([.,][0-9]{0,3})?";
const WHOLE_PATTERN = "[0-9]+";

function withinBounds(value: number | null, min: number, max: number): value is number {
  return value !== null && !Number.isNaN(value) && value >= min && value <= max;
}

/**
 * A number as people type it: a text box with the number keyboard, so a
 * comma works as well as a dot ("22,5"), which number boxes do not accept
 * everywhere. In the browser the text stays as typed while the card gets its
 * value (null while empty or not a number within bounds, and then said so
 * under the field: the popup does not close over it). Without JavaScript a
 * refused value comes back as it was typed, with the same message.
 */
function NumberField({
  name,
  label,
  value,
  min,
  max,
  decimals,
  separator,
  placeholder,
  behaviour,
  onValue,
  t,
}: NumberFieldProps) {
  const written = value === null ? "" : String(value).replace(".", separator);
  const [typed, setTyped] = useState(written);
  const typedValue = parseTypedNumber(typed);
  const typedValid = withinBounds(typedValue, min, max);
  // The text typed while it still stands for the card's value; a value changed elsewhere replaces it.
  const showsTyped = typedValid ? typedValue === value : value === null;
  const shown = showsTyped ? typed : written;
  const formError =
    behaviour.kind === "form" ? behaviour.errors.find((candidate) => candidate.field === name) : undefined;
  const invalid =
    (behaviour.kind === "live" && showsTyped && typed.trim() !== "" && !typedValid) || formError !== undefined;
  const errorId = `${name}-erreur`;
  const common = {
    id: name,
    name,
    type: "text",
    inputMode: decimals ? ("decimal" as const) : ("numeric" as const),
    pattern: decimals ? DECIMAL_PATTERN : WHOLE_PATTERN,
    autoComplete: "off",
    maxLength: MAX_TYPED_LENGTH,
    placeholder,
    className: `field-input ${styles.numberInput}`,
    "aria-invalid": invalid ? true : undefined,
    "aria-describedby": invalid ? errorId : undefined,
  };
  return (
    <div className={styles.numberField}>
      <label className={styles.numberLabel} htmlFor={name}>
        {label}
      </label>
      {behaviour.kind === "live" ? (
        <input
          {...common}
          value={shown}
          onChange={(event) => {
            const text = event.currentTarget.value;
            setTyped(text);
            const number = parseTypedNumber(text);
            onValue(withinBounds(number, min, max) ? number : null);
          }}
        />
      ) : (
        <input {...common} defaultValue={formError?.typed ?? written} />
      )}
      {invalid ? (
        <p id={errorId} className="field-error">
          {t("sets.invalid", { min, max })}
        </p>
      ) : null}
    </div>
  );
}

/** A button that changes the sets: a click in the browser, a form post with its intent without JavaScript. */
function ChangeButton({
  behaviour,
  intent,
  onClick,
  className,
  label,
  children,
}: {
  behaviour: LoggerBehaviour;
  intent: string;
  onClick: () => void;
  className: string;
  label?: string;
  children: React.ReactNode;
}) {
  return behaviour.kind === "live" ? (
    <button type="button" className={className} onClick={onClick} aria-label={label}>
      {children}
    </button>
  ) : (
    <button
      type="submit"
      name="intent"
      value={intent}
      formAction={behaviour.formAction}
      className={className}
      aria-label={label}
    >
      {children}
    </button>
  );
}

export function ModeChoice({
  exerciseIndex,
  mode,
  behaviour,
  t,
}: {
  exerciseIndex: number;
  mode: SessionMode;
  behaviour: LoggerBehaviour;
  t: SessionT;
}) {
  const name = exerciseField.mode(exerciseIndex);
  return (
    <fieldset className={styles.modes}>
      <legend className={styles.modesLegend}>{t("modes.label")}</legend>
      <div className={styles.modeOptions}>
        {SESSION_MODES.map((option) => (
          <label key={option} className={styles.modeOption}>
            {behaviour.kind === "live" ? (
              <input
                type="radio"
                name={name}
                value={option}
                checked={mode === option}
                onChange={() => behaviour.onChange((input) => ({ ...input, mode: option }))}
              />
            ) : (
              <input type="radio" name={name} value={option} defaultChecked={mode === option} />
            )}
            <span>{t(`modes.${option}`)}</span>
          </label>
        ))}
      </div>
      {behaviour.kind === "form" ? (
        <button
          type="submit"
          name="intent"
          value={formatSessionIntent({ kind: "apply-mode", exercise: exerciseIndex })}
          formAction={behaviour.formAction}
          className="button button-ghost"
        >
          {t("modes.apply")}
        </button>
      ) : null}
    </fieldset>
  );
}

type StrengthField = Exclude<keyof StrengthSetInput, "done">;
type CardioField = Exclude<keyof CardioSetInput, "done">;

/** One field of a set row: its value's key, its label's key, its bounds. */
interface SetFieldSpec<Key extends string> {
  key: Key;
  label: string;
  min: number;
  max: number;
  decimals: boolean;
}

const STRENGTH_FIELDS: readonly SetFieldSpec<StrengthField>[] = [
  { key: "weight", label: "sets.weight", min: 0, max: SESSION_LIMITS.weightKg, decimals: true },
  { key: "reps", label: "sets.reps", min: 0, max: SESSION_LIMITS.reps, decimals: false },
  { key: "restSec", label: "sets.rest", min: 0, max: SESSION_LIMITS.restSec, decimals: false },
];

const CARDIO_FIELDS: readonly SetFieldSpec<CardioField>[] = [
  { key: "durationMin", label: "sets.durationMin", min: 0, max: SESSION_LIMITS.durationMin, decimals: false },
  { key: "durationSec", label: "sets.durationSec", min: 0, max: SESSION_LIMITS.durationSec, decimals: false },
  { key: "intensity", label: "sets.intensity", min: MIN_INTENSITY, max: MAX_INTENSITY, decimals: false },
  { key: "distanceKm", label: "sets.distance", min: 0, max: SESSION_LIMITS.distanceKm, decimals: true },
];

/** A field of a row: what it is, its value, and what its empty box may suggest. */
export interface SetRowField {
  spec: SetFieldSpec<string>;
  value: number | null;
  placeholder?: string;
}

/**
 * One set: its fields, its 'fait' tick (which starts the rest when the set
 * has one) and its deletion. Its values come in `fields`, each with a place
 * for a placeholder.
 */
export function SetRow({
  exerciseIndex,
  index,
  cardio,
  fields,
  done,
  behaviour,
  separator,
  onValue,
  onTick,
  onDelete,
  t,
}: {
  exerciseIndex: number;
  index: number;
  cardio: boolean;
  fields: readonly SetRowField[];
  done: boolean;
  behaviour: LoggerBehaviour;
  separator: string;
  onValue: (key: string, value: number | null) => void;
  onTick: () => void;
  onDelete: () => void;
  t: SessionT;
}) {
  const i = exerciseIndex;
  const number = index + 1;
  const tickName = exerciseField.done(i, index, cardio);
  return (
    <li className={styles.setRow} data-done={done || undefined}>
      <fieldset className={styles.setFieldset}>
        <legend className={styles.setLegend}>{t("sets.set", { number })}</legend>
        <div className={cardio ? styles.cardioFields : styles.strengthFields}>
          {fields.map(({ spec, value, placeholder }) => (
            <NumberField
              key={spec.key}
              name={exerciseField[spec.key as StrengthField | CardioField](i, index)}
              label={t(spec.label)}
              value={value}
              min={spec.min}
              max={spec.max}
              decimals={spec.decimals}
              separator={separator}
              placeholder={placeholder}
              behaviour={behaviour}
              onValue={(next) => onValue(spec.key, next)}
              t={t}
            />
          ))}
        </div>
        <div className={styles.setActions}>
          <label className={styles.tick}>
            {behaviour.kind === "live" ? (
              <input type="checkbox" name={tickName} checked={done} onChange={onTick} />
            ) : (
              <input type="checkbox" name={tickName} value="1" defaultChecked={done} />
            )}
            <span>
              {t("sets.done")}
              <span className="visually-hidden"> ({t("sets.doneOf", { number })})</span>
            </span>
          </label>
          <ChangeButton
            behaviour={behaviour}
            intent={formatSessionIntent({ kind: "delete-set", exercise: i, set: index })}
            onClick={onDelete}
            className={`button button-ghost ${styles.deleteButton}`}
            label={t("sets.deleteSet", { number })}
          >
            {t("sets.delete")}
          </ChangeButton>
        </div>
      </fieldset>
    </li>
  );
}

/**
 * The sets of one exercise in its mode (weight, reps and rest for muscu and
 * pdc; duration in minutes and seconds, intensity 1-10 and distance for
 * cardio), each a SetRow; add (a copy of the last set) and delete; the notes.
 * For a signed-in user who did the exercise before: last time's sets as the
 * rows' placeholders, 'Reprendre mes séries' and a link to its progress.
 */
export function SetLogger({
  exerciseIndex,
  input,
  behaviour,
  separator,
  t,
  memory = null,
}: {
  exerciseIndex: number;
  input: ExerciseInput;
  behaviour: LoggerBehaviour;
  /** The decimal separator of the page's language. */
  separator: string;
  t: SessionT;
  /** The exercise's last time, its routine's targets and its progress page, for a signed-in user. */
  memory?: SetLoggerMemory | null;
}) {
  const i = exerciseIndex;
  const cardio = input.mode === "cardio";
  const change = (apply: (input: ExerciseInput) => ExerciseInput) => {
    if (behaviour.kind === "live") behaviour.onChange(apply);
  };
  const patchSet = (j: number, patch: Record<string, number | null>) =>
    change((current) =>
      cardio
        ? { ...current, cardioSets: current.cardioSets.map((set, k) => (k === j ? { ...set, ...patch } : set)) }
        : { ...current, sets: current.sets.map((set, k) => (k === j ? { ...set, ...patch } : set)) },
    );
  const previous = memory?.lastTime?.previous ?? null;
  // Last time's set of the same row stands in each empty field (never a value: it is not saved);
  // the routine's targets for the rows beyond.
  const hints = rowHints(previous, memory?.target?.planned ?? null, input.mode);
  const hintOf = (set: PreviousSet | undefined, key: string): string | undefined => {
    if (!set || key === "intensity") return undefined;
    const row: Record<string, unknown> = cardio ? { ...cardioRowOf(set) } : { ...strengthRowOf(set) };
    const value = row[key];
    return typeof value === "number" ? String(value).replace(".", separator) : undefined;
  };
  const rowsOf = (): { fields: SetRowField[]; done: boolean }[] =>
    cardio
      ? input.cardioSets.map((set, j) => ({
          fields: CARDIO_FIELDS.map((spec) => ({
            spec,
            value: set[spec.key],
            placeholder: hintOf(hints[j], spec.key),
          })),
          done: set.done === true,
        }))
      : input.sets.map((set, j) => ({
          fields: STRENGTH_FIELDS.map((spec) => ({
            spec,
            value: set[spec.key],
            placeholder: hintOf(hints[j], spec.key),
          })),
          done: set.done === true,
        }));
  const rows = rowsOf();
  const atLimit = rows.length >= SESSION_LIMITS.setsPerEntry;

  return (
    <div className={styles.logger}>
      {memory ? (
        <div className={styles.memory}>
          {/* The card shows the line already; the popup, over the cards, shows it again. */}
          {memory.lastTime && behaviour.kind === "live" ? (
            <p className={styles.lastTime}>{memory.lastTime.line}</p>
          ) : null}
          {memory.target?.line && behaviour.kind === "live" ? (
            <p className={styles.lastTime}>{memory.target.line}</p>
          ) : null}
          <div className={styles.memoryActions}>
            {previous ? (
              <ChangeButton
                behaviour={behaviour}
                intent={formatSessionIntent({ kind: "resume-sets", exercise: i })}
                onClick={() => change((current) => resumePreviousSets(current, previous))}
                className="button button-secondary"
              >
                {t("lastTime.resume")}
              </ChangeButton>
            ) : null}
            <a href={memory.progressHref} className={styles.progressLink}>
              {t("lastTime.progress")}
            </a>
          </div>
        </div>
      ) : null}
      <ol className={styles.setList}>
        {rows.map((row, j) => (
          <SetRow
            key={j}
            exerciseIndex={i}
            index={j}
            cardio={cardio}
            fields={row.fields}
            done={row.done}
            behaviour={behaviour}
            separator={separator}
            onValue={(key, value) => patchSet(j, { [key]: value })}
            onTick={() => {
              if (behaviour.kind === "live") behaviour.onTick(j);
            }}
            onDelete={() => change((current) => changeSets(current, { kind: "delete-set", set: j }))}
            t={t}
          />
        ))}
      </ol>
      {atLimit ? null : (
        <ChangeButton
          behaviour={behaviour}
          intent={formatSessionIntent({ kind: "add-set", exercise: i })}
          onClick={() => change((current) => changeSets(current, { kind: "add-set" }))}
          className={`button button-secondary ${styles.addSet}`}
        >
          {t("sets.add")}
        </ChangeButton>
      )}
      <div className="field">
        <label className="field-label" htmlFor={exerciseField.notes(i)}>
          {t("sets.notes")}
        </label>
        {behaviour.kind === "live" ? (
          <textarea
            id={exerciseField.notes(i)}
            name={exerciseField.notes(i)}
            className="field-input"
            rows={2}
            maxLength={SESSION_LIMITS.exerciseNotesLength}
            value={input.notes}
            aria-describedby={`${exerciseField.notes(i)}-aide`}
            onChange={(event) => {
              const notes = event.currentTarget.value;
              change((current) => ({ ...current, notes }));
            }}
          />
        ) : (
          <textarea
            id={exerciseField.notes(i)}
            name={exerciseField.notes(i)}
            className="field-input"
            rows={2}
            maxLength={SESSION_LIMITS.exerciseNotesLength}
            defaultValue={input.notes}
            aria-describedby={`${exerciseField.notes(i)}-aide`}
          />
        )}
        <p id={`${exerciseField.notes(i)}-aide`} className="field-hint">
          {t("sets.notesHint")}
        </p>
      </div>
    </div>
  );
}
