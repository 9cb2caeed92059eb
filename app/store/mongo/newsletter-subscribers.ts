import { ObjectId, type Collection, type IndexDescription } from "mongodb";
import { emailForLookup, normalizeEmail, requireString } from "../normalize.ts";
import type { NewsletterSubscriberRecord, NewsletterSubscribersStore } from "../types.ts";
import { duplicateKeyFields } from "./mongo-values.ts";

export interface SubscriberDocument {
  _id: ObjectId;
  email: string;
  locale: string;
  createdAt: Date;
}

export const SUBSCRIBER_INDEXES: IndexDescription[] = [
  { key: { email: 1 }, name: "newsletter_subscribers_email_unique", unique: true },
];

function toSubscriberRecord(document: SubscriberDocument): NewsletterSubscriberRecord {
  return {
    id: document._id.toHexString(),
    email: document.email,
    locale: document.locale,
    createdAt: document.createdAt,
  };
}

export function createMongoNewsletterSubscribers(
  subscribers: Collection<SubscriberDocument>,
): NewsletterSubscribersStore {
  return {
    async subscribe(email, locale) {
      const document: SubscriberDocument = {
        _id: new ObjectId(),
        email: normalizeEmail(requireString(email, "email")),
        locale: requireString(locale, "locale"),
        createdAt: new Date(),
      };
      try {
        await subscribers.insertOne(document);
        return { subscriber: toSubscriberRecord(document), created: true };
      } catch (error) {
        // The unique index settles concurrent subscriptions of the same address.
        if (duplicateKeyFields(error) === null) throw error;
        const existing = await subscribers.findOne({ email: document.email });
        if (existing === null) throw error;
        return { subscriber: toSubscriberRecord(existing), created: false };
      }
    },

    async findByEmail(email) {
      const normalizedEmail = emailForLookup(email);
      if (normalizedEmail === null) return null;
      const document = await subscribers.findOne({ email: normalizedEmail });
      return document ? toSubscriberRecord(document) : null;
    },

    async unsubscribe(email) {
      const normalizedEmail = emailForLookup(email);
      if (normalizedEmail === null) return false;
      return (await subscribers.deleteOne({ email: normalizedEmail })).deletedCount > 0;
    },
  };
}
