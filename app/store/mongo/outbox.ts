import { ObjectId, type Collection } from "mongodb";
import { leaseCutoff, newClaimToken } from "../claims.ts";
import {
  claimOrNull,
  normalizeHeaders,
  OUTBOX_STATUSES,
  requireDate,
  requireLimit,
  requireString,
} from "../normalize.ts";
import type { ClaimedOutboxMail, OutboxClaim, OutboxMailRecord, OutboxStatus, OutboxStore } from "../types.ts";
import { duplicateKeyFields, type IndexedQuery, type NamedIndex, requireObjectId, toObjectId } from "./mongo-values.ts";

export interface OutboxDocument {
  _id: ObjectId;
  to: string;
  subject: string;
  text: string;
  html: string;
  status: OutboxStatus;
  attempts: number;
  nextAttemptAt: Date;
  /** Set while "sending" only: the claim's token and when it was taken. Absent on mails of older versions. */
  claimToken?: string | null;
  claimedAt?: Date | null;
  lastError: string | null;
  sentAt: Date | null;
  headers?: Record<string, string>;
  /** Absent on most mails: the unique index only covers mails that have one. */
  dedupeKey?: string;
  /** The account the mail is about; absent on mails about none (and on mails of older versions). */
  userId?: ObjectId;
  createdAt: Date;
  updatedAt: Date;
}

// Each listing query names its index (hint) and sorts on that index's keys,
// _id tie-breaker included, so the server never sorts in memory; the
// contract tests check it with explain().
// claimNext, queued mails: equality on status, range and order on nextAttemptAt.
const QUEUED_DUE: NamedIndex = { key: { status: 1, nextAttemptAt: 1, _id: 1 }, name: "mail_outbox_queued_due" };
// claimNext, lapsed claims: equality on status, range and order on claimedAt.
const CLAIMED_AT: NamedIndex = { key: { status: 1, claimedAt: 1, _id: 1 }, name: "mail_outbox_claimed_at" };
// list, newest first.
const CREATED_AT: NamedIndex = { key: { createdAt: -1, _id: -1 }, name: "mail_outbox_created_at_id" };

export const OUTBOX_INDEXES: NamedIndex[] = [
  QUEUED_DUE,
  CLAIMED_AT,
  CREATED_AT,
  // purgeFinishedOlderThan and countByStatus.
  { key: { status: 1, updatedAt: 1 }, name: "mail_outbox_status_updated_at" },
  // enqueue: a mail queued under a dedupe key is queued once.
  {
    key: { dedupeKey: 1 },
    name: "mail_outbox_dedupe_key_unique",
    unique: true,
    partialFilterExpression: { dedupeKey: { $type: "string" } },
  },
  // Erasing an account: its mails, by the account they are about and by their recipient.
  { key: { userId: 1 }, name: "mail_outbox_user_id", partialFilterExpression: { userId: { $type: "objectId" } } },
  { key: { to: 1 }, name: "mail_outbox_recipient" },
];

/** Indexes of earlier versions that no query uses any more: dropped at start. */
export const RETIRED_OUTBOX_INDEXES = ["mail_outbox_claim", "mail_outbox_created_at"];

export const OUTBOX_QUERIES = {
  lapsedClaim: (now: Date): IndexedQuery<OutboxDocument> => ({
    filter: { status: "sending", claimedAt: { $lte: leaseCutoff(now) } },
    sort: { claimedAt: 1, _id: 1 },
    index: CLAIMED_AT,
  }),
  dueQueued: (now: Date): IndexedQuery<OutboxDocument> => ({
    filter: { status: "queued", nextAttemptAt: { $lte: now } },
    sort: { nextAttemptAt: 1, _id: 1 },
    index: QUEUED_DUE,
  }),
  newest: (): IndexedQuery<OutboxDocument> => ({
    filter: {},
    sort: { createdAt: -1, _id: -1 },
    index: CREATED_AT,
  }),
};

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
    claimedAt: document.claimedAt ?? null,
    lastError: document.lastError ?? null,
    sentAt: document.sentAt ?? null,
    headers: document.headers ?? {},
    dedupeKey: document.dedupeKey ?? null,
    userId: document.userId?.toHexString() ?? null,
    createdAt: document.createdAt,
    updatedAt: document.updatedAt,
  };
}

