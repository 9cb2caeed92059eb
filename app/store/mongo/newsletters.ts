import { ObjectId, type Collection } from "mongodb";
import { normalizeObjectId } from "../object-id.ts";
import { normalizeNewsletterDraft, requireDate, requireLimit, requireString } from "../normalize.ts";
import type { NewsletterChangeOutcome, NewsletterRecord, NewslettersStore, NewsletterStatus } from "../types.ts";
import { type IndexedQuery, type NamedIndex, toObjectId } from "./mongo-values.ts";

export interface NewsletterDocument {
  _id: ObjectId;
  title: string;
  subject: string;
  content: string;
  scheduledAt: Date;
  status: NewsletterStatus;
  sentAt: Date | null;
  recipientCount: number | null;
  failureReason: string | null;
  attempts: number;
  claimToken: string | null;
  leaseUntil: Date | null;
  cursor: string | null;
  createdAt: Date;
  updatedAt: Date;
}

// Each listing names its index (hint) and sorts on that index's keys, _id
// tie-breaker included; the contract tests check it with explain().
// list, newest first.
const CREATED_AT: NamedIndex = { key: { createdAt: -1, _id: -1 }, name: "newsletters_created_at_id" };
// claimDue, scheduled ones: equality on status, range and order on scheduledAt.
const SCHEDULED_DUE: NamedIndex = {
  key: { status: 1, scheduledAt: 1, _id: 1 },
  name: "newsletters_status_scheduled_at",
};
// claimDue, lapsed claims: equality on status, range and order on leaseUntil.
const LEASE_UNTIL: NamedIndex = { key: { status: 1, leaseUntil: 1, _id: 1 }, name: "newsletters_status_lease_until" };

export const NEWSLETTER_INDEXES: NamedIndex[] = [CREATED_AT, SCHEDULED_DUE, LEASE_UNTIL];

export const NEWSLETTER_QUERIES = {
  newest: (): IndexedQuery<NewsletterDocument> => ({
    filter: {},
    sort: { createdAt: -1, _id: -1 },
    index: CREATED_AT,
  }),
  dueScheduled: (now: Date): IndexedQuery<NewsletterDocument> => ({
    filter: { status: "scheduled", scheduledAt: { $lte: now } },
    sort: { scheduledAt: 1, _id: 1 },
    index: SCHEDULED_DUE,
  }),
  lapsedClaim: (now: Date): IndexedQuery<NewsletterDocument> => ({
    filter: { status: "sending", leaseUntil: { $lt: now } },
    sort: { leaseUntil: 1, _id: 1 },
    index: LEASE_UNTIL,
  }),
};

const LOCKED_STATUSES: NewsletterStatus[] = ["sending", "sent"];

function toNewsletterRecord(document: NewsletterDocument): NewsletterRecord {
  return {
    id: document._id.toHexString(),
    title: document.title,
    subject: document.subject,
    content: document.content,
    scheduledAt: document.scheduledAt,
    status: document.status,
    sentAt: document.sentAt ?? null,
    recipientCount: document.recipientCount ?? null,
    failureReason: document.failureReason ?? null,
    attempts: document.attempts ?? 0,
    createdAt: document.createdAt,
    updatedAt: document.updatedAt,
  };
}

