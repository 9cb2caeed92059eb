// The session view as one form, for browsers without JavaScript: the field
// names of every exercise's mode, sets and notes, the buttons' intents
// (finish, add or delete a set, apply a mode), and how the route action
// reads a posted form back into the cards' inputs. Pure, without zod: the
// page renders the names, the server reads them.

import {
  emptyCardioSet,
  emptyStrengthSet,
  type ExerciseIdentity,
  type CardioSetInput,
  type ExerciseInput,
  hasLoggedValue,
  initialExerciseInput,
  MAX_INTENSITY,
  MIN_INTENSITY,
  SESSION_LIMITS,
  SESSION_MODES,
  type SessionMode,
  type StrengthSetInput,
} from "./session-entries.ts";
import { IDEMPOTENCY_KEY_PATTERN } from "./session-payload.ts";

export const SESSION_FORM_FIELDS = {
  intent: "intent",
  /** When the page was served (epoch ms): the start of a session run without JavaScript. */
  startedAt: "debut",
  idempotencyKey: "cle",
  sessionNotes: "notes-seance",
} as const;

/** Names of one exercise's fields; i is its place in the session, j a set's. */
export const exerciseField = {
  id: (i: number) => `exo-${i}-id`,
  mode: (i: number) => `exo-${i}-mode`,
  notes: (i: number) => `exo-${i}-notes`,
  weight: (i: number, j: number) => `exo-${i}-serie-${j}-charge`,
  reps: (i: number, j: number) => `exo-${i}-serie-${j}-reps`,
  restSec: (i: number, j: number) => `exo-${i}-serie-${j}-repos`,
  durationMin: (i: number, j: number) => `exo-${i}-cardio-${j}-min`,
  durationSec: (i: number, j: number) => `exo-${i}-cardio-${j}-sec`,
  intensity: (i: number, j: number) => `exo-${i}-cardio-${j}-intensite`,
  distanceKm: (i: number, j: number) => `exo-${i}-cardio-${j}-km`,
  /** The set's 'fait' tick, in the list of the card's mode. */
  done: (i: number, j: number, cardio: boolean) => `exo-${i}-${cardio ? "cardio" : "serie"}-${j}-fait`,
};

/** What a button of the form asks for. */
export type SessionIntent =
  | { kind: "finish" }
  /** The form's default button (Enter in a field): keeps what was typed, nothing else. */
  | { kind: "refresh" }
  | { kind: "add-set"; exercise: number }
  | { kind: "delete-set"; exercise: number; set: number }
  | { kind: "apply-mode"; exercise: number }
  /** 'Reprendre mes séries': last time's sets into the empty rows. */
  | { kind: "resume-sets"; exercise: number };

export function formatSessionIntent(intent: SessionIntent): string {
  switch (intent.kind) {
    case "finish":
      return "terminer";
    case "refresh":
      return "actualiser";
    case "add-set":
      return `ajouter-serie:${intent.exercise}`;
    case "delete-set":
      return `supprimer-serie:${intent.exercise}:${intent.set}`;
    case "apply-mode":
      return `mode:${intent.exercise}`;
    case "resume-sets":
      return `reprendre:${intent.exercise}`;
  }
}

const INDEX = /^\d{1,3}$/;

/** The intent of a posted button; anything else is null. */
export function parseSessionIntent(value: unknown): SessionIntent | null {
  if (typeof value !== "string" || value.length > 40) return null;
  if (value === "terminer") return { kind: "finish" };
  if (value === "actualiser") return { kind: "refresh" };
  const [verb, first = "", second = ""] = value.split(":");
  if (!INDEX.test(first)) return null;
  const exercise = Number(first);
  if (verb === "ajouter-serie" && second === "") return { kind: "add-set", exercise };
  if (verb === "mode" && second === "") return { kind: "apply-mode", exercise };
  if (verb === "reprendre" && second === "") return { kind: "resume-sets", exercise };
  if (verb === "supprimer-serie" && INDEX.test(second)) return { kind: "delete-set", exercise, set: Number(second) };
  return null;
}

