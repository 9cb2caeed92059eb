import { createHash, randomBytes } from "node:crypto";
import { Binary, type Document, MongoClient, MongoServerError, ObjectId } from "mongodb";
import { afterAll, describe, expect, it } from "vitest";
import { CONTACT_MESSAGE_QUERIES } from "./mongo/contact-messages.ts";
import { HISTORY_QUERIES } from "./mongo/history.ts";
import {
  classifyStartError,
  FAILOVER_SELECTION_TIMEOUT_MS,
  MAJORITY_WRITE_TIMEOUT_MS,
  MONGO_INDEXES,
  mongoClientOptions,
  openMongoStore,
} from "./mongo/mongo-store.server.ts";
import type { IndexedQuery } from "./mongo/mongo-values.ts";
import { SUBSCRIBER_QUERIES } from "./mongo/newsletter-subscribers.ts";
import { NEWSLETTER_QUERIES } from "./mongo/newsletters.ts";
import { OUTBOX_QUERIES } from "./mongo/outbox.ts";
import { REVIEW_QUERIES } from "./mongo/reviews.ts";
import { SESSION_QUERIES } from "./mongo/sessions.ts";
import { WORKOUT_SESSION_QUERIES } from "./mongo/workout-sessions.ts";
import { WORKOUT_STATS_QUERIES } from "./mongo/workout-stats.ts";
import { EXERCISE_HISTORY_QUERIES } from "./mongo/exercise-history.ts";
import { StoreAuthenticationError, StoreIndexBuildError, StoreUnreachableError } from "./start-errors.ts";
import { describeStoreContract, type ListingQuery, type ListingQueryArgs, type QueryPlan } from "./store.contract.ts";

// The contract runs only against a real server, which this machine cannot
// host: TEST_MONGODB_URL=mongodb://localhost:27017 npm run test:mongo
// (a replica set, or a single node started with --replSet, for the retryable
// writes the adapter asks for). Without it these tests show as skipped.
const url = process.env.TEST_MONGODB_URL;

