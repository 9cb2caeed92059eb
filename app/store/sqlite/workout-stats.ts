import type { DatabaseSync } from "node:sqlite";
import type { WorkoutDayStats } from "../../domain/stats/summary.ts";
import { normalizeObjectId } from "../object-id.ts";
import {
  normalizeContribution,
  normalizeDayRange,
  normalizeWorkoutFigures,
  requireDayKey,
  requireLimit,
} from "../normalize.ts";
import type { WorkoutStatsStore } from "../types.ts";
import { atomically } from "./sql-values.ts";

interface DayRow {
  day: string;
  sessions: number;
  calories: number;
  duration_sec: number;
  exercises: number;
  muscle_sets: string;
  last_at: number;
}

function toDayStats(row: DayRow): WorkoutDayStats {
  return {
    day: row.day,
    sessions: row.sessions,
    calories: row.calories,
    durationSec: row.duration_sec,
    exercises: row.exercises,
    muscleSets: JSON.parse(row.muscle_sets) as Record<string, number>,
    lastAt: new Date(row.last_at),
  };
}

/** The listing reads, exported so the contract tests EXPLAIN the text the adapter runs. */
export const WORKOUT_STATS_SQL = {
  days: `
    SELECT * FROM workout_days INDEXED BY workout_days_user_id_day
    WHERE user_id = :userId AND day BETWEEN :from AND :to
    ORDER BY day
  `,
  activeDays: `
    SELECT day FROM workout_days INDEXED BY workout_days_user_id_day
    WHERE user_id = :userId AND day <= :upTo
    ORDER BY day DESC LIMIT :limit
  `,
} as const;

