import type { DatabaseSync } from "node:sqlite";
import { newObjectId, normalizeObjectId } from "../object-id.ts";
import { normalizeNewEmailChange, requireDate, stringOrNull } from "../normalize.ts";
import type { EmailChangeRecord, EmailChangesStore } from "../types.ts";
import { changedRows } from "./sql-values.ts";

interface EmailChangeRow {
  id: string;
  user_id: string;
  new_email: string;
  token_hash: string;
  expires_at: number;
  created_at: number;
}

function toEmailChangeRecord(row: EmailChangeRow): EmailChangeRecord {
  return {
    id: row.id,
    userId: row.user_id,
    newEmail: row.new_email,
    tokenHash: row.token_hash,
    expiresAt: new Date(row.expires_at),
    createdAt: new Date(row.created_at),
  };
}

export function createSqliteEmailChanges(db: DatabaseSync): EmailChangesStore {
  // One row per account (unique user_id): a new request takes the place of the last, token included.
  const upsert = db.prepare(`
    INSERT INTO email_changes (id, user_id, new_email, token_hash, expires_at, created_at)
    VALUES (:id, :userId, :newEmail, :tokenHash, :expiresAt, :now)
    ON CONFLICT (user_id) DO UPDATE SET
      id = excluded.id, new_email = excluded.new_email, token_hash = excluded.token_hash,
      expires_at = excluded.expires_at, created_at = excluded.created_at
    RETURNING *
  `);
  const selectLiveForUser = db.prepare("SELECT * FROM email_changes WHERE user_id = ? AND expires_at > ?");
  // The delete is the test-and-set: only one caller gets the row back.
  const consumeLive = db.prepare("DELETE FROM email_changes WHERE token_hash = ? AND expires_at > ? RETURNING *");
  const deleteForUser = db.prepare("DELETE FROM email_changes WHERE user_id = ?");
  const deleteExpired = db.prepare("DELETE FROM email_changes WHERE expires_at <= ?");

  return {
    async request(input) {
      const change = normalizeNewEmailChange(input);
      const now = new Date();
      const row = upsert.get({
        id: newObjectId(now),
        userId: change.userId,
        newEmail: change.newEmail,
        tokenHash: change.tokenHash,
        expiresAt: change.expiresAt.getTime(),
        now: now.getTime(),
      }) as unknown as EmailChangeRow;
      return toEmailChangeRecord(row);
    },

    async findPendingForUser(userId, now = new Date()) {
      const normalizedId = normalizeObjectId(userId);
      if (normalizedId === null) return null;
      const row = selectLiveForUser.get(normalizedId, requireDate(now, "now").getTime()) as EmailChangeRow | undefined;
      return row ? toEmailChangeRecord(row) : null;
    },

    async consume(tokenHash, now = new Date()) {
      const hash = stringOrNull(tokenHash);
      if (hash === null) return null;
      const row = consumeLive.get(hash, requireDate(now, "now").getTime()) as EmailChangeRow | undefined;
      return row ? toEmailChangeRecord(row) : null;
    },

    async cancelForUser(userId) {
      const normalizedId = normalizeObjectId(userId);
      return normalizedId !== null && changedRows(deleteForUser.run(normalizedId)) > 0;
    },

    async purgeExpired(now = new Date()) {
      return changedRows(deleteExpired.run(requireDate(now, "now").getTime()));
    },
  };
}
