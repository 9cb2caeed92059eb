import { createHash } from "node:crypto";
import { ObjectId, type Collection } from "mongodb";
import {
  emailForLookup,
  normalizeEmail,
  requireBoolean,
  requireDate,
  requireLimit,
  requireString,
  stringOrNull,
} from "../normalize.ts";
import type { NewsletterSubscriberRecord, NewsletterSubscribersStore } from "../types.ts";
import { duplicateKeyFields, type IndexedQuery, type NamedIndex, requireObjectId, toObjectId } from "./mongo-values.ts";
import type { UserDocument } from "./users.ts";

export interface SubscriberDocument {
  _id: ObjectId;
  email: string;
  locale: string;
  /** Mirrors confirmedAt !== null: an equality the sender's index can serve together with the _id sort. */
  confirmed: boolean;
  confirmedAt: Date | null;
  confirmTokenHash: string | null;
  confirmWithAccount: boolean;
  /** sha256 hex of the raw token the links of an earlier version carried (upgradeUnsubscribeTokens). */
  legacyUnsubscribeTokenHash?: string;
  /** Raw, in documents of an earlier version only, until upgradeUnsubscribeTokens hashes it. */
  unsubscribeToken?: string;
  createdAt: Date;
}

// listConfirmed: equality on confirmed, then the _id range and order.
const CONFIRMED_ID: NamedIndex = { key: { confirmed: 1, _id: 1 }, name: "newsletter_subscribers_confirmed_id" };
// purgePendingOlderThan: pending subscriptions only, by date.
const PENDING_CREATED_AT: NamedIndex = {
  key: { createdAt: 1 },
  name: "newsletter_subscribers_pending_created_at",
  partialFilterExpression: { confirmed: false },
};

export const SUBSCRIBER_INDEXES: NamedIndex[] = [
  { key: { email: 1 }, name: "newsletter_subscribers_email_unique", unique: true },
  {
    key: { legacyUnsubscribeTokenHash: 1 },
    name: "newsletter_subscribers_legacy_unsubscribe_unique",
    unique: true,
    partialFilterExpression: { legacyUnsubscribeTokenHash: { $type: "string" } },
  },
  {
    key: { confirmTokenHash: 1 },
    name: "newsletter_subscribers_confirm_token_hash_unique",
    unique: true,
    partialFilterExpression: { confirmTokenHash: { $type: "string" } },
  },
  CONFIRMED_ID,
  PENDING_CREATED_AT,
];

/**
 * The reads of many subscribers, spelled out so the contract tests can
 * explain() them. The purge is a delete: its order does not matter, only
 * that it reads the pending ones through their index.
 */
export const SUBSCRIBER_QUERIES = {
  confirmed: (afterId: ObjectId | null): IndexedQuery<SubscriberDocument> => ({
    filter: afterId === null ? { confirmed: true } : { confirmed: true, _id: { $gt: afterId } },
    sort: { _id: 1 },
    index: CONFIRMED_ID,
  }),
  // The filter repeats the index's partial filter (confirmed: false), so the index can serve it.
  pendingOlderThan: (cutoff: Date): IndexedQuery<SubscriberDocument> => ({
    filter: { confirmed: false, createdAt: { $lt: cutoff } },
    sort: { createdAt: 1 },
    index: PENDING_CREATED_AT,
  }),
};

function toSubscriberRecord(document: SubscriberDocument): NewsletterSubscriberRecord {
  return {
    id: document._id.toHexString(),
    email: document.email,
    locale: document.locale,
    confirmedAt: document.confirmedAt ?? null,
    confirmWithAccount: document.confirmWithAccount ?? false,
    createdAt: document.createdAt,
  };
}

/**
 * Subscribers stored before double opt-in came from the sign-up box only:
 * each counts as confirmed when its account is
 * verified, as pending otherwise. Runs at start; a no-op once done.
 */
export async function upgradeLegacySubscribers(
  subscribers: Collection<SubscriberDocument>,
  users: Collection<UserDocument>,
): Promise<number> {
  let upgraded = 0;
  const legacy = subscribers.find({ confirmed: { $exists: false } }, { projection: { _id: 1, email: 1 } });
  for await (const document of legacy) {
    const user = await users.findOne({ email: document.email }, { projection: { emailVerifiedAt: 1 } });
    const confirmedAt = user?.emailVerifiedAt ?? null;
    const result = await subscribers.updateOne(
      { _id: document._id, confirmed: { $exists: false } },
      {
        $set: {
          confirmWithAccount: true,
          confirmed: confirmedAt !== null,
          confirmedAt,
          confirmTokenHash: null,
        },
      },
    );
    upgraded += result.modifiedCount;
  }
  return upgraded;
}

