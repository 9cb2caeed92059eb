// Reading a workout session the way the dashboard spec describes it
// (account-and-dashboard, section 3): sessions come from this app's own
// saves, but also from imports and older clients, so every alias the spec
// names is read (exercises under entries, items or exercises; an exercise's
// name under label, exerciseName, exoName or title; done under completed or
// status; set durations in seconds or minutes; dates as dd/mm/yyyy too).
// Anything unreadable becomes null or is dropped, never an exception.

/** The spec's three kinds, derived from an exercise's sets. */
export type ExerciseType = "cardio" | "muscu" | "poids_du_corps";

export interface SessionSet {
  weightKg: number | null;
  reps: number | null;
  /** Seconds, from durationSec and/or durationMin (the entry form has both fields: minutes and seconds). */
  durationSec: number | null;
  distanceKm: number | null;
  calories: number | null;
  /** A number (1-10) or a word (low, moderate, high); null when not given. */
  intensity: number | string | null;
  tempo: string | null;
  rpe: number | null;
  /** Read from cardioSets (or a cardio mode). */
  cardio: boolean;
}

export interface SessionExercise {
  exerciseId: string | null;
  name: string;
  type: ExerciseType;
  sets: SessionSet[];
  notes: string;
  done: boolean;
}

export interface ReadSession {
  id: string | null;
  name: string;
  startedAt: Date | null;
  endedAt: Date | null;
  notes: string;
  comment: string;
  prev: { durationSec: number | null; volumeKg: number | null } | null;
  /** The duration the session declares (seconds); see sessionDurationSec for the fallback. */
  durationSec: number | null;
  /** Calories stored with the session; null when it has none (the MET estimate applies then). */
  calories: number | null;
  exercises: SessionExercise[];
  clientSummary: {
    exercises: number | null;
    plannedExercises: number | null;
    completedExercises: number | null;
  } | null;
  bodyMassKg: number | null;
  weightKg: number | null;
  finished: boolean;
}

type Bag = Record<string, unknown>;

function isBag(value: unknown): value is Bag {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A finite number from a number or a decimal string ("72,5" too); null otherwise. */
export function readNumber(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value === "string") {
    const trimmed = value.trim().replace(",", ".");
    if (!/^-?(?:\d+(?:\.\d*)?|\.\d+)$/.test(trimmed)) return null;
    const number = Number(trimmed);
    return Number.isFinite(number) ? number : null;
  }
  return null;
}

/** A number at or above 0; a negative or unreadable value counts as missing. */
function readAmount(value: unknown): number | null {
  const number = readNumber(value);
  return number !== null && number >= 0 ? number : null;
}

function readText(value: unknown, maxLength = 500): string {
  return typeof value === "string" ? value.trim().slice(0, maxLength) : "";
}

function firstText(bag: Bag, keys: readonly string[]): string {
  for (const key of keys) {
    const text = readText(bag[key], 200);
    if (text) return text;
  }
  return "";
}

const DAY_MONTH_YEAR = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * A date from a Date, an epoch in milliseconds, "dd/mm/yyyy" (optionally
 * followed by "hh:mm[:ss]") or any standard format Date understands (ISO 8601).
 * A day without a time is read at noon UTC, which is the same calendar day in
 * every zone from UTC-11 to UTC+11.
 */
export function parseDashboardDate(value: unknown): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === "number") {
    const date = new Date(value);
    return Number.isFinite(value) && !Number.isNaN(date.getTime()) ? date : null;
  }
  if (typeof value !== "string") return null;
  const text = value.trim();
  if (text === "") return null;
  const french = DAY_MONTH_YEAR.exec(text);
  if (french) {
    const [day, month, year] = [Number(french[1]), Number(french[2]), Number(french[3])];
    const hasTime = french[4] !== undefined;
    const date = new Date(
      Date.UTC(
        year,
        month - 1,
        day,
        hasTime ? Number(french[4]) : 12,
        hasTime ? Number(french[5]) : 0,
        Number(french[6] ?? 0),
      ),
    );
    // 31/02/2026 rolls over to March in Date: refuse it instead.
    if (date.getUTCDate() !== day || date.getUTCMonth() !== month - 1) return null;
    return date;
  }
  const parsed = new Date(text);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

