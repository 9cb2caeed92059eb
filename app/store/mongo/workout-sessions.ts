import { ObjectId, type Collection } from "mongodb";
import type { SessionEntry, SessionSummary } from "../../domain/workout/session-entries.ts";
import { normalizeNewWorkoutSession, normalizeWorkoutSessionPage } from "../normalize.ts";
import type { WorkoutSessionCursor, WorkoutSessionRecord, WorkoutSessionsStore } from "../types.ts";
import { duplicateKeyFields, type IndexedQuery, type NamedIndex, toObjectId } from "./mongo-values.ts";

export interface WorkoutSessionDocument {
  _id: ObjectId;
  userId: ObjectId;
  name: string;
  startedAt: Date;
  endedAt: Date;
  durationSec: number;
  calories: number;
  notes: string;
  entries: SessionEntry[];
  clientSummary: SessionSummary;
  bodyMassKg: number | null;
  /** Absent (not null) without a key: the unique index is partial on strings. */
  idempotencyKey?: string;
  createdAt: Date;
}

// Every page read: equality on userId, then the page order, _id tie-breaker included.
const PAGE_INDEX: NamedIndex = {
  key: { userId: 1, startedAt: -1, _id: -1 },
  name: "workout_sessions_user_id_started_at_id",
};
// One finish saved once per user, whichever process gets the copies.
const IDEMPOTENCY_INDEX: NamedIndex = {
  key: { userId: 1, idempotencyKey: 1 },
  name: "workout_sessions_user_id_idempotency_key",
  unique: true,
  partialFilterExpression: { idempotencyKey: { $type: "string" } },
};

export const WORKOUT_SESSION_INDEXES: NamedIndex[] = [PAGE_INDEX, IDEMPOTENCY_INDEX];

const PAGE_ORDER = { startedAt: -1, _id: -1 } as const;

/**
 * A page after a cursor is "same start, smaller id" then "earlier start": two
 * single ranges of the index (as for the history), never one $or left to the
 * planner's choice.
 */
export const WORKOUT_SESSION_QUERIES = {
  newest: (userId: ObjectId): IndexedQuery<WorkoutSessionDocument> => ({
    filter: { userId },
    sort: PAGE_ORDER,
    index: PAGE_INDEX,
  }),
  sameStartBefore: (
    userId: ObjectId,
    before: { startedAt: Date; id: ObjectId },
  ): IndexedQuery<WorkoutSessionDocument> => ({
    filter: { userId, startedAt: before.startedAt, _id: { $lt: before.id } },
    sort: PAGE_ORDER,
    index: PAGE_INDEX,
  }),
  startedBefore: (userId: ObjectId, startedAt: Date): IndexedQuery<WorkoutSessionDocument> => ({
    filter: { userId, startedAt: { $lt: startedAt } },
    sort: PAGE_ORDER,
    index: PAGE_INDEX,
  }),
};

function toWorkoutSessionRecord(document: WorkoutSessionDocument): WorkoutSessionRecord {
  return {
    id: document._id.toHexString(),
    userId: document.userId.toHexString(),
    name: document.name,
    startedAt: document.startedAt,
    endedAt: document.endedAt,
    durationSec: document.durationSec,
    calories: document.calories,
    notes: document.notes,
    entries: document.entries,
    clientSummary: document.clientSummary,
    bodyMassKg: document.bodyMassKg ?? null,
    idempotencyKey: document.idempotencyKey ?? null,
    createdAt: document.createdAt,
  };
}

export function createMongoWorkoutSessions(sessions: Collection<WorkoutSessionDocument>): WorkoutSessionsStore {
  async function read(query: IndexedQuery<WorkoutSessionDocument>, limit: number): Promise<WorkoutSessionRecord[]> {
    const documents = await sessions.find(query.filter, { sort: query.sort, hint: query.index.key, limit }).toArray();
    return documents.map(toWorkoutSessionRecord);
  }

  async function pageBefore(
    userId: ObjectId,
    cursor: WorkoutSessionCursor,
    limit: number,
  ): Promise<WorkoutSessionRecord[]> {
    const before = { startedAt: cursor.startedAt, id: ObjectId.createFromHexString(cursor.id) };
    const sameStart = await read(WORKOUT_SESSION_QUERIES.sameStartBefore(userId, before), limit);
    if (sameStart.length === limit) return sameStart;
    return [
      ...sameStart,
      ...(await read(WORKOUT_SESSION_QUERIES.startedBefore(userId, cursor.startedAt), limit - sameStart.length)),
    ];
  }

  return {
    async save(input) {
      const session = normalizeNewWorkoutSession(input);
      const { idempotencyKey, userId, ...fields } = session;
      const document: WorkoutSessionDocument = {
        _id: new ObjectId(),
        userId: ObjectId.createFromHexString(userId),
        ...fields,
        ...(idempotencyKey === null ? {} : { idempotencyKey }),
        createdAt: new Date(),
      };
      try {
        await sessions.insertOne(document);
        return { session: toWorkoutSessionRecord(document), created: true };
      } catch (error) {
        // The unique index settles concurrent copies of one finish: the first stays.
        // Servers name the index's fields, older ones only the index.
        const duplicated = duplicateKeyFields(error);
        const sameFinish = duplicated?.some((field) => field === "idempotencyKey" || field === IDEMPOTENCY_INDEX.name);
        if (idempotencyKey === null || !sameFinish) throw error;
        const existing = await sessions.findOne({ userId: document.userId, idempotencyKey });
        if (existing === null) throw error;
        return { session: toWorkoutSessionRecord(existing), created: false };
      }
    },

    async listForUser(userId, page) {
      const { limit, before } = normalizeWorkoutSessionPage(page);
      const _id = toObjectId(userId);
      if (_id === null) return [];
      return before ? pageBefore(_id, before, limit) : read(WORKOUT_SESSION_QUERIES.newest(_id), limit);
    },

    async findForUser(id, userId) {
      const _id = toObjectId(id);
      const ownerId = toObjectId(userId);
      if (_id === null || ownerId === null) return null;
      const document = await sessions.findOne({ _id, userId: ownerId });
      return document ? toWorkoutSessionRecord(document) : null;
    },

    async deleteForUser(id, userId) {
      const _id = toObjectId(id);
      const ownerId = toObjectId(userId);
      if (_id === null || ownerId === null) return null;
      // By _id (the primary index), the owner checked in the same atomic step.
      const document = await sessions.findOneAndDelete({ _id, userId: ownerId });
      return document ? toWorkoutSessionRecord(document) : null;
    },
  };
}
