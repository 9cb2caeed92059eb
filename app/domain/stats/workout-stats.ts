// The statistics engine of the dashboard (account-and-dashboard, section 9):
// body weight for estimates, MET calorie estimates, default set durations,
// loads, volume, the cardio/strength split and the percent done. Pure.
//
// DECISIONS.md: a session's stored calories win (they come from the session
// rules); the MET estimate below applies only to a session without them.

import { roundTo } from "../numbers.ts";
import {
  type ExerciseType,
  type ReadSession,
  type SessionExercise,
  type SessionSet,
  setHasValue,
} from "./session-reading.ts";

export const BODY_WEIGHT_KG = { min: 30, max: 250, default: 85 } as const;

/** Body weight for estimates: the given weight clamped to 30-250 kg; 85 kg when there is none. */
export function bodyWeightForEstimates(weightKg: number | null | undefined): number {
  if (weightKg === null || weightKg === undefined || !Number.isFinite(weightKg) || weightKg <= 0) {
    return BODY_WEIGHT_KG.default;
  }
  return Math.min(BODY_WEIGHT_KG.max, Math.max(BODY_WEIGHT_KG.min, weightKg));
}

const usableWeight = (weightKg: number | null | undefined) =>
  weightKg !== null && weightKg !== undefined && Number.isFinite(weightKg) && weightKg > 0 ? weightKg : null;

/**
 * The user's weight for estimates (DECISIONS.md): the weight of their latest
 * IMC record, else the account's `weightKg`; null when neither is usable,
 * and bodyWeightForEstimates then takes the default of 85 kg (and clamps
 * whatever it is given).
 */
export function userWeightForEstimates(
  latestImcWeightKg: number | null | undefined,
  accountWeightKg: number | null | undefined,
): number | null {
  return usableWeight(latestImcWeightKg) ?? usableWeight(accountWeightKg);
}

/** Calories = MET x 3.5 x weight / 200 x minutes. */
export function metCalories(met: number, weightKg: number, minutes: number): number {
  return ((met * 3.5 * weightKg) / 200) * minutes;
}

export const CARDIO_MET = { default: 7.5, low: 4.5, moderate: 8.5, high: 12 } as const;

/**
 * Cardio MET: low 4.5, moderate 8.5, high 12, nothing 7.5. A number: up to 3
 * gives 4.5, 8 or more gives 12, 6 or more gives 9.5, anything else 7.
 */
export function cardioMet(intensity: number | string | null | undefined): number {
  if (typeof intensity === "number" && Number.isFinite(intensity)) {
    if (intensity <= 3) return 4.5;
    if (intensity >= 8) return 12;
    if (intensity >= 6) return 9.5;
    return 7;
  }
  if (typeof intensity === "string") {
    const word = intensity.trim().toLowerCase();
    if (word === "low") return CARDIO_MET.low;
    if (word === "moderate") return CARDIO_MET.moderate;
    if (word === "high") return CARDIO_MET.high;
  }
  return CARDIO_MET.default;
}

/** Strength intensity factor: low 0.8, high 1.25, else 1; a number up to 3 gives 0.85, 8 or more 1.25, else 1.05. */
export function strengthIntensityFactor(intensity: number | string | null | undefined): number {
  if (typeof intensity === "number" && Number.isFinite(intensity)) {
    if (intensity <= 3) return 0.85;
    if (intensity >= 8) return 1.25;
    return 1.05;
  }
  if (typeof intensity === "string") {
    const word = intensity.trim().toLowerCase();
    if (word === "low") return 0.8;
    if (word === "high") return 1.25;
  }
  return 1;
}

/**
 * The load bonus, from the load as a percentage of body weight (DECISIONS.md):
 * under 5 % 0.3, under 10 % 0.8, under 15 % 1.2, under 20 % 1.6, otherwise 2.
 */
