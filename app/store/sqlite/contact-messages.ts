import type { DatabaseSync } from "node:sqlite";
import { newObjectId } from "../object-id.ts";
import { normalizeEmail, requireDate, requireLimit, requireString } from "../normalize.ts";
import type { ContactMessageRecord, ContactMessagesStore } from "../types.ts";
import { changedRows } from "./sql-values.ts";

interface ContactMessageRow {
  id: string;
  nom: string;
  email: string;
  sujet: string;
  message: string;
  locale: string;
  created_at: number;
}

function toContactMessageRecord(row: ContactMessageRow): ContactMessageRecord {
  return {
    id: row.id,
    nom: row.nom,
    email: row.email,
    sujet: row.sujet,
    message: row.message,
    locale: row.locale,
    createdAt: new Date(row.created_at),
  };
}

/** Exported so the contract tests EXPLAIN the very text the adapter runs. */
export const CONTACT_MESSAGE_SQL = {
  newest:
    "SELECT * FROM contact_messages INDEXED BY contact_messages_created_at_id ORDER BY created_at DESC, id DESC LIMIT ?",
  purgeBefore: "DELETE FROM contact_messages INDEXED BY contact_messages_created_at_id WHERE created_at < ?",
} as const;

export function createSqliteContactMessages(db: DatabaseSync): ContactMessagesStore {
  const insert = db.prepare(`
    INSERT INTO contact_messages (id, nom, email, sujet, message, locale, created_at)
    VALUES (?, ?, ?, ?, ?, ?, ?)
    RETURNING *
  `);
  const selectNewest = db.prepare(CONTACT_MESSAGE_SQL.newest);
  const deleteCreatedBefore = db.prepare(CONTACT_MESSAGE_SQL.purgeBefore);

  return {
    async add(input) {
      const now = new Date();
      const row = insert.get(
        newObjectId(now),
        requireString(input.nom, "nom"),
        normalizeEmail(requireString(input.email, "email")),
        requireString(input.sujet, "sujet"),
        requireString(input.message, "message"),
        requireString(input.locale, "locale"),
        now.getTime(),
      ) as unknown as ContactMessageRow;
      return toContactMessageRecord(row);
    },

    async listRecent(limit) {
      return (selectNewest.all(requireLimit(limit)) as unknown as ContactMessageRow[]).map(toContactMessageRecord);
    },

    async purgeOlderThan(cutoff) {
      return changedRows(deleteCreatedBefore.run(requireDate(cutoff, "cutoff").getTime()));
    },
  };
}
