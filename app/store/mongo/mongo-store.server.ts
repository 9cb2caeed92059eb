import {
  type Db,
  type IndexDescription,
  MongoClient,
  type MongoClientOptions,
  MongoNetworkError,
  MongoServerError,
  MongoServerSelectionError,
} from "mongodb";
import { StoreAuthenticationError, StoreIndexBuildError, StoreUnreachableError } from "../start-errors.ts";
import type { Store } from "../types.ts";
import { mongoUrlProblem, mongoDatabaseName } from "./connection-string.ts";
import {
  CONTACT_MESSAGE_INDEXES,
  createMongoContactMessages,
  RETIRED_CONTACT_MESSAGE_INDEXES,
  type ContactMessageDocument,
} from "./contact-messages.ts";
import { createMongoAccounts } from "./accounts.ts";
import { createMongoEmailChanges, EMAIL_CHANGE_INDEXES, type EmailChangeDocument } from "./email-changes.ts";
import { createMongoHistory, HISTORY_INDEXES, RETIRED_HISTORY_INDEXES, type HistoryDocument } from "./history.ts";
import {
  createMongoNewsletterSubscribers,
  SUBSCRIBER_INDEXES,
  type SubscriberDocument,
  upgradeLegacySubscribers,
  upgradeUnsubscribeTokens,
} from "./newsletter-subscribers.ts";
import { createMongoNewsletters, NEWSLETTER_INDEXES, type NewsletterDocument } from "./newsletters.ts";
import {
  createMongoOutbox,
  OUTBOX_INDEXES,
  RETIRED_OUTBOX_INDEXES,
  upgradeOutboxClaims,
  type OutboxDocument,
} from "./outbox.ts";
import { createMongoPhotos, type PhotoDocument, upgradePhotoVersions } from "./photos.ts";
import { createMongoRateLimiters, RATE_LIMIT_INDEXES } from "./rate-limits.ts";
import { createMongoReviews, RETIRED_REVIEW_INDEXES, REVIEW_INDEXES, type ReviewDocument } from "./reviews.ts";
import { createMongoSessions, RETIRED_SESSION_INDEXES, SESSION_INDEXES, type SessionDocument } from "./sessions.ts";
import { createMongoUsers, USER_INDEXES, type UserDocument } from "./users.ts";
import { createMongoVerifications, VERIFICATION_INDEXES, type VerificationDocument } from "./verifications.ts";
import {
  createMongoWorkoutSessions,
  WORKOUT_SESSION_INDEXES,
  type WorkoutSessionDocument,
} from "./workout-sessions.ts";
import {
  createMongoExerciseHistory,
  EXERCISE_LOG_INDEXES,
  EXERCISE_RECORDS_INDEXES,
  type ExerciseLogDocument,
  type ExerciseRecordsDocument,
} from "./exercise-history.ts";
import {
  createMongoWorkoutStats,
  WORKOUT_DAY_INDEXES,
  type WorkoutDayDocument,
  type WorkoutTotalsDocument,
} from "./workout-stats.ts";

export const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;

/**
 * Once running, how long an operation waits for a primary. An election
 * usually settles within about 12 s (10 s to notice the primary is gone,
 * then the vote); 30 s rides out a slow one. A request made meanwhile waits
 * for the new primary instead of failing.
 */
export const FAILOVER_SELECTION_TIMEOUT_MS = 30_000;

/**
 * How long a majority write waits for the secondaries. Without it a write
 * hangs for as long as too few secondaries are up; with it the request
 * fails after 10 s (the write stays on the primary and replicates later).
 */
export const MAJORITY_WRITE_TIMEOUT_MS = 10_000;

export interface MongoStoreOptions {
  /** Bounds the first connect (server selection and TCP connect), so an unreachable server fails start fast. */
  connectTimeoutMs?: number;
  /** Defaults to the database named in the URL; a URL without one is refused. */
  dbName?: string;
}

/**
 * The settings every client of this app uses. They win over the same
 * options written in the URL: the app relies on each of them.
 */
