import type { DatabaseSync } from "node:sqlite";
import {
  type ExerciseFigures,
  type ExerciseRecords,
  foldExerciseLog,
  RECORD_KINDS,
  type RecordMarks,
} from "../../domain/workout/personal-records.ts";
import type { EntrySet, SessionMode } from "../../domain/workout/session-entries.ts";
import {
  MAX_RECORDS_LISTED,
  normalizeExerciseLog,
  normalizeExerciseLogPage,
  normalizeExerciseRecords,
  requireExerciseId,
  requireLimit,
  requireObjectIdString,
} from "../normalize.ts";
import { atomically } from "./sql-values.ts";
import { normalizeObjectId } from "../object-id.ts";
import {
  type ExerciseHistoryStore,
  type ExerciseLogRecord,
  type ExerciseRecordsChange,
  MAX_LAST_TIME_EXERCISES,
} from "../types.ts";

interface LogRow {
  user_id: string;
  session_id: string;
  exercise_id: string;
  name: string;
  mode: string;
  started_at: number;
  sets: string;
  figures: string;
}

interface RecordsRow {
  exercise_id: string;
  name: string;
  sessions: number;
  last_at: number;
  last_session_id: string;
  marks: string;
}

/** A mark as JSON keeps it: its date in epoch milliseconds. */
type StoredMarks = Record<string, { value: number; at: number; sessionId: string } | null>;

function toLogRecord(row: LogRow): ExerciseLogRecord {
  return {
    userId: row.user_id,
    sessionId: row.session_id,
    exerciseId: row.exercise_id,
    name: row.name,
    mode: row.mode as SessionMode,
    startedAt: new Date(row.started_at),
    sets: JSON.parse(row.sets) as EntrySet[],
    figures: JSON.parse(row.figures) as ExerciseFigures,
  };
}

function toRecords(row: RecordsRow): ExerciseRecords {
  const stored = JSON.parse(row.marks) as StoredMarks;
  const marks = {} as RecordMarks;
  for (const kind of RECORD_KINDS) {
    const mark = stored[kind];
    marks[kind] = mark ? { value: mark.value, at: new Date(mark.at), sessionId: mark.sessionId } : null;
  }
  return {
    exerciseId: row.exercise_id,
    name: row.name,
    sessions: row.sessions,
    lastAt: new Date(row.last_at),
    lastSessionId: row.last_session_id,
    marks,
  };
}

function storedMarks(marks: RecordMarks): string {
  const stored: StoredMarks = {};
  for (const kind of RECORD_KINDS) {
    const mark = marks[kind];
    stored[kind] = mark ? { value: mark.value, at: mark.at.getTime(), sessionId: mark.sessionId } : null;
  }
  return JSON.stringify(stored);
}

/**
 * The listing reads, exported so the contract tests EXPLAIN the text the
 * adapter runs: an exercise's history (and its last time, a page of one)
 * walks one index range backwards; the records read most logged first.
 */
export const EXERCISE_HISTORY_SQL = {
  newestLogs: `
    SELECT * FROM exercise_logs INDEXED BY exercise_logs_user_id_exercise_id_started_at_session_id
    WHERE user_id = :userId AND exercise_id = :exerciseId
    ORDER BY started_at DESC, session_id DESC LIMIT :limit
  `,
  logsBefore: `
    SELECT * FROM exercise_logs INDEXED BY exercise_logs_user_id_exercise_id_started_at_session_id
    WHERE user_id = :userId AND exercise_id = :exerciseId AND (started_at, session_id) < (:startedAt, :sessionId)
    ORDER BY started_at DESC, session_id DESC LIMIT :limit
  `,
  mostLogged: `
    SELECT * FROM exercise_records INDEXED BY exercise_records_user_id_sessions
    WHERE user_id = :userId
    ORDER BY sessions DESC, exercise_id LIMIT :limit
  `,
} as const;

