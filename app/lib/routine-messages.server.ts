import type { TFunction } from "i18next";
import {
  ROUTINE_LIMITS,
  type RoutineDraft,
  type RoutineRefusal,
  type RoutineRefusalKey,
} from "~/domain/workout/routines";
import { formatNumber } from "./number-format";

// A routine's refusal as the pages say it, in their language (the JSON API
// answers the French text of routine-schema.ts instead): the limit it is
// about, and the exercise when it is about one.

const LIMIT_OF: Partial<Record<RoutineRefusalKey, number>> = {
  nameTooLong: ROUTINE_LIMITS.nameLength,
  tooManyExercises: ROUTINE_LIMITS.exercises,
  tooManyTargets: ROUTINE_LIMITS.targetsPerExercise,
  invalidReps: ROUTINE_LIMITS.reps,
  invalidWeight: ROUTINE_LIMITS.weightKg,
  tooManyRoutines: ROUTINE_LIMITS.perUser,
};

/** `t` reads the routines namespace; `exerciseName` names an exercise of the draft refused. */
export function routineRefusalMessage(
  t: TFunction,
  language: string,
  refusal: RoutineRefusal,
  draft: Pick<RoutineDraft, "exercises"> | null,
  exerciseName: (exerciseId: string) => string,
): string {
  const max = LIMIT_OF[refusal.key];
  const message = t(`refusals.${refusal.key}`, {
    ns: "routines",
    max: max === undefined ? "" : formatNumber(language, max),
  });
  const exercise = refusal.exercise === undefined ? undefined : draft?.exercises[refusal.exercise];
  return exercise ? t("refusals.where", { ns: "routines", name: exerciseName(exercise.exerciseId), message }) : message;
}
