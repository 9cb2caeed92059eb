import { type Collection, ObjectId } from "mongodb";
import { normalizeNewEmailChange, requireDate, stringOrNull } from "../normalize.ts";
import type { EmailChangeRecord, EmailChangesStore } from "../types.ts";
import { duplicateKeyFields, type NamedIndex, toObjectId } from "./mongo-values.ts";

export interface EmailChangeDocument {
  _id: ObjectId;
  userId: ObjectId;
  newEmail: string;
  tokenHash: string;
  expiresAt: Date;
  createdAt: Date;
}

export const EMAIL_CHANGE_INDEXES: NamedIndex[] = [
  // One pending change per account: a new request replaces the last.
  { key: { userId: 1 }, name: "email_changes_user_id_unique", unique: true },
  { key: { tokenHash: 1 }, name: "email_changes_token_hash_unique", unique: true },
  // The server drops expired changes by itself; purgeExpired stays for parity.
  { key: { expiresAt: 1 }, name: "email_changes_expires_at_ttl", expireAfterSeconds: 0 },
];

function toEmailChangeRecord(document: EmailChangeDocument): EmailChangeRecord {
  return {
    id: document._id.toHexString(),
    userId: document.userId.toHexString(),
    newEmail: document.newEmail,
    tokenHash: document.tokenHash,
    expiresAt: document.expiresAt,
    createdAt: document.createdAt,
  };
}

export function createMongoEmailChanges(changes: Collection<EmailChangeDocument>): EmailChangesStore {
  async function replaceForUser(change: Omit<EmailChangeDocument, "_id">): Promise<EmailChangeDocument | null> {
    return changes.findOneAndReplace({ userId: change.userId }, change, { upsert: true, returnDocument: "after" });
  }

  return {
    async request(input) {
      const change = normalizeNewEmailChange(input);
      const replacement = {
        userId: ObjectId.createFromHexString(change.userId),
        newEmail: change.newEmail,
        tokenHash: change.tokenHash,
        expiresAt: change.expiresAt,
        createdAt: new Date(),
      };
      let document: EmailChangeDocument | null;
      try {
        document = await replaceForUser(replacement);
      } catch (error) {
        // Two first requests at once: both upserts insert, the unique userId keeps one; replace it now.
        if (!duplicateKeyFields(error)?.some((field) => field.includes("userId"))) throw error;
        document = await replaceForUser(replacement);
      }
      if (!document) throw new Error("The e-mail change was not stored");
      return toEmailChangeRecord(document);
    },

    async findPendingForUser(userId, now = new Date()) {
      const _id = toObjectId(userId);
      if (_id === null) return null;
      const document = await changes.findOne({ userId: _id, expiresAt: { $gt: requireDate(now, "now") } });
      return document ? toEmailChangeRecord(document) : null;
    },

    async consume(tokenHash, now = new Date()) {
      const hash = stringOrNull(tokenHash);
      if (hash === null) return null;
      // The delete is the test-and-set: one caller gets the document back.
      const document = await changes.findOneAndDelete({ tokenHash: hash, expiresAt: { $gt: requireDate(now, "now") } });
      return document ? toEmailChangeRecord(document) : null;
    },

    async cancelForUser(userId) {
      const _id = toObjectId(userId);
      if (_id === null) return false;
      return (await changes.deleteOne({ userId: _id })).deletedCount > 0;
    },

    async purgeExpired(now = new Date()) {
      return (await changes.deleteMany({ expiresAt: { $lte: requireDate(now, "now") } })).deletedCount;
    },
  };
}
