import { ObjectId, type Collection, type IndexDescription } from "mongodb";
import { normalizeMeta, requireString } from "../normalize.ts";
import type { HistoryRecord, HistoryStore } from "../types.ts";
import { requireObjectId, toObjectId } from "./mongo-values.ts";

export interface HistoryDocument {
  _id: ObjectId;
  userId: ObjectId;
  action: string;
  meta: Record<string, unknown>;
  createdAt: Date;
}

export const HISTORY_INDEXES: IndexDescription[] = [
  { key: { userId: 1, createdAt: -1 }, name: "history_user_id_created_at" },
];

function toHistoryRecord(document: HistoryDocument): HistoryRecord {
  return {
    id: document._id.toHexString(),
    userId: document.userId.toHexString(),
    action: document.action,
    meta: document.meta ?? {},
    createdAt: document.createdAt,
  };
}

export function createMongoHistory(history: Collection<HistoryDocument>): HistoryStore {
  return {
    async add(entry) {
      const document: HistoryDocument = {
        _id: new ObjectId(),
        userId: requireObjectId(entry.userId, "userId"),
        action: requireString(entry.action, "action"),
        meta: normalizeMeta(entry.meta),
        createdAt: new Date(),
      };
      await history.insertOne(document);
      return toHistoryRecord(document);
    },

    async listForUser(userId) {
      const _id = toObjectId(userId);
      if (_id === null) return [];
      const documents = await history.find({ userId: _id }).sort({ createdAt: -1, _id: -1 }).toArray();
      return documents.map(toHistoryRecord);
    },

    async deleteForUser(id, userId) {
      const _id = toObjectId(id);
      const ownerId = toObjectId(userId);
      if (_id === null || ownerId === null) return false;
      return (await history.deleteOne({ _id, userId: ownerId })).deletedCount === 1;
    },
  };
}
