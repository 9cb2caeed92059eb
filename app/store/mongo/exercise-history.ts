import { type Collection, ObjectId } from "mongodb";
import {
  type ExerciseFigures,
  type ExerciseLog,
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
} from "../normalize.ts";
import {
  type ExerciseHistoryStore,
  type ExerciseLogCursor,
  type ExerciseLogRecord,
  type ExerciseRecordsChange,
  MAX_LAST_TIME_EXERCISES,
} from "../types.ts";
import { duplicateKeyFields, type IndexedQuery, type NamedIndex, requireObjectId, toObjectId } from "./mongo-values.ts";

export interface ExerciseLogDocument {
  _id: ObjectId;
  userId: ObjectId;
  sessionId: ObjectId;
  exerciseId: string;
  name: string;
  mode: SessionMode;
  startedAt: Date;
  sets: EntrySet[];
  figures: ExerciseFigures;
}

export interface ExerciseRecordsDocument extends ExerciseRecords {
  _id: ObjectId;
  userId: ObjectId;
  /** Counts the writes: a fold counts only on the version it read (compare and set). */
  version: number;
}

// An exercise's history and its last time: equality on the user and the
// exercise, then the page order, sessionId tie-breaker included.
const LOG_PAGE_INDEX: NamedIndex = {
  key: { userId: 1, exerciseId: 1, startedAt: -1, sessionId: -1 },
  name: "exercise_logs_user_id_exercise_id_started_at_session_id",
};
// One log per session and exercise, whichever process gets a save's copies; a session's removal.
const LOG_SESSION_INDEX: NamedIndex = {
  key: { sessionId: 1, exerciseId: 1 },
  name: "exercise_logs_session_id_exercise_id",
  unique: true,
};
// One records document per user and exercise.
const RECORDS_KEY_INDEX: NamedIndex = {
  key: { userId: 1, exerciseId: 1 },
  name: "exercise_records_user_id_exercise_id",
  unique: true,
};
// 'Mes exercices' and GET /api/records: most logged first.
const RECORDS_LIST_INDEX: NamedIndex = {
  key: { userId: 1, sessions: -1, exerciseId: 1 },
  name: "exercise_records_user_id_sessions",
};

export const EXERCISE_LOG_INDEXES: NamedIndex[] = [LOG_PAGE_INDEX, LOG_SESSION_INDEX];
export const EXERCISE_RECORDS_INDEXES: NamedIndex[] = [RECORDS_KEY_INDEX, RECORDS_LIST_INDEX];

const LOG_ORDER = { startedAt: -1, sessionId: -1 } as const;

/**
 * The listing reads, spelled out for the explain() checks. A page after a
 * cursor is "same start, smaller session id" then "earlier start": two single
 * ranges of the index, as for the sessions.
 */
export const EXERCISE_HISTORY_QUERIES = {
  newest: (userId: ObjectId, exerciseId: string): IndexedQuery<ExerciseLogDocument> => ({
    filter: { userId, exerciseId },
    sort: LOG_ORDER,
    index: LOG_PAGE_INDEX,
  }),
  sameStartBefore: (
    userId: ObjectId,
    exerciseId: string,
    before: { startedAt: Date; sessionId: ObjectId },
  ): IndexedQuery<ExerciseLogDocument> => ({
    filter: { userId, exerciseId, startedAt: before.startedAt, sessionId: { $lt: before.sessionId } },
    sort: LOG_ORDER,
    index: LOG_PAGE_INDEX,
  }),
  startedBefore: (userId: ObjectId, exerciseId: string, startedAt: Date): IndexedQuery<ExerciseLogDocument> => ({
    filter: { userId, exerciseId, startedAt: { $lt: startedAt } },
    sort: LOG_ORDER,
    index: LOG_PAGE_INDEX,
  }),
  mostLogged: (userId: ObjectId): IndexedQuery<ExerciseRecordsDocument> => ({
    filter: { userId },
    sort: { sessions: -1, exerciseId: 1 },
    index: RECORDS_LIST_INDEX,
  }),
};

function toLogRecord(document: ExerciseLogDocument): ExerciseLogRecord {
  return {
    userId: document.userId.toHexString(),
    sessionId: document.sessionId.toHexString(),
    exerciseId: document.exerciseId,
    name: document.name,
    mode: document.mode,
    startedAt: document.startedAt,
    sets: document.sets,
    figures: document.figures,
  };
}

function toRecords(document: ExerciseRecordsDocument): ExerciseRecords {
  const marks = {} as RecordMarks;
  for (const kind of RECORD_KINDS) {
    const mark = document.marks?.[kind];
    marks[kind] = mark ? { value: mark.value, at: mark.at, sessionId: mark.sessionId } : null;
  }
  return {
    exerciseId: document.exerciseId,
    name: document.name,
    sessions: document.sessions,
    lastAt: document.lastAt,
    lastSessionId: document.lastSessionId,
    marks,
  };
}

/** How many times a fold is tried against concurrent saves of the same exercise before giving up. */
const FOLD_ATTEMPTS = 20;

