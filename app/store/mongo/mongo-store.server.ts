import { MongoClient, type Db, type IndexDescription } from "mongodb";
import type { Store } from "../types.ts";
import {
  CONTACT_MESSAGE_INDEXES,
  createMongoContactMessages,
  type ContactMessageDocument,
} from "./contact-messages.ts";
import { createMongoHistory, HISTORY_INDEXES, type HistoryDocument } from "./history.ts";
import {
  createMongoNewsletterSubscribers,
  SUBSCRIBER_INDEXES,
  type SubscriberDocument,
  upgradeLegacySubscribers,
} from "./newsletter-subscribers.ts";
import { createMongoNewsletters, NEWSLETTER_INDEXES, type NewsletterDocument } from "./newsletters.ts";
import { createMongoOutbox, OUTBOX_INDEXES, type OutboxDocument } from "./outbox.ts";
import { createMongoReviews, REVIEW_INDEXES, type ReviewDocument } from "./reviews.ts";
import { createMongoSessions, SESSION_INDEXES, type SessionDocument } from "./sessions.ts";
import { createMongoUsers, USER_INDEXES, type UserDocument } from "./users.ts";
import { createMongoVerifications, VERIFICATION_INDEXES, type VerificationDocument } from "./verifications.ts";

export const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;

export interface MongoStoreOptions {
  /** Bounds both server selection and the TCP connect, so an unreachable server fails fast. */
  connectTimeoutMs?: number;
  /** Defaults to the database named in the URL. */
  dbName?: string;
}

const COLLECTIONS = {
  users: "users",
  sessions: "sessions",
  verifications: "verifications",
  outbox: "mail_outbox",
  newsletterSubscribers: "newsletter_subscribers",
  history: "history",
  contactMessages: "contact_messages",
  reviews: "reviews",
  newsletters: "newsletters",
} as const;

const INDEXES: [collection: string, indexes: IndexDescription[]][] = [
  [COLLECTIONS.users, USER_INDEXES],
  [COLLECTIONS.sessions, SESSION_INDEXES],
  [COLLECTIONS.verifications, VERIFICATION_INDEXES],
  [COLLECTIONS.outbox, OUTBOX_INDEXES],
  [COLLECTIONS.newsletterSubscribers, SUBSCRIBER_INDEXES],
  [COLLECTIONS.history, HISTORY_INDEXES],
  [COLLECTIONS.contactMessages, CONTACT_MESSAGE_INDEXES],
  [COLLECTIONS.reviews, REVIEW_INDEXES],
  [COLLECTIONS.newsletters, NEWSLETTER_INDEXES],
];

async function ensureIndexes(db: Db): Promise<void> {
  // createIndexes is a no-op for indexes that already exist with the same definition.
  await Promise.all(INDEXES.map(([collection, indexes]) => db.collection(collection).createIndexes(indexes)));
}

/** Connects, pings and creates the indexes; rejects (and closes the client) when any of it fails. */
export async function openMongoStore(databaseUrl: string, options: MongoStoreOptions = {}): Promise<Store> {
  const timeout = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  const client = new MongoClient(databaseUrl, {
    serverSelectionTimeoutMS: timeout,
    connectTimeoutMS: timeout,
    writeConcern: { w: "majority" },
  });
  try {
    await client.connect();
    const db = client.db(options.dbName);
    await db.command({ ping: 1 });
    await ensureIndexes(db);
    await upgradeLegacySubscribers(
      db.collection<SubscriberDocument>(COLLECTIONS.newsletterSubscribers),
      db.collection<UserDocument>(COLLECTIONS.users),
    );
    return {
      kind: "mongodb",
      users: createMongoUsers(db.collection<UserDocument>(COLLECTIONS.users)),
      sessions: createMongoSessions(db.collection<SessionDocument>(COLLECTIONS.sessions)),
      verifications: createMongoVerifications(db.collection<VerificationDocument>(COLLECTIONS.verifications)),
      outbox: createMongoOutbox(db.collection<OutboxDocument>(COLLECTIONS.outbox)),
      newsletterSubscribers: createMongoNewsletterSubscribers(
        db.collection<SubscriberDocument>(COLLECTIONS.newsletterSubscribers),
      ),
      history: createMongoHistory(db.collection<HistoryDocument>(COLLECTIONS.history)),
      contactMessages: createMongoContactMessages(db.collection<ContactMessageDocument>(COLLECTIONS.contactMessages)),
      reviews: createMongoReviews(db.collection<ReviewDocument>(COLLECTIONS.reviews)),
      newsletters: createMongoNewsletters(db.collection<NewsletterDocument>(COLLECTIONS.newsletters)),
      async ping() {
        await db.command({ ping: 1 });
      },
      async close() {
        await client.close();
      },
    };
  } catch (error) {
    await client.close().catch(() => undefined);
    throw error;
  }
}
