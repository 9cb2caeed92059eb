import type { DatabaseSync } from "node:sqlite";
import { newObjectId, normalizeObjectId } from "../object-id.ts";
import { emailForLookup, normalizeNewUser, normalizeUserChanges, stringOrNull } from "../normalize.ts";
import { DuplicateKeyError, type Role, type UserChanges, type UserRecord, type UsersStore } from "../types.ts";
import { dateOrNull, millisOrNull, uniqueViolationMessage } from "./sql-values.ts";

interface UserRow {
  id: string;
  pseudo: string;
  email: string;
  password_hash: string;
  role: Role;
  prenom: string | null;
  display_name: string | null;
  photo: string | null;
  weight_kg: number | null;
  locale: string;
  email_verified_at: number | null;
  created_at: number;
  updated_at: number;
}

function toUserRecord(row: UserRow): UserRecord {
  return {
    id: row.id,
    pseudo: row.pseudo,
    email: row.email,
    passwordHash: row.password_hash,
    role: row.role,
    prenom: row.prenom,
    displayName: row.display_name,
    photo: row.photo,
    weightKg: row.weight_kg,
    locale: row.locale,
    emailVerifiedAt: dateOrNull(row.email_verified_at),
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

// Fixed map from change keys to columns: only these names ever reach the SQL text.
const COLUMN_OF: Record<keyof UserChanges, string> = {
  pseudo: "pseudo",
  email: "email",
  passwordHash: "password_hash",
  role: "role",
  prenom: "prenom",
  displayName: "display_name",
  photo: "photo",
  weightKg: "weight_kg",
  locale: "locale",
  emailVerifiedAt: "email_verified_at",
};

function rethrowDuplicate(error: unknown): never {
  const message = uniqueViolationMessage(error);
  if (message?.includes("users.email")) throw new DuplicateKeyError("email");
  if (message?.includes("users_pseudo_lower_unique")) throw new DuplicateKeyError("pseudo");
  throw error;
}

export function createSqliteUsers(db: DatabaseSync): UsersStore {
  const insert = db.prepare(`
    INSERT INTO users (id, pseudo, email, password_hash, role, prenom, display_name, photo, weight_kg,
                       locale, email_verified_at, created_at, updated_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
    RETURNING *
  `);
  const selectById = db.prepare("SELECT * FROM users WHERE id = ?");
  const selectByEmail = db.prepare("SELECT * FROM users WHERE email = ?");
  const selectByPseudo = db.prepare("SELECT * FROM users WHERE lower(pseudo) = lower(?)");
  const countAll = db.prepare("SELECT count(*) AS total FROM users");

  function findByEmail(email: unknown): UserRecord | null {
    const normalized = emailForLookup(email);
    if (normalized === null) return null;
    const row = selectByEmail.get(normalized) as UserRow | undefined;
    return row ? toUserRecord(row) : null;
  }

  function findByPseudo(pseudo: unknown): UserRecord | null {
    const text = stringOrNull(pseudo);
    if (text === null) return null;
    const row = selectByPseudo.get(text) as UserRow | undefined;
    return row ? toUserRecord(row) : null;
  }

  return {
    async create(input) {
      const user = normalizeNewUser(input);
      const now = Date.now();
      try {
        const row = insert.get(
          newObjectId(new Date(now)),
          user.pseudo,
          user.email,
          user.passwordHash,
          user.role,
          user.prenom,
          user.displayName,
          user.photo,
          user.weightKg,
          user.locale,
          millisOrNull(user.emailVerifiedAt),
          now,
          now,
        ) as unknown as UserRow;
        return toUserRecord(row);
      } catch (error) {
        rethrowDuplicate(error);
      }
    },

    async findById(id) {
      const normalizedId = normalizeObjectId(id);
      if (normalizedId === null) return null;
      const row = selectById.get(normalizedId) as UserRow | undefined;
      return row ? toUserRecord(row) : null;
    },

    async findByEmail(email) {
      return findByEmail(email);
    },

    async findByPseudo(pseudo) {
      return findByPseudo(pseudo);
    },

    async findByEmailOrPseudo(identifier) {
      const text = stringOrNull(identifier)?.trim();
      if (!text) return null;
      return findByEmail(text) ?? findByPseudo(text);
    },

    async update(id, changes) {
      const normalizedId = normalizeObjectId(id);
      if (normalizedId === null) return null;
      const normalized = normalizeUserChanges(changes);
      const assignments: string[] = [];
      const values: (string | number | null)[] = [];
      for (const key of Object.keys(normalized) as (keyof UserChanges)[]) {
        const value = normalized[key];
        assignments.push(`${COLUMN_OF[key]} = ?`);
        values.push(value instanceof Date ? value.getTime() : (value ?? null));
      }
      assignments.push("updated_at = ?");
      values.push(Date.now());
      try {
        const row = db
          .prepare(`UPDATE users SET ${assignments.join(", ")} WHERE id = ? RETURNING *`)
          .get(...values, normalizedId) as UserRow | undefined;
        return row ? toUserRecord(row) : null;
      } catch (error) {
        rethrowDuplicate(error);
      }
    },

    async count() {
      return (countAll.get() as { total: number }).total;
    },
  };
}
