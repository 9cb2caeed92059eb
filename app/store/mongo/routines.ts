import { type Collection, ObjectId } from "mongodb";
import { ROUTINE_LIMITS, type RoutineExercise } from "../../domain/workout/routines.ts";
import { normalizeRoutineDraft, requireDate } from "../normalize.ts";
import type { RoutineRecord, RoutinesStore, RoutineSummary } from "../types.ts";
import { type IndexedQuery, type NamedIndex, requireObjectId, toObjectId } from "./mongo-values.ts";

export interface RoutineDocument {
  _id: ObjectId;
  userId: ObjectId;
  name: string;
  exercises: RoutineExercise[];
  /** Kept beside the exercises, so a list reads it without them. */
  exerciseCount: number;
  lastDoneAt: Date | null;
  activeAt: Date;
  createdAt: Date;
  updatedAt: Date;
}

// The list: equality on userId, then its order, _id tie-breaker included.
// Its prefix also serves the count before a creation and an account's erasure.
const LIST_INDEX: NamedIndex = { key: { userId: 1, activeAt: -1, _id: -1 }, name: "routines_user_id_active_at_id" };

export const ROUTINE_INDEXES: NamedIndex[] = [LIST_INDEX];

/** The list's read, spelled out for the explain() checks. */
export const ROUTINE_QUERIES = {
  newest: (userId: ObjectId): IndexedQuery<RoutineDocument> => ({
    filter: { userId },
    sort: { activeAt: -1, _id: -1 },
    index: LIST_INDEX,
  }),
};

/** What a list shows: everything but the exercises. */
const SUMMARY_PROJECTION = { userId: 0, exercises: 0 } as const;

function toSummary(document: Omit<RoutineDocument, "userId" | "exercises">): RoutineSummary {
  return {
    id: document._id.toHexString(),
    name: document.name,
    exerciseCount: document.exerciseCount,
    lastDoneAt: document.lastDoneAt ?? null,
    activeAt: document.activeAt,
    createdAt: document.createdAt,
    updatedAt: document.updatedAt,
  };
}

function toRecord(document: RoutineDocument): RoutineRecord {
  const { exerciseCount: _count, ...summary } = toSummary(document);
  return { ...summary, userId: document.userId.toHexString(), exercises: document.exercises };
}

export function createMongoRoutines(routines: Collection<RoutineDocument>): RoutinesStore {
  async function newest(userId: ObjectId, projection?: typeof SUMMARY_PROJECTION) {
    const query = ROUTINE_QUERIES.newest(userId);
    return routines
      .find(query.filter, { sort: query.sort, hint: query.index.key, limit: ROUTINE_LIMITS.perUser, projection })
      .toArray();
  }

  return {
    async create(userId, draft, { maxPerUser }) {
      const owner = requireObjectId(userId, "userId");
      const checked = normalizeRoutineDraft(draft);
      const now = new Date();
      const document: RoutineDocument = {
        _id: new ObjectId(),
        userId: owner,
        name: checked.name,
        exercises: checked.exercises,
        exerciseCount: checked.exercises.length,
        lastDoneAt: null,
        activeAt: now,
        createdAt: now,
        updatedAt: now,
      };
      // Without a transaction: the new routine goes in, then the user's
      // routines are counted, and one past the limit takes itself out again.
      // Two creations racing for the last place may both step back (the
      // user tries again); neither ever leaves the user over the limit.
      await routines.insertOne(document);
      const count = await routines.countDocuments({ userId: owner }, { hint: LIST_INDEX.key });
      if (count > maxPerUser) {
        await routines.deleteOne({ _id: document._id });
        return { ok: false, reason: "limit" };
      }
      return { ok: true, routine: toRecord(document) };
    },

    async listForUser(userId) {
      const owner = toObjectId(userId);
      if (owner === null) return [];
      return (await newest(owner)).map(toRecord);
    },

    async listSummariesForUser(userId) {
      const owner = toObjectId(userId);
      if (owner === null) return [];
      return (await newest(owner, SUMMARY_PROJECTION)).map(toSummary);
    },

    async findForUser(id, userId) {
      const _id = toObjectId(id);
      const owner = toObjectId(userId);
      if (_id === null || owner === null) return null;
      const document = await routines.findOne({ _id, userId: owner });
      return document ? toRecord(document) : null;
    },

    async update(id, userId, draft) {
      const _id = toObjectId(id);
      const owner = toObjectId(userId);
      const checked = normalizeRoutineDraft(draft);
      if (_id === null || owner === null) return null;
      const now = new Date();
      const document = await routines.findOneAndUpdate(
        { _id, userId: owner },
        {
          $set: {
            name: checked.name,
            exercises: checked.exercises,
            exerciseCount: checked.exercises.length,
            updatedAt: now,
          },
          $max: { activeAt: now },
        },
        { returnDocument: "after" },
      );
      return document ? toRecord(document) : null;
    },

    async delete(id, userId) {
      const _id = toObjectId(id);
      const owner = toObjectId(userId);
      if (_id === null || owner === null) return false;
      return (await routines.deleteOne({ _id, userId: owner })).deletedCount === 1;
    },

    async markDone(id, userId, at) {
      const _id = toObjectId(id);
      const owner = toObjectId(userId);
      if (_id === null || owner === null) return false;
      const when = requireDate(at, "at");
      // $max: a run saved late (an offline finish) never moves the dates back; null sorts below any date.
      const result = await routines.updateOne({ _id, userId: owner }, { $max: { lastDoneAt: when, activeAt: when } });
      return result.matchedCount === 1;
    },
  };
}
