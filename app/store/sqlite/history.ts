import type { DatabaseSync } from "node:sqlite";
import { newObjectId, normalizeObjectId } from "../object-id.ts";
import { normalizeHistoryPage, normalizeMeta, requireString } from "../normalize.ts";
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

/**
 * The page reads, exported so the contract tests EXPLAIN the very text the
 * adapter runs: one index range on (user_id, created_at, id), walked
 * backwards, serves the filter, the order and the keyset cursor alike.
 */
export const HISTORY_SQL = {
  newestPage: `
    SELECT * FROM history INDEXED BY history_user_id_created_at_id
    WHERE user_id = :userId
    ORDER BY created_at DESC, id DESC LIMIT :limit
  `,
  pageBefore: `
    SELECT * FROM history INDEXED BY history_user_id_created_at_id
    WHERE user_id = :userId AND (created_at, id) < (:createdAt, :id)
    ORDER BY created_at DESC, id DESC LIMIT :limit
  `,
  // The same pages, of one action, on (user_id, action, created_at, id).
  newestPageOfAction: `
    SELECT * FROM history INDEXED BY history_user_id_action_created_at_id
    WHERE user_id = :userId AND action = :action
    ORDER BY created_at DESC, id DESC LIMIT :limit
  `,
  pageOfActionBefore: `
    SELECT * FROM history INDEXED BY history_user_id_action_created_at_id
    WHERE user_id = :userId AND action = :action AND (created_at, id) < (:createdAt, :id)
    ORDER BY created_at DESC, id DESC LIMIT :limit
  `,
  oldestOfAction: `
    SELECT * FROM history INDEXED BY history_user_id_action_created_at_id
    WHERE user_id = :userId AND action = :action
    ORDER BY created_at, id LIMIT 1
  `,
} as const;

export function createSqliteHistory(db: DatabaseSync): HistoryStore {
  const insert = db.prepare(`
    INSERT INTO history (id, user_id, action, meta, created_at) VALUES (?, ?, ?, ?, ?) RETURNING *
  `);
  const selectNewestPage = db.prepare(HISTORY_SQL.newestPage);
  const selectPageBefore = db.prepare(HISTORY_SQL.pageBefore);
  const selectNewestPageOfAction = db.prepare(HISTORY_SQL.newestPageOfAction);
  const selectPageOfActionBefore = db.prepare(HISTORY_SQL.pageOfActionBefore);
  const selectOldestOfAction = db.prepare(HISTORY_SQL.oldestOfAction);
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

    async listForUser(userId, page) {
      const { limit, before, action } = normalizeHistoryPage(page);
      const normalizedId = normalizeObjectId(userId);
      if (normalizedId === null) return [];
      const cursor = before ? { createdAt: before.createdAt.getTime(), id: before.id } : null;
      let rows: unknown[];
      if (action === null) {
        rows = cursor
          ? selectPageBefore.all({ userId: normalizedId, ...cursor, limit })
          : selectNewestPage.all({ userId: normalizedId, limit });
      } else {
        rows = cursor
          ? selectPageOfActionBefore.all({ userId: normalizedId, action, ...cursor, limit })
          : selectNewestPageOfAction.all({ userId: normalizedId, action, limit });
      }
      return (rows as HistoryRow[]).map(toHistoryRecord);
    },

    async oldestForUser(userId, action) {
      const normalizedId = normalizeObjectId(userId);
      if (normalizedId === null || typeof action !== "string") return null;
      const row = selectOldestOfAction.get({ userId: normalizedId, action }) as HistoryRow | undefined;
      return row ? toHistoryRecord(row) : null;
    },

    async deleteForUser(id, userId) {
      const normalizedId = normalizeObjectId(id);
      const normalizedUserId = normalizeObjectId(userId);
      if (normalizedId === null || normalizedUserId === null) return false;
      return changedRows(deleteOwned.run(normalizedId, normalizedUserId)) === 1;
    },
  };
}
