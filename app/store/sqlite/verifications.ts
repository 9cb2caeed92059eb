import type { DatabaseSync } from "node:sqlite";
import { newObjectId, normalizeObjectId } from "../object-id.ts";
import {
  oneOfOrNull,
  requireDate,
  requireOneOf,
  requireString,
  stringOrNull,
  VERIFICATION_PURPOSES,
} from "../normalize.ts";
import type { VerificationPurpose, VerificationRecord, VerificationsStore } from "../types.ts";
import { changedRows, dateOrNull } from "./sql-values.ts";

interface VerificationRow {
  id: string;
  user_id: string;
  purpose: VerificationPurpose;
  token_hash: string;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

function toVerificationRecord(row: VerificationRow): VerificationRecord {
  return {
    id: row.id,
    userId: row.user_id,
    purpose: row.purpose,
    tokenHash: row.token_hash,
    expiresAt: new Date(row.expires_at),
    usedAt: dateOrNull(row.used_at),
    createdAt: new Date(row.created_at),
  };
}

export function createSqliteVerifications(db: DatabaseSync): VerificationsStore {
  const insert = db.prepare(`
    INSERT INTO verifications (id, user_id, purpose, token_hash, expires_at, used_at, created_at)
    VALUES (?, ?, ?, ?, ?, NULL, ?)
    RETURNING *
  `);
  const selectValid = db.prepare(`
    SELECT * FROM verifications
    WHERE token_hash = ? AND purpose = ? AND used_at IS NULL AND expires_at > ?
  `);
  // The used_at IS NULL guard makes the update itself the test-and-set.
  const markUnusedAsUsed = db.prepare("UPDATE verifications SET used_at = ? WHERE id = ? AND used_at IS NULL");
  const deleteByUserAndPurpose = db.prepare("DELETE FROM verifications WHERE user_id = ? AND purpose = ?");
  const deleteExpired = db.prepare("DELETE FROM verifications WHERE expires_at <= ?");

  return {
    async create(input) {
      const userId = normalizeObjectId(input.userId);
      if (userId === null) throw new TypeError("userId must be a 24-hex id");
      const now = new Date();
      const row = insert.get(
        newObjectId(now),
        userId,
        requireOneOf(input.purpose, VERIFICATION_PURPOSES, "purpose"),
        requireString(input.tokenHash, "tokenHash"),
        requireDate(input.expiresAt, "expiresAt").getTime(),
        now.getTime(),
      ) as unknown as VerificationRow;
      return toVerificationRecord(row);
    },

    async findValidByTokenHash(tokenHash, purpose, now = new Date()) {
      const hash = stringOrNull(tokenHash);
      const knownPurpose = oneOfOrNull(purpose, VERIFICATION_PURPOSES);
      if (hash === null || knownPurpose === null) return null;
      const row = selectValid.get(hash, knownPurpose, requireDate(now, "now").getTime()) as VerificationRow | undefined;
      return row ? toVerificationRecord(row) : null;
    },

    async markUsed(id, now = new Date()) {
      const normalizedId = normalizeObjectId(id);
      if (normalizedId === null) return false;
      return changedRows(markUnusedAsUsed.run(requireDate(now, "now").getTime(), normalizedId)) === 1;
    },

    async deleteForUser(userId, purpose) {
      const normalizedId = normalizeObjectId(userId);
      const knownPurpose = oneOfOrNull(purpose, VERIFICATION_PURPOSES);
      if (normalizedId === null || knownPurpose === null) return 0;
      return changedRows(deleteByUserAndPurpose.run(normalizedId, knownPurpose));
    },

    async purgeExpired(now = new Date()) {
      return changedRows(deleteExpired.run(requireDate(now, "now").getTime()));
    },
  };
}
