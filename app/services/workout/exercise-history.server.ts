import type { AppServices } from "~/context.server";
import type { KeysetPageRequest } from "~/domain/keyset-page";
import type { ExerciseHistoryResponse, ExerciseRecordsView } from "~/domain/workout/exercise-history-schema";
import { type PreviousSets, previousSetOf } from "~/domain/workout/last-time";
import {
  EXERCISE_HISTORY_PAGE_SIZE,
  type ExerciseRecords,
  exerciseLogsOf,
  fallenRecords,
  type NewRecord,
  NO_MARKS,
  recordsFromLogs,
  recordsSetAt,
} from "~/domain/workout/personal-records";
import { WORKOUT_SESSION_PAGE_SIZE } from "~/domain/workout/session-page";
import { type CatalogueLanguage, localizedName } from "~/domain/workout/suggestions";
import { MAX_RECORDS_LISTED } from "~/store/normalize";
import { type ExerciseLogRecord, MAX_LAST_TIME_EXERCISES, type Store, type WorkoutSessionRecord } from "~/store/types";
import { exerciseCatalogue } from "./exercise-catalogue.server";

// A lifter's memory (app/domain/workout/personal-records.ts): each saved
// session's logs and the records folded from them are kept as the session
// is saved (like the dashboard's figures), so reading an exercise's history,
// its last time or the records never walks the user's sessions. Only the
// catalogue's exercises are followed: an id a client made up has no page.

/** Whether the memory follows an exercise: the catalogue knows it. */
export function isFollowedExercise(exerciseId: string): boolean {
  return exerciseCatalogue().index.byId.has(exerciseId);
}

/** The exercise's name in the page's language, else the name the latest session gave it. */
function exerciseName(exerciseId: string, language: CatalogueLanguage, fallback: string): string {
  const exercise = exerciseCatalogue().index.byId.get(exerciseId)?.exercise;
  return (exercise && localizedName(exercise, language)) || fallback;
}

/**
 * The hook of a session's save, called once for a session that was created
 * (never for a repeated idempotent save): its logs are kept and folded into
 * the records. Returns the records the session beat.
 */
export async function recordExerciseMemory(
  store: Store,
  userId: string,
  session: WorkoutSessionRecord,
): Promise<NewRecord[]> {
  const logs = exerciseLogsOf(session, isFollowedExercise);
  if (logs.length === 0) return [];
  const changes = await store.exerciseHistory.addSession(userId, logs);
  const byExercise = new Map(logs.map((log) => [log.exerciseId, log]));
  return changes.flatMap((change) => {
    const log = byExercise.get(change.exerciseId)!;
    return fallenRecords(change.before, log.figures).map((fallen) => ({
      ...fallen,
      exerciseId: change.exerciseId,
      name: log.name,
    }));
  });
}

/** Every log of one exercise, a page at a time: a bounded rebuild, one user and one exercise. */
async function allLogsOf(store: Store, userId: string, exerciseId: string): Promise<ExerciseLogRecord[]> {
  const logs: ExerciseLogRecord[] = [];
  let before: { startedAt: Date; sessionId: string } | undefined;
  for (;;) {
    const page = await store.exerciseHistory.listLogs(userId, exerciseId, {
      limit: EXERCISE_HISTORY_PAGE_SIZE,
      before,
    });
    logs.push(...page);
    if (page.length < EXERCISE_HISTORY_PAGE_SIZE) return logs;
    const last = page.at(-1)!;
    before = { startedAt: last.startedAt, sessionId: last.sessionId };
  }
}

/** Rebuilds the records of a few exercises of one user from their logs (after a session was removed). */
export async function rebuildExerciseRecords(
  store: Store,
  userId: string,
  exerciseIds: Iterable<string>,
): Promise<void> {
  for (const exerciseId of new Set(exerciseIds)) {
    const records = recordsFromLogs(await allLogsOf(store, userId, exerciseId)).get(exerciseId) ?? null;
    await store.exerciseHistory.replaceRecords(userId, exerciseId, records);
  }
}

/**
 * What deleting one of a user's sessions does to their memory: its logs
 * go, and the records of its exercises are rebuilt from the logs left (one
 * user, the session's few exercises: a bounded rebuild).
 */
export async function forgetSession(store: Store, userId: string, session: WorkoutSessionRecord): Promise<void> {
  const removed = await store.exerciseHistory.removeSession(userId, session.id);
  // The session's own exercises too: a store that cascaded the logs away with the session names none.
  await rebuildExerciseRecords(
    store,
    userId,
    [...removed, ...session.entries.map((entry) => entry.exerciseId)].filter(isFollowedExercise),
  );
}

/**
 * Rebuilds a user's whole memory from their sessions, a page at a time
 * (after an import, or to repair a save cut off between the session and its
 * logs): the missing logs are added, then every exercise's records are
 * folded again from its logs. Returns the records found.
 */