/** Where a field's problem is shown: the exercise, the set, the field. */
export interface SessionFieldError {
  exercise: number;
  field: string;
  /** Key of the message in the session texts. */
  problem: "number" | "intensity";
  max: number;
  min: number;
  /** What was typed, given back to the field so nothing typed is lost (at most MAX_TYPED_LENGTH characters). */
  typed: string;
}

/** A number field never holds more than this: what is given back is cut there. */
export const MAX_TYPED_LENGTH = 20;

/** A number as typed: "12,5", "12.5" or "12," on its way; null when empty; NaN when it is not a number. */
export function parseTypedNumber(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  if (!/^\d{1,7}(?:[.,]\d{0,3})?$/.test(trimmed)) return Number.NaN;
  return Number(trimmed.replace(",", "."));
}

type FormReader = (name: string) => string | null;

/** A reader of a posted form: the first value of a field, as text (a file is no text). */
export function formReader(form: FormData): FormReader {
  return (name) => {
    const value = form.get(name);
    return typeof value === "string" ? value : null;
  };
}

export interface SessionFormState {
  /** The cards' inputs by exercise id. */
  inputs: Record<string, ExerciseInput>;
  /** Epoch ms, as served with the page. */
  startedAt: number;
  idempotencyKey: string;
  sessionNotes: string;
}

export interface ReadSessionForm {
  state: SessionFormState;
  errors: SessionFieldError[];
}

const clip = (text: string | null, max: number) => (text ?? "").replace(/\r\n?/g, "\n").slice(0, max);

/**
 * The inputs of a posted session form, for the exercises the page listed
 * (their ids must match in order: a form of another session is not read).
 * Empty fields stay empty; a value that is not a number within its bounds is
 * an error naming its field, the rest of the form is kept.
 */
export function readSessionForm(
  read: FormReader,
  exercises: readonly ExerciseIdentity[],
  fallback: { startedAt: number; idempotencyKey: string },
): ReadSessionForm {
  const errors: SessionFieldError[] = [];
  const number = (exercise: number, name: string, max: number, min = 0): number | null => {
    const typed = (read(name) ?? "").slice(0, MAX_TYPED_LENGTH);
    const value = parseTypedNumber(typed);
    if (value === null) return null;
    if (Number.isNaN(value) || value < min || value > max) {
      errors.push({ exercise, field: name, problem: min > 0 ? "intensity" : "number", min, max, typed });
      return null;
    }
    return value;
  };
  const ticked = (name: string) => (read(name) === null ? {} : { done: true });
  /** How many set rows the form has: rows are numbered from 0 without gaps. */
  const rowCount = (has: (j: number) => boolean) => {
    let count = 0;
    while (count < SESSION_LIMITS.setsPerEntry && has(count)) count += 1;
    return count;
  };

  const inputs: Record<string, ExerciseInput> = {};
  exercises.forEach((exercise, i) => {
    const input = initialExerciseInput(exercise);
    if (read(exerciseField.id(i)) !== exercise.id) {
      inputs[exercise.id] = input;
      return;
    }
    const mode = read(exerciseField.mode(i));
    // Stryker disable next-line StringLiteral: a missing mode is no mode whatever text stands in for it
    if ((SESSION_MODES as readonly string[]).includes(mode ?? "")) input.mode = mode as SessionMode;
    // The form shows the rows of its mode only: the other list starts again with one fresh set.
    const strengthRows = rowCount((j) => read(exerciseField.reps(i, j)) !== null);
    input.sets =
      strengthRows === 0
        ? [emptyStrengthSet()]
        : Array.from({ length: strengthRows }, (_, j) => ({
            weight: number(i, exerciseField.weight(i, j), SESSION_LIMITS.weightKg),
            reps: number(i, exerciseField.reps(i, j), SESSION_LIMITS.reps),
            restSec: number(i, exerciseField.restSec(i, j), SESSION_LIMITS.restSec),
            ...ticked(exerciseField.done(i, j, false)),
          }));
    const cardioRows = rowCount((j) => read(exerciseField.durationMin(i, j)) !== null);
    input.cardioSets =
      cardioRows === 0
        ? [emptyCardioSet()]
        : Array.from({ length: cardioRows }, (_, j) => ({
            durationMin: number(i, exerciseField.durationMin(i, j), SESSION_LIMITS.durationMin),
            durationSec: number(i, exerciseField.durationSec(i, j), SESSION_LIMITS.durationSec),
            intensity: number(i, exerciseField.intensity(i, j), MAX_INTENSITY, MIN_INTENSITY),
            distanceKm: number(i, exerciseField.distanceKm(i, j), SESSION_LIMITS.distanceKm),
            ...ticked(exerciseField.done(i, j, true)),
          }));
    input.notes = clip(read(exerciseField.notes(i)), SESSION_LIMITS.exerciseNotesLength);
    // Without a popup to close, an exercise is done once a set holds a value.
    input.done = hasLoggedValue(input);
    inputs[exercise.id] = input;
  });

  const startedAt = Number(read(SESSION_FORM_FIELDS.startedAt));
  // Stryker disable next-line StringLiteral: a missing key falls back, "" and any other stand-in failing the key pattern
  const key = read(SESSION_FORM_FIELDS.idempotencyKey) ?? "";
  return {
    state: {
      inputs,
      startedAt: Number.isSafeInteger(startedAt) && startedAt > 0 ? startedAt : fallback.startedAt,
      idempotencyKey: IDEMPOTENCY_KEY_PATTERN.test(key) ? key : fallback.idempotencyKey,
      sessionNotes: clip(read(SESSION_FORM_FIELDS.sessionNotes), SESSION_LIMITS.sessionNotesLength),
    },
    errors,
  };
}

