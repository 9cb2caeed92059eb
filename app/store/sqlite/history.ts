import type { DatabaseSync } from "node:sqlite";
import { newObjectId, normalizeObjectId } from "../object-id.ts";
import { normalizeMeta, requireString } from "../normalize.ts";
import type { HistoryRecord, HistoryStore } from "../types.ts";
import { changedRows } from "./sql-values.ts";

interface HistoryRow {
  id: string;
  user_id: string;
  action: string;
  meta: string;
  created_at: number;
}

function toHistoryRecord(row: HistoryRow): HistoryRecord {
  return {
    id: row.id,
    userId: row.user_id,
    action: row.action,
    meta: JSON.parse(row.meta) as Record<string, unknown>,
    createdAt: new Date(row.created_at),
  };
}

export function createSqliteHistory(db: DatabaseSync): HistoryStore {
  const insert = db.prepare(`
    INSERT INTO history (id, user_id, action, meta, created_at) VALUES (?, ?, ?, ?, ?) RETURNING *
  `);
  const selectForUser = db.prepare("SELECT * FROM history WHERE user_id = ? ORDER BY created_at DESC, id DESC");
  const deleteOwned = db.prepare("DELETE FROM history WHERE id = ? AND user_id = ?");

  return {
    async add(entry) {
      const userId = normalizeObjectId(entry.userId);
      if (userId === null) throw new TypeError("userId must be a 24-hex id");
      const now = new Date();
      const row = insert.get(
        newObjectId(now),
        userId,
        requireString(entry.action, "action"),
        JSON.stringify(normalizeMeta(entry.meta)),
        now.getTime(),
      ) as unknown as HistoryRow;
      return toHistoryRecord(row);
    },

    async listForUser(userId) {
      const normalizedId = normalizeObjectId(userId);
      if (normalizedId === null) return [];
      return (selectForUser.all(normalizedId) as unknown as HistoryRow[]).map(toHistoryRecord);
    },

    async deleteForUser(id, userId) {
      const normalizedId = normalizeObjectId(id);
      const normalizedUserId = normalizeObjectId(userId);
      if (normalizedId === null || normalizedUserId === null) return false;
      return changedRows(deleteOwned.run(normalizedId, normalizedUserId)) === 1;
    },
  };
}
