import type { DatabaseSync } from "node:sqlite";
import { newObjectId, normalizeObjectId } from "../object-id.ts";
import { requireBoolean, requireDate, requireString, stringOrNull } from "../normalize.ts";
import type { SessionRecord, SessionsStore } from "../types.ts";
import { changedRows } from "./sql-values.ts";

interface SessionRow {
  id: string;
  token_hash: string;
  user_id: string;
  persistent: number;
  expires_at: number;
  created_at: number;
}

function toSessionRecord(row: SessionRow): SessionRecord {
  return {
    id: row.id,
    tokenHash: row.token_hash,
    userId: row.user_id,
    persistent: row.persistent === 1,
    expiresAt: new Date(row.expires_at),
    createdAt: new Date(row.created_at),
  };
}

/** Exported so the contract tests EXPLAIN the very text the adapter runs. */
export const SESSION_SQL = {
  liveForUser: `
    SELECT * FROM sessions INDEXED BY sessions_user_id_created_at_id
    WHERE user_id = ? AND expires_at > ?
    ORDER BY created_at DESC, id DESC
  `,
} as const;

export function createSqliteSessions(db: DatabaseSync): SessionsStore {
  const insert = db.prepare(`
    INSERT INTO sessions (id, token_hash, user_id, persistent, expires_at, created_at)
    VALUES (?, ?, ?, ?, ?, ?)
    RETURNING *
  `);
  const selectLiveByTokenHash = db.prepare("SELECT * FROM sessions WHERE token_hash = ? AND expires_at > ?");
  const deleteById = db.prepare("DELETE FROM sessions WHERE id = ?");
  const deleteByUser = db.prepare("DELETE FROM sessions WHERE user_id = ?");
  const deleteByUserExcept = db.prepare("DELETE FROM sessions WHERE user_id = ? AND id <> ?");
  const selectLiveByUser = db.prepare(SESSION_SQL.liveForUser);
  const deleteExpired = db.prepare("DELETE FROM sessions WHERE expires_at <= ?");

  return {
    async create(input) {
      const userId = normalizeObjectId(input.userId);
      if (userId === null) throw new TypeError("userId must be a 24-hex id");
      const now = new Date();
      const row = insert.get(
        newObjectId(now),
        requireString(input.tokenHash, "tokenHash"),
        userId,
        requireBoolean(input.persistent, "persistent") ? 1 : 0,
        requireDate(input.expiresAt, "expiresAt").getTime(),
        now.getTime(),
      ) as unknown as SessionRow;
      return toSessionRecord(row);
    },

    async findByTokenHash(tokenHash, now = new Date()) {
      const hash = stringOrNull(tokenHash);
      if (hash === null) return null;
      const row = selectLiveByTokenHash.get(hash, requireDate(now, "now").getTime()) as SessionRow | undefined;
      return row ? toSessionRecord(row) : null;
    },

    async delete(id) {
      const normalizedId = normalizeObjectId(id);
      if (normalizedId !== null) deleteById.run(normalizedId);
    },

    async deleteAllForUser(userId) {
      const normalizedId = normalizeObjectId(userId);
      return normalizedId === null ? 0 : changedRows(deleteByUser.run(normalizedId));
    },

    async deleteAllForUserExcept(userId, keptSessionId) {
      const normalizedId = normalizeObjectId(userId);
      const keptId = normalizeObjectId(keptSessionId);
      if (normalizedId === null || keptId === null) return 0;
      return changedRows(deleteByUserExcept.run(normalizedId, keptId));
    },

    async listForUser(userId, now = new Date()) {
      const normalizedId = normalizeObjectId(userId);
      if (normalizedId === null) return [];
      const rows = selectLiveByUser.all(normalizedId, requireDate(now, "now").getTime()) as unknown as SessionRow[];
      return rows.map(toSessionRecord);
    },

    async purgeExpired(now = new Date()) {
      return changedRows(deleteExpired.run(requireDate(now, "now").getTime()));
    },
  };
}
