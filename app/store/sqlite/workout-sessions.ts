import type { DatabaseSync } from "node:sqlite";
import type { SessionEntry, SessionSummary } from "../../domain/workout/session-entries.ts";
import { newObjectId, normalizeObjectId } from "../object-id.ts";
import { normalizeNewWorkoutSession, normalizeWorkoutSessionPage } from "../normalize.ts";
import type { WorkoutSessionRecord, WorkoutSessionsStore } from "../types.ts";

interface WorkoutSessionRow {
  id: string;
  user_id: string;
  name: string;
  started_at: number;
  ended_at: number;
  duration_sec: number;
  calories: number;
  notes: string;
  entries: string;
  client_summary: string;
  body_mass_kg: number | null;
  idempotency_key: string | null;
  created_at: number;
}

function toWorkoutSessionRecord(row: WorkoutSessionRow): WorkoutSessionRecord {
  return {
    id: row.id,
    userId: row.user_id,
    name: row.name,
    startedAt: new Date(row.started_at),
    endedAt: new Date(row.ended_at),
    durationSec: row.duration_sec,
    calories: row.calories,
    notes: row.notes,
    entries: JSON.parse(row.entries) as SessionEntry[],
    clientSummary: JSON.parse(row.client_summary) as SessionSummary,
    bodyMassKg: row.body_mass_kg,
    idempotencyKey: row.idempotency_key,
    createdAt: new Date(row.created_at),
  };
}

/**
 * The page reads, exported so the contract tests EXPLAIN the very text the
 * adapter runs: one index range on (user_id, started_at, id), walked
 * backwards, serves the filter, the order and the keyset cursor alike.
 */
export const WORKOUT_SESSION_SQL = {
  newestPage: `
    SELECT * FROM workout_sessions INDEXED BY workout_sessions_user_id_started_at_id
    WHERE user_id = :userId
    ORDER BY started_at DESC, id DESC LIMIT :limit
  `,
  pageBefore: `
    SELECT * FROM workout_sessions INDEXED BY workout_sessions_user_id_started_at_id
    WHERE user_id = :userId AND (started_at, id) < (:startedAt, :id)
    ORDER BY started_at DESC, id DESC LIMIT :limit
  `,
} as const;

export function createSqliteWorkoutSessions(db: DatabaseSync): WorkoutSessionsStore {
  // The partial unique index settles two copies of one finish, even from two
  // processes: the second inserts nothing and reads the first.
  const insert = db.prepare(`
    INSERT INTO workout_sessions (
      id, user_id, name, started_at, ended_at, duration_sec, calories, notes,
      entries, client_summary, body_mass_kg, idempotency_key, created_at
    ) VALUES (
      :id, :userId, :name, :startedAt, :endedAt, :durationSec, :calories, :notes,
      :entries, :clientSummary, :bodyMassKg, :idempotencyKey, :createdAt
    )
    ON CONFLICT (user_id, idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING
    RETURNING *
  `);
  const selectByKey = db.prepare("SELECT * FROM workout_sessions WHERE user_id = ? AND idempotency_key = ?");
  const selectOwned = db.prepare("SELECT * FROM workout_sessions WHERE id = ? AND user_id = ?");
  const deleteOwned = db.prepare("DELETE FROM workout_sessions WHERE id = ? AND user_id = ? RETURNING *");
  const selectNewestPage = db.prepare(WORKOUT_SESSION_SQL.newestPage);
  const selectPageBefore = db.prepare(WORKOUT_SESSION_SQL.pageBefore);

  return {
    async save(input) {
      const session = normalizeNewWorkoutSession(input);
      const now = new Date();
      const row = insert.get({
        id: newObjectId(now),
        userId: session.userId,
        name: session.name,
        startedAt: session.startedAt.getTime(),
        endedAt: session.endedAt.getTime(),
        durationSec: session.durationSec,
        calories: session.calories,
        notes: session.notes,
        entries: JSON.stringify(session.entries),
        clientSummary: JSON.stringify(session.clientSummary),
        bodyMassKg: session.bodyMassKg,
        idempotencyKey: session.idempotencyKey,
        createdAt: now.getTime(),
      }) as WorkoutSessionRow | undefined;
      if (row) return { session: toWorkoutSessionRecord(row), created: true };
      const existing = selectByKey.get(session.userId, session.idempotencyKey) as WorkoutSessionRow | undefined;
      if (!existing) throw new Error("A conflicting workout session vanished while being saved.");
      return { session: toWorkoutSessionRecord(existing), created: false };
    },

    async listForUser(userId, page) {
      const { limit, before } = normalizeWorkoutSessionPage(page);
      const normalizedId = normalizeObjectId(userId);
      if (normalizedId === null) return [];
      const rows = before
        ? selectPageBefore.all({ userId: normalizedId, startedAt: before.startedAt.getTime(), id: before.id, limit })
        : selectNewestPage.all({ userId: normalizedId, limit });
      return (rows as unknown as WorkoutSessionRow[]).map(toWorkoutSessionRecord);
    },

    async findForUser(id, userId) {
      const normalizedId = normalizeObjectId(id);
      const normalizedUserId = normalizeObjectId(userId);
      if (normalizedId === null || normalizedUserId === null) return null;
      const row = selectOwned.get(normalizedId, normalizedUserId) as WorkoutSessionRow | undefined;
      return row ? toWorkoutSessionRecord(row) : null;
    },

    async deleteForUser(id, userId) {
      const normalizedId = normalizeObjectId(id);
      const normalizedUserId = normalizeObjectId(userId);
      if (normalizedId === null || normalizedUserId === null) return null;
      const row = deleteOwned.get(normalizedId, normalizedUserId) as WorkoutSessionRow | undefined;
      return row ? toWorkoutSessionRecord(row) : null;
    },
  };
}
