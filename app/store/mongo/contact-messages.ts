import { ObjectId, type Collection, type IndexDescription } from "mongodb";
import { normalizeEmail, requireDate, requireLimit, requireString } from "../normalize.ts";
import type { ContactMessageRecord, ContactMessagesStore } from "../types.ts";

export interface ContactMessageDocument {
  _id: ObjectId;
  nom: string;
  email: string;
  sujet: string;
  message: string;
  locale: string;
  createdAt: Date;
}

export const CONTACT_MESSAGE_INDEXES: IndexDescription[] = [
  { key: { createdAt: -1 }, name: "contact_messages_created_at" },
];

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
      const documents = await messages.find().sort({ createdAt: -1, _id: -1 }).limit(requireLimit(limit)).toArray();
      return documents.map(toContactMessageRecord);
    },

    async purgeOlderThan(cutoff) {
      return (await messages.deleteMany({ createdAt: { $lt: requireDate(cutoff, "cutoff") } })).deletedCount;
    },
  };
}
