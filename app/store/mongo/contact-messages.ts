import { ObjectId, type Collection } from "mongodb";
import { normalizeEmail, requireDate, requireLimit, requireString } from "../normalize.ts";
import type { ContactMessageRecord, ContactMessagesStore } from "../types.ts";
import type { IndexedQuery, NamedIndex } from "./mongo-values.ts";

export interface ContactMessageDocument {
  _id: ObjectId;
  nom: string;
  email: string;
  sujet: string;
  message: string;
  locale: string;
  createdAt: Date;
}

// listRecent (its order, _id tie-breaker included) and purgeOlderThan (a range on createdAt).
const CREATED_AT: NamedIndex = { key: { createdAt: -1, _id: -1 }, name: "contact_messages_created_at_id" };

export const CONTACT_MESSAGE_INDEXES: NamedIndex[] = [CREATED_AT];

/** Indexes of earlier versions that no query uses any more: dropped at start. */
export const RETIRED_CONTACT_MESSAGE_INDEXES = ["contact_messages_created_at"];

export const CONTACT_MESSAGE_QUERIES = {
  newest: (): IndexedQuery<ContactMessageDocument> => ({
    filter: {},
    sort: { createdAt: -1, _id: -1 },
    index: CREATED_AT,
  }),
};

function toContactMessageRecord({ _id, ...fields }: ContactMessageDocument): ContactMessageRecord {
  return { id: _id.toHexString(), ...fields };
}

export function createMongoContactMessages(messages: Collection<ContactMessageDocument>): ContactMessagesStore {
  return {
    async add(input) {
      const document: ContactMessageDocument = {
        _id: new ObjectId(),
        nom: requireString(input.nom, "nom"),
        email: normalizeEmail(requireString(input.email, "email")),
        sujet: requireString(input.sujet, "sujet"),
        message: requireString(input.message, "message"),
        locale: requireString(input.locale, "locale"),
        createdAt: new Date(),
      };
      await messages.insertOne(document);
      return toContactMessageRecord(document);
    },

    async listRecent(limit) {
      const query = CONTACT_MESSAGE_QUERIES.newest();
      const documents = await messages
        .find(query.filter, { sort: query.sort, hint: query.index.key, limit: requireLimit(limit) })
        .toArray();
      return documents.map(toContactMessageRecord);
    },

    async purgeOlderThan(cutoff) {
      return (await messages.deleteMany({ createdAt: { $lt: requireDate(cutoff, "cutoff") } })).deletedCount;
    },
  };
}
