import type { DatabaseSync } from "node:sqlite";
import { leaseCutoff, newClaimToken } from "../claims.ts";
import { newObjectId } from "../object-id.ts";
import {
  claimOrNull,
  normalizeHeaders,
  OUTBOX_STATUSES,
  requireDate,
  requireLimit,
  requireObjectIdString,
  requireString,
} from "../normalize.ts";
import type { ClaimedOutboxMail, OutboxMailRecord, OutboxStatus, OutboxStore } from "../types.ts";
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
  claim_token: string | null;
  claimed_at: number | null;
  last_error: string | null;
  sent_at: number | null;
  headers: string;
  dedupe_key: string | null;
  user_id: string | null;
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
    claimedAt: dateOrNull(row.claimed_at),
    lastError: row.last_error,
    sentAt: dateOrNull(row.sent_at),
    headers: JSON.parse(row.headers) as Record<string, string>,
    dedupeKey: row.dedupe_key,
    userId: row.user_id,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

function toClaimedOutboxMail(row: OutboxRow): ClaimedOutboxMail {
  return {
    ...toOutboxMailRecord(row),
    status: "sending",
    claimedAt: new Date(row.claimed_at!),
    claimToken: row.claim_token!,
  };
}

/**
 * The statements that read many rows, exported so the contract tests can
 * EXPLAIN the very text the adapter runs. Each names the index that serves
 * both its filter and its order (migration 3).
 */
export const OUTBOX_SQL = {
  // One statement, so SQLite's write lock makes pick-and-mark atomic even
  // between processes sharing the file. A lapsed claim goes first (it has
  // waited longest), else the queued mail due the longest; each subquery
  // walks its index in order and stops at the first row.
  claimNext: `
    UPDATE mail_outbox
    SET status = 'sending', attempts = attempts + 1, claim_token = :claimToken, claimed_at = :now,
        updated_at = :now
    WHERE id = coalesce(
      (SELECT id FROM mail_outbox INDEXED BY mail_outbox_claimed_at
       WHERE status = 'sending' AND claimed_at <= :leaseCutoff
       ORDER BY claimed_at, id LIMIT 1),
      (SELECT id FROM mail_outbox INDEXED BY mail_outbox_queued_due
       WHERE status = 'queued' AND next_attempt_at <= :now
       ORDER BY next_attempt_at, id LIMIT 1)
    )
    RETURNING *
  `,
  list: "SELECT * FROM mail_outbox INDEXED BY mail_outbox_created_at_id ORDER BY created_at DESC, id DESC LIMIT ?",
  countStatus: "SELECT count(*) AS total FROM mail_outbox WHERE status = ?",
  purgeFinished: `
    DELETE FROM mail_outbox INDEXED BY mail_outbox_status_updated_at
    WHERE status IN ('sent', 'failed') AND updated_at < ?
  `,
} as const;

export function createSqliteOutbox(db: DatabaseSync): OutboxStore {
  const insert = db.prepare(`
    INSERT INTO mail_outbox (id, recipient, subject, text_body, html_body, status, attempts, next_attempt_at,
                             claim_token, claimed_at, last_error, sent_at, headers, dedupe_key, user_id,
                             created_at, updated_at)
    VALUES (?, ?, ?, ?, ?, 'queued', 0, ?, NULL, NULL, NULL, NULL, ?, ?, ?, ?, ?)
    -- Queued before (a newsletter sender resuming after a takeover): keep the first.
    ON CONFLICT (dedupe_key) WHERE dedupe_key IS NOT NULL DO NOTHING
    RETURNING *
  `);
  const selectByDedupeKey = db.prepare("SELECT * FROM mail_outbox WHERE dedupe_key = ?");
  const claimNext = db.prepare(OUTBOX_SQL.claimNext);
  // Every mark is bound to its claim: after a lapsed claim was taken over,
  // the first sender's late answer matches no row and changes nothing.
  const setSent = db.prepare(`
    UPDATE mail_outbox SET status = 'sent', sent_at = :now, claim_token = NULL, claimed_at = NULL, updated_at = :now
    WHERE id = :id AND status = 'sending' AND claim_token = :claimToken
  `);
  const setRetry = db.prepare(`
    UPDATE mail_outbox
    SET status = 'queued', last_error = :error, next_attempt_at = :nextAttemptAt, claim_token = NULL,
        claimed_at = NULL, updated_at = :now
    WHERE id = :id AND status = 'sending' AND claim_token = :claimToken
  `);
  const setFailed = db.prepare(`
    UPDATE mail_outbox
    SET status = 'failed', last_error = :error, claim_token = NULL, claimed_at = NULL, updated_at = :now
    WHERE id = :id AND status = 'sending' AND claim_token = :claimToken
  `);
  const selectNewest = db.prepare(OUTBOX_SQL.list);
  const countStatus = db.prepare(OUTBOX_SQL.countStatus);
  const deleteFinishedBefore = db.prepare(OUTBOX_SQL.purgeFinished);

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
        mail.userId === undefined ? null : requireObjectIdString(mail.userId, "userId"),
        now.getTime(),
        now.getTime(),
      ) as OutboxRow | undefined;
      return toOutboxMailRecord(row ?? (selectByDedupeKey.get(dedupeKey) as unknown as OutboxRow));
    },

    async claimNext(now = new Date()) {
      const at = requireDate(now, "now");
      const row = claimNext.get({
        claimToken: newClaimToken(),
        now: at.getTime(),
        leaseCutoff: leaseCutoff(at).getTime(),
      }) as OutboxRow | undefined;
      return row ? toClaimedOutboxMail(row) : null;
    },

    async markSent(claim, now = new Date()) {
      const held = claimOrNull(claim);
      const at = requireDate(now, "now").getTime();
      return held !== null && changedRows(setSent.run({ ...held, now: at })) === 1;
    },

    async markRetry(claim, error, nextAttemptAt) {
      const held = claimOrNull(claim);
      const message = requireString(error, "error");
      const nextAt = requireDate(nextAttemptAt, "nextAttemptAt").getTime();
      return (
        held !== null &&
        changedRows(setRetry.run({ ...held, error: message, nextAttemptAt: nextAt, now: Date.now() })) === 1
      );
    },

    async markFailed(claim, error) {
      const held = claimOrNull(claim);
      const message = requireString(error, "error");
      return held !== null && changedRows(setFailed.run({ ...held, error: message, now: Date.now() })) === 1;
    },

    async list(options) {
      const rows = selectNewest.all(requireLimit(options.limit)) as unknown as OutboxRow[];
      return rows.map(toOutboxMailRecord);
    },

    async countByStatus() {
      // One indexed count per status rather than a GROUP BY over every row.
      const counts = {} as Record<OutboxStatus, number>;
      for (const status of OUTBOX_STATUSES) counts[status] = (countStatus.get(status) as { total: number }).total;
      return counts;
    },

    async purgeFinishedOlderThan(cutoff) {
      return changedRows(deleteFinishedBefore.run(requireDate(cutoff, "cutoff").getTime()));
    },
  };
}
