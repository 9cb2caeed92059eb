import { ObjectId, type Collection } from "mongodb";
import { normalizeHistoryPage, normalizeMeta, requireString } from "../normalize.ts";
import type { HistoryCursor, HistoryRecord, HistoryStore } from "../types.ts";
import { type IndexedQuery, type NamedIndex, requireObjectId, toObjectId } from "./mongo-values.ts";

export interface HistoryDocument {
  _id: ObjectId;
  userId: ObjectId;
  action: string;
  meta: Record<string, unknown>;
  createdAt: Date;
}

// Every page read: equality on userId, then the page order, _id tie-breaker included.
const PAGE_INDEX: NamedIndex = { key: { userId: 1, createdAt: -1, _id: -1 }, name: "history_user_id_created_at_id" };
// The pages of one action (the dashboard's IMC records), and the first of them, read backwards.
const ACTION_INDEX: NamedIndex = {
  key: { userId: 1, action: 1, createdAt: -1, _id: -1 },
  name: "history_user_id_action_created_at_id",
};

export const HISTORY_INDEXES: NamedIndex[] = [PAGE_INDEX, ACTION_INDEX];

/** Indexes of earlier versions that no query uses any more: dropped at start. */
export const RETIRED_HISTORY_INDEXES = ["history_user_id_created_at"];

const PAGE_ORDER = { createdAt: -1, _id: -1 } as const;

/**
 * A page after a cursor is "same instant, smaller id" then "earlier instant":
 * two single ranges of the index. One $or query would leave the plan to the
 * planner's choice between a merge and a filtered scan.
 */
export const HISTORY_QUERIES = {
  newest: (userId: ObjectId): IndexedQuery<HistoryDocument> => ({
    filter: { userId },
    sort: PAGE_ORDER,
    index: PAGE_INDEX,
  }),
  sameInstantBefore: (userId: ObjectId, before: { createdAt: Date; id: ObjectId }): IndexedQuery<HistoryDocument> => ({
    filter: { userId, createdAt: before.createdAt, _id: { $lt: before.id } },
    sort: PAGE_ORDER,
    index: PAGE_INDEX,
  }),
  olderThan: (userId: ObjectId, createdAt: Date): IndexedQuery<HistoryDocument> => ({
    filter: { userId, createdAt: { $lt: createdAt } },
    sort: PAGE_ORDER,
    index: PAGE_INDEX,
  }),
  newestOfAction: (userId: ObjectId, action: string): IndexedQuery<HistoryDocument> => ({
    filter: { userId, action },
    sort: PAGE_ORDER,
    index: ACTION_INDEX,
  }),
  sameInstantOfActionBefore: (
    userId: ObjectId,
    action: string,
    before: { createdAt: Date; id: ObjectId },
  ): IndexedQuery<HistoryDocument> => ({
    filter: { userId, action, createdAt: before.createdAt, _id: { $lt: before.id } },
    sort: PAGE_ORDER,
    index: ACTION_INDEX,
  }),
  olderOfActionThan: (userId: ObjectId, action: string, createdAt: Date): IndexedQuery<HistoryDocument> => ({
    filter: { userId, action, createdAt: { $lt: createdAt } },
    sort: PAGE_ORDER,
    index: ACTION_INDEX,
  }),
  oldestOfAction: (userId: ObjectId, action: string): IndexedQuery<HistoryDocument> => ({
    filter: { userId, action },
    sort: { createdAt: 1, _id: 1 },
    index: ACTION_INDEX,
  }),
};

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
  async function read(query: IndexedQuery<HistoryDocument>, limit: number): Promise<HistoryRecord[]> {
    const documents = await history.find(query.filter, { sort: query.sort, hint: query.index.key, limit }).toArray();
    return documents.map(toHistoryRecord);
  }

  async function pageBefore(
    userId: ObjectId,
    cursor: HistoryCursor,
    limit: number,
    action: string | null,
  ): Promise<HistoryRecord[]> {
    const before = { createdAt: cursor.createdAt, id: ObjectId.createFromHexString(cursor.id) };
    const sameInstant = await read(
      action === null
        ? HISTORY_QUERIES.sameInstantBefore(userId, before)
        : HISTORY_QUERIES.sameInstantOfActionBefore(userId, action, before),
      limit,
    );
    if (sameInstant.length === limit) return sameInstant;
    const older =
      action === null
        ? HISTORY_QUERIES.olderThan(userId, cursor.createdAt)
        : HISTORY_QUERIES.olderOfActionThan(userId, action, cursor.createdAt);
    return [...sameInstant, ...(await read(older, limit - sameInstant.length))];
  }

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

    async listForUser(userId, page) {
      const { limit, before, action } = normalizeHistoryPage(page);
      const _id = toObjectId(userId);
      if (_id === null) return [];
      if (before) return pageBefore(_id, before, limit, action);
      return read(action === null ? HISTORY_QUERIES.newest(_id) : HISTORY_QUERIES.newestOfAction(_id, action), limit);
    },

    async oldestForUser(userId, action) {
      const _id = toObjectId(userId);
      if (_id === null || typeof action !== "string") return null;
      return (await read(HISTORY_QUERIES.oldestOfAction(_id, action), 1))[0] ?? null;
    },

    async deleteForUser(id, userId) {
      const _id = toObjectId(id);
      const ownerId = toObjectId(userId);
      if (_id === null || ownerId === null) return false;
      return (await history.deleteOne({ _id, userId: ownerId })).deletedCount === 1;
    },
  };
}
