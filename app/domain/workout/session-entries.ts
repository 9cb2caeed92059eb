// A workout session's logging and what a finished session saves: the inputs
// kept per exercise, the spec's "done" rule, the normalised entries, their
// calories (workouts spec, section 9) and the summary. Pure and free of
// zod: the browser builds the payload with these rules, and the server builds
// the entries again from what it receives (calories are never taken from a
// client). Relative imports carry their extension: the store loads this
// module under plain Node.

import { normalizeText } from "./text.ts";

/** muscu 'Avec charges', pdc 'Sans charges' (bodyweight), cardio 'Endurance'. */
export const SESSION_MODES = ["muscu", "pdc", "cardio"] as const;
export type SessionMode = (typeof SESSION_MODES)[number];

/** The type a saved entry carries: a bodyweight (pdc) entry is stored as muscu. */
export type EntryType = "cardio" | "muscu";

// ---------------------------------------------------------------------------
// Inputs: what the set popup edits, kept on the device per exercise

/** One strength set as typed; an empty field stays empty (null). */
export interface StrengthSetInput {
  weight: number | null;
  reps: number | null;
  restSec: number | null;
  /** Ticked 'fait' by the lifter (it starts the rest); absent until then. What is saved does not depend on it. */
  done?: boolean;
}

/** One cardio set as typed: duration in minutes and seconds, intensity 1-10, an optional distance. */
export interface CardioSetInput {
  durationMin: number | null;
  durationSec: number | null;
  intensity: number | null;
  distanceKm: number | null;
  done?: boolean;
}

export interface ExerciseInput {
  mode: SessionMode;
  sets: StrengthSetInput[];
  cardioSets: CardioSetInput[];
  notes: string;
  done: boolean;
}

/** The cardio intensity a new set starts with; it feeds no formula (DECISIONS.md). */
export const DEFAULT_CARDIO_INTENSITY = 5;
export const MIN_INTENSITY = 1;
export const MAX_INTENSITY = 10;

/**
 * Bounds no real session reaches. The API refuses anything beyond them, the
 * forms cap their fields with them, and the store never sees more.
 */
export const SESSION_LIMITS = {
  entries: 100,
  setsPerEntry: 100,
  weightKg: 1_000,
  reps: 1_000,
  restSec: 3_600,
  /** One set, and the active time of a whole session: a day. */
  durationSec: 86_400,
  durationMin: 1_440,
  distanceKm: 1_000,
  rpe: 10,
  tempoLength: 20,
  exerciseIdLength: 100,
  nameLength: 120,
  exerciseNotesLength: 1_000,
  sessionNotesLength: 2_000,
} as const;

export const emptyStrengthSet = (): StrengthSetInput => ({ weight: null, reps: null, restSec: null });
export const emptyCardioSet = (): CardioSetInput => ({
  durationMin: null,
  durationSec: null,
  intensity: DEFAULT_CARDIO_INTENSITY,
  distanceKm: null,
});

// Words that make an exercise cardio by its name when its type does not say
// so. Whole words only, chosen so that no strength exercise carries one
// ("walking lunges" and "rowing" are strength moves as well).
const CARDIO_NAME_WORDS = new Set([
  "cardio",
  "running",
  "jogging",
  "footing",
  "velo",
  "cycling",
  "bike",
  "rameur",
  "elliptique",
  "elliptical",
  "treadmill",
  "hiit",
  "radfahren",
  "laufen",
  "ciclismo",
  "correr",
]);
const CARDIO_NAME_PHRASES = ["course a pied", "corde a sauter", "jump rope", "seilspringen", "saltar la cuerda"];

export interface ExerciseIdentity {
  id: string;
  name: string;
  /** The catalogue's kinds (muscu, cardio, hiit...). */
  type: readonly string[];
}

/** The mode a card starts in: cardio when the type or the name says cardio, else muscu. */
export function defaultMode(exercise: ExerciseIdentity): SessionMode {
  if (exercise.type.includes("cardio")) return "cardio";
  const words = normalizeText(exercise.name);
  if (words.split(" ").some((word) => CARDIO_NAME_WORDS.has(word))) return "cardio";
  return CARDIO_NAME_PHRASES.some((phrase) => ` ${words} `.includes(` ${phrase} `)) ? "cardio" : "muscu";
}

/** A fresh card: its default mode, one empty set of each kind, no notes, not done. */
export function initialExerciseInput(exercise: ExerciseIdentity): ExerciseInput {
  return {
    mode: defaultMode(exercise),
    sets: [emptyStrengthSet()],
    cardioSets: [emptyCardioSet()],
    notes: "",
    done: false,
  };
}

const positive = (value: number | null | undefined): value is number =>
  typeof value === "number" && Number.isFinite(value) && value > 0;

/** Seconds of a cardio set typed as minutes and seconds; null when neither is filled. */
export function cardioSetSeconds(set: Pick<CardioSetInput, "durationMin" | "durationSec">): number | null {
  const minutes = positive(set.durationMin) ? set.durationMin : 0;
  const seconds = positive(set.durationSec) ? set.durationSec : 0;
  const total = Math.round(minutes * 60 + seconds);
  return total > 0 ? total : null;
}

