import { ObjectId, type Collection } from "mongodb";
import { normalizeNewReview, normalizePage, requireDate, requireLimit } from "../normalize.ts";
import type { ReviewRecord, ReviewsStore } from "../types.ts";
import { type IndexedQuery, type NamedIndex, toObjectId } from "./mongo-values.ts";

export interface ReviewDocument {
  _id: ObjectId;
  userId: ObjectId;
  name: string;
  rating: number;
  comment: string;
  isApproved: boolean;
  approvedAt: Date | null;
  createdAt: Date;
}

// Each listing names its index (hint) and sorts on that index's keys, _id
// tie-breaker included; the contract tests check it with explain().
// listApproved: equality on isApproved, then the order.
const APPROVED: NamedIndex = { key: { isApproved: 1, createdAt: -1, _id: -1 }, name: "reviews_approved_created_at_id" };
// listAll (moderation), newest first.
const CREATED_AT: NamedIndex = { key: { createdAt: -1, _id: -1 }, name: "reviews_created_at_id" };

// listForUser (My account's export): equality on userId, then the order; erasure deletes by its prefix.
const AUTHOR_NEWEST: NamedIndex = { key: { userId: 1, createdAt: -1, _id: -1 }, name: "reviews_user_id_created_at_id" };

export const REVIEW_INDEXES: NamedIndex[] = [APPROVED, CREATED_AT, AUTHOR_NEWEST];

/** Indexes of earlier versions that no query uses any more: dropped at start. */
export const RETIRED_REVIEW_INDEXES = ["reviews_user_id"];

const NEWEST_FIRST = { createdAt: -1, _id: -1 } as const;

export const REVIEW_QUERIES = {
  approved: (): IndexedQuery<ReviewDocument> => ({ filter: { isApproved: true }, sort: NEWEST_FIRST, index: APPROVED }),
  newest: (): IndexedQuery<ReviewDocument> => ({ filter: {}, sort: NEWEST_FIRST, index: CREATED_AT }),
  // A page after a cursor: "same instant, smaller id", then "earlier instant" (two single index ranges).
  authorNewest: (userId: ObjectId): IndexedQuery<ReviewDocument> => ({
    filter: { userId },
    sort: NEWEST_FIRST,
    index: AUTHOR_NEWEST,
  }),
  authorSameInstantBefore: (
    userId: ObjectId,
    before: { createdAt: Date; id: ObjectId },
  ): IndexedQuery<ReviewDocument> => ({
    filter: { userId, createdAt: before.createdAt, _id: { $lt: before.id } },
    sort: NEWEST_FIRST,
    index: AUTHOR_NEWEST,
  }),
  authorOlderThan: (userId: ObjectId, createdAt: Date): IndexedQuery<ReviewDocument> => ({
    filter: { userId, createdAt: { $lt: createdAt } },
    sort: NEWEST_FIRST,
    index: AUTHOR_NEWEST,
  }),
};

function toReviewRecord(document: ReviewDocument): ReviewRecord {
  return {
    id: document._id.toHexString(),
    userId: document.userId.toHexString(),
    name: document.name,
    rating: document.rating,
    comment: document.comment,
    isApproved: document.isApproved,
    approvedAt: document.approvedAt ?? null,
    createdAt: document.createdAt,
  };
}

export function createMongoReviews(reviews: Collection<ReviewDocument>): ReviewsStore {
  async function read(query: IndexedQuery<ReviewDocument>, limit: number): Promise<ReviewRecord[]> {
    const documents = await reviews.find(query.filter, { sort: query.sort, hint: query.index.key, limit }).toArray();
    return documents.map(toReviewRecord);
  }

  return {
    async create(input) {
      const review = normalizeNewReview(input);
      const document: ReviewDocument = {
        _id: new ObjectId(),
        userId: ObjectId.createFromHexString(review.userId),
        name: review.name,
        rating: review.rating,
        comment: review.comment,
        isApproved: false,
        approvedAt: null,
        createdAt: new Date(),
      };
      await reviews.insertOne(document);
      return toReviewRecord(document);
    },

    async findById(id) {
      const _id = toObjectId(id);
      if (_id === null) return null;
      const document = await reviews.findOne({ _id });
      return document ? toReviewRecord(document) : null;
    },

    async listApproved(options) {
      return read(REVIEW_QUERIES.approved(), requireLimit(options.limit));
    },

    async listAll(options) {
      return read(REVIEW_QUERIES.newest(), requireLimit(options.limit));
    },

    async listForUser(userId, page) {
      const { limit, before } = normalizePage(page);
      const _id = toObjectId(userId);
      if (_id === null) return [];
      if (!before) return read(REVIEW_QUERIES.authorNewest(_id), limit);
      const cursor = { createdAt: before.createdAt, id: ObjectId.createFromHexString(before.id) };
      const sameInstant = await read(REVIEW_QUERIES.authorSameInstantBefore(_id, cursor), limit);
      if (sameInstant.length === limit) return sameInstant;
      return [
        ...sameInstant,
        ...(await read(REVIEW_QUERIES.authorOlderThan(_id, before.createdAt), limit - sameInstant.length)),
      ];
    },

    async approve(id, now = new Date()) {
      const _id = toObjectId(id);
      const at = requireDate(now, "now");
      if (_id === null) return null;
      // The first approval's date stays: approving twice changes nothing.
      await reviews.updateOne({ _id, isApproved: false }, { $set: { isApproved: true, approvedAt: at } });
      const document = await reviews.findOne({ _id });
      return document ? toReviewRecord(document) : null;
    },

    async delete(id) {
      const _id = toObjectId(id);
      if (_id === null) return false;
      return (await reviews.deleteOne({ _id })).deletedCount > 0;
    },
  };
}
