// A lifter's memory: what each saved session did with each exercise (its
// log: the sets and their figures) and the personal records per user and
// exercise, folded from those logs as each session is saved. Records are
// derived figures: folding every log of an exercise, in any order, gives the
// same records as folding them one save at a time (recordsFromLogs), so they
// can always be rebuilt from the sessions. Pure; relative imports carry their
// extension because the store loads this module under plain Node.

import { roundTo } from "../numbers.ts";
import type { EntrySet, SessionEntry, SessionMode } from "./session-entries.ts";

/** Sessions per page of an exercise's history, and the most one read of it may ask for. */
export const EXERCISE_HISTORY_PAGE_SIZE = 50;

/** Epley's estimate holds for 1 to 12 reps; beyond, a set says more about endurance than about strength. */
export const EPLEY_MAX_REPS = 12;

/**
 * Estimated one-rep max of a set (Epley: weight × (1 + reps / 30)); one rep
 * counts as its weight. Null without a weight, without reps or past 12 reps.
 * Kept to a tenth of a kilogram, so floating-point noise never makes an
 * equalled record look beaten.
 */
export function estimatedOneRepMax(weightKg: number | null, reps: number | null): number | null {
  if (weightKg === null || !(weightKg > 0) || reps === null || !Number.isInteger(reps) || reps < 1) return null;
  if (reps > EPLEY_MAX_REPS) return null;
  return roundTo(reps === 1 ? weightKg : weightKg * (1 + reps / 30), 1);
}

/** What one session did with one exercise, each null where no set says it. */
export interface ExerciseFigures {
  /** The heaviest weight lifted for at least one rep. */
  heaviestKg: number | null;
  /** The best estimated one-rep max of a set (1 to 12 reps). */
  bestE1rmKg: number | null;
  /** Weight × reps, summed over the sets with both (to a tenth of a kilogram). */
  volumeKg: number | null;
  /** The most reps in one set without load. */
  mostReps: number | null;
  /** Endurance: the longest set, in seconds. */
  longestSec: number | null;
  /** Endurance: the longest distance of a set, in km. */
  longestKm: number | null;
}

export const EMPTY_FIGURES: ExerciseFigures = {
  heaviestKg: null,
  bestE1rmKg: null,
  volumeKg: null,
  mostReps: null,
  longestSec: null,
  longestKm: null,
};

const larger = (kept: number | null, seen: number | null): number | null =>
  seen === null ? kept : kept === null || seen > kept ? seen : kept;

const positiveOrNull = (value: number | null | undefined): number | null =>
  typeof value === "number" && Number.isFinite(value) && value > 0 ? value : null;

/** The figures of one entry's sets: strength figures for a strength entry, endurance figures for a cardio one. */
function figuresOfSets(type: SessionEntry["type"], sets: readonly EntrySet[]): ExerciseFigures {
  const figures = { ...EMPTY_FIGURES };
  let volume: number | null = null;
  for (const set of sets) {
    if (type === "cardio") {
      figures.longestSec = larger(figures.longestSec, positiveOrNull(set.durationSec));
      figures.longestKm = larger(figures.longestKm, positiveOrNull(set.distanceKm));
      continue;
    }
    const weight = positiveOrNull(set.weightKg);
    const reps = positiveOrNull(set.reps);
    if (reps === null) continue;
    if (weight === null) {
      figures.mostReps = larger(figures.mostReps, reps);
      continue;
    }
    figures.heaviestKg = larger(figures.heaviestKg, weight);
    figures.bestE1rmKg = larger(figures.bestE1rmKg, estimatedOneRepMax(weight, reps));
    volume = (volume ?? 0) + weight * reps;
  }
  figures.volumeKg = volume === null ? null : roundTo(volume, 1);
  return figures;
}

/** Two parts of one session's work on an exercise (the same exercise listed twice): best of each, volumes added. */
function mergeFigures(a: ExerciseFigures, b: ExerciseFigures): ExerciseFigures {
  return {
    heaviestKg: larger(a.heaviestKg, b.heaviestKg),
    bestE1rmKg: larger(a.bestE1rmKg, b.bestE1rmKg),
    volumeKg: a.volumeKg === null ? b.volumeKg : b.volumeKg === null ? a.volumeKg : roundTo(a.volumeKg + b.volumeKg, 1),
    mostReps: larger(a.mostReps, b.mostReps),
    longestSec: larger(a.longestSec, b.longestSec),
    longestKm: larger(a.longestKm, b.longestKm),
  };
}