export function createSqliteWorkoutStats(db: DatabaseSync): WorkoutStatsStore {
  const addToTotals = db.prepare(`
    INSERT INTO workout_totals (user_id, sessions, calories, duration_sec, updated_at)
    VALUES (:userId, :sessions, :calories, :durationSec, :now)
    ON CONFLICT (user_id) DO UPDATE SET
      sessions = sessions + excluded.sessions,
      calories = calories + excluded.calories,
      duration_sec = duration_sec + excluded.duration_sec,
      updated_at = excluded.updated_at
  `);
  // The day's muscle sets are summed group by group inside the statement.
  const addToDay = db.prepare(`
    INSERT INTO workout_days (user_id, day, sessions, calories, duration_sec, exercises, muscle_sets, last_at)
    VALUES (:userId, :day, :sessions, :calories, :durationSec, :exercises, :muscleSets, :lastAt)
    ON CONFLICT (user_id, day) DO UPDATE SET
      sessions = sessions + excluded.sessions,
      calories = calories + excluded.calories,
      duration_sec = duration_sec + excluded.duration_sec,
      exercises = exercises + excluded.exercises,
      muscle_sets = (
        SELECT json_group_object(key, total) FROM (
          SELECT key, SUM(value) AS total FROM (
            SELECT key, value FROM json_each(workout_days.muscle_sets)
            UNION ALL
            SELECT key, value FROM json_each(excluded.muscle_sets)
          ) GROUP BY key
        )
      ),
      last_at = max(last_at, excluded.last_at)
  `);
  // A deleted session's figures out again: never below zero, a group's sets dropped at zero.
  const subtractFromTotals = db.prepare(`
    UPDATE workout_totals SET
      sessions = sessions - 1,
      calories = max(0, calories - :calories),
      duration_sec = max(0, duration_sec - :durationSec),
      updated_at = :now
    WHERE user_id = :userId
  `);
  const subtractFromDay = db.prepare(`
    UPDATE workout_days SET
      sessions = sessions - 1,
      calories = max(0, calories - :calories),
      duration_sec = max(0, duration_sec - :durationSec),
      exercises = max(0, exercises - :exercises),
      muscle_sets = (
        SELECT json_group_object(key, total) FROM (
          SELECT key, SUM(value) AS total FROM (
            SELECT key, value FROM json_each(workout_days.muscle_sets)
            UNION ALL
            SELECT key, -value FROM json_each(:muscleSets)
          ) GROUP BY key
        ) WHERE total > 0
      )
    WHERE user_id = :userId AND day = :day
  `);
  const deleteEmptyTotals = db.prepare("DELETE FROM workout_totals WHERE user_id = ? AND sessions <= 0");
  const deleteEmptyDay = db.prepare("DELETE FROM workout_days WHERE user_id = ? AND day = ? AND sessions <= 0");
  const selectTotals = db.prepare("SELECT sessions, calories, duration_sec FROM workout_totals WHERE user_id = ?");
  const selectDays = db.prepare(WORKOUT_STATS_SQL.days);
  const selectActiveDays = db.prepare(WORKOUT_STATS_SQL.activeDays);
  // Hundreds of one-column rows per read (the streak's pages): arrays cost a fraction of objects.
  selectActiveDays.setReturnArrays(true);
  const deleteTotals = db.prepare("DELETE FROM workout_totals WHERE user_id = ?");
  const deleteDays = db.prepare("DELETE FROM workout_days WHERE user_id = ?");

  function requireUserId(userId: unknown): string {
    const id = normalizeObjectId(userId);
    if (id === null) throw new TypeError("userId must be a 24-hex id");
    return id;
  }

  return {
    async add(userId, contribution) {
      const id = requireUserId(userId);
      const checked = normalizeContribution(contribution);
      const now = Date.now();
      atomically(db, () => {
        addToTotals.run({
          userId: id,
          sessions: 1,
          calories: checked.calories,
          durationSec: checked.durationSec,
          now,
        });
        addToDay.run({
          userId: id,
          day: checked.day,
          sessions: 1,
          calories: checked.calories,
          durationSec: checked.durationSec,
          exercises: checked.exercises,
          muscleSets: JSON.stringify(checked.muscleSets),
          lastAt: checked.at.getTime(),
        });
      });
    },

    async remove(userId, contribution) {
      const id = requireUserId(userId);
      const checked = normalizeContribution(contribution);
      atomically(db, () => {
        subtractFromDay.run({
          userId: id,
          day: checked.day,
          calories: checked.calories,
          durationSec: checked.durationSec,
          exercises: checked.exercises,
          muscleSets: JSON.stringify(checked.muscleSets),
        });
        deleteEmptyDay.run(id, checked.day);
        subtractFromTotals.run({
          userId: id,
          calories: checked.calories,
          durationSec: checked.durationSec,
          now: Date.now(),
        });
        deleteEmptyTotals.run(id);
      });
    },

    async totals(userId) {
      const id = normalizeObjectId(userId);
      if (id === null) return null;
      const row = selectTotals.get(id) as { sessions: number; calories: number; duration_sec: number } | undefined;
      return row ? { sessions: row.sessions, calories: row.calories, durationSec: row.duration_sec } : null;
    },

    async days(userId, range) {
      const { from, to } = normalizeDayRange(range);
      const id = normalizeObjectId(userId);
      if (id === null) return [];
      return (selectDays.all({ userId: id, from, to }) as unknown as DayRow[]).map(toDayStats);
    },

    async activeDays(userId, options) {
      const upTo = requireDayKey(options.upTo, "upTo");
      const limit = requireLimit(options.limit);
      const id = normalizeObjectId(userId);
      if (id === null) return [];
      return (selectActiveDays.all({ userId: id, upTo, limit }) as unknown as [string][]).map(([day]) => day);
    },

    async replaceForUser(userId, figures) {
      const id = requireUserId(userId);
      const { totals, days } = normalizeWorkoutFigures(figures);
      const now = Date.now();
      atomically(db, () => {
        deleteTotals.run(id);
        deleteDays.run(id);
        if (totals.sessions > 0) addToTotals.run({ userId: id, ...totals, now });
        for (const day of days) {
          addToDay.run({
            userId: id,
            day: day.day,
            sessions: day.sessions,
            calories: day.calories,
            durationSec: day.durationSec,
            exercises: day.exercises,
            muscleSets: JSON.stringify(day.muscleSets),
            lastAt: day.lastAt.getTime(),
          });
        }
      });
    },

    async deleteForUser(userId) {
      const id = normalizeObjectId(userId);
      if (id === null) return;
      atomically(db, () => {
        deleteTotals.run(id);
        deleteDays.run(id);
      });
    },
  };
}
