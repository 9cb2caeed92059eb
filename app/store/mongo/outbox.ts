import { ObjectId, type Collection, type IndexDescription } from "mongodb";
import { normalizeHeaders, OUTBOX_STATUSES, requireDate, requireLimit, requireString } from "../normalize.ts";
import type { OutboxMailRecord, OutboxStatus, OutboxStore } from "../types.ts";
import { duplicateKeyFields, toObjectId } from "./mongo-values.ts";

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
  headers?: Record<string, string>;
  /** Absent on most mails: the unique index only covers mails that have one. */
  dedupeKey?: string;
  createdAt: Date;
  updatedAt: Date;
}

export const OUTBOX_INDEXES: IndexDescription[] = [
  { key: { status: 1, createdAt: 1, nextAttemptAt: 1 }, name: "mail_outbox_claim" },
  // releaseStale and purgeFinishedOlderThan.
  { key: { status: 1, updatedAt: 1 }, name: "mail_outbox_status_updated_at" },
  { key: { createdAt: -1 }, name: "mail_outbox_created_at" },
  {
    key: { dedupeKey: 1 },
    name: "mail_outbox_dedupe_key_unique",
    unique: true,
    partialFilterExpression: { dedupeKey: { $type: "string" } },
  },
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
    headers: document.headers ?? {},
    dedupeKey: document.dedupeKey ?? null,
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
        headers: normalizeHeaders(mail.headers),
        ...(mail.dedupeKey === undefined ? {} : { dedupeKey: requireString(mail.dedupeKey, "dedupeKey") }),
        createdAt: now,
        updatedAt: now,
      };
      try {
        await outbox.insertOne(document);
      } catch (error) {
        // Queued before (a sender resuming after a takeover): keep the first one.
        if (document.dedupeKey === undefined || !duplicateKeyFields(error)?.some((f) => f.includes("dedupeKey"))) {
          throw error;
        }
        const existing = await outbox.findOne({ dedupeKey: document.dedupeKey });
        if (existing === null) throw error;
        return toOutboxMailRecord(existing);
      }
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
