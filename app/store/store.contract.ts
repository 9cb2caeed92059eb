// The observable behaviour every adapter must share. Each adapter's test file
// calls describeStoreContract with a factory returning a fresh, empty store.
import { randomBytes } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DuplicateKeyError, type NewUser, type Store, type UserRecord } from "./types.ts";

const ID_PATTERN = /^[0-9a-f]{24}$/;
const UNKNOWN_ID = "0123456789abcdef01234567";
const INVALID_IDS: unknown[] = ["nope", "", "0123456789abcdef0123456", "0123456789abcdef0123456z", 42, null, { $gt: "" }];
// What a parsed JSON body could smuggle in where a string is expected.
const OPERATOR = { $gt: "" } as unknown as string;

const HOUR_MS = 3_600_000;

let sequence = 0;
function unique(prefix: string): string {
  sequence += 1;
  return `${prefix}${sequence}${randomBytes(3).toString("hex")}`;
}

function aUser(overrides: Partial<NewUser> = {}): NewUser {
  const pseudo = unique("Pseudo");
  return { pseudo, email: `${pseudo.toLowerCase()}@example.test`, passwordHash: "hash", ...overrides };
}

function aTokenHash(): string {
  return randomBytes(32).toString("hex");
}

function later(ms: number, from = new Date()): Date {
  return new Date(from.getTime() + ms);
}

function tick(ms = 5): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the promise to reject");
}

async function expectDuplicate(promise: Promise<unknown>, field: "email" | "pseudo"): Promise<void> {
  const error = await rejection(promise);
  expect(error).toBeInstanceOf(DuplicateKeyError);
  expect((error as DuplicateKeyError).field).toBe(field);
}

