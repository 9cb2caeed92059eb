import { ObjectId, type Collection, type IndexDescription } from "mongodb";
import { normalizeNewReview, requireDate, requireLimit } from "../normalize.ts";
import type { ReviewRecord, ReviewsStore } from "../types.ts";
import { toObjectId } from "./mongo-values.ts";

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

export const REVIEW_INDEXES: IndexDescription[] = [
  // listApproved: equality on isApproved, then the sort.
  { key: { isApproved: 1, createdAt: -1, _id: -1 }, name: "reviews_approved_created_at" },
  // listAll.
  { key: { createdAt: -1, _id: -1 }, name: "reviews_created_at" },
  { key: { userId: 1 }, name: "reviews_user_id" },
];

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
      const documents = await reviews
        .find({ isApproved: true })
        .sort({ createdAt: -1, _id: -1 })
        .limit(requireLimit(options.limit))
        .toArray();
      return documents.map(toReviewRecord);
    },

    async listAll(options) {
      const documents = await reviews
        .find()
        .sort({ createdAt: -1, _id: -1 })
        .limit(requireLimit(options.limit))
        .toArray();
      return documents.map(toReviewRecord);
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
