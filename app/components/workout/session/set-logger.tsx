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
  parseTypedNumber,
  type SessionFieldError,
} from "~/domain/workout/session-form";
import { formatClock } from "~/domain/workout/session-timer";
import { cardioRowOf, type LastTimeLine, placeholderSets, resumePreviousSets } from "~/domain/workout/last-time";
import styles from "./session.module.css";

/** The workout-session namespace's t. */
export type SessionT = TFunction;

/**
 * How the logger talks back: in the browser each change updates the card's
 * inputs; without JavaScript the fields are plain form fields and the
 * buttons post the form with their intent.
 */
export type LoggerBehaviour =
  | {
      kind: "live";
      onChange: (change: (input: ExerciseInput) => ExerciseInput) => void;
      onStartRest: (s: number) => void;
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
  behaviour: LoggerBehaviour;
  onValue: (value: number | null) => void;
  t: SessionT;
  /** Last time's figure for this field, shown while it is empty: a hint, never a value. */
  hint?: number | null;
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
 * value (null while empty or not a number within bounds, and then said so).
 */
function NumberField({
  name,
  label,
  value,
  min,
  max,
  decimals,
  separator,
  behaviour,
  onValue,
  t,
  hint,
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
    className: `field-input ${styles.numberInput}`,
    "aria-invalid": invalid ? true : undefined,
    "aria-describedby": invalid ? errorId : undefined,
    placeholder: hint == null ? undefined : String(hint).replace(".", separator),
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
        <input {...common} defaultValue={written} />
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

/**
 * The sets of one exercise in its mode (weight, reps and rest for muscu and
 * pdc; duration in minutes and seconds, intensity 1-10 and distance for
 * cardio), add and delete, and the notes.
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
  /** The exercise's last time and its progress page, for a signed-in user who did it before. */
  memory?: { lastTime: LastTimeLine | null; progressHref: string } | null;
}) {
  const i = exerciseIndex;
  const cardio = input.mode === "cardio";
  const change = (apply: (input: ExerciseInput) => ExerciseInput) => {
    if (behaviour.kind === "live") behaviour.onChange(apply);
  };
  const setStrength = (j: number, patch: Partial<StrengthSetInput>) =>
    change((current) => ({ ...current, sets: current.sets.map((set, k) => (k === j ? { ...set, ...patch } : set)) }));
  const setCardio = (j: number, patch: Partial<CardioSetInput>) =>
    change((current) => ({
      ...current,
      cardioSets: current.cardioSets.map((set, k) => (k === j ? { ...set, ...patch } : set)),
    }));
  const field = { behaviour, t, separator };
  const rows = cardio ? input.cardioSets.length : input.sets.length;
  const atLimit = rows >= SESSION_LIMITS.setsPerEntry;
  const previous = memory?.lastTime?.previous ?? null;
  const hints = placeholderSets(previous, input.mode);

  return (
    <div className={styles.logger}>
      {memory ? (
        <div className={styles.memory}>
          {/* The card shows the line already; the popup, over the cards, shows it again. */}
          {memory.lastTime && behaviour.kind === "live" ? (
            <p className={styles.lastTime}>{memory.lastTime.line}</p>
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
        {(cardio ? input.cardioSets : input.sets).map((_, j) => {
          const number = j + 1;
          const strength = input.sets[j];
          const cardioSet = input.cardioSets[j];
          const hint = hints[j];
          const cardioHint = hint && cardio ? cardioRowOf(hint) : null;
          return (
            <li key={j} className={styles.setRow}>
              <fieldset className={styles.setFieldset}>
                <legend className={styles.setLegend}>{t("sets.set", { number })}</legend>
                <div className={cardio ? styles.cardioFields : styles.strengthFields}>
                  {!cardio && strength ? (
                    <>
                      <NumberField
                        {...field}
                        name={exerciseField.weight(i, j)}
                        label={t("sets.weight")}
                        value={strength.weight}
                        min={0}
                        max={SESSION_LIMITS.weightKg}
                        decimals
                        hint={hint?.weightKg}
                        onValue={(weight) => setStrength(j, { weight })}
                      />
                      <NumberField
                        {...field}
                        name={exerciseField.reps(i, j)}
                        label={t("sets.reps")}
                        value={strength.reps}
                        min={0}
                        max={SESSION_LIMITS.reps}
                        decimals={false}
                        hint={hint?.reps}
                        onValue={(reps) => setStrength(j, { reps })}
                      />
                      <NumberField
                        {...field}
                        name={exerciseField.restSec(i, j)}
                        label={t("sets.rest")}
                        value={strength.restSec}
                        min={0}
                        max={SESSION_LIMITS.restSec}
                        decimals={false}
                        hint={hint?.restSec}
                        onValue={(restSec) => setStrength(j, { restSec })}
                      />
                    </>
                  ) : null}
                  {cardio && cardioSet ? (
                    <>
                      <NumberField
                        {...field}
                        name={exerciseField.durationMin(i, j)}
                        label={t("sets.durationMin")}
                        value={cardioSet.durationMin}
                        min={0}
                        max={SESSION_LIMITS.durationMin}
                        decimals={false}
                        hint={cardioHint?.durationMin}
                        onValue={(durationMin) => setCardio(j, { durationMin })}
                      />
                      <NumberField
                        {...field}
                        name={exerciseField.durationSec(i, j)}
                        label={t("sets.durationSec")}
                        value={cardioSet.durationSec}
                        min={0}
                        max={SESSION_LIMITS.durationSec}
                        decimals={false}
                        hint={cardioHint?.durationSec}
                        onValue={(durationSec) => setCardio(j, { durationSec })}
                      />
                      <NumberField
                        {...field}
                        name={exerciseField.intensity(i, j)}
                        label={t("sets.intensity")}
                        value={cardioSet.intensity}
                        min={MIN_INTENSITY}
                        max={MAX_INTENSITY}
                        decimals={false}
                        onValue={(intensity) => setCardio(j, { intensity })}
                      />
                      <NumberField
                        {...field}
                        name={exerciseField.distanceKm(i, j)}
                        label={t("sets.distance")}
                        value={cardioSet.distanceKm}
                        min={0}
                        max={SESSION_LIMITS.distanceKm}
                        decimals
                        hint={cardioHint?.distanceKm}
                        onValue={(distanceKm) => setCardio(j, { distanceKm })}
                      />
                    </>
                  ) : null}
                </div>
                <div className={styles.setActions}>
                  {behaviour.kind === "live" && !cardio && strength?.restSec ? (
                    <button
                      type="button"
                      className={`button button-secondary ${styles.restButton}`}
                      onClick={() => behaviour.onStartRest(strength.restSec!)}
                      aria-label={t("sets.startRestLabel", { number, time: formatClock(strength.restSec * 1000) })}
                    >
                      {t("sets.startRest", { time: formatClock(strength.restSec * 1000) })}
                    </button>
                  ) : null}
                  <ChangeButton
                    behaviour={behaviour}
                    intent={formatSessionIntent({ kind: "delete-set", exercise: i, set: j })}
                    onClick={() => change((current) => changeSets(current, { kind: "delete-set", set: j }))}
                    className={`button button-ghost ${styles.deleteButton}`}
                    label={t("sets.deleteSet", { number })}
                  >
                    {t("sets.delete")}
                  </ChangeButton>
                </div>
              </fieldset>
            </li>
          );
        })}
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