export function describeStoreContract(name: string, makeStore: () => Promise<Store>): void {
  describe(`${name} store contract`, () => {
    let store: Store;

    beforeEach(async () => {
      store = await makeStore();
    });

    afterEach(async () => {
      await store.close();
    });

    it("answers ping", async () => {
      await expect(store.ping()).resolves.toBeUndefined();
    });

    describe("users", () => {
      it("creates a user with defaults for the optional fields", async () => {
        const before = Date.now();
        const user = await store.users.create({ pseudo: "Alice", email: "alice@example.test", passwordHash: "h1" });

        expect(user.id).toMatch(ID_PATTERN);
        expect(user).toMatchObject({
          pseudo: "Alice",
          email: "alice@example.test",
          passwordHash: "h1",
          role: "user",
          prenom: null,
          displayName: null,
          photo: null,
          weightKg: null,
          emailVerifiedAt: null,
        });
        expect(typeof user.locale).toBe("string");
        expect(user.createdAt).toBeInstanceOf(Date);
        expect(user.createdAt.getTime()).toBeGreaterThanOrEqual(before);
        expect(user.updatedAt.getTime()).toBe(user.createdAt.getTime());
      });

      it("stores every optional field", async () => {
        const verifiedAt = new Date("2024-03-04T05:06:07.089Z");
        const created = await store.users.create(
          aUser({
            role: "admin",
            prenom: "Élise",
            displayName: "Élise D.",
            photo: "/photos/e.webp",
            weightKg: 61.5,
            locale: "de",
            emailVerifiedAt: verifiedAt,
          }),
        );
        const found = await store.users.findById(created.id);

        expect(found).toEqual(created);
        expect(found).toMatchObject({
          role: "admin",
          prenom: "Élise",
          displayName: "Élise D.",
          photo: "/photos/e.webp",
          weightKg: 61.5,
          locale: "de",
        });
        expect(found?.emailVerifiedAt?.getTime()).toBe(verifiedAt.getTime());
      });

      it("trims and lowercases the e-mail", async () => {
        const user = await store.users.create(aUser({ email: "  Bob.Martin@Example.TEST " }));
        expect(user.email).toBe("bob.martin@example.test");
      });

      it("finds by id", async () => {
        const user = await store.users.create(aUser());
        expect(await store.users.findById(user.id)).toEqual(user);
        expect(await store.users.findById(user.id.toUpperCase())).toEqual(user);
      });

      it("returns null for an unknown or invalid id", async () => {
        await store.users.create(aUser());
        expect(await store.users.findById(UNKNOWN_ID)).toBeNull();
        for (const id of INVALID_IDS) {
          expect(await store.users.findById(id as string)).toBeNull();
        }
      });

      it("finds by e-mail whatever its case and surrounding spaces", async () => {
        const user = await store.users.create(aUser({ email: "carol@example.test" }));
        expect(await store.users.findByEmail("carol@example.test")).toEqual(user);
        expect(await store.users.findByEmail("  CAROL@Example.Test ")).toEqual(user);
        expect(await store.users.findByEmail("someone.else@example.test")).toBeNull();
      });

      it("finds by pseudo case-insensitively", async () => {
        const user = await store.users.create(aUser({ pseudo: "DaVinci" }));
        expect(await store.users.findByPseudo("DaVinci")).toEqual(user);
        expect(await store.users.findByPseudo("davinci")).toEqual(user);
        expect(await store.users.findByPseudo("DAVINCI")).toEqual(user);
        expect(await store.users.findByPseudo("Da")).toBeNull();
      });

      it("finds by e-mail or pseudo", async () => {
        const user = await store.users.create(aUser({ pseudo: "Eve_42", email: "eve@example.test" }));
        expect(await store.users.findByEmailOrPseudo("eve@example.test")).toEqual(user);
        expect(await store.users.findByEmailOrPseudo(" EVE@EXAMPLE.TEST ")).toEqual(user);
        expect(await store.users.findByEmailOrPseudo("eve_42")).toEqual(user);
        expect(await store.users.findByEmailOrPseudo("EVE_42")).toEqual(user);
        expect(await store.users.findByEmailOrPseudo("eve")).toBeNull();
        expect(await store.users.findByEmailOrPseudo("")).toBeNull();
      });

      it("never lets an operator object match", async () => {
        await store.users.create(aUser());
        expect(await store.users.findByEmail(OPERATOR)).toBeNull();
        expect(await store.users.findByPseudo(OPERATOR)).toBeNull();
        expect(await store.users.findByEmailOrPseudo(OPERATOR)).toBeNull();
        expect(await store.users.findById(OPERATOR)).toBeNull();
        expect(await store.users.update(OPERATOR, { role: "admin" })).toBeNull();
      });

      it("rejects a taken e-mail, whatever its case", async () => {
        await store.users.create(aUser({ email: "dup@example.test" }));
        await expectDuplicate(store.users.create(aUser({ email: " DUP@Example.test" })), "email");
        expect(await store.users.count()).toBe(1);
      });

      it("rejects a taken pseudo, whatever its case", async () => {
        await store.users.create(aUser({ pseudo: "Zorro" }));
        await expectDuplicate(store.users.create(aUser({ pseudo: "zORRO" })), "pseudo");
        expect(await store.users.count()).toBe(1);
      });

      it("updates and returns the new record with a later updatedAt", async () => {
        const user = await store.users.create(aUser());
        await tick();
        const updated = await store.users.update(user.id, { displayName: "New name", weightKg: 70, locale: "en" });

        expect(updated).toMatchObject({ id: user.id, displayName: "New name", weightKg: 70, locale: "en" });
        expect(updated?.pseudo).toBe(user.pseudo);
        expect(updated?.createdAt.getTime()).toBe(user.createdAt.getTime());
        expect(updated!.updatedAt.getTime()).toBeGreaterThan(user.updatedAt.getTime());
        expect(await store.users.findById(user.id)).toEqual(updated);
      });

      it("updates nullable fields to null and back", async () => {
        const user = await store.users.create(aUser({ prenom: "Jean", photo: "/p.webp" }));
        const cleared = await store.users.update(user.id, { prenom: null, photo: null });
        expect(cleared).toMatchObject({ prenom: null, photo: null });

        const verifiedAt = new Date("2025-01-02T03:04:05.678Z");
        const verified = await store.users.update(user.id, { emailVerifiedAt: verifiedAt, role: "admin" });
        expect(verified?.emailVerifiedAt?.getTime()).toBe(verifiedAt.getTime());
        expect(verified?.role).toBe("admin");
      });

      it("normalizes an updated e-mail and finds the user by the new pseudo", async () => {
        const user = await store.users.create(aUser());
        const updated = await store.users.update(user.id, { email: " New.Mail@Example.TEST", pseudo: "Renamed" });
        expect(updated?.email).toBe("new.mail@example.test");
        expect(await store.users.findByPseudo("renamed")).toEqual(updated);
        expect(await store.users.findByPseudo(user.pseudo)).toBeNull();
      });

      it("rejects an update to a taken e-mail or pseudo", async () => {
        const taken = await store.users.create(aUser({ pseudo: "Taken", email: "taken@example.test" }));
        const user = await store.users.create(aUser());

        await expectDuplicate(store.users.update(user.id, { email: "TAKEN@example.test" }), "email");
        await expectDuplicate(store.users.update(user.id, { pseudo: "tAkEn" }), "pseudo");
        expect(await store.users.findById(user.id)).toEqual(user);
        expect(await store.users.findById(taken.id)).toEqual(taken);
      });

      it("lets a user change the case of their own pseudo", async () => {
        const user = await store.users.create(aUser({ pseudo: "lowkey" }));
        const updated = await store.users.update(user.id, { pseudo: "LowKey" });
        expect(updated?.pseudo).toBe("LowKey");
      });

      it("returns null when updating an unknown or invalid id", async () => {
        expect(await store.users.update(UNKNOWN_ID, { displayName: "x" })).toBeNull();
        for (const id of INVALID_IDS) {
          expect(await store.users.update(id as string, { displayName: "x" })).toBeNull();
        }
        expect(await store.users.count()).toBe(0);
      });

      it("counts users", async () => {
        expect(await store.users.count()).toBe(0);
        await store.users.create(aUser());
        await store.users.create(aUser());
        expect(await store.users.count()).toBe(2);
      });
    });

    describe("sessions", () => {
      let user: UserRecord;

      beforeEach(async () => {
        user = await store.users.create(aUser());
      });

      it("creates a session and finds it by token hash", async () => {
        const tokenHash = aTokenHash();
        const expiresAt = later(HOUR_MS);
        const session = await store.sessions.create({ tokenHash, userId: user.id, persistent: true, expiresAt });

        expect(session.id).toMatch(ID_PATTERN);
        expect(session).toMatchObject({ tokenHash, userId: user.id, persistent: true });
        expect(session.expiresAt.getTime()).toBe(expiresAt.getTime());
        expect(session.createdAt).toBeInstanceOf(Date);
        expect(await store.sessions.findByTokenHash(tokenHash)).toEqual(session);
      });

      it("keeps the persistent flag false", async () => {
        const tokenHash = aTokenHash();
        await store.sessions.create({ tokenHash, userId: user.id, persistent: false, expiresAt: later(HOUR_MS) });
        expect((await store.sessions.findByTokenHash(tokenHash))?.persistent).toBe(false);
      });

      it("returns null for an unknown token hash or an operator object", async () => {
        await store.sessions.create({ tokenHash: aTokenHash(), userId: user.id, persistent: false, expiresAt: later(HOUR_MS) });
        expect(await store.sessions.findByTokenHash(aTokenHash())).toBeNull();
        expect(await store.sessions.findByTokenHash(OPERATOR)).toBeNull();
      });

      it("does not find an expired session", async () => {
        const tokenHash = aTokenHash();
        const expiresAt = later(HOUR_MS);
        await store.sessions.create({ tokenHash, userId: user.id, persistent: false, expiresAt });

        expect(await store.sessions.findByTokenHash(tokenHash, later(-1, expiresAt))).not.toBeNull();
        expect(await store.sessions.findByTokenHash(tokenHash, expiresAt)).toBeNull();
        expect(await store.sessions.findByTokenHash(tokenHash, later(1, expiresAt))).toBeNull();
      });

      it("does not find a session that expired in the past by default", async () => {
        const tokenHash = aTokenHash();
        // One hour back stays clear of a TTL monitor pass racing the lookup: either way it is gone.
        await store.sessions.create({ tokenHash, userId: user.id, persistent: false, expiresAt: later(-HOUR_MS) });
        expect(await store.sessions.findByTokenHash(tokenHash)).toBeNull();
      });

      it("deletes a session by id", async () => {
        const tokenHash = aTokenHash();
        const session = await store.sessions.create({ tokenHash, userId: user.id, persistent: false, expiresAt: later(HOUR_MS) });
        await store.sessions.delete(session.id);
        expect(await store.sessions.findByTokenHash(tokenHash)).toBeNull();
      });

      it("ignores deleting an unknown or invalid id", async () => {
        const tokenHash = aTokenHash();
        await store.sessions.create({ tokenHash, userId: user.id, persistent: false, expiresAt: later(HOUR_MS) });
        await store.sessions.delete(UNKNOWN_ID);
        for (const id of INVALID_IDS) await store.sessions.delete(id as string);
        expect(await store.sessions.findByTokenHash(tokenHash)).not.toBeNull();
      });

      it("deletes all sessions of one user and says how many", async () => {
        const other = await store.users.create(aUser());
        const otherToken = aTokenHash();
        await store.sessions.create({ tokenHash: aTokenHash(), userId: user.id, persistent: false, expiresAt: later(HOUR_MS) });
        await store.sessions.create({ tokenHash: aTokenHash(), userId: user.id, persistent: true, expiresAt: later(HOUR_MS) });
        await store.sessions.create({ tokenHash: otherToken, userId: other.id, persistent: false, expiresAt: later(HOUR_MS) });

        expect(await store.sessions.deleteAllForUser(user.id)).toBe(2);
        expect(await store.sessions.deleteAllForUser(user.id)).toBe(0);
        expect(await store.sessions.findByTokenHash(otherToken)).not.toBeNull();
      });

      it("deletes nothing for an unknown or invalid user id", async () => {
        await store.sessions.create({ tokenHash: aTokenHash(), userId: user.id, persistent: false, expiresAt: later(HOUR_MS) });
        expect(await store.sessions.deleteAllForUser(UNKNOWN_ID)).toBe(0);
        for (const id of INVALID_IDS) expect(await store.sessions.deleteAllForUser(id as string)).toBe(0);
      });

      it("purges the sessions expired at or before now", async () => {
        const now = new Date();
        const liveToken = aTokenHash();
        const expiresAt = later(HOUR_MS, now);
        await store.sessions.create({ tokenHash: aTokenHash(), userId: user.id, persistent: false, expiresAt });
        await store.sessions.create({ tokenHash: aTokenHash(), userId: user.id, persistent: false, expiresAt: later(-1, expiresAt) });
        await store.sessions.create({ tokenHash: liveToken, userId: user.id, persistent: false, expiresAt: later(1, expiresAt) });

        expect(await store.sessions.purgeExpired(expiresAt)).toBe(2);
        expect(await store.sessions.purgeExpired(expiresAt)).toBe(0);
        expect(await store.sessions.findByTokenHash(liveToken, now)).not.toBeNull();
      });
    });
  });
}