function strengthSetHasValue(set: StrengthSetInput): boolean {
  return positive(set.reps) || positive(set.weight);
}

function cardioSetHasValue(set: CardioSetInput): boolean {
  return cardioSetSeconds(set) !== null || positive(set.distanceKm);
}

/** The spec's rule: done when any set of the chosen mode has reps, a duration, a weight or a distance above 0. */
export function hasLoggedValue(input: ExerciseInput): boolean {
  return input.mode === "cardio" ? input.cardioSets.some(cardioSetHasValue) : input.sets.some(strengthSetHasValue);
}

/**
 * Closing the popup marks the exercise done and saves it; an exercise with
 * nothing logged stays not done (it would be counted as completed with no set).
 */
export function closedInput(input: ExerciseInput): ExerciseInput {
  return { ...input, done: hasLoggedValue(input) };
}

/** Whether the card shows as done. */
export function isExerciseDone(input: ExerciseInput | undefined): boolean {
  return input !== undefined && input.done && hasLoggedValue(input);
}

// ---------------------------------------------------------------------------
// Calories (workouts spec, section 9)

export const CARDIO_KCAL_PER_MINUTE = { run: 11, bike: 8, rowing: 7, walk: 5, rope: 10, default: 7 } as const;
export type CardioActivity = Exclude<keyof typeof CARDIO_KCAL_PER_MINUTE, "default">;
/** A cardio set without a duration counts this long. */
export const CARDIO_FALLBACK_SECONDS = 5;
export const STRENGTH_KCAL_PER_KG_REP = 0.075;
export const STRENGTH_KCAL_PER_REP = 0.8;
export const STRENGTH_KCAL_PER_SET = 4;

// Word starts that name each activity, in the four languages and the
// catalogue's ids; the first activity that matches wins (a "trail running
// walking" is a run).
const CARDIO_ACTIVITY_WORDS: readonly [CardioActivity, readonly string[]][] = [
  ["rope", ["rope", "corde", "seil", "springseil", "cuerda", "comba", "unders"]],
  ["run", ["run", "jog", "course", "footing", "sprint", "trail", "lauf", "jogg", "correr", "carrera"]],
  ["rowing", ["row", "rameur", "aviron", "ruder", "remo"]],
  ["bike", ["bik", "bicycl", "cycl", "velo", "spinning", "rad", "fahrrad", "bicicl", "ciclis"]],
  ["walk", ["walk", "marche", "hik", "randonnee", "wander", "spazier", "geh", "camin", "senderis"]],
];

/** Which of the spec's cardio activities an exercise is, from its id and name; null for any other. */
export function cardioActivity(exercise: { exerciseId: string; name: string }): CardioActivity | null {
  const words = normalizeText(`${exercise.exerciseId} ${exercise.name}`).split(" ");
  for (const [activity, starts] of CARDIO_ACTIVITY_WORDS) {
    if (words.some((word) => starts.some((start) => word.startsWith(start)))) return activity;
  }
  return null;
}

export function cardioKcalPerMinute(exercise: { exerciseId: string; name: string }): number {
  const activity = cardioActivity(exercise);
  return activity === null ? CARDIO_KCAL_PER_MINUTE.default : CARDIO_KCAL_PER_MINUTE[activity];
}

/** Per minute by activity, over the exact seconds (5 s when the set has no duration). */
export function cardioSetCalories(kcalPerMinute: number, durationSec: number | null): number {
  return (kcalPerMinute * (positive(durationSec) ? durationSec : CARDIO_FALLBACK_SECONDS)) / 60;
}

/** weight x reps x 0.075, or reps x 0.8 without a weight, or 4. */
export function strengthSetCalories(set: { weightKg: number | null; reps: number | null }): number {
  if (positive(set.reps) && positive(set.weightKg)) return set.weightKg * set.reps * STRENGTH_KCAL_PER_KG_REP;
  if (positive(set.reps)) return set.reps * STRENGTH_KCAL_PER_REP;
  return STRENGTH_KCAL_PER_SET;
}

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

// ---------------------------------------------------------------------------
// Normalised entries: what a saved session holds

/** A saved set. Strength sets use reps, weightKg, durationSec (and restSec); cardio sets durationSec, distanceKm, intensity. */
export interface EntrySet {
  reps: number | null;
  weightKg: number | null;
  durationSec: number | null;
  distanceKm: number | null;
  restSec: number | null;
  intensity: number | null;
  /** Accepted from API clients and stored when sent; the forms do not ask. */
  tempo: string | null;
  rpe: number | null;
  /** Computed, one decimal. */
  calories: number;
}

export interface SessionEntry {
  exerciseId: string;
  name: string;
  type: EntryType;
  /** The card's mode: pdc keeps the bodyweight nature an entry of type muscu cannot say. */
  mode: SessionMode;
  notes: string;
  done: boolean;
  sets: EntrySet[];
  /** The sum of the sets' calories, one decimal. */
  calories: number;
}