/**
 * Mails a version without claim tokens left "sending" get a claim that lapses
 * one lease after their last update, so claimNext takes them over. The token
 * is one no claim ever gets (claims use 32 hex characters). Idempotent.
 */
export async function upgradeOutboxClaims(outbox: Collection<OutboxDocument>): Promise<void> {
  await outbox.updateMany({ status: "sending", claimedAt: { $exists: false } }, [
    { $set: { claimedAt: "$updatedAt", claimToken: "claimed-before-tokens" } },
  ]);
}

/** The filter of every mark: the mail, still sending, still under this very claim. */
function heldBy(claim: OutboxClaim) {
  const _id = toObjectId(claim.id);
  return _id === null ? null : { _id, status: "sending" as const, claimToken: claim.claimToken };
}

const RELEASED_CLAIM = { claimToken: null, claimedAt: null };

export function createMongoOutbox(outbox: Collection<OutboxDocument>): OutboxStore {
  /** findOneAndUpdate picks and marks in one atomic step: concurrent senders never claim the same mail. */
  async function claimFirst(query: IndexedQuery<OutboxDocument>, at: Date): Promise<ClaimedOutboxMail | null> {
    const claimToken = newClaimToken();
    const document = await outbox.findOneAndUpdate(
      query.filter,
      { $set: { status: "sending", claimToken, claimedAt: at, updatedAt: at }, $inc: { attempts: 1 } },
      { sort: query.sort, hint: query.index.key, returnDocument: "after" },
    );
    if (!document) return null;
    return { ...toOutboxMailRecord(document), status: "sending", claimedAt: at, claimToken };
  }

  /** matchedCount, not modifiedCount: a retried write (after a failover) reports the match of its first run. */
  async function markHeld(claim: OutboxClaim, set: Partial<OutboxDocument>): Promise<boolean> {
    const held = claimOrNull(claim);
    const filter = held && heldBy(held);
    if (!filter) return false;
    const result = await outbox.updateOne(filter, { $set: { ...set, ...RELEASED_CLAIM } });
    return result.matchedCount === 1;
  }

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
        claimToken: null,
        claimedAt: null,
        lastError: null,
        sentAt: null,
        headers: normalizeHeaders(mail.headers),
        ...(mail.dedupeKey === undefined ? {} : { dedupeKey: requireString(mail.dedupeKey, "dedupeKey") }),
        ...(mail.userId === undefined ? {} : { userId: requireObjectId(mail.userId, "userId") }),
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
      // A lapsed claim first: it has waited longest. Two single-document
      // atomic steps: a mail taken by another process between them simply
      // no longer matches.
      return (await claimFirst(OUTBOX_QUERIES.lapsedClaim(at), at)) ?? claimFirst(OUTBOX_QUERIES.dueQueued(at), at);
    },

    async markSent(claim, now = new Date()) {
      const at = requireDate(now, "now");
      return markHeld(claim, { status: "sent", sentAt: at, updatedAt: at });
    },

    async markRetry(claim, error, nextAttemptAt) {
      const lastError = requireString(error, "error");
      const nextAt = requireDate(nextAttemptAt, "nextAttemptAt");
      return markHeld(claim, { status: "queued", lastError, nextAttemptAt: nextAt, updatedAt: new Date() });
    },

    async markFailed(claim, error) {
      const lastError = requireString(error, "error");
      return markHeld(claim, { status: "failed", lastError, updatedAt: new Date() });
    },

    async list(options) {
      const query = OUTBOX_QUERIES.newest();
      const documents = await outbox
        .find(query.filter, { sort: query.sort, hint: query.index.key, limit: requireLimit(options.limit) })
        .toArray();
      return documents.map(toOutboxMailRecord);
    },

    async countByStatus() {
      // One count per status, each a range of mail_outbox_status_updated_at,
      // rather than a $group over every mail.
      const totals = await Promise.all(OUTBOX_STATUSES.map((status) => outbox.countDocuments({ status })));
      return Object.fromEntries(OUTBOX_STATUSES.map((status, index) => [status, totals[index]!])) as Record<
        OutboxStatus,
        number
      >;
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