export function createMongoNewsletterSubscribers(
  subscribers: Collection<SubscriberDocument>,
): NewsletterSubscribersStore {
  return {
    async subscribe(input) {
      const document: SubscriberDocument = {
        _id: new ObjectId(),
        email: normalizeEmail(requireString(input.email, "email")),
        locale: requireString(input.locale, "locale"),
        confirmed: false,
        confirmedAt: null,
        confirmTokenHash: input.confirmTokenHash === null ? null : requireString(input.confirmTokenHash, "hash"),
        confirmWithAccount: requireBoolean(input.confirmWithAccount, "confirmWithAccount"),
        createdAt: new Date(),
      };
      try {
        await subscribers.insertOne(document);
        return { subscriber: toSubscriberRecord(document), created: true };
      } catch (error) {
        // The unique index settles concurrent subscriptions of the same address.
        if (!duplicateKeyFields(error)?.some((field) => field.includes("email"))) throw error;
        const existing = document.confirmWithAccount
          ? await subscribers.findOneAndUpdate(
              { email: document.email, confirmed: false },
              { $set: { confirmWithAccount: true } },
              { returnDocument: "after" },
            )
          : null;
        const found = existing ?? (await subscribers.findOne({ email: document.email }));
        if (found === null) throw error;
        return { subscriber: toSubscriberRecord(found), created: false };
      }
    },

    async findByEmail(email) {
      const normalizedEmail = emailForLookup(email);
      if (normalizedEmail === null) return null;
      const document = await subscribers.findOne({ email: normalizedEmail });
      return document ? toSubscriberRecord(document) : null;
    },

    async replaceConfirmToken(email, confirmTokenHash) {
      const normalizedEmail = emailForLookup(email);
      const hash = requireString(confirmTokenHash, "confirmTokenHash");
      if (normalizedEmail === null) return false;
      const result = await subscribers.updateOne(
        { email: normalizedEmail, confirmed: false },
        { $set: { confirmTokenHash: hash } },
      );
      return result.matchedCount > 0;
    },

    async confirmByToken(confirmTokenHash, now = new Date()) {
      const hash = stringOrNull(confirmTokenHash);
      const at = requireDate(now, "now");
      if (hash === null) return null;
      const document = await subscribers.findOneAndUpdate(
        { confirmTokenHash: hash, confirmed: false },
        { $set: { confirmed: true, confirmedAt: at, confirmTokenHash: null } },
        { returnDocument: "after" },
      );
      return document ? toSubscriberRecord(document) : null;
    },

    async confirmWithAccount(email, now = new Date()) {
      const normalizedEmail = emailForLookup(email);
      const at = requireDate(now, "now");
      if (normalizedEmail === null) return false;
      const result = await subscribers.updateOne(
        { email: normalizedEmail, confirmed: false, confirmWithAccount: true },
        { $set: { confirmed: true, confirmedAt: at, confirmTokenHash: null } },
      );
      return result.modifiedCount > 0;
    },

    async unsubscribe(email) {
      const normalizedEmail = emailForLookup(email);
      if (normalizedEmail === null) return false;
      return (await subscribers.deleteOne({ email: normalizedEmail })).deletedCount > 0;
    },

    async unsubscribeById(id) {
      const _id = toObjectId(id);
      if (_id === null) return null;
      const document = await subscribers.findOneAndDelete({ _id });
      return document ? toSubscriberRecord(document) : null;
    },

    async unsubscribeByLegacyTokenHash(tokenHash) {
      const hash = stringOrNull(tokenHash);
      if (hash === null) return null;
      const document = await subscribers.findOneAndDelete({ legacyUnsubscribeTokenHash: hash });
      return document ? toSubscriberRecord(document) : null;
    },

    async listConfirmed(options) {
      const limit = requireLimit(options.limit);
      const afterId = options.afterId === null ? null : requireObjectId(options.afterId, "afterId");
      const query = SUBSCRIBER_QUERIES.confirmed(afterId);
      const documents = await subscribers
        .find(query.filter, { sort: query.sort, hint: query.index.key, limit })
        .toArray();
      return documents.map(toSubscriberRecord);
    },

    async purgePendingOlderThan(cutoff) {
      const query = SUBSCRIBER_QUERIES.pendingOlderThan(requireDate(cutoff, "cutoff"));
      const result = await subscribers.deleteMany(query.filter, { hint: query.index.key });
      return result.deletedCount;
    },
  };
}

/**
 * Unsubscribe tokens of an earlier version were stored as they were sent:
 * each is replaced by its sha256 hex, so the links already in inboxes still
 * work and the database holds no usable token. Runs at start; idempotent.
 */
export async function upgradeUnsubscribeTokens(subscribers: Collection<SubscriberDocument>): Promise<number> {
  let upgraded = 0;
  const raw = subscribers.find(
    { unsubscribeToken: { $type: "string" } },
    { projection: { _id: 1, unsubscribeToken: 1 } },
  );
  for await (const document of raw) {
    const result = await subscribers.updateOne(
      { _id: document._id, unsubscribeToken: document.unsubscribeToken },
      {
        $set: { legacyUnsubscribeTokenHash: createHash("sha256").update(document.unsubscribeToken!).digest("hex") },
        $unset: { unsubscribeToken: "" },
      },
    );
    upgraded += result.modifiedCount;
  }
  return upgraded;
}