export function loadBonus(loadKg: number, bodyWeightKg: number): number {
  const percent = (loadKg / bodyWeightKg) * 100;
  if (percent < 5) return 0.3;
  if (percent < 10) return 0.8;
  if (percent < 15) return 1.2;
  if (percent < 20) return 1.6;
  return 2;
}

export const STRENGTH_MET = { base: 4, bodyweightBase: 4.8, min: 3, max: 9.5 } as const;

/** The strength MET's bounds (3-9.5); the spec's factors and bonuses stay within 3.5-8, the clamp guards changes to them. */
export function clampStrengthMet(met: number): number {
  return Math.min(STRENGTH_MET.max, Math.max(STRENGTH_MET.min, met));
}

/** Strength MET: base 4 (body weight 4.8) x intensity factor + load bonus, clamped to 3-9.5. */
export function strengthMet(options: {
  bodyweight: boolean;
  intensity: number | string | null | undefined;
  loadKg: number;
  bodyWeightKg: number;
}): number {
  const base = options.bodyweight ? STRENGTH_MET.bodyweightBase : STRENGTH_MET.base;
  return clampStrengthMet(
    base * strengthIntensityFactor(options.intensity) + loadBonus(options.loadKg, options.bodyWeightKg),
  );
}

/** A set's duration when it records none. */
export const DEFAULT_SET_DURATION_SEC: Record<ExerciseType, number> = {
  cardio: 300,
  muscu: 120,
  poids_du_corps: 90,
};

export function setDurationSec(set: SessionSet, type: ExerciseType): number {
  return set.durationSec !== null && set.durationSec > 0 ? set.durationSec : DEFAULT_SET_DURATION_SEC[type];
}

export const BODYWEIGHT_LOAD = { minimumKg: 12, defaultShareOfWeight: 0.2 } as const;

/**
 * The load a body-weight set moves: 50 % of body weight for 5 reps or fewer,
 * 35 % above 15 reps, 30 % above 20 reps, 40 % otherwise (reps unknown
 * included); never under 12 kg.
 */
export function bodyweightLoadKg(reps: number | null, bodyWeightKg: number): number {
  let share = 0.4;
  if (reps !== null && reps > 0) {
    if (reps <= 5) share = 0.5;
    else if (reps > 20) share = 0.3;
    else if (reps > 15) share = 0.35;
  }
  return Math.max(BODYWEIGHT_LOAD.minimumKg, share * bodyWeightKg);
}

/** A strength set's load: its weight; for a body-weight exercise the estimate above; else 20 % of body weight. */
export function setLoadKg(set: SessionSet, type: ExerciseType, bodyWeightKg: number): number {
  if (set.weightKg !== null && set.weightKg > 0) return set.weightKg;
  if (type === "poids_du_corps") return bodyweightLoadKg(set.reps, bodyWeightKg);
  return BODYWEIGHT_LOAD.defaultShareOfWeight * bodyWeightKg;
}

/** Calories of one set by the MET estimate. */
export function setCalories(set: SessionSet, type: ExerciseType, bodyWeightKg: number): number {
  const minutes = setDurationSec(set, type) / 60;
  const met =
    type === "cardio"
      ? cardioMet(set.intensity)
      : strengthMet({
          bodyweight: type === "poids_du_corps",
          intensity: set.intensity ?? set.rpe,
          loadKg: setLoadKg(set, type, bodyWeightKg),
          bodyWeightKg,
        });
  return metCalories(met, bodyWeightKg, minutes);
}

/** The MET estimate of a whole session: every set of every exercise. */
export function estimateSessionCalories(exercises: readonly SessionExercise[], bodyWeightKg: number): number {
  let total = 0;
  for (const exercise of exercises) {
    for (const set of exercise.sets) total += setCalories(set, exercise.type, bodyWeightKg);
  }
  return total;
}

/** The session's stored calories, else the MET estimate with the weight it kept (bodyMassKg), else the user's. */
export function sessionCalories(session: ReadSession, userWeightKg: number | null): number {
  if (session.calories !== null) return session.calories;
  const weight = bodyWeightForEstimates(session.bodyMassKg ?? session.weightKg ?? userWeightKg);
  return estimateSessionCalories(session.exercises, weight);
}