/** A set as it arrives to be normalised: any field may be missing. */
export type LooseSet = Partial<Omit<EntrySet, "calories">> & { durationMin?: number | null };

export interface LooseEntry {
  exerciseId: string;
  name: string;
  mode: SessionMode;
  notes: string;
  done: boolean;
  sets: readonly LooseSet[];
}

const valueOrNull = (value: number | null | undefined) => (positive(value) ? value : null);

/** A set's duration, as the spec's set gives it: durationMin × 60 + durationSec (either may be missing). */
function looseSetSeconds(set: LooseSet): number | null {
  return cardioSetSeconds({ durationMin: set.durationMin ?? null, durationSec: set.durationSec ?? null });
}

/**
 * The entry of one exercise, with only the sets that hold a value (reps,
 * weight, duration or distance above 0) and their calories; null when no set
 * does. The same rules for the browser's payload and the server's check.
 */
export function normaliseEntry(entry: LooseEntry): SessionEntry | null {
  const cardio = entry.mode === "cardio";
  const kcalPerMinute = cardio ? cardioKcalPerMinute(entry) : 0;
  const sets: EntrySet[] = [];
  let exactCalories = 0;
  for (const loose of entry.sets) {
    const durationSec = looseSetSeconds(loose);
    const set = {
      reps: cardio ? null : valueOrNull(loose.reps),
      weightKg: cardio ? null : valueOrNull(loose.weightKg),
      durationSec,
      distanceKm: cardio ? valueOrNull(loose.distanceKm) : null,
      restSec: cardio ? null : valueOrNull(loose.restSec),
      intensity: cardio ? valueOrNull(loose.intensity) : null,
      tempo: loose.tempo ? loose.tempo : null,
      rpe: valueOrNull(loose.rpe),
    };
    const hasValue = cardio
      ? set.durationSec !== null || set.distanceKm !== null
      : set.reps !== null || set.weightKg !== null || set.durationSec !== null;
    if (!hasValue) continue;
    const calories = cardio ? cardioSetCalories(kcalPerMinute, set.durationSec) : strengthSetCalories(set);
    exactCalories += calories;
    sets.push({ ...set, calories: oneDecimal(calories) });
  }
  if (sets.length === 0) return null;
  return {
    exerciseId: entry.exerciseId,
    name: entry.name,
    type: cardio ? "cardio" : "muscu",
    mode: entry.mode,
    notes: entry.notes,
    done: entry.done,
    sets,
    calories: oneDecimal(exactCalories),
  };
}

/** The loose form of a card's input, as the API would receive it. */
export function looseEntryOf(exercise: { id: string; name: string }, input: ExerciseInput): LooseEntry {
  const sets: LooseSet[] =
    input.mode === "cardio"
      ? input.cardioSets.map((set) => ({
          durationSec: cardioSetSeconds(set),
          distanceKm: set.distanceKm,
          intensity: set.intensity,
        }))
      : input.sets.map((set) => ({ reps: set.reps, weightKg: set.weight, restSec: set.restSec }));
  return {
    exerciseId: exercise.id,
    name: exercise.name,
    mode: input.mode,
    notes: input.notes.trim(),
    done: isExerciseDone(input),
    sets,
  };
}

/** The session's calories: the entries' exact sum, rounded to a whole kcal. */
export function sessionCalories(entries: readonly SessionEntry[]): number {
  return Math.round(
    entries.reduce((total, entry) => total + entry.sets.reduce((sum, set) => sum + set.calories, 0), 0),
  );
}

// ---------------------------------------------------------------------------
// Summary

export interface SummaryExercise {
  exerciseName: string;
  done: boolean;
  note: string;
}

export interface SessionSummary {
  plannedExercises: number;
  completedExercises: number;
  skippedExercises: number;
  exercises: SummaryExercise[];
}

export function summaryOf(exercises: readonly SummaryExercise[]): SessionSummary {
  const completed = exercises.filter((exercise) => exercise.done).length;
  return {
    plannedExercises: exercises.length,
    completedExercises: completed,
    skippedExercises: exercises.length - completed,
    exercises: exercises.map((exercise) => ({ ...exercise })),
  };
}

/** Progress of the session card: exercises done out of planned. */
export interface SessionProgress {
  done: number;
  total: number;
}

/**
 * The session card keeps the best figure seen for the current session: the
 * largest total, then the largest done (account spec, section 4).
 */
export function bestProgress(kept: SessionProgress | null, seen: SessionProgress): SessionProgress {
  if (kept === null) return seen;
  if (seen.total !== kept.total) return seen.total > kept.total ? seen : kept;
  return seen.done > kept.done ? seen : kept;
}

/** The best progress kept for one session, named by its key (its exercises). */
export interface KeptProgress {
  sessionKey: string;
  best: SessionProgress;
}

/** The card's figure after seeing `seen` in session `sessionKey`: the best so far, started over when the session changes. */
export function keptProgress(kept: KeptProgress | null, sessionKey: string, seen: SessionProgress): KeptProgress {
  return { sessionKey, best: bestProgress(kept?.sessionKey === sessionKey ? kept.best : null, seen) };
}
