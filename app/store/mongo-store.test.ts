import { randomBytes } from "node:crypto";
import { MongoClient } from "mongodb";
import { afterAll, describe } from "vitest";
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
});