/** A form button's change to the inputs: one more set, one less, or the mode chosen in the select. */
export function applySessionIntent(
  inputs: Record<string, ExerciseInput>,
  exercises: readonly ExerciseIdentity[],
  intent: Exclude<SessionIntent, { kind: "finish" } | { kind: "refresh" } | { kind: "resume-sets" }>,
): Record<string, ExerciseInput> {
  const exercise = exercises[intent.exercise];
  const input = exercise ? inputs[exercise.id] : undefined;
  if (!exercise || !input) return inputs;
  return { ...inputs, [exercise.id]: changeSets(input, intent) };
}

/**
 * A new set starts from the previous one's values (weight, reps and rest, or
 * duration, intensity and distance), not yet ticked: the lifter edits what
 * changed. Deleting never empties the list. Up to the limit of sets.
 */
export function changeSets(
  input: ExerciseInput,
  change: { kind: "add-set" } | { kind: "delete-set"; set: number } | { kind: "apply-mode" },
): ExerciseInput {
  if (change.kind === "apply-mode") return { ...input };
  const cardio = input.mode === "cardio";
  if (change.kind === "add-set") {
    if (cardio) {
      if (input.cardioSets.length >= SESSION_LIMITS.setsPerEntry) return input;
      return { ...input, cardioSets: [...input.cardioSets, nextSet(input.cardioSets, emptyCardioSet)] };
    }
    if (input.sets.length >= SESSION_LIMITS.setsPerEntry) return input;
    return { ...input, sets: [...input.sets, nextSet(input.sets, emptyStrengthSet)] };
  }
  if (cardio) {
    const cardioSets = input.cardioSets.filter((_, index) => index !== change.set);
    return { ...input, cardioSets: cardioSets.length > 0 ? cardioSets : [emptyCardioSet()] };
  }
  const sets = input.sets.filter((_, index) => index !== change.set);
  return { ...input, sets: sets.length > 0 ? sets : [emptyStrengthSet()] };
}

/** A copy of the last set's values, untick; an empty set when there is none. */
function nextSet<T extends StrengthSetInput | CardioSetInput>(sets: readonly T[], empty: () => T): T {
  const last = sets.at(-1);
  if (!last) return empty();
  const { done: _done, ...values } = last;
  return values as T;
}

/** The inputs of a session that starts: every card fresh. */
export function freshInputs(exercises: readonly ExerciseIdentity[]): Record<string, ExerciseInput> {
  return Object.fromEntries(exercises.map((exercise) => [exercise.id, initialExerciseInput(exercise)]));
}
