import type { DatabaseSync } from "node:sqlite";
import { ROUTINE_LIMITS, type RoutineExercise } from "../../domain/workout/routines.ts";
import { normalizeRoutineDraft, requireDate, requireObjectIdString } from "../normalize.ts";
import { newObjectId, normalizeObjectId } from "../object-id.ts";
import type { RoutineCreation, RoutineRecord, RoutinesStore, RoutineSummary } from "../types.ts";
import { atomically, changedRows, dateOrNull } from "./sql-values.ts";

interface SummaryRow {
  id: string;
  name: string;
  exercise_count: number;
  last_done_at: number | null;
  active_at: number;
  created_at: number;
  updated_at: number;
}

interface RoutineRow extends SummaryRow {
  user_id: string;
  exercises: string;
}

function toSummary(row: SummaryRow): RoutineSummary {
  return {
    id: row.id,
    name: row.name,
    exerciseCount: row.exercise_count,
    lastDoneAt: dateOrNull(row.last_done_at),
    activeAt: new Date(row.active_at),
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

function toRecord(row: RoutineRow): RoutineRecord {
  const { exerciseCount: _count, ...summary } = toSummary(row);
  return { ...summary, userId: row.user_id, exercises: JSON.parse(row.exercises) as RoutineExercise[] };
}

const SUMMARY_COLUMNS = "id, name, exercise_count, last_done_at, active_at, created_at, updated_at";

/**
 * The list's reads, exported so the contract tests EXPLAIN the text the
 * adapter runs: one index range on (user_id, active_at, id), walked
 * backwards, serves the filter and the order.
 */
export const ROUTINE_SQL = {
  newest: `
    SELECT * FROM routines INDEXED BY routines_user_id_active_at_id
    WHERE user_id = :userId
    ORDER BY active_at DESC, id DESC LIMIT :limit
  `,
  newestSummaries: `
    SELECT ${SUMMARY_COLUMNS} FROM routines INDEXED BY routines_user_id_active_at_id
    WHERE user_id = :userId
    ORDER BY active_at DESC, id DESC LIMIT :limit
  `,
} as const;

export function createSqliteRoutines(db: DatabaseSync): RoutinesStore {
  const countForUser = db.prepare("SELECT count(*) AS count FROM routines WHERE user_id = ?");
  const insert = db.prepare(`
    INSERT INTO routines (id, user_id, name, exercises, exercise_count, last_done_at, active_at, created_at, updated_at)
    VALUES (:id, :userId, :name, :exercises, :exerciseCount, NULL, :now, :now, :now)
    RETURNING *
  `);
  const selectNewest = db.prepare(ROUTINE_SQL.newest);
  const selectNewestSummaries = db.prepare(ROUTINE_SQL.newestSummaries);
  const selectOwned = db.prepare("SELECT * FROM routines WHERE id = ? AND user_id = ?");
  const updateOwned = db.prepare(`
    UPDATE routines
    SET name = :name, exercises = :exercises, exercise_count = :exerciseCount,
        updated_at = :now, active_at = max(active_at, :now)
    WHERE id = :id AND user_id = :userId
    RETURNING *
  `);
  const deleteOwned = db.prepare("DELETE FROM routines WHERE id = ? AND user_id = ?");
  const markOwnedDone = db.prepare(`
    UPDATE routines
    SET last_done_at = max(coalesce(last_done_at, :at), :at), active_at = max(active_at, :at)
    WHERE id = :id AND user_id = :userId
  `);

  return {
    async create(userId, draft, { maxPerUser }) {
      const owner = requireObjectIdString(userId, "userId");
      const checked = normalizeRoutineDraft(draft);
      const now = Date.now();
      // The count and the insert under one write lock: two processes sharing
      // the file never both take the last place.
      return atomically(db, (): RoutineCreation => {
        const { count } = countForUser.get(owner) as { count: number };
        if (count >= maxPerUser) return { ok: false, reason: "limit" };
        const row = insert.get({
          id: newObjectId(new Date(now)),
          userId: owner,
          name: checked.name,
          exercises: JSON.stringify(checked.exercises),
          exerciseCount: checked.exercises.length,
          now,
        }) as unknown as RoutineRow;
        return { ok: true, routine: toRecord(row) };
      });
    },

    async listForUser(userId) {
      const owner = normalizeObjectId(userId);
      if (owner === null) return [];
      const rows = selectNewest.all({ userId: owner, limit: ROUTINE_LIMITS.perUser }) as unknown as RoutineRow[];
      return rows.map(toRecord);
    },

    async listSummariesForUser(userId) {
      const owner = normalizeObjectId(userId);
      if (owner === null) return [];
      const rows = selectNewestSummaries.all({ userId: owner, limit: ROUTINE_LIMITS.perUser });
      return (rows as unknown as SummaryRow[]).map(toSummary);
    },

    async findForUser(id, userId) {
      const routineId = normalizeObjectId(id);
      const owner = normalizeObjectId(userId);
      if (routineId === null || owner === null) return null;
      const row = selectOwned.get(routineId, owner) as RoutineRow | undefined;
      return row ? toRecord(row) : null;
    },

    async update(id, userId, draft) {
      const routineId = normalizeObjectId(id);
      const owner = normalizeObjectId(userId);
      const checked = normalizeRoutineDraft(draft);
      if (routineId === null || owner === null) return null;
      const row = updateOwned.get({
        id: routineId,
        userId: owner,
        name: checked.name,
        exercises: JSON.stringify(checked.exercises),
        exerciseCount: checked.exercises.length,
        now: Date.now(),
      }) as RoutineRow | undefined;
      return row ? toRecord(row) : null;
    },

    async delete(id, userId) {
      const routineId = normalizeObjectId(id);
      const owner = normalizeObjectId(userId);
      if (routineId === null || owner === null) return false;
      return changedRows(deleteOwned.run(routineId, owner)) === 1;
    },

    async markDone(id, userId, at) {
      const routineId = normalizeObjectId(id);
      const owner = normalizeObjectId(userId);
      if (routineId === null || owner === null) return false;
      const when = requireDate(at, "at").getTime();
      return changedRows(markOwnedDone.run({ id: routineId, userId: owner, at: when })) === 1;
    },
  };
}
