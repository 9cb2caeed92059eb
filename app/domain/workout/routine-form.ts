// A routine's page as one form: its name, its exercises in order (each with
// its mode and its targets as typed), and the buttons that change them. The
// server reads it back (what was typed is kept, as typed, for the page to
// show again), applies the button's change and turns it into a routine to
// save. Pure: the route's action does the rest.

import { ROUTINE_LIMITS, type RoutineDraft, type RoutineExercise, type RoutineTarget } from "./routines";
import {
  EXERCISE_ID,
  ROUTINE_FORM_FIELDS,
  type RoutineFieldError,
  type RoutineFormState,
  type RoutineFormTarget,
  type RoutineIntent,
} from "./routine-form-fields";
import { MAX_TYPED_LENGTH, parseTypedNumber } from "./session-form";
import { SESSION_MODES, type SessionMode } from "./session-entries";

export * from "./routine-form-fields";

const F = ROUTINE_FORM_FIELDS;
const MAX_ID_LENGTH = 100;
const MAX_NAME_TYPED = ROUTINE_LIMITS.nameLength * 4;

const typed = (value: string | null) => (value ?? "").slice(0, MAX_TYPED_LENGTH);

/**
 * The form as posted: the exercises in the order of their `ordre` fields
 * (each once, a slug; at most one past the limit, so the limit's message
 * can show), each with its mode and its target rows as typed (at most one
 * row past the limit).
 */
export function readRoutineForm(
  read: (name: string) => string | null,
  readAll: (name: string) => string[],
): RoutineFormState {
  const ids = [...new Set(readAll(F.order))]
    .filter((id) => id.length <= MAX_ID_LENGTH && EXERCISE_ID.test(id))
    .slice(0, ROUTINE_LIMITS.exercises + 1);
  return {
    name: (read(F.name) ?? "").slice(0, MAX_NAME_TYPED),
    exercises: ids.map((exerciseId) => {
      const mode = read(F.mode(exerciseId));
      const targets: RoutineFormTarget[] = [];
      for (let index = 0; index <= ROUTINE_LIMITS.targetsPerExercise; index += 1) {
        const parts = (["reps", "weight", "min", "sec"] as const).map((part) =>
          read(F.target(exerciseId, index, part)),
        );
        if (parts.every((part) => part === null)) break;
        const [reps, weight, min, sec] = parts.map(typed) as [string, string, string, string];
        targets.push({ reps, weight, min, sec });
      }
      return {
        exerciseId,
        mode: (SESSION_MODES as readonly (string | null)[]).includes(mode) ? (mode as SessionMode) : "muscu",
        targets,
      };
    }),
  };
}

/** A number as the page writes it ("22,5" in French). */
const written = (value: number | null, separator: string) =>
  value === null ? "" : String(value).replace(".", separator);

/** A saved routine as the form shows it. */
export function routineFormState(routine: RoutineDraft, separator: string): RoutineFormState {
  return {
    name: routine.name,
    exercises: routine.exercises.map((exercise) => ({
      exerciseId: exercise.exerciseId,
      mode: exercise.mode,
      targets: exercise.targets.map((target) => {
        const seconds = target.durationSec ?? 0;
        return {
          reps: written(target.reps, separator),
          weight: written(target.weightKg, separator),
          min: seconds >= 60 ? String(Math.floor(seconds / 60)) : "",
          sec: seconds % 60 > 0 ? String(seconds % 60) : "",
        };
      }),
    })),
  };
}

const isEmptyRow = (row: RoutineFormTarget, cardio: boolean) =>
  cardio ? row.min.trim() === "" && row.sec.trim() === "" : row.reps.trim() === "" && row.weight.trim() === "";

/** The bounds of each field as typed: reps whole, a weight with decimals, minutes and seconds whole. */
export const ROUTINE_FIELD_BOUNDS = {
  reps: { min: 0, max: ROUTINE_LIMITS.reps, whole: true },
  weight: { min: 0, max: ROUTINE_LIMITS.weightKg, whole: false },
  min: { min: 0, max: ROUTINE_LIMITS.durationSec / 60, whole: true },
  sec: { min: 0, max: 59, whole: true },
} as const;

/**
 * The routine the form stands for, or the fields that are not numbers within
 * their bounds. A row left empty is no target; an endurance row's minutes
 * and seconds make its duration. The rules of a routine (routineProblem)
 * are checked afterwards.
 */
export function draftOfRoutineForm(state: RoutineFormState): { draft: RoutineDraft; errors: RoutineFieldError[] } {
  const errors: RoutineFieldError[] = [];
  const exercises = state.exercises.map((exercise): RoutineExercise => {
    const cardio = exercise.mode === "cardio";
    const targets: RoutineTarget[] = [];
    exercise.targets.forEach((row, index) => {
      if (isEmptyRow(row, cardio)) return;
      const value = (part: keyof RoutineFormTarget): number | null => {
        const bounds = ROUTINE_FIELD_BOUNDS[part];
        const number = parseTypedNumber(row[part]);
        if (number === null) return null;
        const fits = !Number.isNaN(number) && number >= bounds.min && number <= bounds.max;
        if (!fits || (bounds.whole && !Number.isInteger(number))) {
          errors.push({ field: F.target(exercise.exerciseId, index, part), min: bounds.min, max: bounds.max });
          return null;
        }
        // 0 reps or 0 kg plan nothing.
        return number > 0 ? number : null;
      };
      if (cardio) {
        const seconds = (value("min") ?? 0) * 60 + (value("sec") ?? 0);
        targets.push({ reps: null, weightKg: null, durationSec: seconds > 0 ? seconds : null });
      } else {
        targets.push({ reps: value("reps"), weightKg: value("weight"), durationSec: null });
      }
    });
    return { exerciseId: exercise.exerciseId, mode: exercise.mode, targets };
  });
  return { draft: { name: state.name, exercises }, errors };
}

const emptyRow = (): RoutineFormTarget => ({ reps: "", weight: "", min: "", sec: "" });

/**
 * The form after a button that changes it: an exercise moved, removed, a
 * target row added (a copy of the last one, which the user then edits) or
 * removed. Other intents leave it as it is.
 */
export function applyRoutineIntent(state: RoutineFormState, intent: RoutineIntent): RoutineFormState {
  const at = "exerciseId" in intent ? state.exercises.findIndex((e) => e.exerciseId === intent.exerciseId) : -1;
  if (at === -1) return state;
  const exercises = [...state.exercises];
  const exercise = exercises[at]!;
  switch (intent.kind) {
    case "move":
    case "move-to": {
      const to = intent.kind === "move" ? at + intent.by : intent.index;
      const target = Math.max(0, Math.min(exercises.length - 1, to));
      exercises.splice(at, 1);
      exercises.splice(target, 0, exercise);
      break;
    }
    case "remove":
      exercises.splice(at, 1);
      break;
    case "add-target":
      if (exercise.targets.length >= ROUTINE_LIMITS.targetsPerExercise) return state;
      exercises[at] = { ...exercise, targets: [...exercise.targets, { ...(exercise.targets.at(-1) ?? emptyRow()) }] };
      break;
    case "remove-target":
      exercises[at] = { ...exercise, targets: exercise.targets.filter((_, index) => index !== intent.index) };
      break;
    default:
      return state;
  }
  return { ...state, exercises };
}
