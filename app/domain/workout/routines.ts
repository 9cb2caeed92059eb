// Routines: a saved workout run again in one tap. A routine is a name and
// its exercises in order, each with its card's mode and its targets (sets ×
// reps × weight, or a duration in endurance mode). Pure and free of zod: the
// routine page's code reorders with these rules in the browser, the server
// checks what it receives with routine-schema.ts. Relative imports carry
// their extension: the store loads this module under plain Node.

import {
  defaultMode,
  type ExerciseIdentity,
  SESSION_LIMITS,
  type SessionEntry,
  type SessionMode,
} from "./session-entries.ts";
import type { PreviousSet, PreviousSets } from "./last-time.ts";
import { withoutControlCharacters } from "../text.ts";

/** What a user may keep: the limits, checked by the schema and the store. */
export const ROUTINE_LIMITS = {
  /** Routines per user: the 51st is refused. */
  perUser: 50,
  exercises: 30,
  targetsPerExercise: 20,
  /** Characters (code points) of a name. */
  nameLength: 80,
  /** A target's figures stay within what a saved set may hold. */
  reps: SESSION_LIMITS.reps,
  weightKg: SESSION_LIMITS.weightKg,
  durationSec: SESSION_LIMITS.durationSec,
} as const;

/** One planned set: reps and weight (strength), or a duration (endurance; strength too, for a hold). */
export interface RoutineTarget {
  reps: number | null;
  weightKg: number | null;
  durationSec: number | null;
}

export interface RoutineExercise {
  exerciseId: string;
  /** The card's mode the session starts the exercise in. */
  mode: SessionMode;
  /** In order: the first target stands for the first set. */
  targets: RoutineTarget[];
}

/** What a user saves: a name and the exercises in session order. */
export interface RoutineDraft {
  name: string;
  exercises: RoutineExercise[];
}

/**
 * Why a routine is refused: a key of `refusals.*` in locales/<lng>/routines.json
 * (pages translate it) and of ROUTINE_MESSAGES in routine-schema.ts (the JSON
 * API answers its French text, with its code).
 */
export const ROUTINE_REFUSAL_KEYS = [
  "invalidBody",
  "nameRequired",
  "nameTooLong",
  "noExercises",
  "tooManyExercises",
  "duplicateExercise",
  "unknownExercise",
  "invalidMode",
  "tooManyTargets",
  "invalidReps",
  "invalidWeight",
  "invalidDuration",
  "emptyTarget",
  "cardioTarget",
  "tooManyRoutines",
  "notFound",
] as const;
export type RoutineRefusalKey = (typeof ROUTINE_REFUSAL_KEYS)[number];

/** The JSON API's `code` of each refusal: a client tells them apart without reading the French text. */
export const ROUTINE_REFUSAL_CODES: Record<RoutineRefusalKey, string> = {
  invalidBody: "INVALID_BODY",
  nameRequired: "NAME_REQUIRED",
  nameTooLong: "NAME_TOO_LONG",
  noExercises: "NO_EXERCISES",
  tooManyExercises: "TOO_MANY_EXERCISES",
  duplicateExercise: "DUPLICATE_EXERCISE",
  unknownExercise: "UNKNOWN_EXERCISE",
  invalidMode: "INVALID_MODE",
  tooManyTargets: "TOO_MANY_TARGETS",
  invalidReps: "INVALID_TARGET",
  invalidWeight: "INVALID_TARGET",
  invalidDuration: "INVALID_TARGET",
  emptyTarget: "INVALID_TARGET",
  cardioTarget: "INVALID_TARGET",
  tooManyRoutines: "TOO_MANY_ROUTINES",
  notFound: "ROUTINE_NOT_FOUND",
};

/**
 * A refusal with where it applies: the exercise (0-based, in the routine's
 * order) and the target, when it is about one.
 */
export interface RoutineRefusal {
  key: RoutineRefusalKey;
  exercise?: number;
  target?: number;
}

const isCardio = (mode: SessionMode) => mode === "cardio";

/** A target holds at least one figure. */
export function isEmptyTarget(target: RoutineTarget): boolean {
  return target.reps === null && target.weightKg === null && target.durationSec === null;
}

/**
 * What is wrong with one target of an exercise in `mode`, or null. An
 * endurance target is a duration only; a strength one any of its figures.
 */
export function targetProblem(target: RoutineTarget, mode: SessionMode): RoutineRefusalKey | null {
  const { reps, weightKg, durationSec } = target;
  if (reps !== null && !(Number.isInteger(reps) && reps >= 1 && reps <= ROUTINE_LIMITS.reps)) return "invalidReps";
  if (weightKg !== null && !(Number.isFinite(weightKg) && weightKg > 0 && weightKg <= ROUTINE_LIMITS.weightKg)) {
    return "invalidWeight";
  }
  if (
    durationSec !== null &&
    !(Number.isInteger(durationSec) && durationSec >= 1 && durationSec <= ROUTINE_LIMITS.durationSec)
  ) {
    return "invalidDuration";
  }
  if (isEmptyTarget(target)) return "emptyTarget";
  if (isCardio(mode) && (reps !== null || weightKg !== null)) return "cardioTarget";
  return null;
}

/** A name as the routine keeps it: on one line, control characters dropped, spaces trimmed. */
export function cleanRoutineName(name: string): string {
  return withoutControlCharacters(name).replace(/\s+/g, " ").trim();
}

