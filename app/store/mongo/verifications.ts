import { ObjectId, type Collection, type IndexDescription } from "mongodb";
import {
  oneOfOrNull,
  requireDate,
  requireOneOf,
  requireString,
  stringOrNull,
  VERIFICATION_PURPOSES,
} from "../normalize.ts";
import type { VerificationPurpose, VerificationRecord, VerificationsStore } from "../types.ts";
import { requireObjectId, toObjectId } from "./mongo-values.ts";

export interface VerificationDocument {
  _id: ObjectId;
  userId: ObjectId;
  purpose: VerificationPurpose;
  tokenHash: string;
  expiresAt: Date;
  usedAt: Date | null;
  createdAt: Date;
}

export const VERIFICATION_INDEXES: IndexDescription[] = [
  { key: { tokenHash: 1 }, name: "verifications_token_hash_unique", unique: true },
  { key: { userId: 1, purpose: 1 }, name: "verifications_user_id_purpose" },
  { key: { expiresAt: 1 }, name: "verifications_expires_at_ttl", expireAfterSeconds: 0 },
];

function toVerificationRecord(document: VerificationDocument): VerificationRecord {
  return {
    id: document._id.toHexString(),
    userId: document.userId.toHexString(),
    purpose: document.purpose,
    tokenHash: document.tokenHash,
    expiresAt: document.expiresAt,
    usedAt: document.usedAt ?? null,
    createdAt: document.createdAt,
  };
}

export function createMongoVerifications(verifications: Collection<VerificationDocument>): VerificationsStore {
  return {
    async create(input) {
      const document: VerificationDocument = {
        _id: new ObjectId(),
        userId: requireObjectId(input.userId, "userId"),
        purpose: requireOneOf(input.purpose, VERIFICATION_PURPOSES, "purpose"),
        tokenHash: requireString(input.tokenHash, "tokenHash"),
        expiresAt: requireDate(input.expiresAt, "expiresAt"),
        usedAt: null,
        createdAt: new Date(),
      };
      await verifications.insertOne(document);
      return toVerificationRecord(document);
    },

    async findValidByTokenHash(tokenHash, purpose, now = new Date()) {
      const hash = stringOrNull(tokenHash);
      const knownPurpose = oneOfOrNull(purpose, VERIFICATION_PURPOSES);
      if (hash === null || knownPurpose === null) return null;
      const document = await verifications.findOne({
        tokenHash: hash,
        purpose: knownPurpose,
        usedAt: null,
        expiresAt: { $gt: requireDate(now, "now") },
      });
      return document ? toVerificationRecord(document) : null;
    },

    async markUsed(id, now = new Date()) {
      const _id = toObjectId(id);
      const usedAt = requireDate(now, "now");
      if (_id === null) return false;
      // Matching on usedAt: null makes the single-document update the test-and-set.
      const result = await verifications.updateOne({ _id, usedAt: null }, { $set: { usedAt } });
      return result.modifiedCount === 1;
    },

    async deleteForUser(userId, purpose) {
      const _id = toObjectId(userId);
      const knownPurpose = oneOfOrNull(purpose, VERIFICATION_PURPOSES);
      if (_id === null || knownPurpose === null) return 0;
      return (await verifications.deleteMany({ userId: _id, purpose: knownPurpose })).deletedCount;
    },

    async purgeExpired(now = new Date()) {
      return (await verifications.deleteMany({ expiresAt: { $lte: requireDate(now, "now") } })).deletedCount;
    },
  };
}
