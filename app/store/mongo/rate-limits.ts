import type { Db, IndexDescription } from "mongodb";
import { RateLimiterMongo } from "rate-limiter-flexible";
import { rateLimiterRegistry } from "../rate-limiters.ts";
import type { RateLimiter, RateLimitOptions } from "../types.ts";

// Every limiter of the app in one collection, so all app processes share one
// budget per key. rate-limiter-flexible stores { key: "<prefix>:<key>",
// points, expire } and finds a key's document by key (hence the unique index);
// MongoDB drops a window once its expire date passes (the TTL index).

export const RATE_LIMIT_INDEXES: IndexDescription[] = [
  { key: { key: 1 }, name: "rate_limits_key", unique: true },
  { key: { expire: -1 }, name: "rate_limits_expire_ttl", expireAfterSeconds: 0 },
];

export function createMongoRateLimiters(db: Db, collectionName: string): (options: RateLimitOptions) => RateLimiter {
  return rateLimiterRegistry(
    ({ keyPrefix, points, durationSeconds }) =>
      new RateLimiterMongo({
        storeClient: db,
        tableName: collectionName,
        keyPrefix,
        points,
        duration: durationSeconds,
        // Created at start with the store's other indexes (RATE_LIMIT_INDEXES).
        disableIndexesCreation: true,
      }),
  );
}