const FINISHED_STATUSES = ["done", "completed", "finished", "terminee", "terminée"];

/**
 * Section 4: finished when it has endedAt or finishedAt, a finished flag,
 * percent or progress of 100, or a status among done, completed, finished,
 * terminee, terminée (any case).
 */
export function isSessionFinished(raw: unknown): boolean {
  if (!isBag(raw)) return false;
  if (parseDashboardDate(raw.endedAt) || parseDashboardDate(raw.finishedAt)) return true;
  if (raw.finished === true || raw.isFinished === true) return true;
  if (readNumber(raw.percent) === 100 || readNumber(raw.progress) === 100) return true;
  return typeof raw.status === "string" && FINISHED_STATUSES.includes(raw.status.trim().toLowerCase());
}

function readSet(raw: unknown, cardio: boolean): SessionSet | null {
  if (!isBag(raw)) return null;
  const seconds = readAmount(raw.durationSec);
  const minutes = readAmount(raw.durationMin);
  const intensityNumber = readNumber(raw.intensity);
  const intensityWord = typeof raw.intensity === "string" ? raw.intensity.trim().toLowerCase() : "";
  return {
    weightKg: readAmount(raw.weightKg ?? raw.weight ?? raw.poids),
    reps: readAmount(raw.reps),
    durationSec: seconds === null && minutes === null ? null : (minutes ?? 0) * 60 + (seconds ?? 0),
    distanceKm: readAmount(raw.distanceKm),
    calories: readAmount(raw.calories),
    intensity: intensityNumber ?? (intensityWord ? intensityWord.slice(0, 20) : null),
    tempo: readText(raw.tempo, 20) || null,
    rpe: readAmount(raw.rpe),
    cardio,
  };
}

function readSets(raw: unknown, cardio: boolean): SessionSet[] {
  if (!Array.isArray(raw)) return [];
  return raw.map((set) => readSet(set, cardio)).filter((set): set is SessionSet => set !== null);
}

/** A set carries something: reps, duration, weight, distance or calories above 0 (the exercise card's done rule). */
export function setHasValue(set: SessionSet): boolean {
  return [set.reps, set.durationSec, set.weightKg, set.distanceKm, set.calories].some(
    (value) => value !== null && value > 0,
  );
}

const CARDIO_WORDS = ["cardio", "endurance"];
const BODYWEIGHT_WORDS = ["pdc", "poids_du_corps", "poids-du-corps", "bodyweight"];

function declaredKind(value: unknown): "cardio" | "bodyweight" | null {
  const words = (Array.isArray(value) ? value : [value])
    .filter((word): word is string => typeof word === "string")
    .map((word) => word.trim().toLowerCase());
  if (words.some((word) => CARDIO_WORDS.includes(word))) return "cardio";
  if (words.some((word) => BODYWEIGHT_WORDS.includes(word))) return "bodyweight";
  return null;
}

/**
 * The type follows the sets: cardio sets (or a cardio type or mode) make it
 * cardio; a set with a weight makes it muscu; otherwise it is body weight.
 * Sets that only have a duration or a distance are cardio too.
 */
export function exerciseTypeOf(sets: readonly SessionSet[], declared: "cardio" | "bodyweight" | null): ExerciseType {
  if (declared === "cardio" || sets.some((set) => set.cardio)) return "cardio";
  if (sets.some((set) => (set.weightKg ?? 0) > 0)) return "muscu";
  const timedOnly =
    sets.length > 0 &&
    sets.every((set) => !(set.reps ?? 0) && ((set.durationSec ?? 0) > 0 || (set.distanceKm ?? 0) > 0));
  return timedOnly ? "cardio" : "poids_du_corps";
}

function readDone(bag: Bag, sets: readonly SessionSet[]): boolean {
  for (const key of ["done", "completed"]) {
    if (typeof bag[key] === "boolean") return bag[key];
  }
  if (typeof bag.status === "string" && bag.status.trim() !== "") {
    return FINISHED_STATUSES.includes(bag.status.trim().toLowerCase());
  }
  return sets.some(setHasValue);
}

