import type { DatabaseSync } from "node:sqlite";
import { newObjectId, normalizeObjectId } from "../object-id.ts";
import { normalizeNewReview, normalizePage, requireDate, requireLimit } from "../normalize.ts";
import type { ReviewRecord, ReviewsStore } from "../types.ts";
import { changedRows, dateOrNull } from "./sql-values.ts";

interface ReviewRow {
  id: string;
  user_id: string;
  name: string;
  rating: number;
  comment: string;
  approved_at: number | null;
  created_at: number;
}

function toReviewRecord(row: ReviewRow): ReviewRecord {
  return {
    id: row.id,
    userId: row.user_id,
    name: row.name,
    rating: row.rating,
    comment: row.comment,
    isApproved: row.approved_at !== null,
    approvedAt: dateOrNull(row.approved_at),
    createdAt: new Date(row.created_at),
  };
}

/**
 * The listings, exported so the contract tests EXPLAIN the very text the
 * adapter runs: each walks one index backwards, id tie-breaker included
 * (the approved one is partial: it holds approved reviews only).
 */
export const REVIEW_SQL = {
  approved: `
    SELECT * FROM reviews INDEXED BY reviews_approved_created_at_id
    WHERE approved_at IS NOT NULL
    ORDER BY created_at DESC, id DESC LIMIT ?
  `,
  newest: "SELECT * FROM reviews INDEXED BY reviews_created_at_id ORDER BY created_at DESC, id DESC LIMIT ?",
  authorNewestPage: `
    SELECT * FROM reviews INDEXED BY reviews_user_id_created_at_id
    WHERE user_id = :userId
    ORDER BY created_at DESC, id DESC LIMIT :limit
  `,
  authorPageBefore: `
    SELECT * FROM reviews INDEXED BY reviews_user_id_created_at_id
    WHERE user_id = :userId AND (created_at, id) < (:createdAt, :id)
    ORDER BY created_at DESC, id DESC LIMIT :limit
  `,
} as const;

export function createSqliteReviews(db: DatabaseSync): ReviewsStore {
  const insert = db.prepare(`
    INSERT INTO reviews (id, user_id, name, rating, comment, approved_at, created_at)
    VALUES (?, ?, ?, ?, ?, NULL, ?)
    RETURNING *
  `);
  const selectById = db.prepare("SELECT * FROM reviews WHERE id = ?");
  const selectApproved = db.prepare(REVIEW_SQL.approved);
  const selectAll = db.prepare(REVIEW_SQL.newest);
  const setApproved = db.prepare(`
    UPDATE reviews SET approved_at = coalesce(approved_at, ?) WHERE id = ? RETURNING *
  `);
  const deleteById = db.prepare("DELETE FROM reviews WHERE id = ?");
  const selectAuthorNewest = db.prepare(REVIEW_SQL.authorNewestPage);
  const selectAuthorBefore = db.prepare(REVIEW_SQL.authorPageBefore);

  return {
    async create(input) {
      const review = normalizeNewReview(input);
      const now = new Date();
      const row = insert.get(
        newObjectId(now),
        review.userId,
        review.name,
        review.rating,
        review.comment,
        now.getTime(),
      ) as unknown as ReviewRow;
      return toReviewRecord(row);
    },

    async findById(id) {
      const normalizedId = normalizeObjectId(id);
      if (normalizedId === null) return null;
      const row = selectById.get(normalizedId) as ReviewRow | undefined;
      return row ? toReviewRecord(row) : null;
    },

    async listApproved(options) {
      return (selectApproved.all(requireLimit(options.limit)) as unknown as ReviewRow[]).map(toReviewRecord);
    },

    async listAll(options) {
      return (selectAll.all(requireLimit(options.limit)) as unknown as ReviewRow[]).map(toReviewRecord);
    },

    async listForUser(userId, page) {
      const { limit, before } = normalizePage(page);
      const normalizedId = normalizeObjectId(userId);
      if (normalizedId === null) return [];
      const rows = before
        ? selectAuthorBefore.all({ userId: normalizedId, createdAt: before.createdAt.getTime(), id: before.id, limit })
        : selectAuthorNewest.all({ userId: normalizedId, limit });
      return (rows as unknown as ReviewRow[]).map(toReviewRecord);
    },

    async approve(id, now = new Date()) {
      const normalizedId = normalizeObjectId(id);
      const at = requireDate(now, "now").getTime();
      if (normalizedId === null) return null;
      const row = setApproved.get(at, normalizedId) as ReviewRow | undefined;
      return row ? toReviewRecord(row) : null;
    },

    async delete(id) {
      const normalizedId = normalizeObjectId(id);
      return normalizedId !== null && changedRows(deleteById.run(normalizedId)) > 0;
    },
  };
}