/** The declared duration, else the sum of its sets' durations (defaults included). */
export function sessionDurationSec(session: ReadSession): number {
  if (session.durationSec !== null && session.durationSec > 0) return session.durationSec;
  let total = 0;
  for (const exercise of session.exercises) {
    for (const set of exercise.sets) total += setDurationSec(set, exercise.type);
  }
  return total;
}

/** Weight x reps over the strength sets (sets with a weight), at least 1 rep a set. */
export function volumeKg(exercises: readonly SessionExercise[]): number {
  let total = 0;
  for (const exercise of exercises) {
    if (exercise.type === "cardio") continue;
    for (const set of exercise.sets) {
      if (set.weightKg !== null && set.weightKg > 0) total += set.weightKg * Math.max(1, set.reps ?? 0);
    }
  }
  return total;
}

/** Cardio against strength (muscu and body weight), by number of exercises. */
export function cardioStrengthSplit(exercises: readonly SessionExercise[]): {
  cardio: number;
  strength: number;
  /** Percent of exercises that are cardio; null without exercises. */
  cardioPercent: number | null;
} {
  const cardio = exercises.filter((exercise) => exercise.type === "cardio").length;
  const strength = exercises.length - cardio;
  return {
    cardio,
    strength,
    cardioPercent: exercises.length === 0 ? null : Math.round((cardio / exercises.length) * 100),
  };
}

/** Done over total exercises, in percent (whole); null without exercises. */
export function percentDone(done: number, total: number): number | null {
  if (total <= 0) return null;
  return Math.round((Math.min(done, total) / total) * 100);
}

/** Sets that count as done work: the sets with a value, of the exercises marked done (1 for a done exercise without sets). */
export function completedSets(exercise: SessionExercise): number {
  if (!exercise.done) return 0;
  return Math.max(1, exercise.sets.filter(setHasValue).length);
}

/** Maps an exercise to its muscle group (the catalogue knows), or null when unknown. */
export type MuscleGroupOf = (exercise: SessionExercise) => string | null;

export interface SessionFigures {
  durationSec: number;
  /** Whole minutes, as shown. */
  durationMin: number;
  /** Whole kcal. */
  calories: number;
  exercises: number;
  plannedExercises: number;
  completedExercises: number;
  skippedExercises: number;
  percentDone: number | null;
  volumeKg: number;
  cardioExercises: number;
  strengthExercises: number;
  /** Completed sets per muscle group. */
  muscleSets: Record<string, number>;
}

export function sessionFigures(
  session: ReadSession,
  options: { userWeightKg: number | null; muscleGroupOf?: MuscleGroupOf },
): SessionFigures {
  const durationSec = sessionDurationSec(session);
  const done = session.exercises.filter((exercise) => exercise.done).length;
  const planned = session.clientSummary?.plannedExercises ?? session.exercises.length;
  const completed = session.clientSummary?.completedExercises ?? done;
  const split = cardioStrengthSplit(session.exercises);
  const muscleSets: Record<string, number> = {};
  for (const exercise of session.exercises) {
    const group = options.muscleGroupOf?.(exercise) ?? null;
    const sets = completedSets(exercise);
    if (group !== null && sets > 0) muscleSets[group] = (muscleSets[group] ?? 0) + sets;
  }
  return {
    durationSec,
    durationMin: Math.round(durationSec / 60),
    calories: Math.round(sessionCalories(session, options.userWeightKg)),
    exercises: session.exercises.length,
    plannedExercises: planned,
    completedExercises: completed,
    skippedExercises: Math.max(0, planned - completed),
    percentDone: percentDone(completed, planned),
    volumeKg: roundTo(volumeKg(session.exercises), 1),
    cardioExercises: split.cardio,
    strengthExercises: split.strength,
    muscleSets,
  };
}
