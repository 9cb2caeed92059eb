import type { DatabaseSync } from "node:sqlite";
import { normalizeObjectId } from "../object-id.ts";
import { normalizeNewPhoto } from "../normalize.ts";
import { newPhotoVersion } from "../photo-version.ts";
import type { PhotoRecord, PhotosStore } from "../types.ts";
import { changedRows } from "./sql-values.ts";

interface PhotoRow {
  user_id: string;
  version: string;
  content_type: string;
  data: Uint8Array;
  width: number;
  height: number;
  etag: string;
  created_at: number;
}

function toPhotoRecord(row: PhotoRow): PhotoRecord {
  return {
    userId: row.user_id,
    version: row.version,
    contentType: row.content_type,
    data: row.data,
    width: row.width,
    height: row.height,
    etag: row.etag,
    createdAt: new Date(row.created_at),
  };
}

export function createSqlitePhotos(db: DatabaseSync): PhotosStore {
  // One row per user: a new photo replaces the old one in a single statement.
  const upsert = db.prepare(`
    INSERT INTO photos (user_id, version, content_type, data, width, height, etag, created_at)
    VALUES (:userId, :version, :contentType, :data, :width, :height, :etag, :createdAt)
    ON CONFLICT (user_id) DO UPDATE SET
      version = excluded.version, content_type = excluded.content_type, data = excluded.data,
      width = excluded.width, height = excluded.height, etag = excluded.etag, created_at = excluded.created_at
    RETURNING *
  `);
  const selectForUser = db.prepare("SELECT * FROM photos WHERE user_id = ?");
  const deleteForUser = db.prepare("DELETE FROM photos WHERE user_id = ?");

  return {
    async put(userId, photo) {
      const normalizedUserId = normalizeObjectId(userId);
      if (normalizedUserId === null) throw new TypeError("userId must be a 24-hex id");
      const checked = normalizeNewPhoto(photo);
      const now = new Date();
      const row = upsert.get({
        userId: normalizedUserId,
        version: newPhotoVersion(),
        contentType: checked.contentType,
        data: checked.data,
        width: checked.width,
        height: checked.height,
        etag: checked.etag,
        createdAt: now.getTime(),
      }) as unknown as PhotoRow;
      return toPhotoRecord(row);
    },

    async findForUser(userId) {
      const normalizedUserId = normalizeObjectId(userId);
      if (normalizedUserId === null) return null;
      const row = selectForUser.get(normalizedUserId) as PhotoRow | undefined;
      return row ? toPhotoRecord(row) : null;
    },

    async deleteForUser(userId) {
      const normalizedUserId = normalizeObjectId(userId);
      if (normalizedUserId === null) return false;
      return changedRows(deleteForUser.run(normalizedUserId)) === 1;
    },
  };
}
