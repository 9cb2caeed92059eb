import { type Collection, ObjectId } from "mongodb";
import type { DayKey } from "../../domain/stats/days.ts";
import type { WorkoutDayStats } from "../../domain/stats/summary.ts";
import {
  normalizeContribution,
  normalizeDayRange,
  normalizeWorkoutFigures,
  requireDayKey,
  requireLimit,
} from "../normalize.ts";
import type { WorkoutStatsStore } from "../types.ts";
import { type IndexedQuery, type NamedIndex, toObjectId } from "./mongo-values.ts";

/** A user's all-time figures, keyed by the user's id. */
export interface WorkoutTotalsDocument {
  _id: ObjectId;
  sessions: number;
  calories: number;
  durationSec: number;
  updatedAt: Date;
}

export interface WorkoutDayDocument {
  _id: ObjectId;
  userId: ObjectId;
  day: DayKey;
  sessions: number;
  calories: number;
  durationSec: number;
  exercises: number;
  muscleSets: Record<string, number>;
  lastAt: Date;
}

// One row per user and day (unique): the upsert of a save finds it, the day
// ranges read it forwards and the streak's pages backwards.
const USER_DAY: NamedIndex = { key: { userId: 1, day: 1 }, name: "workout_days_user_id_day", unique: true };

export const WORKOUT_DAY_INDEXES: NamedIndex[] = [USER_DAY];

export const WORKOUT_STATS_QUERIES = {
  days: (userId: ObjectId, from: DayKey, to: DayKey): IndexedQuery<WorkoutDayDocument> => ({
    filter: { userId, day: { $gte: from, $lte: to } },
    sort: { day: 1 },
    index: USER_DAY,
  }),
  activeDays: (userId: ObjectId, upTo: DayKey): IndexedQuery<WorkoutDayDocument> => ({
    filter: { userId, day: { $lte: upTo } },
    sort: { day: -1 },
    index: USER_DAY,
  }),
};

function toDayStats(document: WorkoutDayDocument): WorkoutDayStats {
  return {
    day: document.day,
    sessions: document.sessions,
    calories: document.calories,
    durationSec: document.durationSec,
    exercises: document.exercises,
    // A group a deletion brought back to zero counts for nothing (SQLite drops it).
    muscleSets: Object.fromEntries(Object.entries(document.muscleSets).filter(([, sets]) => sets > 0)),
    lastAt: document.lastAt,
  };
}

function requireUserId(userId: unknown): ObjectId {
  const id = toObjectId(userId);
  if (id === null) throw new TypeError("userId must be a 24-hex id");
  return id;
}

export function createMongoWorkoutStats(
  totals: Collection<WorkoutTotalsDocument>,
  days: Collection<WorkoutDayDocument>,
): WorkoutStatsStore {
  return {
    async add(userId, contribution) {
      const _id = requireUserId(userId);
      const checked = normalizeContribution(contribution);
      // Increments only: two saves at once both count, whichever lands first.
      // (Group names are checked words, safe as field names.)
      const muscleSets = Object.fromEntries(
        Object.entries(checked.muscleSets).map(([group, sets]) => [`muscleSets.${group}`, sets]),
      );
      await days.updateOne(
        { userId: _id, day: checked.day },
        {
          $inc: {
            sessions: 1,
            calories: checked.calories,
            durationSec: checked.durationSec,
            exercises: checked.exercises,
            ...muscleSets,
          },
          $max: { lastAt: checked.at },
          $setOnInsert: { _id: new ObjectId() },
        },
        { upsert: true },
      );
      // The totals last: a save cut off in between leaves them one short, never one too many
      // (WorkoutStatsStore.replaceForUser rebuilds from the sessions).
      await totals.updateOne(
        { _id },
        {
          $inc: { sessions: 1, calories: checked.calories, durationSec: checked.durationSec },
          $set: { updatedAt: new Date() },
        },
        { upsert: true },
      );
    },

    async remove(userId, contribution) {
      const _id = requireUserId(userId);
      const checked = normalizeContribution(contribution);
      const muscleSets = Object.fromEntries(
        Object.entries(checked.muscleSets).map(([group, sets]) => [`muscleSets.${group}`, -sets]),
      );
      // Decrements, then the day or total left without a session goes (a save in between keeps it).
      await days.updateOne(
        { userId: _id, day: checked.day },
        {
          $inc: {
            sessions: -1,
            calories: -checked.calories,
            durationSec: -checked.durationSec,
            exercises: -checked.exercises,
            ...muscleSets,
          },
        },
      );
      await days.deleteOne({ userId: _id, day: checked.day, sessions: { $lte: 0 } });
      await totals.updateOne(
        { _id },
        {
          $inc: { sessions: -1, calories: -checked.calories, durationSec: -checked.durationSec },
          $set: { updatedAt: new Date() },
        },
      );
      await totals.deleteOne({ _id, sessions: { $lte: 0 } });
    },

    async totals(userId) {
      const _id = toObjectId(userId);
      if (_id === null) return null;
      const document = await totals.findOne({ _id });
      return document
        ? { sessions: document.sessions, calories: document.calories, durationSec: document.durationSec }
        : null;
    },

    async days(userId, range) {
      const { from, to } = normalizeDayRange(range);
      const _id = toObjectId(userId);
      if (_id === null) return [];
      const query = WORKOUT_STATS_QUERIES.days(_id, from, to);
      const documents = await days.find(query.filter, { sort: query.sort, hint: query.index.key }).toArray();
      return documents.map(toDayStats);
    },

    async activeDays(userId, options) {
      const upTo = requireDayKey(options.upTo, "upTo");
      const limit = requireLimit(options.limit);
      const _id = toObjectId(userId);
      if (_id === null) return [];
      const query = WORKOUT_STATS_QUERIES.activeDays(_id, upTo);
      const documents = await days
        .find(query.filter, { sort: query.sort, hint: query.index.key, limit, projection: { day: 1 } })
        .toArray();
      return documents.map((document) => document.day);
    },

    async replaceForUser(userId, figures) {
      const _id = requireUserId(userId);
      const checked = normalizeWorkoutFigures(figures);
      await days.deleteMany({ userId: _id });
      if (checked.days.length > 0) {
        await days.insertMany(checked.days.map((day) => ({ _id: new ObjectId(), userId: _id, ...day })));
      }
      if (checked.totals.sessions === 0) {
        await totals.deleteOne({ _id });
      } else {
        await totals.replaceOne({ _id }, { ...checked.totals, updatedAt: new Date() }, { upsert: true });
      }
    },

    async deleteForUser(userId) {
      const _id = toObjectId(userId);
      if (_id === null) return;
      await days.deleteMany({ userId: _id });
      await totals.deleteOne({ _id });
    },
  };
}
