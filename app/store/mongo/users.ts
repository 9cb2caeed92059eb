import { ObjectId, type Collection, type Filter, type IndexDescription } from "mongodb";
import { emailForLookup, normalizeNewUser, normalizeUserChanges, stringOrNull } from "../normalize.ts";
import { DuplicateKeyError, type Role, type UserRecord, type UsersStore } from "../types.ts";
import { duplicateKeyFields, toObjectId } from "./mongo-values.ts";

export interface UserDocument {
  _id: ObjectId;
  pseudo: string;
  /** Backs the case-insensitive unique index and lookups on pseudo. */
  pseudoLower: string;
  email: string;
  passwordHash: string;
  role: Role;
  prenom: string | null;
  displayName: string | null;
  photo: string | null;
  weightKg: number | null;
  locale: string;
  emailVerifiedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export const USER_INDEXES: IndexDescription[] = [
  { key: { email: 1 }, name: "users_email_unique", unique: true },
  { key: { pseudoLower: 1 }, name: "users_pseudo_lower_unique", unique: true },
];

function toUserRecord(document: UserDocument): UserRecord {
  // Field by field, with null defaults: documents written by older code may lack optional fields.
  return {
    id: document._id.toHexString(),
    pseudo: document.pseudo,
    email: document.email,
    passwordHash: document.passwordHash,
    role: document.role,
    prenom: document.prenom ?? null,
    displayName: document.displayName ?? null,
    photo: document.photo ?? null,
    weightKg: document.weightKg ?? null,
    locale: document.locale,
    emailVerifiedAt: document.emailVerifiedAt ?? null,
    createdAt: document.createdAt,
    updatedAt: document.updatedAt,
  };
}

function rethrowDuplicate(error: unknown): never {
  const fields = duplicateKeyFields(error);
  if (fields?.some((field) => field.includes("email"))) throw new DuplicateKeyError("email");
  if (fields?.some((field) => field.toLowerCase().includes("pseudo"))) throw new DuplicateKeyError("pseudo");
  throw error;
}

export function createMongoUsers(users: Collection<UserDocument>): UsersStore {
  async function findOne(filter: Filter<UserDocument>): Promise<UserRecord | null> {
    const document = await users.findOne(filter);
    return document ? toUserRecord(document) : null;
  }

  async function findByEmail(email: unknown): Promise<UserRecord | null> {
    const normalized = emailForLookup(email);
    return normalized === null ? null : findOne({ email: normalized });
  }

  async function findByPseudo(pseudo: unknown): Promise<UserRecord | null> {
    const text = stringOrNull(pseudo);
    return text === null ? null : findOne({ pseudoLower: text.toLowerCase() });
  }

  return {
    async create(input) {
      const user = normalizeNewUser(input);
      const now = new Date();
      const document: UserDocument = {
        _id: new ObjectId(),
        ...user,
        pseudoLower: user.pseudo.toLowerCase(),
        createdAt: now,
        updatedAt: now,
      };
      try {
        await users.insertOne(document);
      } catch (error) {
        rethrowDuplicate(error);
      }
      return toUserRecord(document);
    },

    async findById(id) {
      const _id = toObjectId(id);
      return _id === null ? null : findOne({ _id });
    },

    findByEmail,
    findByPseudo,

    async findByEmailOrPseudo(identifier) {
      const text = stringOrNull(identifier)?.trim();
      if (!text) return null;
      return (await findByEmail(text)) ?? (await findByPseudo(text));
    },

    async update(id, changes) {
      const _id = toObjectId(id);
      if (_id === null) return null;
      const normalized = normalizeUserChanges(changes);
      const set: Partial<UserDocument> = { ...normalized, updatedAt: new Date() };
      if (normalized.pseudo !== undefined) set.pseudoLower = normalized.pseudo.toLowerCase();
      try {
        const document = await users.findOneAndUpdate({ _id }, { $set: set }, { returnDocument: "after" });
        return document ? toUserRecord(document) : null;
      } catch (error) {
        rethrowDuplicate(error);
      }
    },

    async count() {
      return users.countDocuments();
    },
  };
}