export function mongoClientOptions(serverSelectionTimeoutMS: number, connectTimeoutMS: number): MongoClientOptions {
  return {
    appName: "dynami",
    serverSelectionTimeoutMS,
    connectTimeoutMS,
    // Acknowledged once a majority of the replica set holds the write, so a
    // failover cannot roll back what a user was told is saved; bounded, so
    // a secondary down cannot hang a request.
    writeConcern: { w: "majority", wtimeoutMS: MAJORITY_WRITE_TIMEOUT_MS },
    // Every read goes to the primary: a request sees what the previous one
    // wrote, whichever instance served it (a secondary may lag behind).
    readPreference: "primary",
    // An operation cut off by an election is sent once more to the new
    // primary; the server recognises a retried write and never applies it
    // twice (claims, marks and inserts are single-document writes).
    retryWrites: true,
    retryReads: true,
  };
}

const COLLECTIONS = {
  users: "users",
  sessions: "sessions",
  verifications: "verifications",
  outbox: "mail_outbox",
  newsletterSubscribers: "newsletter_subscribers",
  history: "history",
  contactMessages: "contact_messages",
  rateLimits: "rate_limits",
  reviews: "reviews",
  newsletters: "newsletters",
  emailChanges: "email_changes",
  workoutSessions: "workout_sessions",
  photos: "photos",
  workoutTotals: "workout_totals",
  workoutDays: "workout_days",
  exerciseLogs: "exercise_logs",
  exerciseRecords: "exercise_records",
} as const;

interface CollectionIndexes {
  collection: string;
  indexes: IndexDescription[];
  /** Names of indexes earlier versions created and no query uses any more. */
  retired: string[];
}

/** Every index of the app, per collection (README: "Several instances"). */
export const MONGO_INDEXES: CollectionIndexes[] = [
  { collection: COLLECTIONS.users, indexes: USER_INDEXES, retired: [] },
  { collection: COLLECTIONS.sessions, indexes: SESSION_INDEXES, retired: RETIRED_SESSION_INDEXES },
  { collection: COLLECTIONS.verifications, indexes: VERIFICATION_INDEXES, retired: [] },
  { collection: COLLECTIONS.outbox, indexes: OUTBOX_INDEXES, retired: RETIRED_OUTBOX_INDEXES },
  {
    collection: COLLECTIONS.newsletterSubscribers,
    indexes: SUBSCRIBER_INDEXES,
    // Raw unsubscribe tokens, replaced by their hashes (upgradeUnsubscribeTokens).
    retired: ["newsletter_subscribers_unsubscribe_token_unique"],
  },
  { collection: COLLECTIONS.history, indexes: HISTORY_INDEXES, retired: RETIRED_HISTORY_INDEXES },
  {
    collection: COLLECTIONS.contactMessages,
    indexes: CONTACT_MESSAGE_INDEXES,
    retired: RETIRED_CONTACT_MESSAGE_INDEXES,
  },
  { collection: COLLECTIONS.rateLimits, indexes: RATE_LIMIT_INDEXES, retired: [] },
  { collection: COLLECTIONS.reviews, indexes: REVIEW_INDEXES, retired: RETIRED_REVIEW_INDEXES },
  { collection: COLLECTIONS.emailChanges, indexes: EMAIL_CHANGE_INDEXES, retired: [] },
  { collection: COLLECTIONS.newsletters, indexes: NEWSLETTER_INDEXES, retired: [] },
  { collection: COLLECTIONS.workoutSessions, indexes: WORKOUT_SESSION_INDEXES, retired: [] },
  // photos and workout_totals are read by _id (the user's) only.
  { collection: COLLECTIONS.workoutDays, indexes: WORKOUT_DAY_INDEXES, retired: [] },
  { collection: COLLECTIONS.exerciseLogs, indexes: EXERCISE_LOG_INDEXES, retired: [] },
  { collection: COLLECTIONS.exerciseRecords, indexes: EXERCISE_RECORDS_INDEXES, retired: [] },
];

