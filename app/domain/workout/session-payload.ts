// The saved-session payload (workouts spec, section 3) and the session the
// server keeps from it. The browser builds the payload from the cards; the
// server reads it back through the schema (session-schema.ts), then builds
// the entries, calories, summary and duration again here: a client's figures
// are never stored as they came.

import {
  type ExerciseInput,
  type LooseEntry,
  looseEntryOf,
  normaliseEntry,
  type SessionEntry,
  type SessionMode,
  type SessionSummary,
  sessionCalories,
  summaryOf,
  type SummaryExercise,
  isExerciseDone,
} from "./session-entries.ts";
import type { NewRecord } from "./personal-records.ts";
import { durationMinutes, sessionDurationSeconds } from "./session-timer.ts";

/** A finish's idempotency key: what a UUID or any short random token looks like. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;

/** The error code of a session without a single valid entry (the spec's NO_VALID_ENTRIES). */
export const NO_VALID_ENTRIES = "NO_VALID_ENTRIES";
/** The error code of a finish past the hourly limit of new sessions (429). */
export const TOO_MANY_SESSIONS = "tooManyRequests";

/**
 * Why the server refused a finished session, as the save service answers it:
 * a key of `saveRefused.*` in locales/<lng>/workout-session.json and its
 * values. Pages translate it; the JSON API answers its French text
 * (sessionRefusalText in session-schema.ts) with the code.
 */
export type SessionRefusalMessage = { key: "noValidEntries" } | { key: "tooMany"; values: { minutes: number } };

/** What the summary says of a refusal: the service's message, or the browser's generic line for an answer it cannot read. */
export type SessionSaveMessage = SessionRefusalMessage | { key: "generic" };

/**
 * The summary's message for a refusal the API answered with `code` (JSON
 * body): a code with its own text, else the generic line (an unknown code, a
 * schema error, an answer that is not JSON). A 429 is sent again later, so
 * the browser never shows it.
 */
export function sessionRefusalOfCode(code: unknown): SessionSaveMessage {
  return code === NO_VALID_ENTRIES ? { key: "noValidEntries" } : { key: "generic" };
}

export interface SavedSessionPayload {
  name: string;
  label: string;
  /** ISO 8601. */
  startedAt: string;
  endedAt: string;
  durationMinutes: number;
  meta: { durationSec: number; summary: SessionSummary };
  summary: SessionSummary;
  notes: string;
  entries: SessionEntry[];
  /** The spec's payload repeats the entries under items; the server reads entries first. */
  items: SessionEntry[];
  /** Makes a second copy of the same finish (a retry, a second tab) change nothing. */
  idempotencyKey?: string;
  /** The routine the session was run from: its last run follows. */
  routineId?: string;
}

export interface FinishedExercise {
  id: string;
  name: string;
}

export interface FinishedSession {
  name: string;
  exercises: readonly FinishedExercise[];
  inputs: Readonly<Record<string, ExerciseInput | undefined>>;
  startedAt: Date;
  endedAt: Date;
  /** Seconds the clock counted (pauses left out); null when there was no clock. */
  countedSeconds: number | null;
  notes: string;
  idempotencyKey?: string;
  /** The routine it was run from, if any. */
  routineId?: string | null;
}

/** The summary's line for each planned exercise, in session order. */
function summaryExercises(session: FinishedSession): SummaryExercise[] {
  return session.exercises.map((exercise) => {
    const input = session.inputs[exercise.id];
    return { exerciseName: exercise.name, done: isExerciseDone(input), note: input?.notes.trim() ?? "" };
  });
}

/** The payload of a finished session, as the browser sends it. */
export function buildSessionPayload(session: FinishedSession): SavedSessionPayload {
  const entries = session.exercises.flatMap((exercise) => {
    const input = session.inputs[exercise.id];
    const entry = input ? normaliseEntry(looseEntryOf(exercise, input)) : null;
    return entry ? [entry] : [];
  });
  const durationSec = sessionDurationSeconds(session.startedAt, session.endedAt, session.countedSeconds);
  const summary = summaryOf(summaryExercises(session));
  // A session without a name keeps none: each page names it in its own language.
  const name = session.name.trim();
  return {
    name,
    label: name,
    startedAt: session.startedAt.toISOString(),
    endedAt: session.endedAt.toISOString(),
    durationMinutes: durationMinutes(durationSec),
    meta: { durationSec, summary },
    summary,
    notes: session.notes.trim(),
    entries,
    items: entries,
    ...(session.idempotencyKey ? { idempotencyKey: session.idempotencyKey } : {}),
    ...(session.routineId ? { routineId: session.routineId } : {}),
  };
}

