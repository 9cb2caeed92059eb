import { MongoServerError, ObjectId } from "mongodb";
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