/** One exercise of one saved session, as the memory keeps it. */
export interface ExerciseLog {
  exerciseId: string;
  sessionId: string;
  /** The exercise's name as the session saved it. */
  name: string;
  /** The card's mode (the first entry's, when the session listed the exercise twice). */
  mode: SessionMode;
  /** When the session started: a log's place in the exercise's history. */
  startedAt: Date;
  sets: EntrySet[];
  figures: ExerciseFigures;
}

/**
 * The logs of a saved session, one per exercise it holds (entries of the
 * same exercise merged, their sets in order). `keeps` says which exercises
 * the memory follows (the catalogue's: an id a client made up has no page).
 */
export function exerciseLogsOf(
  session: { id: string; startedAt: Date; entries: readonly SessionEntry[] },
  keeps: (exerciseId: string) => boolean = () => true,
): ExerciseLog[] {
  const logs = new Map<string, ExerciseLog>();
  for (const entry of session.entries) {
    if (!keeps(entry.exerciseId) || entry.sets.length === 0) continue;
    const figures = figuresOfSets(entry.type, entry.sets);
    const known = logs.get(entry.exerciseId);
    if (known) {
      known.sets = [...known.sets, ...entry.sets];
      known.figures = mergeFigures(known.figures, figures);
      continue;
    }
    logs.set(entry.exerciseId, {
      exerciseId: entry.exerciseId,
      sessionId: session.id,
      name: entry.name,
      mode: entry.mode,
      startedAt: session.startedAt,
      sets: [...entry.sets],
      figures,
    });
  }
  return [...logs.values()];
}

// ---------------------------------------------------------------------------
// Records

/** The records kept per exercise, in the order pages and the API list them. */
export const RECORD_KINDS = [
  "bestE1rmKg",
  "heaviestKg",
  "bestVolumeKg",
  "mostReps",
  "longestSec",
  "longestKm",
] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

/** The session figure each record is the best of. */
export const RECORD_FIGURE: Readonly<Record<RecordKind, keyof ExerciseFigures>> = {
  bestE1rmKg: "bestE1rmKg",
  heaviestKg: "heaviestKg",
  bestVolumeKg: "volumeKg",
  mostReps: "mostReps",
  longestSec: "longestSec",
  longestKm: "longestKm",
};

/** A record's figure and the session that first reached it. */
export interface RecordMark {
  value: number;
  at: Date;
  sessionId: string;
}

export type RecordMarks = Record<RecordKind, RecordMark | null>;

/** A user's records on one exercise, and how often and how lately they logged it. */
export interface ExerciseRecords {
  exerciseId: string;
  /** The name the latest session gave it. */
  name: string;
  /** Saved sessions that hold the exercise. */
  sessions: number;
  /** The latest of those sessions (its start, then its id). */
  lastAt: Date;
  lastSessionId: string;
  marks: RecordMarks;
}

export const NO_MARKS: RecordMarks = {
  bestE1rmKg: null,
  heaviestKg: null,
  bestVolumeKg: null,
  mostReps: null,
  longestSec: null,
  longestKm: null,
};

/** Whether a log comes before another in time: its start, then its session id (what makes the fold order-free). */
function earlier(a: { at: Date; sessionId: string }, b: { at: Date; sessionId: string }): boolean {
  const difference = a.at.getTime() - b.at.getTime();
  return difference < 0 || (difference === 0 && a.sessionId < b.sessionId);
}

/**
 * A record after one more session: a higher figure replaces it; an equal one
 * leaves the value (an equalled record is not new) and keeps the earlier
 * session, so a session sent late from offline still takes its due place.
 */
function foldMark(mark: RecordMark | null, value: number | null, log: { at: Date; sessionId: string }) {
  if (value === null) return mark;
  if (mark === null || value > mark.value) return { value, at: log.at, sessionId: log.sessionId };
  if (value === mark.value && earlier(log, mark)) return { value, at: log.at, sessionId: log.sessionId };
  return mark;
}

/**
 * The records once a log is added. The caller adds each log once (the store
 * keeps one log per session and exercise, so a session saved twice through
 * its idempotency key counts once).
 */