export function createSqliteExerciseHistory(db: DatabaseSync): ExerciseHistoryStore {
  // The unique index keeps one log per session and exercise: a copy inserts nothing.
  const insertLog = db.prepare(`
    INSERT INTO exercise_logs (user_id, session_id, exercise_id, name, mode, started_at, sets, figures)
    VALUES (:userId, :sessionId, :exerciseId, :name, :mode, :startedAt, :sets, :figures)
    ON CONFLICT (session_id, exercise_id) DO NOTHING
  `);
  const selectRecords = db.prepare("SELECT * FROM exercise_records WHERE user_id = ? AND exercise_id = ?");
  const writeRecords = db.prepare(`
    INSERT INTO exercise_records (user_id, exercise_id, name, sessions, last_at, last_session_id, marks)
    VALUES (:userId, :exerciseId, :name, :sessions, :lastAt, :lastSessionId, :marks)
    ON CONFLICT (user_id, exercise_id) DO UPDATE SET
      name = excluded.name,
      sessions = excluded.sessions,
      last_at = excluded.last_at,
      last_session_id = excluded.last_session_id,
      marks = excluded.marks
  `);
  const deleteRecords = db.prepare("DELETE FROM exercise_records WHERE user_id = ? AND exercise_id = ?");
  const deleteSessionLogs = db.prepare(
    "DELETE FROM exercise_logs WHERE session_id = ? AND user_id = ? RETURNING exercise_id",
  );
  const selectNewestLogs = db.prepare(EXERCISE_HISTORY_SQL.newestLogs);
  const selectLogsBefore = db.prepare(EXERCISE_HISTORY_SQL.logsBefore);
  const selectMostLogged = db.prepare(EXERCISE_HISTORY_SQL.mostLogged);

  const requireUserId = (userId: unknown) => requireObjectIdString(userId, "userId");

  function write(userId: string, records: ExerciseRecords): void {
    writeRecords.run({
      userId,
      exerciseId: records.exerciseId,
      name: records.name,
      sessions: records.sessions,
      lastAt: records.lastAt.getTime(),
      lastSessionId: records.lastSessionId,
      marks: storedMarks(records.marks),
    });
  }

  return {
    async addSession(userId, logs) {
      const id = requireUserId(userId);
      const checked = logs.map(normalizeExerciseLog);
      return atomically(db, () => {
        const changes: ExerciseRecordsChange[] = [];
        for (const log of checked) {
          const inserted = insertLog.run({
            userId: id,
            sessionId: log.sessionId,
            exerciseId: log.exerciseId,
            name: log.name,
            mode: log.mode,
            startedAt: log.startedAt.getTime(),
            sets: JSON.stringify(log.sets),
            figures: JSON.stringify(log.figures),
          });
          if (Number(inserted.changes) === 0) continue;
          const row = selectRecords.get(id, log.exerciseId) as RecordsRow | undefined;
          const before = row ? toRecords(row) : null;
          const after = foldExerciseLog(before, log);
          write(id, after);
          changes.push({ exerciseId: log.exerciseId, before, after });
        }
        return changes;
      });
    },

    async listLogs(userId, exerciseId, page) {
      const { limit, before } = normalizeExerciseLogPage(page);
      const id = normalizeObjectId(userId);
      if (id === null || typeof exerciseId !== "string") return [];
      const rows = before
        ? selectLogsBefore.all({
            userId: id,
            exerciseId,
            startedAt: before.startedAt.getTime(),
            sessionId: before.sessionId,
            limit,
          })
        : selectNewestLogs.all({ userId: id, exerciseId, limit });
      return (rows as unknown as LogRow[]).map(toLogRecord);
    },

    async latestLogs(userId, exerciseIds) {
      if (!Array.isArray(exerciseIds) || exerciseIds.length > MAX_LAST_TIME_EXERCISES) {
        throw new TypeError(`exerciseIds must be an array of at most ${MAX_LAST_TIME_EXERCISES}`);
      }
      const ids = [...new Set(exerciseIds.map(requireExerciseId))];
      const id = normalizeObjectId(userId);
      if (id === null) return [];
      // One short range of the index per exercise: a session's handful of exercises.
      return ids.flatMap((exerciseId) =>
        (selectNewestLogs.all({ userId: id, exerciseId, limit: 1 }) as unknown as LogRow[]).map(toLogRecord),
      );
    },

    async findRecords(userId, exerciseId) {
      const id = normalizeObjectId(userId);
      if (id === null || typeof exerciseId !== "string") return null;
      const row = selectRecords.get(id, exerciseId) as RecordsRow | undefined;
      return row ? toRecords(row) : null;
    },

    async listRecords(userId, options) {
      const limit = requireLimit(options?.limit);
      if (limit > MAX_RECORDS_LISTED) throw new TypeError(`limit must be at most ${MAX_RECORDS_LISTED}`);
      const id = normalizeObjectId(userId);
      if (id === null) return [];
      return (selectMostLogged.all({ userId: id, limit }) as unknown as RecordsRow[]).map(toRecords);
    },

    async removeSession(userId, sessionId) {
      const id = normalizeObjectId(userId);
      const session = normalizeObjectId(sessionId);
      if (id === null || session === null) return [];
      const rows = deleteSessionLogs.all(session, id) as unknown as { exercise_id: string }[];
      return rows.map((row) => row.exercise_id);
    },

    async replaceRecords(userId, exerciseId, records) {
      const id = requireUserId(userId);
      const exercise = requireExerciseId(exerciseId);
      if (records === null) {
        deleteRecords.run(id, exercise);
        return;
      }
      const checked = normalizeExerciseRecords(records);
      if (checked.exerciseId !== exercise) throw new TypeError("records must be of the exercise named");
      write(id, checked);
    },
  };
}