/** A finish read by the server itself (the form sent without JavaScript): what the schema would give for its payload. */
export function incomingOf(session: FinishedSession): IncomingSession {
  return {
    name: session.name,
    startedAt: session.startedAt,
    endedAt: session.endedAt,
    countedSeconds: session.countedSeconds,
    notes: session.notes,
    entries: session.exercises.flatMap((exercise) => {
      const input = session.inputs[exercise.id];
      return input ? [looseEntryOf(exercise, input)] : [];
    }),
    summary: { exercises: summaryExercises(session) },
  };
}

/** What the server reads of a payload once the schema checked it. */
export interface IncomingSession {
  name: string;
  startedAt: Date;
  endedAt: Date;
  /** meta.durationSec: the clock's count, checked against the dates. */
  countedSeconds: number | null;
  notes: string;
  entries: readonly LooseEntry[];
  /** The client's summary: its exercise list when sent, else its counts. */
  summary: { exercises?: readonly SummaryExercise[]; plannedExercises?: number } | null;
}

/** The session as stored, every figure computed here. */
export interface SessionToSave {
  name: string;
  startedAt: Date;
  endedAt: Date;
  durationSec: number;
  calories: number;
  notes: string;
  entries: SessionEntry[];
  clientSummary: SessionSummary;
}

export type SessionBuildOutcome = { ok: true; session: SessionToSave } | { ok: false; code: typeof NO_VALID_ENTRIES };

/**
 * Keeps the valid entries (a set with reps, weight, duration or distance
 * above 0), computes their calories, the duration and a coherent summary.
 * No valid entry: nothing to save (NO_VALID_ENTRIES).
 */
export function sessionToSave(incoming: IncomingSession): SessionBuildOutcome {
  const entries = incoming.entries.flatMap((loose) => {
    // An entry with a logged value is done: the spec's rule, whatever the client said.
    const entry = normaliseEntry({ ...loose, done: true });
    return entry ? [entry] : [];
  });
  if (entries.length === 0) return { ok: false, code: NO_VALID_ENTRIES };

  const listed = incoming.summary?.exercises;
  const exercises: SummaryExercise[] =
    listed && listed.length > 0
      ? [...listed]
      : entries.map((entry) => ({ exerciseName: entry.name, done: true, note: entry.notes }));
  const clientSummary = summaryOf(exercises);
  // Counts sent without a list: planned exercises beyond the logged ones were skipped.
  const planned = listed && listed.length > 0 ? 0 : (incoming.summary?.plannedExercises ?? 0);
  // Stryker disable next-line EqualityOperator: at equal counts the block adds 0 skipped and sets the same count
  if (planned > clientSummary.plannedExercises) {
    clientSummary.skippedExercises += planned - clientSummary.plannedExercises;
    clientSummary.plannedExercises = planned;
  }

  return {
    ok: true,
    session: {
      name: incoming.name.trim(),
      startedAt: incoming.startedAt,
      endedAt: incoming.endedAt,
      durationSec: sessionDurationSeconds(incoming.startedAt, incoming.endedAt, incoming.countedSeconds),
      calories: sessionCalories(entries),
      notes: incoming.notes.trim(),
      entries,
      clientSummary,
    },
  };
}

/**
 * How a finish ended for the summary: saved; not saved because nobody is
 * signed in; nothing to save (no set held a value: no error, 0 saved); kept
 * on the device until the network is back; refused for good.
 */
export type SavingOutcome = "saved" | "signed-out" | "nothing-to-save" | "kept-on-device" | "failed";

/** What the summary shows of a finished session. */
export interface SessionResult {
  name: string;
  durationSec: number;
  calories: number;
  summary: SessionSummary;
  outcome: SavingOutcome;
  savedCount: number;
  errorCount: number;
  /** Why the server refused it, translated by the summary in the page's language. */
  refusal: SessionSaveMessage | null;
  /** The personal records it beat, named by the summary (none unless saved). */
  newRecords: NewRecord[];
  /** Its exercises in order with their card's mode, and the entries saved: 'Enregistrer comme routine' (routineExercisesOfSession). */
  planned: { id: string; mode: SessionMode }[];
  entries: SessionEntry[];
}

export function sessionResultOf(
  payload: SavedSessionPayload,
  saving: {
    outcome: SavingOutcome;
    errorCount?: number;
    refusal?: SessionSaveMessage | null;
    newRecords?: NewRecord[];
    planned?: { id: string; mode: SessionMode }[];
  },
): SessionResult {
  return {
    name: payload.name,
    durationSec: payload.meta.durationSec,
    calories: sessionCalories(payload.entries),
    summary: payload.summary,
    outcome: saving.outcome,
    savedCount: saving.outcome === "saved" ? 1 : 0,
    errorCount: saving.errorCount ?? (saving.outcome === "failed" ? 1 : 0),
    refusal: saving.refusal ?? null,
    newRecords: saving.newRecords ?? [],
    planned: saving.planned ?? [],
    entries: payload.entries,
  };
}
