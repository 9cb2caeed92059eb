import type { DatabaseSync } from "node:sqlite";
import { newObjectId } from "../object-id.ts";
import { emailForLookup, normalizeEmail, requireString } from "../normalize.ts";
import type { NewsletterSubscriberRecord, NewsletterSubscribersStore } from "../types.ts";
import { changedRows } from "./sql-values.ts";

interface SubscriberRow {
  id: string;
  email: string;
  locale: string;
  created_at: number;
}

function toSubscriberRecord(row: SubscriberRow): NewsletterSubscriberRecord {
  return { id: row.id, email: row.email, locale: row.locale, createdAt: new Date(row.created_at) };
}

export function createSqliteNewsletterSubscribers(db: DatabaseSync): NewsletterSubscribersStore {
  const insertIfNew = db.prepare(`
    INSERT INTO newsletter_subscribers (id, email, locale, created_at)
    VALUES (?, ?, ?, ?)
    ON CONFLICT (email) DO NOTHING
    RETURNING *
  `);
  const selectByEmail = db.prepare("SELECT * FROM newsletter_subscribers WHERE email = ?");
  const deleteByEmail = db.prepare("DELETE FROM newsletter_subscribers WHERE email = ?");

  return {
    async subscribe(email, locale) {
      const normalizedEmail = normalizeEmail(requireString(email, "email"));
      const now = new Date();
      const inserted = insertIfNew.get(
        newObjectId(now),
        normalizedEmail,
        requireString(locale, "locale"),
        now.getTime(),
      ) as SubscriberRow | undefined;
      if (inserted) return { subscriber: toSubscriberRecord(inserted), created: true };
      const existing = selectByEmail.get(normalizedEmail) as unknown as SubscriberRow;
      return { subscriber: toSubscriberRecord(existing), created: false };
    },

    async findByEmail(email) {
      const normalizedEmail = emailForLookup(email);
      if (normalizedEmail === null) return null;
      const row = selectByEmail.get(normalizedEmail) as SubscriberRow | undefined;
      return row ? toSubscriberRecord(row) : null;
    },

    async unsubscribe(email) {
      const normalizedEmail = emailForLookup(email);
      return normalizedEmail !== null && changedRows(deleteByEmail.run(normalizedEmail)) > 0;
    },
  };
}