const AUTHENTICATION_FAILED = 18;
const UNAUTHORIZED = 13;
const DUPLICATE_KEY = 11000;
const INDEX_NOT_FOUND = 27;
const NAMESPACE_NOT_FOUND = 26;

function isAuthenticationError(error: unknown): error is MongoServerError {
  return error instanceof MongoServerError && (error.code === AUTHENTICATION_FAILED || error.code === UNAUTHORIZED);
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split("\n")[0]!;
}

/** The store's own errors for what the driver reports while opening; anything else unchanged. */
export function classifyStartError(error: unknown): unknown {
  if (error instanceof StoreIndexBuildError) return error;
  if (isAuthenticationError(error)) return new StoreAuthenticationError(firstLine(error), { cause: error });
  if (error instanceof MongoServerSelectionError || error instanceof MongoNetworkError) {
    return new StoreUnreachableError(firstLine(error), { cause: error });
  }
  return error;
}

/** The duplicated key of a failed unique index build, as the server names it. */
function duplicateKeyOf(error: MongoServerError): string | null {
  if (error.code !== DUPLICATE_KEY) return null;
  const keyValue: unknown = error.keyValue;
  if (keyValue && typeof keyValue === "object") return JSON.stringify(keyValue);
  return /dup key: (\{.*\})/.exec(error.message)?.[1] ?? "(not named by the server)";
}

/**
 * One index at a time, so a failure names its collection and index. A
 * no-op for an index that exists with the same definition. commitQuorum
 * "majority": a secondary down must not hold the start up (the default
 * waits for every voting member).
 */
async function ensureIndexes(db: Db): Promise<void> {
  for (const { collection, indexes, retired } of MONGO_INDEXES) {
    for (const index of indexes) {
      try {
        await db.collection(collection).createIndexes([index], { commitQuorum: "majority" });
      } catch (error) {
        if (!(error instanceof MongoServerError) || isAuthenticationError(error)) throw error;
        throw new StoreIndexBuildError(collection, index.name!, duplicateKeyOf(error), firstLine(error), {
          cause: error,
        });
      }
    }
    // After the new ones exist, so no query is ever left without its index.
    for (const name of retired) {
      await db
        .collection(collection)
        .dropIndex(name)
        .catch((error: unknown) => {
          const gone =
            error instanceof MongoServerError && [INDEX_NOT_FOUND, NAMESPACE_NOT_FOUND].includes(error.code as number);
          if (!gone) throw error;
        });
    }
  }
}

function databaseNameFor(databaseUrl: string, options: MongoStoreOptions): string {
  if (options.dbName !== undefined) return options.dbName;
  const problem = mongoUrlProblem(databaseUrl);
  if (problem !== null) throw new Error(`DATABASE_URL: ${problem}`);
  return mongoDatabaseName(databaseUrl)!;
}

/**
 * The driver fixes the server selection timeout per client (driver 7 has no
 * per-operation timeout), yet start and service need different ones: start
 * should fail fast when nothing answers, service should wait out an
 * election. So a short-lived client with the short timeout makes the first
 * contact (ping, index builds, upgrades) and the serving client, with the
 * long one, connects only once that succeeded.
 */
async function prepareDatabase(databaseUrl: string, dbName: string, connectTimeoutMs: number): Promise<void> {
  const client = new MongoClient(databaseUrl, mongoClientOptions(connectTimeoutMs, connectTimeoutMs));
  try {
    await client.connect();
    const db = client.db(dbName);
    await db.command({ ping: 1 });
    await ensureIndexes(db);
    await upgradeOutboxClaims(db.collection<OutboxDocument>(COLLECTIONS.outbox));
    await upgradeLegacySubscribers(
      db.collection<SubscriberDocument>(COLLECTIONS.newsletterSubscribers),
      db.collection<UserDocument>(COLLECTIONS.users),
    );
    await upgradeUnsubscribeTokens(db.collection<SubscriberDocument>(COLLECTIONS.newsletterSubscribers));
    await upgradePhotoVersions(
      db.collection<PhotoDocument>(COLLECTIONS.photos),
      db.collection<UserDocument>(COLLECTIONS.users),
    );
  } finally {
    await client.close().catch(() => undefined);
  }
}

