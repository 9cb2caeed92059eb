import type { DatabaseSync } from "node:sqlite";
import { newObjectId, normalizeObjectId } from "../object-id.ts";
import { normalizeNewsletterDraft, requireDate, requireLimit, requireString } from "../normalize.ts";
import type { NewsletterChangeOutcome, NewsletterRecord, NewslettersStore, NewsletterStatus } from "../types.ts";
import { changedRows, dateOrNull } from "./sql-values.ts";

interface NewsletterRow {
  id: string;
  title: string;
  subject: string;
  content: string;
  scheduled_at: number;
  status: NewsletterStatus;
  sent_at: number | null;
  recipient_count: number | null;
  failure_reason: string | null;
  attempts: number;
  claim_token: string | null;
  lease_until: number | null;
  cursor: string | null;
  created_at: number;
  updated_at: number;
}

function toNewsletterRecord(row: NewsletterRow): NewsletterRecord {
  return {
    id: row.id,
    title: row.title,
    subject: row.subject,
    content: row.content,
    scheduledAt: new Date(row.scheduled_at),
    status: row.status,
    sentAt: dateOrNull(row.sent_at),
    recipientCount: row.recipient_count,
    failureReason: row.failure_reason,
    attempts: row.attempts,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

/**
 * The statements that read many rows, exported so the contract tests can
 * EXPLAIN the very text the adapter runs. Each names the index that serves
 * both its filter and its order, id tie-breaker included.
 */
export const NEWSLETTER_SQL = {
  newest: "SELECT * FROM newsletters INDEXED BY newsletters_created_at_id ORDER BY created_at DESC, id DESC LIMIT ?",
  // One statement: SQLite's write lock makes pick-and-mark atomic between
  // processes sharing the file. The scheduled newsletter due the longest
  // first, else the oldest lapsed lease; each subquery walks its index in
  // order and stops at the first row.
  claimDue: `
    UPDATE newsletters
    SET status = 'sending', claim_token = :claimToken, lease_until = :leaseUntil, attempts = attempts + 1,
        updated_at = :now
    WHERE id = coalesce(
      (SELECT id FROM newsletters INDEXED BY newsletters_status_scheduled_at
       WHERE status = 'scheduled' AND scheduled_at <= :now
       ORDER BY scheduled_at, id LIMIT 1),
      (SELECT id FROM newsletters INDEXED BY newsletters_status_lease_until
       WHERE status = 'sending' AND lease_until < :now
       ORDER BY lease_until, id LIMIT 1)
    )
    RETURNING *
  `,
} as const;

export function createSqliteNewsletters(db: DatabaseSync): NewslettersStore {
  const insert = db.prepare(`
    INSERT INTO newsletters (id, title, subject, content, scheduled_at, status, sent_at, recipient_count,
                             failure_reason, attempts, claim_token, lease_until, cursor, created_at, updated_at)
    VALUES (?, ?, ?, ?, ?, ?, NULL, NULL, NULL, 0, NULL, NULL, NULL, ?, ?)
    RETURNING *
  `);
  const selectById = db.prepare("SELECT * FROM newsletters WHERE id = ?");
  const selectNewest = db.prepare(NEWSLETTER_SQL.newest);
  // The status condition sits in the statement itself, so a sender's claim
  // landing between a read and this write cannot be overwritten.
  const updateEditable = db.prepare(`
    UPDATE newsletters
    SET title = ?, subject = ?, content = ?, scheduled_at = ?, status = ?, sent_at = NULL, recipient_count = NULL,
        failure_reason = NULL, attempts = 0, claim_token = NULL, lease_until = NULL, cursor = NULL, updated_at = ?
    WHERE id = ? AND status NOT IN ('sending', 'sent')
    RETURNING *
  `);
  const deleteEditable = db.prepare("DELETE FROM newsletters WHERE id = ? AND status NOT IN ('sending', 'sent')");
  const selectStatus = db.prepare("SELECT status FROM newsletters WHERE id = ?");
  const claim = db.prepare(NEWSLETTER_SQL.claimDue);
  const progress = db.prepare(`
    UPDATE newsletters SET cursor = ?, recipient_count = ?, lease_until = ?, updated_at = ?
    WHERE id = ? AND status = 'sending' AND claim_token = ?
  `);
  const finishSent = db.prepare(`
    UPDATE newsletters
    SET status = 'sent', sent_at = ?, recipient_count = ?, failure_reason = NULL, claim_token = NULL,
        lease_until = NULL, updated_at = ?
    WHERE id = ? AND status = 'sending' AND claim_token = ?
  `);
  const finishFailed = db.prepare(`
    UPDATE newsletters
    SET status = 'failed', failure_reason = ?, claim_token = NULL, lease_until = NULL, updated_at = ?
    WHERE id = ? AND status = 'sending' AND claim_token = ?
  `);

  function lockedOrMissing<T>(id: string): NewsletterChangeOutcome<T> {
    const row = selectStatus.get(id) as { status: NewsletterStatus } | undefined;
    if (row && (row.status === "sending" || row.status === "sent")) {
      return { ok: false, reason: "locked", status: row.status };
    }
    return { ok: false, reason: "not-found" };
  }

  return {
    async create(input) {
      const draft = normalizeNewsletterDraft(input);
      const now = new Date();
      const row = insert.get(
        newObjectId(now),
        draft.title,
        draft.subject,
        draft.content,
        draft.scheduledAt.getTime(),
        draft.status,
        now.getTime(),
        now.getTime(),
      ) as unknown as NewsletterRow;
      return toNewsletterRecord(row);
    },

    async findById(id) {
      const normalizedId = normalizeObjectId(id);
      if (normalizedId === null) return null;
      const row = selectById.get(normalizedId) as NewsletterRow | undefined;
      return row ? toNewsletterRecord(row) : null;
    },

    async list(options) {
      return (selectNewest.all(requireLimit(options.limit)) as unknown as NewsletterRow[]).map(toNewsletterRecord);
    },

    async update(id, input) {
      const draft = normalizeNewsletterDraft(input);
      const normalizedId = normalizeObjectId(id);
      if (normalizedId === null) return { ok: false, reason: "not-found" };
      const row = updateEditable.get(
        draft.title,
        draft.subject,
        draft.content,
        draft.scheduledAt.getTime(),
        draft.status,
        Date.now(),
        normalizedId,
      ) as NewsletterRow | undefined;
      return row ? { ok: true, value: toNewsletterRecord(row) } : lockedOrMissing(normalizedId);
    },

    async delete(id) {
      const normalizedId = normalizeObjectId(id);
      if (normalizedId === null) return { ok: false, reason: "not-found" };
      if (changedRows(deleteEditable.run(normalizedId)) > 0) return { ok: true, value: true };
      return lockedOrMissing(normalizedId);
    },

    async claimDue({ now, claimToken, leaseMs }) {
      const at = requireDate(now, "now").getTime();
      const token = requireString(claimToken, "claimToken");
      if (!Number.isInteger(leaseMs) || leaseMs < 1) throw new TypeError("leaseMs must be a positive integer");
      const leaseUntil = at + leaseMs;
      const row = claim.get({ claimToken: token, leaseUntil, now: at }) as NewsletterRow | undefined;
      if (!row) return null;
      return {
        newsletter: toNewsletterRecord(row),
        claimToken: token,
        leaseUntil: new Date(leaseUntil),
        cursor: row.cursor,
      };
    },

    async recordProgress(id, claimToken, { cursor, recipientCount, leaseUntil }) {
      const normalizedId = normalizeObjectId(id);
      const normalizedCursor = normalizeObjectId(cursor);
      if (normalizedCursor === null) throw new TypeError("cursor must be a 24-hex id");
      if (!Number.isInteger(recipientCount) || recipientCount < 0) throw new TypeError("recipientCount must be >= 0");
      const until = requireDate(leaseUntil, "leaseUntil").getTime();
      if (normalizedId === null) return false;
      const result = progress.run(
        normalizedCursor,
        recipientCount,
        until,
        Date.now(),
        normalizedId,
        requireString(claimToken, "claimToken"),
      );
      return changedRows(result) === 1;
    },

    async finish(id, claimToken, outcome) {
      const normalizedId = normalizeObjectId(id);
      const token = requireString(claimToken, "claimToken");
      if (normalizedId === null) return false;
      if (outcome.status === "sent") {
        const sentAt = requireDate(outcome.sentAt, "sentAt").getTime();
        if (!Number.isInteger(outcome.recipientCount) || outcome.recipientCount < 0) {
          throw new TypeError("recipientCount must be >= 0");
        }
        return changedRows(finishSent.run(sentAt, outcome.recipientCount, Date.now(), normalizedId, token)) === 1;
      }
      const reason = requireString(outcome.reason, "reason");
      return changedRows(finishFailed.run(reason, Date.now(), normalizedId, token)) === 1;
    },
  };
}