export function createMongoExerciseHistory(
  logs: Collection<ExerciseLogDocument>,
  records: Collection<ExerciseRecordsDocument>,
): ExerciseHistoryStore {
  async function read(query: IndexedQuery<ExerciseLogDocument>, limit: number): Promise<ExerciseLogRecord[]> {
    const documents = await logs.find(query.filter, { sort: query.sort, hint: query.index.key, limit }).toArray();
    return documents.map(toLogRecord);
  }

  async function pageBefore(
    userId: ObjectId,
    exerciseId: string,
    cursor: ExerciseLogCursor,
    limit: number,
  ): Promise<ExerciseLogRecord[]> {
    const before = { startedAt: cursor.startedAt, sessionId: ObjectId.createFromHexString(cursor.sessionId) };
    const sameStart = await read(EXERCISE_HISTORY_QUERIES.sameStartBefore(userId, exerciseId, before), limit);
    if (sameStart.length === limit) return sameStart;
    return [
      ...sameStart,
      ...(await read(
        EXERCISE_HISTORY_QUERIES.startedBefore(userId, exerciseId, cursor.startedAt),
        limit - sameStart.length,
      )),
    ];
  }

  /**
   * Folds one new log into its exercise's records without a transaction:
   * read, fold, then write only if nobody wrote in between (the version, or
   * the unique key for a first records document); else read again.
   */
  async function fold(userId: ObjectId, log: ExerciseLog): Promise<ExerciseRecordsChange> {
    for (let attempt = 0; attempt < FOLD_ATTEMPTS; attempt += 1) {
      const current = await records.findOne({ userId, exerciseId: log.exerciseId });
      const before = current ? toRecords(current) : null;
      const after = foldExerciseLog(before, log);
      const fields = { userId, ...after };
      if (current === null) {
        try {
          await records.insertOne({ _id: new ObjectId(), ...fields, version: 1 });
          return { exerciseId: log.exerciseId, before, after };
        } catch (error) {
          if (duplicateKeyFields(error) === null) throw error;
          continue;
        }
      }
      const written = await records.replaceOne(
        { _id: current._id, version: current.version },
        { ...fields, version: current.version + 1 },
      );
      if (written.matchedCount === 1) return { exerciseId: log.exerciseId, before, after };
    }
    throw new Error(`The records of ${log.exerciseId} kept changing under concurrent saves.`);
  }

  return {
    async addSession(userId, newLogs) {
      const _id = requireObjectId(userId, "userId");
      const checked = newLogs.map(normalizeExerciseLog);
      const changes: ExerciseRecordsChange[] = [];
      // The log first: a save cut off in between leaves the records one session
      // short (a rebuild repairs it), never counted twice.
      for (const log of checked) {
        try {
          await logs.insertOne({
            _id: new ObjectId(),
            userId: _id,
            sessionId: ObjectId.createFromHexString(log.sessionId),
            exerciseId: log.exerciseId,
            name: log.name,
            mode: log.mode,
            startedAt: log.startedAt,
            sets: log.sets,
            figures: log.figures,
          });
        } catch (error) {
          if (duplicateKeyFields(error) === null) throw error;
          continue;
        }
        changes.push(await fold(_id, log));
      }
      return changes;
    },

    async listLogs(userId, exerciseId, page) {
      const { limit, before } = normalizeExerciseLogPage(page);
      const _id = toObjectId(userId);
      if (_id === null || typeof exerciseId !== "string") return [];
      return before
        ? pageBefore(_id, exerciseId, before, limit)
        : read(EXERCISE_HISTORY_QUERIES.newest(_id, exerciseId), limit);
    },

    async latestLogs(userId, exerciseIds) {
      if (!Array.isArray(exerciseIds) || exerciseIds.length > MAX_LAST_TIME_EXERCISES) {
        throw new TypeError(`exerciseIds must be an array of at most ${MAX_LAST_TIME_EXERCISES}`);
      }
      const ids = [...new Set(exerciseIds.map(requireExerciseId))];
      const _id = toObjectId(userId);
      if (_id === null) return [];
      const latest = await Promise.all(ids.map((id) => read(EXERCISE_HISTORY_QUERIES.newest(_id, id), 1)));
      return latest.flat();
    },

    async findRecords(userId, exerciseId) {
      const _id = toObjectId(userId);
      if (_id === null || typeof exerciseId !== "string") return null;
      const document = await records.findOne({ userId: _id, exerciseId });
      return document ? toRecords(document) : null;
    },

    async listRecords(userId, options) {
      const limit = requireLimit(options?.limit);
      if (limit > MAX_RECORDS_LISTED) throw new TypeError(`limit must be at most ${MAX_RECORDS_LISTED}`);
      const _id = toObjectId(userId);
      if (_id === null) return [];
      const query = EXERCISE_HISTORY_QUERIES.mostLogged(_id);
      const documents = await records.find(query.filter, { sort: query.sort, hint: query.index.key, limit }).toArray();
      return documents.map(toRecords);
    },

    async removeSession(userId, sessionId) {
      const _id = toObjectId(userId);
      const session = toObjectId(sessionId);
      if (_id === null || session === null) return [];
      const filter = { sessionId: session, userId: _id };
      const removed = await logs.find(filter, { projection: { exerciseId: 1 }, hint: LOG_SESSION_INDEX.key }).toArray();
      await logs.deleteMany(filter);
      return removed.map((log) => log.exerciseId);
    },

    async replaceRecords(userId, exerciseId, replacement) {
      const _id = requireObjectId(userId, "userId");
      const exercise = requireExerciseId(exerciseId);
      if (replacement === null) {
        await records.deleteOne({ userId: _id, exerciseId: exercise });
        return;
      }
      const checked = normalizeExerciseRecords(replacement);
      if (checked.exerciseId !== exercise) throw new TypeError("records must be of the exercise named");
      // A new version, so a fold that read the old figures does not write over the rebuild.
      await records.updateOne(
        { userId: _id, exerciseId: exercise },
        {
          $set: {
            name: checked.name,
            sessions: checked.sessions,
            lastAt: checked.lastAt,
            lastSessionId: checked.lastSessionId,
            marks: checked.marks,
          },
          $inc: { version: 1 },
          $setOnInsert: { _id: new ObjectId() },
        },
        { upsert: true },
      );
    },
  };
}