export function createMongoNewsletters(newsletters: Collection<NewsletterDocument>): NewslettersStore {
  async function lockedOrMissing<T>(_id: ObjectId): Promise<NewsletterChangeOutcome<T>> {
    const document = await newsletters.findOne({ _id }, { projection: { status: 1 } });
    if (document && (document.status === "sending" || document.status === "sent")) {
      return { ok: false, reason: "locked", status: document.status };
    }
    return { ok: false, reason: "not-found" };
  }

  return {
    async create(input) {
      const draft = normalizeNewsletterDraft(input);
      const now = new Date();
      const document: NewsletterDocument = {
        _id: new ObjectId(),
        ...draft,
        sentAt: null,
        recipientCount: null,
        failureReason: null,
        attempts: 0,
        claimToken: null,
        leaseUntil: null,
        cursor: null,
        createdAt: now,
        updatedAt: now,
      };
      await newsletters.insertOne(document);
      return toNewsletterRecord(document);
    },

    async findById(id) {
      const _id = toObjectId(id);
      if (_id === null) return null;
      const document = await newsletters.findOne({ _id });
      return document ? toNewsletterRecord(document) : null;
    },

    async list(options) {
      const query = NEWSLETTER_QUERIES.newest();
      const documents = await newsletters
        .find(query.filter, { sort: query.sort, hint: query.index.key, limit: requireLimit(options.limit) })
        .toArray();
      return documents.map(toNewsletterRecord);
    },

    async update(id, input) {
      const draft = normalizeNewsletterDraft(input);
      const _id = toObjectId(id);
      if (_id === null) return { ok: false, reason: "not-found" };
      // The status condition is part of the update, so a sender's claim
      // landing between a read and this write cannot be overwritten.
      const document = await newsletters.findOneAndUpdate(
        { _id, status: { $nin: LOCKED_STATUSES } },
        {
          $set: {
            ...draft,
            sentAt: null,
            recipientCount: null,
            failureReason: null,
            attempts: 0,
            claimToken: null,
            leaseUntil: null,
            cursor: null,
            updatedAt: new Date(),
          },
        },
        { returnDocument: "after" },
      );
      return document ? { ok: true, value: toNewsletterRecord(document) } : lockedOrMissing(_id);
    },

    async delete(id) {
      const _id = toObjectId(id);
      if (_id === null) return { ok: false, reason: "not-found" };
      const result = await newsletters.deleteOne({ _id, status: { $nin: LOCKED_STATUSES } });
      return result.deletedCount > 0 ? { ok: true, value: true } : lockedOrMissing(_id);
    },

    async claimDue({ now, claimToken, leaseMs }) {
      const at = requireDate(now, "now");
      const token = requireString(claimToken, "claimToken");
      if (!Number.isInteger(leaseMs) || leaseMs < 1) throw new TypeError("leaseMs must be a positive integer");
      const leaseUntil = new Date(at.getTime() + leaseMs);
      const take = {
        $set: { status: "sending" as const, claimToken: token, leaseUntil, updatedAt: at },
        $inc: { attempts: 1 },
      };
      // Each findOneAndUpdate picks and marks in one atomic step: the
      // scheduled newsletter due the longest, else the oldest lapsed lease.
      const claimFirst = (query: IndexedQuery<NewsletterDocument>) =>
        newsletters.findOneAndUpdate(query.filter, take, {
          sort: query.sort,
          hint: query.index.key,
          returnDocument: "after",
        });
      const document =
        (await claimFirst(NEWSLETTER_QUERIES.dueScheduled(at))) ??
        (await claimFirst(NEWSLETTER_QUERIES.lapsedClaim(at)));
      if (!document) return null;
      return {
        newsletter: toNewsletterRecord(document),
        claimToken: token,
        leaseUntil,
        cursor: document.cursor ?? null,
      };
    },

    async recordProgress(id, claimToken, { cursor, recipientCount, leaseUntil }) {
      const _id = toObjectId(id);
      const normalizedCursor = normalizeObjectId(cursor);
      if (normalizedCursor === null) throw new TypeError("cursor must be a 24-hex id");
      if (!Number.isInteger(recipientCount) || recipientCount < 0) throw new TypeError("recipientCount must be >= 0");
      const until = requireDate(leaseUntil, "leaseUntil");
      const token = requireString(claimToken, "claimToken");
      if (_id === null) return false;
      const result = await newsletters.updateOne(
        { _id, status: "sending", claimToken: token },
        { $set: { cursor: normalizedCursor, recipientCount, leaseUntil: until, updatedAt: new Date() } },
      );
      return result.matchedCount === 1;
    },

    async finish(id, claimToken, outcome) {
      const _id = toObjectId(id);
      const token = requireString(claimToken, "claimToken");
      if (_id === null) return false;
      let changes: Partial<NewsletterDocument>;
      if (outcome.status === "sent") {
        if (!Number.isInteger(outcome.recipientCount) || outcome.recipientCount < 0) {
          throw new TypeError("recipientCount must be >= 0");
        }
        changes = {
          status: "sent",
          sentAt: requireDate(outcome.sentAt, "sentAt"),
          recipientCount: outcome.recipientCount,
          failureReason: null,
        };
      } else {
        changes = { status: "failed", failureReason: requireString(outcome.reason, "reason") };
      }
      const result = await newsletters.updateOne(
        { _id, status: "sending", claimToken: token },
        { $set: { ...changes, claimToken: null, leaseUntil: null, updatedAt: new Date() } },
      );
      return result.matchedCount === 1;
    },
  };
}