export function foldExerciseLog(records: ExerciseRecords | null, log: ExerciseLog): ExerciseRecords {
  const at = { at: log.startedAt, sessionId: log.sessionId };
  const marks = { ...(records?.marks ?? NO_MARKS) };
  for (const kind of RECORD_KINDS) marks[kind] = foldMark(marks[kind], log.figures[RECORD_FIGURE[kind]], at);
  const latest = records === null || earlier({ at: records.lastAt, sessionId: records.lastSessionId }, at);
  return {
    exerciseId: log.exerciseId,
    name: latest ? log.name : records.name,
    sessions: (records?.sessions ?? 0) + 1,
    lastAt: latest ? log.startedAt : records.lastAt,
    lastSessionId: latest ? log.sessionId : records.lastSessionId,
    marks,
  };
}

/**
 * Every exercise's records rebuilt from its logs, in any order: what the
 * store keeps, from scratch. A log seen twice (same session and exercise)
 * counts once.
 */
export function recordsFromLogs(logs: Iterable<ExerciseLog>): Map<string, ExerciseRecords> {
  const records = new Map<string, ExerciseRecords>();
  const seen = new Set<string>();
  for (const log of logs) {
    const key = `${log.sessionId} ${log.exerciseId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    records.set(log.exerciseId, foldExerciseLog(records.get(log.exerciseId) ?? null, log));
  }
  return records;
}

/** A record beaten by a session: its figure before and now. */
export interface FallenRecord {
  kind: RecordKind;
  previous: number;
  value: number;
}

/** A record a saved session beat, named for the session's summary. */
export interface NewRecord extends FallenRecord {
  exerciseId: string;
  /** The exercise's name as the session saved it (the summary's language). */
  name: string;
}

const isRecordKind = (value: unknown): value is RecordKind => (RECORD_KINDS as readonly unknown[]).includes(value);
const isFigure = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value) && value >= 0;

/** The records a save's answer names (POST /api/workouts/sessions, newRecords), the well-formed ones only. */
export function readNewRecords(value: unknown): NewRecord[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: Partial<Record<keyof NewRecord, unknown>> | null) =>
    item &&
    typeof item.exerciseId === "string" &&
    typeof item.name === "string" &&
    isRecordKind(item.kind) &&
    isFigure(item.previous) &&
    isFigure(item.value)
      ? [{ exerciseId: item.exerciseId, name: item.name, kind: item.kind, previous: item.previous, value: item.value }]
      : [],
  );
}

/**
 * The records a session's figures beat, strictly (an equalled record is not
 * new). A first session of an exercise beats nothing: it sets the figures
 * later sessions will try to beat, and the summary says nothing of them.
 */
export function fallenRecords(before: ExerciseRecords | null, figures: ExerciseFigures): FallenRecord[] {
  if (before === null) return [];
  return RECORD_KINDS.flatMap((kind) => {
    const previous = before.marks[kind];
    const value = figures[RECORD_FIGURE[kind]];
    return previous !== null && value !== null && value > previous.value
      ? [{ kind, previous: previous.value, value }]
      : [];
  });
}

/** The date a record last fell (the latest of the marks' sessions); null without any record. */
export function recordsSetAt(marks: RecordMarks): Date | null {
  let latest: Date | null = null;
  for (const kind of RECORD_KINDS) {
    const mark = marks[kind];
    if (mark && (latest === null || mark.at > latest)) latest = mark.at;
  }
  return latest;
}

// ---------------------------------------------------------------------------
// Progress over time

/** The figure charted per session, in order of preference: the first one the sessions have. */
export const PROGRESS_FIGURES = ["bestE1rmKg", "heaviestKg", "mostReps", "longestSec", "longestKm"] as const;
export type ProgressFigure = (typeof PROGRESS_FIGURES)[number];

/**
 * What an exercise's chart shows: its best estimated 1RM per session, or
 * where none applies (bodyweight, more than 12 reps, endurance) its best
 * weight, reps, duration or distance. Null when no session has any.
 */
export function progressFigureOf(figures: readonly ExerciseFigures[]): ProgressFigure | null {
  return PROGRESS_FIGURES.find((figure) => figures.some((session) => session[figure] !== null)) ?? null;
}
