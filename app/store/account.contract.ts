// The store contract of "My account" (pending e-mail changes, the reads of
// the data export, erasing an account), run by describeStoreContract
// against every adapter.
import { randomBytes } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { exerciseLogsOf } from "../domain/workout/personal-records.ts";
import type { NewUser, Store, UserRecord } from "./types.ts";
import { aWorkoutSession } from "./workout-sessions.contract.ts";

const UNKNOWN_ID = "0123456789abcdef01234567";
const INVALID_IDS: unknown[] = ["nope", "", "0123456789abcdef0123456z", 42, null, { $gt: "" }];
const OPERATOR = { $gt: "" } as unknown as string;
const HOUR_MS = 3_600_000;

function tick(ms = 5): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function aToken(): string {
  return randomBytes(32).toString("hex");
}

function later(ms: number, from = new Date()): Date {
  return new Date(from.getTime() + ms);
}

function aNewUser(overrides: Partial<NewUser> = {}): NewUser {
  const pseudo = `Member${randomBytes(4).toString("hex")}`;
  return { pseudo, email: `${pseudo.toLowerCase()}@example.test`, passwordHash: "hash", ...overrides };
}

export function describeAccountStoreContract(makeStore: () => Promise<Store>): void {
  let store: Store;

  beforeEach(async () => {
    store = await makeStore();
  });

  afterEach(async () => {
    await store.close();
  });

  describe("e-mail changes", () => {
    it("keeps one pending change per account, the new address normalized; a new request replaces the last", async () => {
      const user = await store.users.create(aNewUser());
      const firstToken = aToken();
      const first = await store.emailChanges.request({
        userId: user.id,
        newEmail: "  Nouvelle@Example.TEST ",
        tokenHash: firstToken,
        expiresAt: later(HOUR_MS),
      });
      expect(first).toMatchObject({ userId: user.id, newEmail: "nouvelle@example.test", tokenHash: firstToken });
      expect(await store.emailChanges.findPendingForUser(user.id)).toMatchObject({ newEmail: "nouvelle@example.test" });

      const secondToken = aToken();
      await store.emailChanges.request({
        userId: user.id,
        newEmail: "autre@example.test",
        tokenHash: secondToken,
        expiresAt: later(HOUR_MS),
      });
      expect(await store.emailChanges.findPendingForUser(user.id)).toMatchObject({ newEmail: "autre@example.test" });
      // The first link no longer works.
      expect(await store.emailChanges.consume(firstToken)).toBeNull();
      expect(await store.emailChanges.consume(secondToken)).toMatchObject({ newEmail: "autre@example.test" });
    });

    it("hands a token to exactly one of many concurrent consumers, then never again", async () => {
      const user = await store.users.create(aNewUser());
      const token = aToken();
      await store.emailChanges.request({
        userId: user.id,
        newEmail: "x@example.test",
        tokenHash: token,
        expiresAt: later(HOUR_MS),
      });
      const results = await Promise.all(Array.from({ length: 8 }, () => store.emailChanges.consume(token)));
      expect(results.filter((result) => result !== null)).toHaveLength(1);
      expect(await store.emailChanges.consume(token)).toBeNull();
      expect(await store.emailChanges.findPendingForUser(user.id)).toBeNull();
    });

    it("treats an expired change as gone, and purges it", async () => {
      const user = await store.users.create(aNewUser());
      const token = aToken();
      const expiresAt = later(HOUR_MS);
      await store.emailChanges.request({ userId: user.id, newEmail: "x@example.test", tokenHash: token, expiresAt });
      expect(await store.emailChanges.findPendingForUser(user.id, expiresAt)).toBeNull();
      expect(await store.emailChanges.consume(token, expiresAt)).toBeNull();
      expect(await store.emailChanges.purgeExpired(later(-1, expiresAt))).toBe(0);
      expect(await store.emailChanges.purgeExpired(expiresAt)).toBe(1);
      expect(await store.emailChanges.findPendingForUser(user.id)).toBeNull();
    });

    it("cancels a pending change; unknown tokens and ids find nothing", async () => {
      const user = await store.users.create(aNewUser());
      const token = aToken();
      await store.emailChanges.request({
        userId: user.id,
        newEmail: "x@example.test",
        tokenHash: token,
        expiresAt: later(HOUR_MS),
      });
      expect(await store.emailChanges.consume(OPERATOR)).toBeNull();
      expect(await store.emailChanges.consume(aToken())).toBeNull();
      for (const id of INVALID_IDS) {
        expect(await store.emailChanges.findPendingForUser(id as string)).toBeNull();
        expect(await store.emailChanges.cancelForUser(id as string)).toBe(false);
      }
      expect(await store.emailChanges.cancelForUser(user.id)).toBe(true);
      expect(await store.emailChanges.cancelForUser(user.id)).toBe(false);
      expect(await store.emailChanges.consume(token)).toBeNull();
    });

    it("refuses a change that is not plain values", async () => {
      const user = await store.users.create(aNewUser());
      const valid = { userId: user.id, newEmail: "x@example.test", tokenHash: aToken(), expiresAt: later(HOUR_MS) };
      await expect(store.emailChanges.request({ ...valid, userId: "nope" })).rejects.toThrow(TypeError);
      await expect(store.emailChanges.request({ ...valid, newEmail: OPERATOR })).rejects.toThrow(TypeError);
      await expect(store.emailChanges.request({ ...valid, expiresAt: new Date(Number.NaN) })).rejects.toThrow(
        TypeError,
      );
    });
  });

  describe("what the export reads", () => {
    it("lists a user's live sessions newest first, never another user's or an expired one", async () => {
      const user = await store.users.create(aNewUser());
      const other = await store.users.create(aNewUser());
      const expired = await store.sessions.create({
        tokenHash: aToken(),
        userId: user.id,
        persistent: false,
        expiresAt: later(10),
      });
      await tick();
      const first = await store.sessions.create({
        tokenHash: aToken(),
        userId: user.id,
        persistent: true,
        expiresAt: later(HOUR_MS),
      });
      await tick();
      const second = await store.sessions.create({
        tokenHash: aToken(),
        userId: user.id,
        persistent: false,
        expiresAt: later(HOUR_MS),
      });
      await store.sessions.create({
        tokenHash: aToken(),
        userId: other.id,
        persistent: false,
        expiresAt: later(HOUR_MS),
      });

      const listed = await store.sessions.listForUser(user.id, later(20, expired.expiresAt));
      expect(listed.map((session) => session.id)).toEqual([second.id, first.id]);
      expect(listed[1]).toMatchObject({ persistent: true, userId: user.id });
      expect(await store.sessions.listForUser(UNKNOWN_ID)).toEqual([]);
      expect(await store.sessions.listForUser(OPERATOR)).toEqual([]);
    });

    it("ends every session of a user but the one kept", async () => {
      const user = await store.users.create(aNewUser());
      const other = await store.users.create(aNewUser());
      const kept = await store.sessions.create({
        tokenHash: aToken(),
        userId: user.id,
        persistent: false,
        expiresAt: later(HOUR_MS),
      });
      const ended = await store.sessions.create({
        tokenHash: aToken(),
        userId: user.id,
        persistent: true,
        expiresAt: later(HOUR_MS),
      });
      const neighbour = await store.sessions.create({
        tokenHash: aToken(),
        userId: other.id,
        persistent: false,
        expiresAt: later(HOUR_MS),
      });

      expect(await store.sessions.deleteAllForUserExcept(user.id, kept.id)).toBe(1);
      expect(await store.sessions.findByTokenHash(kept.tokenHash)).not.toBeNull();
      expect(await store.sessions.findByTokenHash(ended.tokenHash)).toBeNull();
      expect(await store.sessions.findByTokenHash(neighbour.tokenHash)).not.toBeNull();
      expect(await store.sessions.deleteAllForUserExcept(user.id, OPERATOR)).toBe(0);
      expect(await store.sessions.findByTokenHash(kept.tokenHash)).not.toBeNull();
    });

    it("pages through an author's reviews newest first, approved and pending alike, never another's", async () => {
      const author = await store.users.create(aNewUser());
      const other = await store.users.create(aNewUser());
      const written = [];
      for (let index = 0; index < 5; index += 1) {
        const review = await store.reviews.create({
          userId: author.id,
          name: "A",
          rating: 4,
          comment: `avis ${index}`,
        });
        if (index % 2 === 0) await store.reviews.approve(review.id);
        await store.reviews.create({ userId: other.id, name: "B", rating: 5, comment: `autre ${index}` });
        written.push(review);
        await tick(2);
      }
      const newestFirst = written.toReversed().map((review) => review.id);

      const firstPage = await store.reviews.listForUser(author.id, { limit: 2 });
      expect(firstPage.map((review) => review.id)).toEqual(newestFirst.slice(0, 2));
      const last = firstPage.at(-1)!;
      const rest = await store.reviews.listForUser(author.id, {
        limit: 10,
        before: { createdAt: last.createdAt, id: last.id },
      });
      expect(rest.map((review) => review.id)).toEqual(newestFirst.slice(2));
      expect(rest.map((review) => review.isApproved)).toEqual([true, false, true]);
      expect(await store.reviews.listForUser(OPERATOR, { limit: 10 })).toEqual([]);
      await expect(store.reviews.listForUser(author.id, { limit: 0 })).rejects.toThrow(TypeError);
    });

    it("tags an outbox mail with the account it is about", async () => {
      const user = await store.users.create(aNewUser());
      const tagged = await store.outbox.enqueue({
        to: "new@example.test",
        subject: "s",
        text: "t",
        html: "h",
        userId: user.id,
      });
      const untagged = await store.outbox.enqueue({ to: user.email, subject: "s", text: "t", html: "h" });
      expect(tagged.userId).toBe(user.id);
      expect(untagged.userId).toBeNull();
      await expect(
        store.outbox.enqueue({ to: "x@example.test", subject: "s", text: "t", html: "h", userId: OPERATOR }),
      ).rejects.toThrow(TypeError);
    });
  });

  describe("erasing an account", () => {
    /** An account with something in every store, and what the checks need to find it again. */
    async function populated(overrides: Partial<NewUser> = {}) {
      const user = await store.users.create(aNewUser({ emailVerifiedAt: new Date(), ...overrides }));
      const sessionToken = aToken();
      await store.sessions.create({
        tokenHash: sessionToken,
        userId: user.id,
        persistent: true,
        expiresAt: later(HOUR_MS),
      });
      const resetToken = aToken();
      await store.verifications.create({
        userId: user.id,
        purpose: "reset",
        tokenHash: resetToken,
        expiresAt: later(HOUR_MS),
      });
      const changeToken = aToken();
      const pendingAddress = `pending-${user.pseudo.toLowerCase()}@example.test`;
      await store.emailChanges.request({
        userId: user.id,
        newEmail: pendingAddress,
        tokenHash: changeToken,
        expiresAt: later(HOUR_MS),
      });
      for (let index = 0; index < 3; index += 1) {
        await store.history.add({ userId: user.id, action: "IMC_CALC", meta: { imc: 22 + index } });
      }
      const { session: first } = await store.workoutSessions.save(
        aWorkoutSession(user.id, { idempotencyKey: `first-${user.id}` }),
      );
      await store.workoutSessions.save(aWorkoutSession(user.id, { name: "Séance du mardi" }));
      // The lifter's memory of the first one: its log and the records folded from it.
      await store.exerciseHistory.addSession(user.id, exerciseLogsOf(first));
      // The dashboard's figures of those sessions (two days), and a profile photo.
      for (const day of ["2026-03-02", "2026-03-03"]) {
        await store.workoutStats.add(user.id, {
          day,
          at: new Date(`${day}T18:00:00Z`),
          calories: 45,
          durationSec: 2_400,
          exercises: 2,
          muscleSets: { pectoraux: 3 },
        });
      }
      await store.photos.put(user.id, {
        contentType: "image/webp",
        data: new Uint8Array([82, 73, 70, 70, 1, 2, 3, 4]),
        width: 1,
        height: 1,
        etag: `"${user.id}"`,
      });
      const approved = await store.reviews.create({
        userId: user.id,
        name: user.pseudo,
        rating: 5,
        comment: "Très bien",
      });
      await store.reviews.approve(approved.id);
      await store.reviews.create({ userId: user.id, name: user.pseudo, rating: 3, comment: "En attente" });
      await store.newsletterSubscribers.subscribe({
        email: user.email,
        locale: "fr",
        confirmTokenHash: null,
        confirmWithAccount: true,
      });
      // Mails: one waiting, one being sent, one sent, and one about the account to its pending new address.
      await store.outbox.enqueue({ to: user.email, subject: "sent", text: "t", html: "h" });
      const claimed = await store.outbox.claimNext();
      if (claimed) await store.outbox.markSent(claimed);
      await store.outbox.enqueue({ to: user.email, subject: "sending", text: "t", html: "h" });
      await store.outbox.claimNext();
      await store.outbox.enqueue({ to: user.email, subject: "queued", text: "t", html: "h" });
      await store.outbox.enqueue({ to: pendingAddress, subject: "confirm", text: "t", html: "h", userId: user.id });
      return { user, sessionToken, resetToken, changeToken, pendingAddress };
    }

    async function mailsFor(user: UserRecord, pendingAddress: string) {
      const all = await store.outbox.list({ limit: 100 });
      return all.filter((mail) => mail.to === user.email || mail.to === pendingAddress || mail.userId === user.id);
    }

    it("empties every store of the account, the outbox included, and says what it removed", async () => {
      const mine = await populated();
      const neighbour = await populated();
      await store.contactMessages.add({ nom: "N", email: mine.user.email, sujet: "s", message: "m", locale: "fr" });

      const erasure = await store.accounts.erase(mine.user.id);

      expect(erasure).toEqual({
        users: 1,
        sessions: 1,
        verifications: 1,
        emailChanges: 1,
        history: 3,
        workoutSessions: 2,
        workoutStats: 3,
        exerciseHistory: 2,
        photos: 1,
        reviews: 2,
        newsletterSubscribers: 1,
        outbox: 4,
      });
      const { user } = mine;
      expect(await store.users.findById(user.id)).toBeNull();
      expect(await store.users.findByEmailOrPseudo(user.email)).toBeNull();
      expect(await store.users.findByPseudo(user.pseudo)).toBeNull();
      expect(await store.sessions.findByTokenHash(mine.sessionToken)).toBeNull();
      expect(await store.sessions.listForUser(user.id)).toEqual([]);
      expect(await store.verifications.findValidByTokenHash(mine.resetToken, "reset")).toBeNull();
      expect(await store.emailChanges.findPendingForUser(user.id)).toBeNull();
      expect(await store.emailChanges.consume(mine.changeToken)).toBeNull();
      expect(await store.history.listForUser(user.id)).toEqual([]);
      expect(await store.workoutSessions.listForUser(user.id)).toEqual([]);
      expect(await store.workoutStats.totals(user.id)).toBeNull();
      expect(await store.workoutStats.days(user.id, { from: "2026-03-01", to: "2026-03-31" })).toEqual([]);
      expect(await store.exerciseHistory.listRecords(user.id, { limit: 10 })).toEqual([]);
      expect(await store.exerciseHistory.listLogs(user.id, "bench-press", { limit: 10 })).toEqual([]);
      expect(await store.photos.findForUser(user.id)).toBeNull();
      expect(await store.reviews.listForUser(user.id, { limit: 10 })).toEqual([]);
      expect((await store.reviews.listAll({ limit: 100 })).filter((review) => review.userId === user.id)).toEqual([]);
      expect(await store.newsletterSubscribers.findByEmail(user.email)).toBeNull();
      expect(await mailsFor(user, mine.pendingAddress)).toEqual([]);

      // The neighbour keeps everything; contact messages stay for their own retention.
      expect(await store.users.findById(neighbour.user.id)).not.toBeNull();
      expect(await store.sessions.findByTokenHash(neighbour.sessionToken)).not.toBeNull();
      expect(await store.verifications.findValidByTokenHash(neighbour.resetToken, "reset")).not.toBeNull();
      expect(await store.emailChanges.findPendingForUser(neighbour.user.id)).not.toBeNull();
      expect(await store.history.listForUser(neighbour.user.id)).toHaveLength(3);
      expect(await store.workoutSessions.listForUser(neighbour.user.id)).toHaveLength(2);
      expect(await store.workoutStats.totals(neighbour.user.id)).toMatchObject({ sessions: 2 });
      expect(await store.exerciseHistory.findRecords(neighbour.user.id, "bench-press")).toMatchObject({ sessions: 1 });
      expect(await store.photos.findForUser(neighbour.user.id)).not.toBeNull();
      expect(await store.reviews.listForUser(neighbour.user.id, { limit: 10 })).toHaveLength(2);
      expect(await store.newsletterSubscribers.findByEmail(neighbour.user.email)).not.toBeNull();
      expect(await mailsFor(neighbour.user, neighbour.pendingAddress)).toHaveLength(4);
      expect((await store.contactMessages.listRecent(10)).map((message) => message.email)).toContain(user.email);
    });

    it("frees the pseudo and the e-mail address for a new account", async () => {
      const { user } = await populated();
      await store.accounts.erase(user.id);
      const again = await store.users.create({ pseudo: user.pseudo, email: user.email, passwordHash: "new-hash" });
      expect(again.id).not.toBe(user.id);
      expect(await store.history.listForUser(again.id)).toEqual([]);
      expect(await store.reviews.listForUser(again.id, { limit: 10 })).toEqual([]);
    });

    it("answers null for an unknown or malformed id, and for an account already erased", async () => {
      const { user } = await populated();
      for (const id of [...INVALID_IDS, UNKNOWN_ID]) expect(await store.accounts.erase(id as string)).toBeNull();
      expect(await store.users.findById(user.id)).not.toBeNull();
      expect(await store.accounts.erase(user.id)).not.toBeNull();
      expect(await store.accounts.erase(user.id)).toBeNull();
    });
  });
}