/**
 * Connects, pings, builds the indexes and returns the store; rejects with
 * StoreUnreachableError, StoreAuthenticationError or StoreIndexBuildError.
 */
export async function openMongoStore(databaseUrl: string, options: MongoStoreOptions = {}): Promise<Store> {
  const dbName = databaseNameFor(databaseUrl, options);
  const connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  try {
    await prepareDatabase(databaseUrl, dbName, connectTimeoutMs);
  } catch (error) {
    throw classifyStartError(error);
  }

  const client = new MongoClient(
    databaseUrl,
    mongoClientOptions(FAILOVER_SELECTION_TIMEOUT_MS, DEFAULT_CONNECT_TIMEOUT_MS),
  );
  try {
    await client.connect();
  } catch (error) {
    await client.close().catch(() => undefined);
    throw classifyStartError(error);
  }
  const db = client.db(dbName);
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
    workoutSessions: createMongoWorkoutSessions(db.collection<WorkoutSessionDocument>(COLLECTIONS.workoutSessions)),
    contactMessages: createMongoContactMessages(db.collection<ContactMessageDocument>(COLLECTIONS.contactMessages)),
    reviews: createMongoReviews(db.collection<ReviewDocument>(COLLECTIONS.reviews)),
    newsletters: createMongoNewsletters(db.collection<NewsletterDocument>(COLLECTIONS.newsletters)),
    emailChanges: createMongoEmailChanges(db.collection<EmailChangeDocument>(COLLECTIONS.emailChanges)),
    accounts: createMongoAccounts({
      users: db.collection<UserDocument>(COLLECTIONS.users),
      sessions: db.collection<SessionDocument>(COLLECTIONS.sessions),
      verifications: db.collection<VerificationDocument>(COLLECTIONS.verifications),
      emailChanges: db.collection<EmailChangeDocument>(COLLECTIONS.emailChanges),
      history: db.collection<HistoryDocument>(COLLECTIONS.history),
      workoutSessions: db.collection<WorkoutSessionDocument>(COLLECTIONS.workoutSessions),
      workoutTotals: db.collection<WorkoutTotalsDocument>(COLLECTIONS.workoutTotals),
      workoutDays: db.collection<WorkoutDayDocument>(COLLECTIONS.workoutDays),
      exerciseLogs: db.collection<ExerciseLogDocument>(COLLECTIONS.exerciseLogs),
      exerciseRecords: db.collection<ExerciseRecordsDocument>(COLLECTIONS.exerciseRecords),
      photos: db.collection<PhotoDocument>(COLLECTIONS.photos),
      reviews: db.collection<ReviewDocument>(COLLECTIONS.reviews),
      newsletterSubscribers: db.collection<SubscriberDocument>(COLLECTIONS.newsletterSubscribers),
      outbox: db.collection<OutboxDocument>(COLLECTIONS.outbox),
    }),
    photos: createMongoPhotos(db.collection<PhotoDocument>(COLLECTIONS.photos)),
    workoutStats: createMongoWorkoutStats(
      db.collection<WorkoutTotalsDocument>(COLLECTIONS.workoutTotals),
      db.collection<WorkoutDayDocument>(COLLECTIONS.workoutDays),
    ),
    exerciseHistory: createMongoExerciseHistory(
      db.collection<ExerciseLogDocument>(COLLECTIONS.exerciseLogs),
      db.collection<ExerciseRecordsDocument>(COLLECTIONS.exerciseRecords),
    ),
    rateLimiter: createMongoRateLimiters(db, COLLECTIONS.rateLimits),
    async ping() {
      await db.command({ ping: 1 });
    },
    async close() {
      await client.close();
    },
  };
}
