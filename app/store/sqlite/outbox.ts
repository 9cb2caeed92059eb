import type { DatabaseSync } from "node:sqlite";
import { newObjectId, normalizeObjectId } from "../object-id.ts";
import { normalizeHeaders, OUTBOX_STATUSES, requireDate, requireLimit, requireString } from "../normalize.ts";
import type { OutboxMailRecord, OutboxStatus, OutboxStore } from "../types.ts";
import { changedRows, dateOrNull } from "./sql-values.ts";

interface OutboxRow {
  id: string;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  status: OutboxStatus;
  attempts: number;
  next_attempt_at: number;
  last_error: string | null;
  sent_at: number | null;
  headers: string;
  dedupe_key: string | null;
  created_at: number;
  updated_at: number;
}

function toOutboxMailRecord(row: OutboxRow): OutboxMailRecord {
  return {
    id: row.id,
    to: row.recipient,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: new Date(row.next_attempt_at),
    lastError: row.last_error,
    sentAt: dateOrNull(row.sent_at),
    headers: JSON.parse(row.headers) as Record<string, string>,
    dedupeKey: row.dedupe_key,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

export function createSqliteOutbox(db: DatabaseSync): OutboxStore {
  const insert = db.prepare(`
    INSERT INTO mail_outbox (id, recipient, subject, text_body, html_body, status, attempts, next_attempt_at,
                             last_error, sent_at, headers, dedupe_key, created_at, updated_at)
    VALUES (?, ?, ?, ?, ?, 'queued', 0, ?, NULL, NULL, ?, ?, ?, ?)
    ON CONFLICT (dedupe_key) WHERE dedupe_key IS NOT NULL DO NOTHING
    RETURNING *
  `);
  const selectByDedupeKey = db.prepare("SELECT * FROM mail_outbox WHERE dedupe_key = ?");
  // One statement, so SQLite's write lock makes pick-and-mark atomic even
  // between processes sharing the file.
  const claimOldestDue = db.prepare(`
    UPDATE mail_outbox
    SET status = 'sending', attempts = attempts + 1, updated_at = ?
    WHERE id = (
      SELECT id FROM mail_outbox
      WHERE status = 'queued' AND next_attempt_at <= ?
      ORDER BY created_at, id
      LIMIT 1
    )
    RETURNING *
  `);
  const setSent = db.prepare(`
    UPDATE mail_outbox SET status = 'sent', sent_at = ?, updated_at = ? WHERE id = ?
  `);
  const setRetry = db.prepare(`
    UPDATE mail_outbox SET status = 'queued', last_error = ?, next_attempt_at = ?, updated_at = ? WHERE id = ?
  `);
  const setFailed = db.prepare(`
    UPDATE mail_outbox SET status = 'failed', last_error = ?, updated_at = ? WHERE id = ?
  `);
  const requeueStale = db.prepare(`
    UPDATE mail_outbox SET status = 'queued', updated_at = ? WHERE status = 'sending' AND updated_at < ?
  `);
  const selectNewest = db.prepare("SELECT * FROM mail_outbox ORDER BY created_at DESC, id DESC LIMIT ?");
  const countPerStatus = db.prepare("SELECT status, count(*) AS total FROM mail_outbox GROUP BY status");
  // Served by mail_outbox_status_updated_at.
  const deleteFinishedBefore = db.prepare(`
    DELETE FROM mail_outbox WHERE status IN ('sent', 'failed') AND updated_at < ?
  `);

  return {
    async enqueue(mail) {
      const now = new Date();
      const dedupeKey = mail.dedupeKey === undefined ? null : requireString(mail.dedupeKey, "dedupeKey");
      const row = insert.get(
        newObjectId(now),
        requireString(mail.to, "to"),
        requireString(mail.subject, "subject"),
        requireString(mail.text, "text"),
        requireString(mail.html, "html"),
        now.getTime(),
        JSON.stringify(normalizeHeaders(mail.headers)),
        dedupeKey,
        now.getTime(),
        now.getTime(),
      ) as OutboxRow | undefined;
      return toOutboxMailRecord(row ?? (selectByDedupeKey.get(dedupeKey) as unknown as OutboxRow));
    },

    async claimNext(now = new Date()) {
      const at = requireDate(now, "now").getTime();
      const row = claimOldestDue.get(at, at) as OutboxRow | undefined;
      return row ? toOutboxMailRecord(row) : null;
    },

    async markSent(id, now = new Date()) {
      const normalizedId = normalizeObjectId(id);
      const at = requireDate(now, "now").getTime();
      if (normalizedId !== null) setSent.run(at, at, normalizedId);
    },

    async markRetry(id, error, nextAttemptAt) {
      const normalizedId = normalizeObjectId(id);
      const message = requireString(error, "error");
      const nextAt = requireDate(nextAttemptAt, "nextAttemptAt").getTime();
      if (normalizedId !== null) setRetry.run(message, nextAt, Date.now(), normalizedId);
    },

    async markFailed(id, error) {
      const normalizedId = normalizeObjectId(id);
      const message = requireString(error, "error");
      if (normalizedId !== null) setFailed.run(message, Date.now(), normalizedId);
    },

    async releaseStale(olderThan) {
      return changedRows(requeueStale.run(Date.now(), requireDate(olderThan, "olderThan").getTime()));
    },

    async list(options) {
      const rows = selectNewest.all(requireLimit(options.limit)) as unknown as OutboxRow[];
      return rows.map(toOutboxMailRecord);
    },

    async countByStatus() {
      const counts = Object.fromEntries(OUTBOX_STATUSES.map((status) => [status, 0])) as Record<OutboxStatus, number>;
      for (const row of countPerStatus.all() as unknown as { status: OutboxStatus; total: number }[]) {
        counts[row.status] = row.total;
      }
      return counts;
    },

    async purgeFinishedOlderThan(cutoff) {
      return changedRows(deleteFinishedBefore.run(requireDate(cutoff, "cutoff").getTime()));
    },
  };
}
