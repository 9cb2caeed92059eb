import { type Document, type Filter, MongoServerError, ObjectId } from "mongodb";
import { normalizeObjectId } from "../object-id.ts";

/** An ObjectId for a 24-hex string; null for anything else, so bad ids find nothing. */
export function toObjectId(value: unknown): ObjectId | null {
  const hex = normalizeObjectId(value);
  return hex === null ? null : ObjectId.createFromHexString(hex);
}

export function requireObjectId(value: unknown, field: string): ObjectId {
  const id = toObjectId(value);
  if (id === null) throw new TypeError(`${field} must be a 24-hex id`);
  return id;
}

const DUPLICATE_KEY = 11000;

/** The fields of the unique index a duplicate-key error tripped on; null for any other error. */
export function duplicateKeyFields(error: unknown): string[] | null {
  if (!(error instanceof MongoServerError) || error.code !== DUPLICATE_KEY) return null;
  const keyPattern: unknown = error.keyPattern;
  if (keyPattern && typeof keyPattern === "object") return Object.keys(keyPattern);
  // Older servers only name the index in the message.
  const indexName = /index: (\S+)/.exec(error.message)?.[1];
  return indexName ? [indexName] : [];
}

/** An index the app creates; its key pattern doubles as the hint of the queries it serves. */
export interface NamedIndex {
  key: Record<string, 1 | -1>;
  name: string;
  unique?: boolean;
  expireAfterSeconds?: number;
  /** Only documents matching it are indexed (a query must imply it to use the index). */
  partialFilterExpression?: Document;
}

/**
 * A read that many documents may match, spelled out so the contract tests can
 * explain() the very query the adapter runs. It hints its index, and its sort
 * follows that index's keys, _id tie-breaker included, so the server never
 * sorts in memory.
 */
export interface IndexedQuery<TDocument> {
  filter: Filter<TDocument>;
  sort: Record<string, 1 | -1>;
  index: NamedIndex;
}
