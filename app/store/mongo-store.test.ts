import { randomBytes } from "node:crypto";
import { MongoClient } from "mongodb";
import { afterAll, describe, expect, it } from "vitest";
import { openMongoStore } from "./mongo/mongo-store.server.ts";
import { describeStoreContract } from "./store.contract.ts";

// Runs only against a real server: TEST_MONGODB_URL=mongodb://localhost:27017 npm run test:unit -- app/store
const url = process.env.TEST_MONGODB_URL;

describe.skipIf(!url)("MongoDB store", () => {
  const runId = randomBytes(4).toString("hex");
  const databaseNames: string[] = [];

  afterAll(async () => {
    if (!url) return;
    const client = new MongoClient(url);
    try {
      for (const name of databaseNames) await client.db(name).dropDatabase();
    } finally {
      await client.close();
    }
  });

  // A fresh database per store keeps tests independent; all are dropped at the end.
  describeStoreContract("MongoDB", async () => {
    const dbName = `dynami_test_${runId}_${databaseNames.length}`;
    databaseNames.push(dbName);
    return openMongoStore(url!, { dbName });
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