export async function rebuildExerciseMemory(store: Store, userId: string): Promise<Map<string, ExerciseRecords>> {
  const exerciseIds = new Set<string>();
  let before: { startedAt: Date; id: string } | undefined;
  for (;;) {
    const page = await store.workoutSessions.listForUser(userId, { limit: WORKOUT_SESSION_PAGE_SIZE, before });
    for (const session of page) {
      const logs = exerciseLogsOf(session, isFollowedExercise);
      for (const log of logs) exerciseIds.add(log.exerciseId);
      await store.exerciseHistory.addSession(userId, logs);
    }
    if (page.length < WORKOUT_SESSION_PAGE_SIZE) break;
    const last = page.at(-1)!;
    before = { startedAt: last.startedAt, id: last.id };
  }
  await rebuildExerciseRecords(store, userId, exerciseIds);
  const rebuilt = new Map<string, ExerciseRecords>();
  for (const exerciseId of exerciseIds) {
    const records = await store.exerciseHistory.findRecords(userId, exerciseId);
    if (records) rebuilt.set(exerciseId, records);
  }
  return rebuilt;
}

/** The records as the API and the pages read them: each figure or null, and when a record last fell. */
export function toRecordsView(
  exerciseId: string,
  records: ExerciseRecords | null,
  language: CatalogueLanguage,
): ExerciseRecordsView {
  const marks = records?.marks ?? NO_MARKS;
  const setAt = recordsSetAt(marks);
  return {
    exerciseId,
    name: exerciseName(exerciseId, language, records?.name ?? exerciseId),
    heaviestKg: marks.heaviestKg?.value ?? null,
    bestE1rmKg: marks.bestE1rmKg?.value ?? null,
    bestVolumeKg: marks.bestVolumeKg?.value ?? null,
    mostReps: marks.mostReps?.value ?? null,
    longestSec: marks.longestSec?.value ?? null,
    longestKm: marks.longestKm?.value ?? null,
    setAt: setAt ? setAt.toISOString() : null,
  };
}

/** An exercise's records and a page of its logs, newest first, as the progress page reads them. */
export interface ExerciseProgress {
  exerciseId: string;
  records: ExerciseRecordsView;
  logs: ExerciseLogRecord[];
}

/**
 * An exercise's progress for its owner: the records and a page of the
 * sessions that hold it, newest first. Null for an exercise the catalogue
 * does not know (the API's 404).
 */
export async function exerciseProgress(
  services: AppServices,
  userId: string,
  exerciseId: string,
  page: KeysetPageRequest,
  language: CatalogueLanguage,
): Promise<ExerciseProgress | null> {
  if (!isFollowedExercise(exerciseId)) return null;
  const { exerciseHistory: memory } = services.store;
  const [records, logs] = await Promise.all([
    memory.findRecords(userId, exerciseId),
    memory.listLogs(userId, exerciseId, {
      limit: page.limit,
      ...(page.before ? { before: { startedAt: page.before.at, sessionId: page.before.id } } : {}),
    }),
  ]);
  return { exerciseId, records: toRecordsView(exerciseId, records, language), logs };
}

/** GET /api/exercises/{id}/history's answer: the progress, each session with its sets and two of its figures. */
export async function exerciseHistory(
  services: AppServices,
  userId: string,
  exerciseId: string,
  page: KeysetPageRequest,
  language: CatalogueLanguage,
): Promise<ExerciseHistoryResponse | null> {
  const progress = await exerciseProgress(services, userId, exerciseId, page, language);
  if (progress === null) return null;
  return {
    exerciseId,
    records: progress.records,
    sessions: progress.logs.map((log) => ({
      sessionId: log.sessionId,
      startedAt: log.startedAt.toISOString(),
      sets: log.sets,
      bestE1rmKg: log.figures.bestE1rmKg,
      volumeKg: log.figures.volumeKg,
    })),
  };
}

/** Every exercise the user has records on, most logged first (at most the catalogue's size). */
export async function listRecords(
  services: AppServices,
  userId: string,
  language: CatalogueLanguage,
  limit = MAX_RECORDS_LISTED,
): Promise<ExerciseRecordsView[]> {
  const records = await services.store.exerciseHistory.listRecords(userId, { limit });
  return records.map((kept) => toRecordsView(kept.exerciseId, kept, language));
}

/** The last time of one exercise, as the set logger shows it. */
export interface LastTimeView extends PreviousSets {
  exerciseId: string;
  /** ISO 8601: when that session started. */
  startedAt: string;
}

/** Each exercise's last time (the latest saved session that held it), for the exercises that have one. */
export async function lastTimes(
  services: AppServices,
  userId: string,
  exerciseIds: readonly string[],
): Promise<LastTimeView[]> {
  const followed = exerciseIds.filter(isFollowedExercise).slice(0, MAX_LAST_TIME_EXERCISES);
  if (followed.length === 0) return [];
  const logs = await services.store.exerciseHistory.latestLogs(userId, followed);
  return logs.map((log) => ({
    exerciseId: log.exerciseId,
    startedAt: log.startedAt.toISOString(),
    mode: log.mode,
    sets: log.sets.map(previousSetOf),
  }));
}