describe("MongoDB client settings (no server needed)", () => {
  it("keep the app's failover settings over what the URL says", async () => {
    const client = new MongoClient(
      "mongodb://db1.example:27017,db2.example:27017/dynami?replicaSet=rs0&readPreference=secondary&w=1&retryWrites=false&retryReads=false",
      mongoClientOptions(FAILOVER_SELECTION_TIMEOUT_MS, 10_000),
    );
    try {
      expect(client.readPreference.mode).toBe("primary");
      expect(client.writeConcern).toMatchObject({ w: "majority", wtimeoutMS: MAJORITY_WRITE_TIMEOUT_MS });
      expect(client.options).toMatchObject({
        retryWrites: true,
        retryReads: true,
        serverSelectionTimeoutMS: 30_000,
        connectTimeoutMS: 10_000,
        appName: "dynami",
      });
    } finally {
      await client.close();
    }
  });

  it("refuses a URL that names no database before trying to connect", async () => {
    const started = Date.now();
    await expect(openMongoStore("mongodb://127.0.0.1:9")).rejects.toThrow(
      /DATABASE_URL: the database name is missing: use the form mongodb:\/\/host:27017\/dynami/,
    );
    expect(Date.now() - started).toBeLessThan(500);
  });

  it("tells unreachable, refused credentials and a failed index build apart", () => {
    const refused = new MongoServerError({
      code: 18,
      codeName: "AuthenticationFailed",
      errmsg: "Authentication failed.",
    });
    expect(classifyStartError(refused)).toBeInstanceOf(StoreAuthenticationError);
    const unauthorized = new MongoServerError({ code: 13, errmsg: "not authorized on dynami to execute command" });
    expect(classifyStartError(unauthorized)).toBeInstanceOf(StoreAuthenticationError);

    const indexBuild = new StoreIndexBuildError("users", "users_email_unique", '{"email":"a@example.test"}', "E11000");
    expect(classifyStartError(indexBuild)).toBe(indexBuild);
    expect(indexBuild.message).toBe(
      'building unique index users_email_unique on users failed: duplicate key {"email":"a@example.test"}; remove the duplicates, then start again',
    );
    const other = new Error("something else");
    expect(classifyStartError(other)).toBe(other);
  });

  it("reports a server that does not answer as unreachable, within the start timeout", async () => {
    const started = Date.now();
    const error = await openMongoStore("mongodb://127.0.0.1:9/dynami", { connectTimeoutMs: 500 }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(StoreUnreachableError);
    expect((error as Error).message).toMatch(/127\.0\.0\.1:9/);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

/** Every stage of a plan tree, the classic and the slot-based (queryPlan) layouts alike. */
function planStages(node: unknown, stages: Document[] = []): Document[] {
  if (node === null || typeof node !== "object") return stages;
  if (Array.isArray(node)) {
    for (const child of node) planStages(child, stages);
    return stages;
  }
  const plan = node as Document;
  if (typeof plan.stage === "string") stages.push(plan);
  for (const key of ["inputStage", "inputStages", "queryPlan", "winningPlan", "shards"]) planStages(plan[key], stages);
  return stages;
}

/** explain() output read the way the contract asks; several explains (one operation's queries) merged. */
function mongoQueryPlan(explains: Document[]): QueryPlan {
  const stages = explains.flatMap((explain) => planStages(explain.queryPlanner?.winningPlan));
  return {
    indexes: stages.flatMap((stage) => (typeof stage.indexName === "string" ? [stage.indexName] : [])),
    sortsInMemory: stages.some((stage) => stage.stage === "SORT"),
    scansWithoutIndex: stages.some((stage) => stage.stage === "COLLSCAN"),
    keysExamined: explains.reduce(
      (total, explain) => total + Number(explain.executionStats?.totalKeysExamined ?? 0),
      0,
    ),
    detail: JSON.stringify(
      explains.map((explain) => explain.queryPlanner?.winningPlan),
      null,
      1,
    ),
  };
}

describe.skipIf(!url)("MongoDB store", () => {
  const runId = randomBytes(4).toString("hex");
  const databaseNames: string[] = [];
  const inspector = url ? new MongoClient(url) : null;
  const currentDb = () => inspector!.db(databaseNames.at(-1)!);

  afterAll(async () => {
    if (!inspector) return;
    try {
      for (const name of databaseNames) await inspector.db(name).dropDatabase();
    } finally {
      await inspector.close();
    }
  });

  function freshDatabaseName(): string {
    const dbName = `dynami_test_${runId}_${databaseNames.length}`;
    databaseNames.push(dbName);
    return dbName;
  }

  async function explainFind(collection: string, query: IndexedQuery<Document>, limit: number): Promise<Document> {
    return currentDb()
      .collection(collection)
      .find(query.filter, { sort: query.sort, hint: query.index.key, limit })
      .explain("executionStats");
  }

  /** findOneAndUpdate's plan: explain the findAndModify command the driver sends, without applying it. */
  async function explainClaim(collection: string, query: IndexedQuery<Document>, update: Document): Promise<Document> {
    return currentDb().command({
      explain: {
        findAndModify: collection,
        query: query.filter,
        sort: query.sort,
        hint: query.index.key,
        update,
        new: true,
      },
      verbosity: "executionStats",
    });
  }

  /** deleteMany's plan: explain the delete command the driver sends, without applying it. */
  async function explainDelete(collection: string, query: IndexedQuery<Document>): Promise<Document> {
    return currentDb().command({
      explain: { delete: collection, deletes: [{ q: query.filter, limit: 0, hint: query.index.key }] },
      verbosity: "executionStats",
    });
  }

  async function explain(query: ListingQuery, args: ListingQueryArgs): Promise<QueryPlan> {
    const userId = ObjectId.createFromHexString(args.userId);
    const before = { createdAt: args.before.createdAt, id: ObjectId.createFromHexString(args.before.id) };
    const reviewAuthorId = ObjectId.createFromHexString(args.reviewAuthorId);
    const reviewBefore = {
      createdAt: args.reviewBefore.createdAt,
      id: ObjectId.createFromHexString(args.reviewBefore.id),
    };
    const asDocument = <T>(indexed: IndexedQuery<T>) => indexed as unknown as IndexedQuery<Document>;
    const outboxClaim = {
      $set: { status: "sending", claimedAt: args.now, updatedAt: args.now },
      $inc: { attempts: 1 },
    };
    const newsletterClaim = {
      $set: { status: "sending", claimToken: "plan", leaseUntil: args.now, updatedAt: args.now },
      $inc: { attempts: 1 },
    };
    switch (query) {
      case "outbox.claimNext":
        return mongoQueryPlan([
          await explainClaim("mail_outbox", asDocument(OUTBOX_QUERIES.lapsedClaim(args.now)), outboxClaim),
          await explainClaim("mail_outbox", asDocument(OUTBOX_QUERIES.dueQueued(args.now)), outboxClaim),
        ]);
      case "outbox.list":
        return mongoQueryPlan([await explainFind("mail_outbox", asDocument(OUTBOX_QUERIES.newest()), args.limit)]);
      case "history.listForUser":
        return mongoQueryPlan([await explainFind("history", asDocument(HISTORY_QUERIES.newest(userId)), args.limit)]);
      case "history.listForUser before a cursor":
        return mongoQueryPlan([
          await explainFind("history", asDocument(HISTORY_QUERIES.sameInstantBefore(userId, before)), args.limit),
          await explainFind("history", asDocument(HISTORY_QUERIES.olderThan(userId, before.createdAt)), args.limit),
        ]);
      case "workoutSessions.listForUser":
        return mongoQueryPlan([
          await explainFind("workout_sessions", asDocument(WORKOUT_SESSION_QUERIES.newest(userId)), args.limit),
        ]);
      case "workoutSessions.listForUser before a cursor": {
        const sessionBefore = {
          startedAt: args.sessionBefore.startedAt,
          id: ObjectId.createFromHexString(args.sessionBefore.id),
        };
        return mongoQueryPlan([
          await explainFind(
            "workout_sessions",
            asDocument(WORKOUT_SESSION_QUERIES.sameStartBefore(userId, sessionBefore)),
            args.limit,
          ),
          await explainFind(
            "workout_sessions",
            asDocument(WORKOUT_SESSION_QUERIES.startedBefore(userId, sessionBefore.startedAt)),
            args.limit,
          ),
        ]);
      }
      case "history.listForUser of one action":
        return mongoQueryPlan([
          await explainFind("history", asDocument(HISTORY_QUERIES.newestOfAction(userId, args.action)), args.limit),
        ]);
      case "history.listForUser of one action before a cursor":
        return mongoQueryPlan([
          await explainFind(
            "history",
            asDocument(HISTORY_QUERIES.sameInstantOfActionBefore(userId, args.action, before)),
            args.limit,
          ),
          await explainFind(
            "history",
            asDocument(HISTORY_QUERIES.olderOfActionThan(userId, args.action, before.createdAt)),
            args.limit,
          ),
        ]);
      case "history.oldestForUser":
        return mongoQueryPlan([
          await explainFind("history", asDocument(HISTORY_QUERIES.oldestOfAction(userId, args.action)), 1),
        ]);
      case "workoutStats.days":
        return mongoQueryPlan([
          await explainFind(
            "workout_days",
            asDocument(WORKOUT_STATS_QUERIES.days(userId, args.days.from, args.days.to)),
            args.limit,
          ),
        ]);
      case "workoutStats.activeDays":
        return mongoQueryPlan([
          await explainFind(
            "workout_days",
            asDocument(WORKOUT_STATS_QUERIES.activeDays(userId, args.days.upTo)),
            args.limit,
          ),
        ]);
      case "exerciseHistory.listLogs":
        return mongoQueryPlan([
          await explainFind(
            "exercise_logs",
            asDocument(EXERCISE_HISTORY_QUERIES.newest(userId, args.exerciseId)),
            args.limit,
          ),
        ]);
      case "exerciseHistory.listLogs before a cursor": {
        const logBefore = {
          startedAt: args.logBefore.startedAt,
          sessionId: ObjectId.createFromHexString(args.logBefore.sessionId),
        };
        return mongoQueryPlan([
          await explainFind(
            "exercise_logs",
            asDocument(EXERCISE_HISTORY_QUERIES.sameStartBefore(userId, args.exerciseId, logBefore)),
            args.limit,
          ),
          await explainFind(
            "exercise_logs",
            asDocument(EXERCISE_HISTORY_QUERIES.startedBefore(userId, args.exerciseId, logBefore.startedAt)),
            args.limit,
          ),
        ]);
      }
      case "exerciseHistory.listRecords":
        return mongoQueryPlan([
          await explainFind("exercise_records", asDocument(EXERCISE_HISTORY_QUERIES.mostLogged(userId)), args.limit),
        ]);
      case "contactMessages.listRecent":
        return mongoQueryPlan([
          await explainFind("contact_messages", asDocument(CONTACT_MESSAGE_QUERIES.newest()), args.limit),
        ]);
      case "reviews.listApproved":
        return mongoQueryPlan([await explainFind("reviews", asDocument(REVIEW_QUERIES.approved()), args.limit)]);
      case "reviews.listAll":
        return mongoQueryPlan([await explainFind("reviews", asDocument(REVIEW_QUERIES.newest()), args.limit)]);
      case "reviews.listForUser":
        return mongoQueryPlan([
          await explainFind("reviews", asDocument(REVIEW_QUERIES.authorNewest(reviewAuthorId)), args.limit),
        ]);
      case "reviews.listForUser before a cursor":
        return mongoQueryPlan([
          await explainFind(
            "reviews",
            asDocument(REVIEW_QUERIES.authorSameInstantBefore(reviewAuthorId, reviewBefore)),
            args.limit,
          ),
          await explainFind(
            "reviews",
            asDocument(REVIEW_QUERIES.authorOlderThan(reviewAuthorId, reviewBefore.createdAt)),
            args.limit,
          ),
        ]);
      case "sessions.listForUser":
        // Unbounded like the adapter's read (limit 0): a user's sessions last a month at most.
        return mongoQueryPlan([
          await explainFind("sessions", asDocument(SESSION_QUERIES.liveForUser(userId, args.now)), 0),
        ]);
      case "newsletters.list":
        return mongoQueryPlan([await explainFind("newsletters", asDocument(NEWSLETTER_QUERIES.newest()), args.limit)]);
      case "newsletters.claimDue":
        return mongoQueryPlan([
          await explainClaim("newsletters", asDocument(NEWSLETTER_QUERIES.dueScheduled(args.now)), newsletterClaim),
          await explainClaim("newsletters", asDocument(NEWSLETTER_QUERIES.lapsedClaim(args.now)), newsletterClaim),
        ]);
      case "newsletterSubscribers.listConfirmed":
        return mongoQueryPlan([
          await explainFind("newsletter_subscribers", asDocument(SUBSCRIBER_QUERIES.confirmed(null)), args.limit),
        ]);
      case "newsletterSubscribers.listConfirmed after a cursor":
        return mongoQueryPlan([
          await explainFind(
            "newsletter_subscribers",
            asDocument(SUBSCRIBER_QUERIES.confirmed(ObjectId.createFromHexString(args.afterSubscriberId))),
            args.limit,
          ),
        ]);
      case "newsletterSubscribers.purgePendingOlderThan":
        return mongoQueryPlan([
          await explainDelete("newsletter_subscribers", asDocument(SUBSCRIBER_QUERIES.pendingOlderThan(args.now))),
        ]);
    }
  }

  // A fresh database per store keeps tests independent; all are dropped at the end.
  describeStoreContract("MongoDB", async () => openMongoStore(url!, { dbName: freshDatabaseName() }), {
    // A second MongoClient, as a second app process would have.
    openSecondClient: async () => openMongoStore(url!, { dbName: databaseNames.at(-1)! }),
    explain,
  });

  describe("opening", () => {
    it("creates every index and drops the ones earlier versions made", async () => {
      const dbName = freshDatabaseName();
      const db = inspector!.db(dbName);
      await db.collection("history").createIndex({ userId: 1, createdAt: -1 }, { name: "history_user_id_created_at" });
      await db.collection("mail_outbox").createIndex({ createdAt: -1 }, { name: "mail_outbox_created_at" });

      const store = await openMongoStore(url!, { dbName });
      await store.close();

      for (const { collection, indexes, retired } of MONGO_INDEXES) {
        const names = (await db.collection(collection).listIndexes().toArray()).map((index) => index.name as string);
        expect(names.toSorted()).toEqual(["_id_", ...indexes.map((index) => index.name!)].toSorted());
        for (const name of retired) expect(names).not.toContain(name);
      }
    });

    it("names the collection, the index and the duplicate when a unique index cannot be built", async () => {
      const dbName = freshDatabaseName();
      const users = inspector!.db(dbName).collection("users");
      const twin = { pseudo: "Twin", pseudoLower: "twin", email: "twin@example.test" };
      await users.insertMany([{ ...twin }, { ...twin, pseudo: "Twin2", pseudoLower: "twin2" }]);

      const error = await openMongoStore(url!, { dbName }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(StoreIndexBuildError);
      expect(error).toMatchObject({ collection: "users", index: "users_email_unique" });
      expect((error as StoreIndexBuildError).duplicate).toContain("twin@example.test");
    });

    it("gives the claims of mails a previous version left sending a lease from their last update", async () => {
      const dbName = freshDatabaseName();
      const stuckSince = new Date(Date.now() - 60_000);
      const _id = new ObjectId();
      await inspector!.db(dbName).collection("mail_outbox").insertOne({
        _id,
        to: "a@example.test",
        subject: "s",
        text: "t",
        html: "h",
        status: "sending",
        attempts: 1,
        nextAttemptAt: stuckSince,
        lastError: null,
        sentAt: null,
        createdAt: stuckSince,
        updatedAt: stuckSince,
      });

      const store = await openMongoStore(url!, { dbName });
      try {
        const lapsedAt = stuckSince.getTime() + 10 * 60_000;
        expect(await store.outbox.claimNext(new Date(lapsedAt - 1))).toBeNull();
        expect(await store.outbox.claimNext(new Date(lapsedAt))).toMatchObject({ id: _id.toHexString(), attempts: 2 });
      } finally {
        await store.close();
      }
    });
  });

  describe("upgrades at opening", () => {
    it("hash the raw unsubscribe tokens of an earlier version, whose links still work", async () => {
      const dbName = freshDatabaseName();
      const rawToken = "c0ffee".repeat(10) + "abcd";
      await inspector!.db(dbName).collection("newsletter_subscribers").insertOne({
        _id: new ObjectId(),
        email: "lea@example.test",
        locale: "fr",
        confirmed: true,
        confirmedAt: new Date(),
        confirmTokenHash: null,
        confirmWithAccount: false,
        unsubscribeToken: rawToken,
        createdAt: new Date(),
      });
      const store = await openMongoStore(url!, { dbName });
      try {
        const stored = await inspector!.db(dbName).collection("newsletter_subscribers").findOne({});
        expect(stored).not.toHaveProperty("unsubscribeToken");
        expect(JSON.stringify(stored)).not.toContain(rawToken);
        const hash = createHash("sha256").update(rawToken).digest("hex");
        expect(await store.newsletterSubscribers.unsubscribeByLegacyTokenHash(hash)).toMatchObject({
          email: "lea@example.test",
        });
      } finally {
        await store.close();
      }
    });

    it("give a photo stored under an ObjectId version a random one, and its user's address follows", async () => {
      const dbName = freshDatabaseName();
      const db = inspector!.db(dbName);
      const userId = new ObjectId();
      const oldVersion = new ObjectId();
      await db.collection("users").insertOne({
        _id: userId,
        pseudo: "Lea",
        pseudoLower: "lea",
        email: "lea@example.test",
        photo: `/photos/${userId.toHexString()}/${oldVersion.toHexString()}.webp`,
      });
      await db.collection("photos").insertOne({
        _id: userId,
        version: oldVersion,
        contentType: "image/webp",
        data: new Binary(new Uint8Array([1])),
        width: 1,
        height: 1,
        etag: '"e"',
        createdAt: new Date(),
      });
      const store = await openMongoStore(url!, { dbName });
      try {
        const photo = await store.photos.findForUser(userId.toHexString());
        expect(photo?.version).toMatch(/^[0-9a-f]{32}$/);
        expect((await store.users.findById(userId.toHexString()))?.photo).toBe(
          `/photos/${userId.toHexString()}/${photo!.version}.webp`,
        );
      } finally {
        await store.close();
      }
    });
  });

  describe("rate limits", () => {
    it("give two app processes on one database one budget per key", async () => {
      const dbName = `dynami_test_${runId}_${databaseNames.length}`;
      databaseNames.push(dbName);
      const first = await openMongoStore(url!, { dbName });
      const second = await openMongoStore(url!, { dbName });
      try {
        const limits = { keyPrefix: "login-pair", points: 3, durationSeconds: 60 };
        await first.rateLimiter(limits).consume("demo|1.2.3.4");
        await second.rateLimiter(limits).consume("demo|1.2.3.4");
        await first.rateLimiter(limits).consume("demo|1.2.3.4");
        expect(await second.rateLimiter(limits).consume("demo|1.2.3.4")).toMatchObject({
          allowed: false,
          consumedPoints: 4,
        });
      } finally {
        await first.close();
        await second.close();
      }
    });

    it("live in their own collection, found by key, dropped by MongoDB when their window ends", async () => {
      const dbName = `dynami_test_${runId}_${databaseNames.length}`;
      databaseNames.push(dbName);
      const store = await openMongoStore(url!, { dbName });
      const client = new MongoClient(url!);
      try {
        await store.rateLimiter({ keyPrefix: "contact", points: 5, durationSeconds: 60 }).consume("1.2.3.4");
        const collection = client.db(dbName).collection("rate_limits");
        expect(await collection.findOne({ key: "contact:1.2.3.4" })).toMatchObject({ points: 1 });
        const indexes = await collection.indexes();
        expect(indexes).toEqual(
          expect.arrayContaining([
            expect.objectContaining({ key: { key: 1 }, unique: true }),
            expect.objectContaining({ key: { expire: -1 }, expireAfterSeconds: 0 }),
          ]),
        );
      } finally {
        await client.close();
        await store.close();
      }
    });
  });
});
