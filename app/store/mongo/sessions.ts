import { ObjectId, type Collection, type IndexDescription } from "mongodb";
import { requireBoolean, requireDate, requireString, stringOrNull } from "../normalize.ts";
import type { SessionRecord, SessionsStore } from "../types.ts";
import { type IndexedQuery, type NamedIndex, requireObjectId, toObjectId } from "./mongo-values.ts";

export interface SessionDocument {
  _id: ObjectId;
  tokenHash: string;
  userId: ObjectId;
  persistent: boolean;
  expiresAt: Date;
  createdAt: Date;
}

// A user's sessions, newest first (My account's export); deletes by userId use its prefix.
const USER_NEWEST: NamedIndex = { key: { userId: 1, createdAt: -1, _id: -1 }, name: "sessions_user_id_created_at_id" };

export const SESSION_INDEXES: IndexDescription[] = [
  { key: { tokenHash: 1 }, name: "sessions_token_hash_unique", unique: true },
  USER_NEWEST,
  // The server drops expired sessions by itself; purgeExpired stays for parity.
  { key: { expiresAt: 1 }, name: "sessions_expires_at_ttl", expireAfterSeconds: 0 },
];

/** Indexes of earlier versions that no query uses any more: dropped at start. */
export const RETIRED_SESSION_INDEXES = ["sessions_user_id"];

export const SESSION_QUERIES = {
  liveForUser: (userId: ObjectId, now: Date): IndexedQuery<SessionDocument> => ({
    filter: { userId, expiresAt: { $gt: now } },
    sort: { createdAt: -1, _id: -1 },
    index: USER_NEWEST,
  }),
};

function toSessionRecord({ _id, userId, ...fields }: SessionDocument): SessionRecord {
  return { id: _id.toHexString(), userId: userId.toHexString(), ...fields };
}

export function createMongoSessions(sessions: Collection<SessionDocument>): SessionsStore {
  return {
    async create(input) {
      const document: SessionDocument = {
        _id: new ObjectId(),
        tokenHash: requireString(input.tokenHash, "tokenHash"),
        userId: requireObjectId(input.userId, "userId"),
        persistent: requireBoolean(input.persistent, "persistent"),
        expiresAt: requireDate(input.expiresAt, "expiresAt"),
        createdAt: new Date(),
      };
      await sessions.insertOne(document);
      return toSessionRecord(document);
    },

    async findByTokenHash(tokenHash, now = new Date()) {
      const hash = stringOrNull(tokenHash);
      if (hash === null) return null;
      // The TTL monitor runs only once a minute, so expiry is checked here too.
      const document = await sessions.findOne({ tokenHash: hash, expiresAt: { $gt: requireDate(now, "now") } });
      return document ? toSessionRecord(document) : null;
    },

    async delete(id) {
      const _id = toObjectId(id);
      if (_id !== null) await sessions.deleteOne({ _id });
    },

    async deleteAllForUser(userId) {
      const _id = toObjectId(userId);
      if (_id === null) return 0;
      return (await sessions.deleteMany({ userId: _id })).deletedCount;
    },

    async deleteAllForUserExcept(userId, keptSessionId) {
      const _id = toObjectId(userId);
      const keptId = toObjectId(keptSessionId);
      if (_id === null || keptId === null) return 0;
      return (await sessions.deleteMany({ userId: _id, _id: { $ne: keptId } })).deletedCount;
    },

    async listForUser(userId, now = new Date()) {
      const _id = toObjectId(userId);
      if (_id === null) return [];
      const query = SESSION_QUERIES.liveForUser(_id, requireDate(now, "now"));
      const documents = await sessions.find(query.filter, { sort: query.sort, hint: query.index.key }).toArray();
      return documents.map(toSessionRecord);
    },

    async purgeExpired(now = new Date()) {
      return (await sessions.deleteMany({ expiresAt: { $lte: requireDate(now, "now") } })).deletedCount;
    },
  };
}