/**
 * The first problem of a routine, or null when it can be saved: a name of 1
 * to 80 characters, 1 to 30 exercises each once and known (`isKnown`: the
 * catalogue), at most 20 valid targets each. Names are checked as
 * cleanRoutineName leaves them.
 */
export function routineProblem(draft: RoutineDraft, isKnown: (exerciseId: string) => boolean): RoutineRefusal | null {
  const name = cleanRoutineName(draft.name);
  if (name === "") return { key: "nameRequired" };
  if ([...name].length > ROUTINE_LIMITS.nameLength) return { key: "nameTooLong" };
  if (draft.exercises.length === 0) return { key: "noExercises" };
  if (draft.exercises.length > ROUTINE_LIMITS.exercises) return { key: "tooManyExercises" };
  const seen = new Set<string>();
  for (const [index, exercise] of draft.exercises.entries()) {
    if (seen.has(exercise.exerciseId)) return { key: "duplicateExercise", exercise: index };
    seen.add(exercise.exerciseId);
    if (!isKnown(exercise.exerciseId)) return { key: "unknownExercise", exercise: index };
    if (exercise.targets.length > ROUTINE_LIMITS.targetsPerExercise) return { key: "tooManyTargets", exercise: index };
    for (const [position, target] of exercise.targets.entries()) {
      const problem = targetProblem(target, exercise.mode);
      if (problem) return { key: problem, exercise: index, target: position };
    }
  }
  return null;
}

// ---------------------------------------------------------------------------
// Where a routine comes from

/** The target a logged set stands for: its figures in the exercise's mode. */
function targetOfSet(
  set: { reps: number | null; weightKg: number | null; durationSec: number | null },
  mode: SessionMode,
) {
  return isCardio(mode)
    ? { reps: null, weightKg: null, durationSec: set.durationSec }
    : { reps: set.reps, weightKg: set.weightKg, durationSec: set.durationSec };
}

/**
 * A finished session as a routine's exercises: in their order, each in the
 * mode its card had, the sets saved (those with a value, at most 20) as its
 * targets; an exercise left without a set keeps its place, without targets.
 */
export function routineExercisesOfSession(
  planned: readonly { id: string; mode: SessionMode }[],
  entries: readonly SessionEntry[],
): RoutineExercise[] {
  return planned.map(({ id, mode }) => {
    const sets = entries.find((entry) => entry.exerciseId === id)?.sets ?? [];
    const targets = sets
      .map((set) => targetOfSet(set, mode))
      .filter((target) => targetProblem(target, mode) === null)
      .slice(0, ROUTINE_LIMITS.targetsPerExercise);
    return { exerciseId: id, mode, targets };
  });
}

/**
 * Planned exercises (the builder's list, a session not yet finished) as a
 * routine's: each in the mode and with the targets of the routine it comes
 * from, else in its default mode without targets.
 */
export function routineExercisesOfPlan(
  exercises: readonly ExerciseIdentity[],
  from: readonly RoutineExercise[] = [],
): RoutineExercise[] {
  return exercises.map(
    (exercise) =>
      from.find((planned) => planned.exerciseId === exercise.id) ?? {
        exerciseId: exercise.id,
        mode: defaultMode(exercise),
        targets: [],
      },
  );
}

// ---------------------------------------------------------------------------
// Editing: the routine page's buttons, keys and drags

/** The exercises with the one at `from` moved to `to` (both clamped to the list). */
export function moveRoutineExercise<T>(exercises: readonly T[], from: number, to: number): T[] {
  if (from < 0 || from >= exercises.length) return [...exercises];
  const target = Math.max(0, Math.min(exercises.length - 1, to));
  const next = exercises.filter((_, index) => index !== from);
  next.splice(target, 0, exercises[from]!);
  return next;
}

/**
 * The exercises with new ones appended, in the order given, each once:
 * those already in the routine are left where they are.
 */
export function addRoutineExercises(
  exercises: readonly RoutineExercise[],
  additions: readonly { exerciseId: string; mode: SessionMode }[],
): RoutineExercise[] {
  const present = new Set(exercises.map((exercise) => exercise.exerciseId));
  const added: RoutineExercise[] = [];
  for (const { exerciseId, mode } of additions) {
    if (present.has(exerciseId)) continue;
    present.add(exerciseId);
    added.push({ exerciseId, mode, targets: [] });
  }
  return [...exercises, ...added];
}

/** The name of a routine's copy: "{name} (copie)" in the page's words, cut to the name's limit. */
export function copyName(name: string, suffix: string): string {
  const room = ROUTINE_LIMITS.nameLength - [...suffix].length - 1;
  const kept = [...cleanRoutineName(name)].slice(0, Math.max(0, room)).join("").trim();
  return `${kept} ${suffix}`.trim();
}

// ---------------------------------------------------------------------------
// Running a routine: its targets in the session view

/** A target as a set row's placeholders read it. */
export const previousSetOfTarget = (target: RoutineTarget): PreviousSet => ({
  weightKg: target.weightKg,
  reps: target.reps,
  restSec: null,
  durationSec: target.durationSec,
  distanceKm: null,
  intensity: null,
});

/** An exercise's targets as the session view's memory holds last time's sets. */
export function targetSets(exercise: RoutineExercise): PreviousSets {
  return { mode: exercise.mode, sets: exercise.targets.map(previousSetOfTarget) };
}
