import type { DatabaseSync } from "node:sqlite";
import { newObjectId, normalizeObjectId } from "../object-id.ts";
import {
  emailForLookup,
  normalizeEmail,
  requireBoolean,
  requireDate,
  requireLimit,
  requireString,
  stringOrNull,
} from "../normalize.ts";
import type { NewsletterSubscriberRecord, NewsletterSubscribersStore } from "../types.ts";
import { changedRows, dateOrNull } from "./sql-values.ts";

interface SubscriberRow {
  id: string;
  email: string;
  locale: string;
  confirmed_at: number | null;
  confirm_token_hash: string | null;
  confirm_with_account: number;
  legacy_unsubscribe_token_hash: string | null;
  created_at: number;
}

function toSubscriberRecord(row: SubscriberRow): NewsletterSubscriberRecord {
  return {
    id: row.id,
    email: row.email,
    locale: row.locale,
    confirmedAt: dateOrNull(row.confirmed_at),
    confirmWithAccount: row.confirm_with_account === 1,
    createdAt: new Date(row.created_at),
  };
}

/**
 * The statements that read many rows, exported so the contract tests can
 * EXPLAIN the very text the adapter runs. The sender pages through confirmed
 * subscribers by id (a partial index of confirmed ones); the retention purge
 * reads a partial index of pending ones by date.
 */
export const SUBSCRIBER_SQL = {
  confirmedFirst: `
    SELECT * FROM newsletter_subscribers INDEXED BY newsletter_subscribers_confirmed_id
    WHERE confirmed_at IS NOT NULL
    ORDER BY id LIMIT :limit
  `,
  confirmedAfter: `
    SELECT * FROM newsletter_subscribers INDEXED BY newsletter_subscribers_confirmed_id
    WHERE confirmed_at IS NOT NULL AND id > :afterId
    ORDER BY id LIMIT :limit
  `,
  purgePending: `
    DELETE FROM newsletter_subscribers INDEXED BY newsletter_subscribers_pending_created_at
    WHERE confirmed_at IS NULL AND created_at < ?
  `,
} as const;

export function createSqliteNewsletterSubscribers(db: DatabaseSync): NewsletterSubscribersStore {
  // A known pending address keeps its row; only the sign-up wish is added.
  // RETURNING gives the inserted or updated row: its id tells which.
  const upsert = db.prepare(`
    INSERT INTO newsletter_subscribers
      (id, email, locale, confirmed_at, confirm_token_hash, confirm_with_account, created_at)
    VALUES (?, ?, ?, NULL, ?, ?, ?)
    ON CONFLICT (email) DO UPDATE SET confirm_with_account = 1
      WHERE excluded.confirm_with_account = 1 AND confirmed_at IS NULL
    RETURNING *
  `);
  const selectByEmail = db.prepare("SELECT * FROM newsletter_subscribers WHERE email = ?");
  const setConfirmToken = db.prepare(`
    UPDATE newsletter_subscribers SET confirm_token_hash = ? WHERE email = ? AND confirmed_at IS NULL
  `);
  const confirmToken = db.prepare(`
    UPDATE newsletter_subscribers SET confirmed_at = ?, confirm_token_hash = NULL
    WHERE confirm_token_hash = ? AND confirmed_at IS NULL
    RETURNING *
  `);
  const confirmAccount = db.prepare(`
    UPDATE newsletter_subscribers SET confirmed_at = ?, confirm_token_hash = NULL
    WHERE email = ? AND confirmed_at IS NULL AND confirm_with_account = 1
  `);
  const deleteByEmail = db.prepare("DELETE FROM newsletter_subscribers WHERE email = ?");
  const deleteById = db.prepare("DELETE FROM newsletter_subscribers WHERE id = ? RETURNING *");
  const deleteByLegacyToken = db.prepare(
    "DELETE FROM newsletter_subscribers WHERE legacy_unsubscribe_token_hash = ? RETURNING *",
  );
  const selectConfirmedFirst = db.prepare(SUBSCRIBER_SQL.confirmedFirst);
  const selectConfirmedAfter = db.prepare(SUBSCRIBER_SQL.confirmedAfter);
  const deletePendingBefore = db.prepare(SUBSCRIBER_SQL.purgePending);

  return {
    async subscribe(input) {
      const email = normalizeEmail(requireString(input.email, "email"));
      const confirmTokenHash = input.confirmTokenHash === null ? null : requireString(input.confirmTokenHash, "hash");
      const now = new Date();
      const id = newObjectId(now);
      const row = upsert.get(
        id,
        email,
        requireString(input.locale, "locale"),
        confirmTokenHash,
        requireBoolean(input.confirmWithAccount, "confirmWithAccount") ? 1 : 0,
        now.getTime(),
      ) as SubscriberRow | undefined;
      if (row) return { subscriber: toSubscriberRecord(row), created: row.id === id };
      const existing = selectByEmail.get(email) as unknown as SubscriberRow;
      return { subscriber: toSubscriberRecord(existing), created: false };
    },

    async findByEmail(email) {
      const normalizedEmail = emailForLookup(email);
      if (normalizedEmail === null) return null;
      const row = selectByEmail.get(normalizedEmail) as SubscriberRow | undefined;
      return row ? toSubscriberRecord(row) : null;
    },

    async replaceConfirmToken(email, confirmTokenHash) {
      const normalizedEmail = emailForLookup(email);
      const hash = requireString(confirmTokenHash, "confirmTokenHash");
      return normalizedEmail !== null && changedRows(setConfirmToken.run(hash, normalizedEmail)) > 0;
    },

    async confirmByToken(confirmTokenHash, now = new Date()) {
      const hash = stringOrNull(confirmTokenHash);
      if (hash === null) return null;
      const row = confirmToken.get(requireDate(now, "now").getTime(), hash) as SubscriberRow | undefined;
      return row ? toSubscriberRecord(row) : null;
    },

    async confirmWithAccount(email, now = new Date()) {
      const normalizedEmail = emailForLookup(email);
      const at = requireDate(now, "now").getTime();
      return normalizedEmail !== null && changedRows(confirmAccount.run(at, normalizedEmail)) > 0;
    },

    async unsubscribe(email) {
      const normalizedEmail = emailForLookup(email);
      return normalizedEmail !== null && changedRows(deleteByEmail.run(normalizedEmail)) > 0;
    },

    async unsubscribeById(id) {
      const normalizedId = normalizeObjectId(id);
      if (normalizedId === null) return null;
      const row = deleteById.get(normalizedId) as SubscriberRow | undefined;
      return row ? toSubscriberRecord(row) : null;
    },

    async unsubscribeByLegacyTokenHash(tokenHash) {
      const hash = stringOrNull(tokenHash);
      if (hash === null) return null;
      const row = deleteByLegacyToken.get(hash) as SubscriberRow | undefined;
      return row ? toSubscriberRecord(row) : null;
    },

    async listConfirmed(options) {
      const limit = requireLimit(options.limit);
      if (options.afterId === null) {
        return (selectConfirmedFirst.all({ limit }) as unknown as SubscriberRow[]).map(toSubscriberRecord);
      }
      const afterId = normalizeObjectId(options.afterId);
      if (afterId === null) throw new TypeError("afterId must be a 24-hex id or null");
      return (selectConfirmedAfter.all({ afterId, limit }) as unknown as SubscriberRow[]).map(toSubscriberRecord);
    },

    async purgePendingOlderThan(cutoff) {
      return changedRows(deletePendingBefore.run(requireDate(cutoff, "cutoff").getTime()));
    },
  };
}
