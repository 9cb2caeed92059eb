// The observable behaviour every adapter must share. Each adapter's test file
// calls describeStoreContract with a factory returning a fresh, empty store.
import { randomBytes } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { describeCommunityStoreContract } from "./community.contract.ts";
import { DuplicateKeyError, type NewUser, type Store, type UserRecord } from "./types.ts";

const ID_PATTERN = /^[0-9a-f]{24}$/;
const UNKNOWN_ID = "0123456789abcdef01234567";
const INVALID_IDS: unknown[] = [
  "nope",
  "",
  "0123456789abcdef0123456",
  "0123456789abcdef0123456z",
  42,
  null,
  { $gt: "" },
];
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
        await store.sessions.create({
          tokenHash: aTokenHash(),
          userId: user.id,
          persistent: false,
          expiresAt: later(HOUR_MS),
        });
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
        const session = await store.sessions.create({
          tokenHash,
          userId: user.id,
          persistent: false,
          expiresAt: later(HOUR_MS),
        });
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
        await store.sessions.create({
          tokenHash: aTokenHash(),
          userId: user.id,
          persistent: false,
          expiresAt: later(HOUR_MS),
        });
        await store.sessions.create({
          tokenHash: aTokenHash(),
          userId: user.id,
          persistent: true,
          expiresAt: later(HOUR_MS),
        });
        await store.sessions.create({
          tokenHash: otherToken,
          userId: other.id,
          persistent: false,
          expiresAt: later(HOUR_MS),
        });

        expect(await store.sessions.deleteAllForUser(user.id)).toBe(2);
        expect(await store.sessions.deleteAllForUser(user.id)).toBe(0);
        expect(await store.sessions.findByTokenHash(otherToken)).not.toBeNull();
      });

      it("deletes nothing for an unknown or invalid user id", async () => {
        await store.sessions.create({
          tokenHash: aTokenHash(),
          userId: user.id,
          persistent: false,
          expiresAt: later(HOUR_MS),
        });
        expect(await store.sessions.deleteAllForUser(UNKNOWN_ID)).toBe(0);
        for (const id of INVALID_IDS) expect(await store.sessions.deleteAllForUser(id as string)).toBe(0);
      });

      it("purges the sessions expired at or before now", async () => {
        const now = new Date();
        const liveToken = aTokenHash();
        const expiresAt = later(HOUR_MS, now);
        await store.sessions.create({ tokenHash: aTokenHash(), userId: user.id, persistent: false, expiresAt });
        await store.sessions.create({
          tokenHash: aTokenHash(),
          userId: user.id,
          persistent: false,
          expiresAt: later(-1, expiresAt),
        });
        await store.sessions.create({
          tokenHash: liveToken,
          userId: user.id,
          persistent: false,
          expiresAt: later(1, expiresAt),
        });

        expect(await store.sessions.purgeExpired(expiresAt)).toBe(2);
        expect(await store.sessions.purgeExpired(expiresAt)).toBe(0);
        expect(await store.sessions.findByTokenHash(liveToken, now)).not.toBeNull();
      });
    });

    describe("verifications", () => {
      let user: UserRecord;

      beforeEach(async () => {
        user = await store.users.create(aUser());
      });

      it("creates a verification and finds it while valid", async () => {
        const tokenHash = aTokenHash();
        const expiresAt = later(HOUR_MS);
        const verification = await store.verifications.create({
          userId: user.id,
          purpose: "email",
          tokenHash,
          expiresAt,
        });

        expect(verification.id).toMatch(ID_PATTERN);
        expect(verification).toMatchObject({ userId: user.id, purpose: "email", tokenHash, usedAt: null });
        expect(verification.expiresAt.getTime()).toBe(expiresAt.getTime());
        expect(verification.createdAt).toBeInstanceOf(Date);
        expect(await store.verifications.findValidByTokenHash(tokenHash, "email")).toEqual(verification);
      });

      it("does not find a token of another purpose, unknown, or an operator object", async () => {
        const tokenHash = aTokenHash();
        await store.verifications.create({ userId: user.id, purpose: "reset", tokenHash, expiresAt: later(HOUR_MS) });

        expect(await store.verifications.findValidByTokenHash(tokenHash, "email")).toBeNull();
        expect(await store.verifications.findValidByTokenHash(aTokenHash(), "reset")).toBeNull();
        expect(await store.verifications.findValidByTokenHash(OPERATOR, "reset")).toBeNull();
        expect(await store.verifications.findValidByTokenHash(tokenHash, OPERATOR as "reset")).toBeNull();
      });

      it("does not find an expired token", async () => {
        const tokenHash = aTokenHash();
        const expiresAt = later(HOUR_MS);
        await store.verifications.create({ userId: user.id, purpose: "reset", tokenHash, expiresAt });

        expect(await store.verifications.findValidByTokenHash(tokenHash, "reset", later(-1, expiresAt))).not.toBeNull();
        expect(await store.verifications.findValidByTokenHash(tokenHash, "reset", expiresAt)).toBeNull();
      });

      it("consumes a token once: markUsed is true then false, and the token is no longer valid", async () => {
        const tokenHash = aTokenHash();
        const verification = await store.verifications.create({
          userId: user.id,
          purpose: "email",
          tokenHash,
          expiresAt: later(HOUR_MS),
        });

        expect(await store.verifications.markUsed(verification.id)).toBe(true);
        expect(await store.verifications.markUsed(verification.id)).toBe(false);
        expect(await store.verifications.findValidByTokenHash(tokenHash, "email")).toBeNull();
      });

      it("lets only one of concurrent markUsed calls win", async () => {
        const verification = await store.verifications.create({
          userId: user.id,
          purpose: "reset",
          tokenHash: aTokenHash(),
          expiresAt: later(HOUR_MS),
        });
        const results = await Promise.all(
          Array.from({ length: 5 }, () => store.verifications.markUsed(verification.id)),
        );
        expect(results.filter(Boolean)).toHaveLength(1);
      });

      it("returns false when marking an unknown or invalid id", async () => {
        expect(await store.verifications.markUsed(UNKNOWN_ID)).toBe(false);
        for (const id of INVALID_IDS) expect(await store.verifications.markUsed(id as string)).toBe(false);
      });

      it("deletes the verifications of one user and purpose", async () => {
        const other = await store.users.create(aUser());
        const resetToken = aTokenHash();
        const otherToken = aTokenHash();
        const expiresAt = later(HOUR_MS);
        await store.verifications.create({ userId: user.id, purpose: "email", tokenHash: aTokenHash(), expiresAt });
        await store.verifications.create({ userId: user.id, purpose: "email", tokenHash: aTokenHash(), expiresAt });
        await store.verifications.create({ userId: user.id, purpose: "reset", tokenHash: resetToken, expiresAt });
        await store.verifications.create({ userId: other.id, purpose: "email", tokenHash: otherToken, expiresAt });

        expect(await store.verifications.deleteForUser(user.id, "email")).toBe(2);
        expect(await store.verifications.deleteForUser(user.id, "email")).toBe(0);
        expect(await store.verifications.findValidByTokenHash(resetToken, "reset")).not.toBeNull();
        expect(await store.verifications.findValidByTokenHash(otherToken, "email")).not.toBeNull();
        expect(await store.verifications.deleteForUser("nope", "reset")).toBe(0);
      });

      it("purges the verifications expired at or before now", async () => {
        const expiresAt = later(HOUR_MS);
        const liveToken = aTokenHash();
        await store.verifications.create({ userId: user.id, purpose: "email", tokenHash: aTokenHash(), expiresAt });
        await store.verifications.create({
          userId: user.id,
          purpose: "reset",
          tokenHash: liveToken,
          expiresAt: later(1, expiresAt),
        });

        expect(await store.verifications.purgeExpired(expiresAt)).toBe(1);
        expect(await store.verifications.findValidByTokenHash(liveToken, "reset")).not.toBeNull();
      });
    });

    describe("outbox", () => {
      const mail = (subject = unique("Subject")) => ({
        to: "reader@example.test",
        subject,
        text: "Hello",
        html: "<p>Hello</p>",
      });

      async function outboxMail(id: string) {
        return (await store.outbox.list({ limit: 100 })).find((each) => each.id === id);
      }

      it("enqueues a mail due right away", async () => {
        const queued = await store.outbox.enqueue(mail("Welcome"));

        expect(queued.id).toMatch(ID_PATTERN);
        expect(queued).toMatchObject({
          to: "reader@example.test",
          subject: "Welcome",
          text: "Hello",
          html: "<p>Hello</p>",
          status: "queued",
          attempts: 0,
          lastError: null,
          sentAt: null,
        });
        expect(queued.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
        expect(await outboxMail(queued.id)).toEqual(queued);
      });

      it("claims the oldest due mail, moving it to sending and counting the attempt", async () => {
        const first = await store.outbox.enqueue(mail());
        await tick();
        const second = await store.outbox.enqueue(mail());
        const now = new Date();

        const claimed = await store.outbox.claimNext(now);
        expect(claimed).toMatchObject({ id: first.id, status: "sending", attempts: 1 });
        expect(claimed?.updatedAt.getTime()).toBe(now.getTime());
        expect((await store.outbox.claimNext(now))?.id).toBe(second.id);
        expect(await store.outbox.claimNext(now)).toBeNull();
      });

      it("claims nothing before the mail is due", async () => {
        const queued = await store.outbox.enqueue(mail());
        expect(await store.outbox.claimNext(later(-1, queued.nextAttemptAt))).toBeNull();
        expect(await store.outbox.claimNext(queued.nextAttemptAt)).not.toBeNull();
      });

      it("never hands the same mail to concurrent claims", async () => {
        for (let index = 0; index < 3; index += 1) await store.outbox.enqueue(mail());
        const now = new Date();
        const claims = await Promise.all(Array.from({ length: 6 }, () => store.outbox.claimNext(now)));
        const claimedIds = claims.flatMap((claim) => (claim ? [claim.id] : []));

        expect(claimedIds).toHaveLength(3);
        expect(new Set(claimedIds).size).toBe(3);
      });

      it("marks a mail sent", async () => {
        const queued = await store.outbox.enqueue(mail());
        await store.outbox.claimNext(new Date());
        const sentAt = later(1_000);
        await store.outbox.markSent(queued.id, sentAt);

        const sent = await outboxMail(queued.id);
        expect(sent).toMatchObject({ status: "sent", attempts: 1 });
        expect(sent?.sentAt?.getTime()).toBe(sentAt.getTime());
        expect(await store.outbox.claimNext(later(HOUR_MS))).toBeNull();
      });

      it("requeues a mail for a retry from nextAttemptAt on", async () => {
        const queued = await store.outbox.enqueue(mail());
        await store.outbox.claimNext(new Date());
        const retryAt = later(60_000);
        await store.outbox.markRetry(queued.id, "SMTP 451", retryAt);

        const retried = await outboxMail(queued.id);
        expect(retried).toMatchObject({ status: "queued", attempts: 1, lastError: "SMTP 451" });
        expect(retried?.nextAttemptAt.getTime()).toBe(retryAt.getTime());
        expect(await store.outbox.claimNext(later(-1, retryAt))).toBeNull();
        expect(await store.outbox.claimNext(retryAt)).toMatchObject({ id: queued.id, attempts: 2 });
      });

      it("marks a mail failed for good", async () => {
        const queued = await store.outbox.enqueue(mail());
        await store.outbox.claimNext(new Date());
        await store.outbox.markFailed(queued.id, "mailbox does not exist");

        expect(await outboxMail(queued.id)).toMatchObject({ status: "failed", lastError: "mailbox does not exist" });
        expect(await store.outbox.claimNext(later(HOUR_MS))).toBeNull();
      });

      it("ignores marks on an unknown or invalid id", async () => {
        await store.outbox.markSent(UNKNOWN_ID);
        await store.outbox.markRetry("nope", "error", new Date());
        await store.outbox.markFailed(OPERATOR, "error");
        expect(await store.outbox.list({ limit: 10 })).toEqual([]);
      });

      it("releases mails stuck in sending since before a date", async () => {
        const stuck = await store.outbox.enqueue(mail());
        const claimedAt = new Date();
        await store.outbox.claimNext(claimedAt);

        expect(await store.outbox.releaseStale(claimedAt)).toBe(0);
        expect(await store.outbox.releaseStale(later(1, claimedAt))).toBe(1);
        expect((await outboxMail(stuck.id))?.status).toBe("queued");
        expect(await store.outbox.claimNext(later(1, claimedAt))).toMatchObject({ id: stuck.id, attempts: 2 });
      });

      it("lists newest first, up to the limit", async () => {
        const subjects = ["first", "second", "third"];
        for (const subject of subjects) {
          await store.outbox.enqueue(mail(subject));
          await tick(2);
        }
        expect((await store.outbox.list({ limit: 10 })).map((each) => each.subject)).toEqual([
          "third",
          "second",
          "first",
        ]);
        expect((await store.outbox.list({ limit: 2 })).map((each) => each.subject)).toEqual(["third", "second"]);
        await expect(store.outbox.list({ limit: 0 })).rejects.toThrow(TypeError);
      });

      it("counts mails by status, zero included", async () => {
        expect(await store.outbox.countByStatus()).toEqual({ queued: 0, sending: 0, sent: 0, failed: 0 });

        const toSend = await store.outbox.enqueue(mail());
        await tick(2);
        const toFail = await store.outbox.enqueue(mail());
        await tick(2);
        await store.outbox.enqueue(mail());
        await tick(2);
        await store.outbox.enqueue(mail());
        const now = new Date();
        for (let index = 0; index < 3; index += 1) await store.outbox.claimNext(now);
        await store.outbox.markSent(toSend.id, now);
        await store.outbox.markFailed(toFail.id, "bounced");

        expect(await store.outbox.countByStatus()).toEqual({ queued: 1, sending: 1, sent: 1, failed: 1 });
      });

      it("purges sent and failed mails updated before the cutoff, never queued or sending ones", async () => {
        for (let index = 0; index < 3; index += 1) await store.outbox.enqueue(mail());
        const claimedAt = new Date();
        const toSend = await store.outbox.claimNext(claimedAt);
        const toFail = await store.outbox.claimNext(claimedAt);
        const stuck = await store.outbox.claimNext(claimedAt);
        if (!toSend || !toFail || !stuck) throw new Error("expected three claimed mails");
        const queued = await store.outbox.enqueue(mail());
        await store.outbox.markSent(toSend.id, claimedAt);
        await store.outbox.markFailed(toFail.id, "bounced");

        expect(await store.outbox.purgeFinishedOlderThan(later(-HOUR_MS))).toBe(0);
        // Every mail, stuck and queued ones included, was last updated before this cutoff.
        expect(await store.outbox.purgeFinishedOlderThan(later(HOUR_MS))).toBe(2);
        expect(await store.outbox.purgeFinishedOlderThan(later(HOUR_MS))).toBe(0);

        const left = await store.outbox.list({ limit: 10 });
        expect(Object.fromEntries(left.map((each) => [each.id, each.status]))).toEqual({
          [stuck.id]: "sending",
          [queued.id]: "queued",
        });
        expect(await store.outbox.countByStatus()).toEqual({ queued: 1, sending: 1, sent: 0, failed: 0 });
      });

      it("keeps a finished mail updated exactly at the cutoff", async () => {
        const queued = await store.outbox.enqueue(mail());
        await store.outbox.claimNext(new Date());
        const sentAt = later(1_000);
        await store.outbox.markSent(queued.id, sentAt);

        expect(await store.outbox.purgeFinishedOlderThan(sentAt)).toBe(0);
        expect(await outboxMail(queued.id)).toMatchObject({ status: "sent" });
        expect(await store.outbox.purgeFinishedOlderThan(later(1, sentAt))).toBe(1);
        expect(await outboxMail(queued.id)).toBeUndefined();
      });

      it("rejects an invalid purge cutoff", async () => {
        await expect(store.outbox.purgeFinishedOlderThan(new Date(Number.NaN))).rejects.toThrow(TypeError);
        await expect(store.outbox.purgeFinishedOlderThan(OPERATOR as unknown as Date)).rejects.toThrow(TypeError);
      });
    });

    describe("history", () => {
      let user: UserRecord;

      beforeEach(async () => {
        user = await store.users.create(aUser());
      });

      it("adds an entry with its JSON metadata", async () => {
        const meta = { calculator: "imc", input: { weightKg: 70.5, heightCm: 180 }, tags: ["a", "b"], note: null };
        const entry = await store.history.add({ userId: user.id, action: "calculation", meta });

        expect(entry.id).toMatch(ID_PATTERN);
        expect(entry).toMatchObject({ userId: user.id, action: "calculation", meta });
        expect(entry.createdAt).toBeInstanceOf(Date);
        expect(await store.history.listForUser(user.id)).toEqual([entry]);
      });

      it("stores metadata as JSON would", async () => {
        const at = new Date("2025-06-07T08:09:10.000Z");
        const entry = await store.history.add({ userId: user.id, action: "a", meta: { at, gone: undefined } });
        expect(entry.meta).toEqual({ at: at.toISOString() });
        expect((await store.history.listForUser(user.id))[0]?.meta).toEqual({ at: at.toISOString() });
        expect((await store.history.add({ userId: user.id, action: "no-meta" })).meta).toEqual({});
      });

      it("lists a user's entries newest first, and only theirs", async () => {
        const other = await store.users.create(aUser());
        await store.history.add({ userId: other.id, action: "other", meta: {} });
        for (const action of ["one", "two", "three"]) {
          await store.history.add({ userId: user.id, action, meta: {} });
          await tick(2);
        }

        expect((await store.history.listForUser(user.id)).map((entry) => entry.action)).toEqual([
          "three",
          "two",
          "one",
        ]);
        expect(await store.history.listForUser(UNKNOWN_ID)).toEqual([]);
        expect(await store.history.listForUser(OPERATOR)).toEqual([]);
      });

      it("deletes an entry only for its owner", async () => {
        const other = await store.users.create(aUser());
        const entry = await store.history.add({ userId: user.id, action: "mine", meta: {} });

        expect(await store.history.deleteForUser(entry.id, other.id)).toBe(false);
        expect(await store.history.listForUser(user.id)).toHaveLength(1);
        expect(await store.history.deleteForUser(entry.id, user.id)).toBe(true);
        expect(await store.history.deleteForUser(entry.id, user.id)).toBe(false);
        expect(await store.history.listForUser(user.id)).toEqual([]);
        expect(await store.history.deleteForUser("nope", user.id)).toBe(false);
      });
    });

    describe("contact messages", () => {
      const message = (sujet: string) => ({
        nom: "Jeanne",
        email: " Jeanne@Example.TEST",
        sujet,
        message: "Bonjour !",
        locale: "fr",
      });

      it("adds a message", async () => {
        const added = await store.contactMessages.add(message("Question"));
        expect(added.id).toMatch(ID_PATTERN);
        expect(added).toMatchObject({
          nom: "Jeanne",
          email: "jeanne@example.test",
          sujet: "Question",
          message: "Bonjour !",
          locale: "fr",
        });
        expect(added.createdAt).toBeInstanceOf(Date);
        expect(await store.contactMessages.listRecent(10)).toEqual([added]);
      });

      it("lists the most recent first, up to the limit", async () => {
        for (const sujet of ["un", "deux", "trois"]) {
          await store.contactMessages.add(message(sujet));
          await tick(2);
        }
        expect((await store.contactMessages.listRecent(10)).map((each) => each.sujet)).toEqual(["trois", "deux", "un"]);
        expect((await store.contactMessages.listRecent(1)).map((each) => each.sujet)).toEqual(["trois"]);
        await expect(store.contactMessages.listRecent(-1)).rejects.toThrow(TypeError);
      });

      it("purges the messages created before the cutoff and says how many", async () => {
        const oldest = await store.contactMessages.add(message("ancien"));
        await tick(2);
        const older = await store.contactMessages.add(message("moins ancien"));
        await tick(2);
        const newest = await store.contactMessages.add(message("récent"));

        expect(await store.contactMessages.purgeOlderThan(oldest.createdAt)).toBe(0);
        // Strictly before: the message created at the cutoff stays.
        expect(await store.contactMessages.purgeOlderThan(newest.createdAt)).toBe(2);
        expect(await store.contactMessages.purgeOlderThan(newest.createdAt)).toBe(0);
        expect(await store.contactMessages.listRecent(10)).toEqual([newest]);
        expect(older.createdAt.getTime()).toBeLessThan(newest.createdAt.getTime());

        expect(await store.contactMessages.purgeOlderThan(later(1, newest.createdAt))).toBe(1);
        expect(await store.contactMessages.listRecent(10)).toEqual([]);
      });

      it("rejects an invalid purge cutoff", async () => {
        await store.contactMessages.add(message("gardé"));
        await expect(store.contactMessages.purgeOlderThan(new Date(Number.NaN))).rejects.toThrow(TypeError);
        await expect(store.contactMessages.purgeOlderThan(OPERATOR as unknown as Date)).rejects.toThrow(TypeError);
        expect(await store.contactMessages.listRecent(10)).toHaveLength(1);
      });
    });

    describe("community", () => {
      describeCommunityStoreContract(makeStore);
    });
  });
}