const EXERCISE_NAME_KEYS = ["name", "label", "exerciseName", "exoName", "title"] as const;

function readExercise(raw: unknown): SessionExercise | null {
  if (!isBag(raw)) return null;
  const data = isBag(raw.data) ? raw.data : {};
  const declared = declaredKind(raw.type) ?? declaredKind(raw.mode) ?? declaredKind(data.mode);
  const cardioMode = declared === "cardio";
  const sets = [
    ...readSets(raw.sets, cardioMode),
    ...readSets(raw.cardioSets, true),
    ...readSets(data.sets, cardioMode),
    ...readSets(data.cardioSets, true),
  ];
  const exerciseId = readText(raw.exerciseId ?? raw.id ?? raw._id ?? raw.slug, 100) || null;
  return {
    exerciseId,
    name: firstText(raw, EXERCISE_NAME_KEYS) || "Exercise",
    type: exerciseTypeOf(sets, declared),
    sets,
    notes: readText(raw.notes ?? raw.note ?? data.notes),
    done: readDone(raw, sets),
  };
}

/** Exercises under entries, items or exercises: the first of those lists that holds any. */
function exerciseList(raw: Bag): unknown[] {
  for (const key of ["entries", "items", "exercises"]) {
    const list = raw[key];
    if (Array.isArray(list) && list.length > 0) return list;
  }
  // A session that carries its sets directly in a data object is one exercise.
  if (isBag(raw.data) && (Array.isArray(raw.data.sets) || Array.isArray(raw.data.cardioSets))) {
    return [{ name: raw.name ?? raw.label, data: raw.data }];
  }
  // Stryker disable next-line ArrayDeclaration: a list of strings reads as no exercise, like an empty one
  return [];
}

function readCount(value: unknown): number | null {
  const number = readAmount(value);
  return number === null ? null : Math.floor(number);
}

function readClientSummary(raw: unknown): ReadSession["clientSummary"] {
  if (!isBag(raw)) return null;
  const exercises = Array.isArray(raw.exercises) ? raw.exercises.length : readCount(raw.exercises);
  return {
    exercises,
    plannedExercises: readCount(raw.plannedExercises),
    completedExercises: readCount(raw.completedExercises),
  };
}

/** Reads any session-shaped value; null for what is not an object. */
export function readSession(raw: unknown): ReadSession | null {
  if (!isBag(raw)) return null;
  const meta = isBag(raw.meta) ? raw.meta : {};
  const prev = isBag(raw.prev) ? raw.prev : null;
  const durationMinutes = readAmount(raw.durationMinutes);
  const id = raw._id ?? raw.id;
  return {
    id: typeof id === "string" && id.trim() ? id.trim().slice(0, 100) : null,
    // Empty when unnamed: the page names it in its own language ('Séance' in French).
    name: firstText(raw, ["name", "label"]),
    startedAt: parseDashboardDate(raw.startedAt),
    endedAt: parseDashboardDate(raw.endedAt ?? raw.finishedAt),
    notes: readText(raw.notes, 2000),
    comment: readText(raw.comment, 2000),
    prev: prev ? { durationSec: readAmount(prev.durationSec), volumeKg: readAmount(prev.volumeKg) } : null,
    durationSec:
      readAmount(raw.durationSec) ??
      readAmount(meta.durationSec) ??
      (durationMinutes === null ? null : durationMinutes * 60),
    calories: readAmount(raw.calories),
    exercises: exerciseList(raw)
      .map(readExercise)
      .filter((exercise): exercise is SessionExercise => exercise !== null),
    clientSummary: readClientSummary(raw.clientSummary ?? raw.summary),
    bodyMassKg: readAmount(raw.bodyMassKg),
    weightKg: readAmount(raw.weightKg),
    finished: isSessionFinished(raw),
  };
}

/** When a session happened: its end, else its start. */
export function sessionInstant(session: Pick<ReadSession, "endedAt" | "startedAt">): Date | null {
  return session.endedAt ?? session.startedAt;
}
