import { ObjectId, type Collection, type IndexDescription } from "mongodb";
import { OUTBOX_STATUSES, requireDate, requireLimit, requireString } from "../normalize.ts";
import type { OutboxMailRecord, OutboxStatus, OutboxStore } from "../types.ts";
import { toObjectId } from "./mongo-values.ts";

export interface OutboxDocument {
  _id: ObjectId;
  to: string;
  subject: string;
  text: string;
  html: string;
  status: OutboxStatus;
  attempts: number;
  nextAttemptAt: Date;
  lastError: string | null;
  sentAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export const OUTBOX_INDEXES: IndexDescription[] = [
  { key: { status: 1, createdAt: 1, nextAttemptAt: 1 }, name: "mail_outbox_claim" },
  // releaseStale and purgeFinishedOlderThan.
  { key: { status: 1, updatedAt: 1 }, name: "mail_outbox_status_updated_at" },
  { key: { createdAt: -1 }, name: "mail_outbox_created_at" },
];

function toOutboxMailRecord(document: OutboxDocument): OutboxMailRecord {
  return {
    id: document._id.toHexString(),
    to: document.to,
    subject: document.subject,
    text: document.text,
    html: document.html,
    status: document.status,
    attempts: document.attempts,
    nextAttemptAt: document.nextAttemptAt,
    lastError: document.lastError ?? null,
    sentAt: document.sentAt ?? null,
    createdAt: document.createdAt,
    updatedAt: document.updatedAt,
  };
}

export function createMongoOutbox(outbox: Collection<OutboxDocument>): OutboxStore {
  return {
    async enqueue(mail) {
      const now = new Date();
      const document: OutboxDocument = {
        _id: new ObjectId(),
        to: requireString(mail.to, "to"),
        subject: requireString(mail.subject, "subject"),
        text: requireString(mail.text, "text"),
        html: requireString(mail.html, "html"),
        status: "queued",
        attempts: 0,
        nextAttemptAt: now,
        lastError: null,
        sentAt: null,
        createdAt: now,
        updatedAt: now,
      };
      await outbox.insertOne(document);
      return toOutboxMailRecord(document);
    },

    async claimNext(now = new Date()) {
      const at = requireDate(now, "now");
      // findOneAndUpdate picks and marks in one atomic step, so concurrent
      // senders never claim the same mail.
      const document = await outbox.findOneAndUpdate(
        { status: "queued", nextAttemptAt: { $lte: at } },
        { $set: { status: "sending", updatedAt: at }, $inc: { attempts: 1 } },
        { sort: { createdAt: 1, _id: 1 }, returnDocument: "after" },
      );
      return document ? toOutboxMailRecord(document) : null;
    },

    async markSent(id, now = new Date()) {
      const _id = toObjectId(id);
      const at = requireDate(now, "now");
      if (_id !== null) await outbox.updateOne({ _id }, { $set: { status: "sent", sentAt: at, updatedAt: at } });
    },

    async markRetry(id, error, nextAttemptAt) {
      const _id = toObjectId(id);
      const lastError = requireString(error, "error");
      const nextAt = requireDate(nextAttemptAt, "nextAttemptAt");
      if (_id !== null) {
        await outbox.updateOne(
          { _id },
          { $set: { status: "queued", lastError, nextAttemptAt: nextAt, updatedAt: new Date() } },
        );
      }
    },

    async markFailed(id, error) {
      const _id = toObjectId(id);
      const lastError = requireString(error, "error");
      if (_id !== null)
        await outbox.updateOne({ _id }, { $set: { status: "failed", lastError, updatedAt: new Date() } });
    },

    async releaseStale(olderThan) {
      const result = await outbox.updateMany(
        { status: "sending", updatedAt: { $lt: requireDate(olderThan, "olderThan") } },
        { $set: { status: "queued", updatedAt: new Date() } },
      );
      return result.modifiedCount;
    },

    async list(options) {
      const documents = await outbox
        .find()
        .sort({ createdAt: -1, _id: -1 })
        .limit(requireLimit(options.limit))
        .toArray();
      return documents.map(toOutboxMailRecord);
    },

    async countByStatus() {
      const counts = Object.fromEntries(OUTBOX_STATUSES.map((status) => [status, 0])) as Record<OutboxStatus, number>;
      const groups = await outbox
        .aggregate<{ _id: OutboxStatus; total: number }>([{ $group: { _id: "$status", total: { $sum: 1 } } }])
        .toArray();
      for (const group of groups) counts[group._id] = group.total;
      return counts;
    },

    async purgeFinishedOlderThan(cutoff) {
      const result = await outbox.deleteMany({
        status: { $in: ["sent", "failed"] },
        updatedAt: { $lt: requireDate(cutoff, "cutoff") },
      });
      return result.deletedCount;
    },
  };
}
