// The observable behaviour every adapter must share. Each adapter's test file
// calls describeStoreContract with a factory returning a fresh, empty store.
import { randomBytes } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { HISTORY_PAGE_SIZE } from "../domain/history-page.ts";
import { OUTBOX_CLAIM_LEASE_MS } from "./claims.ts";
import { describeAccountStoreContract } from "./account.contract.ts";
import { describeCommunityStoreContract } from "./community.contract.ts";
import { aWorkoutSession, describeWorkoutSessionsStoreContract } from "./workout-sessions.contract.ts";
import { describeDashboardStoreContract } from "./dashboard.contract.ts";
import { describeExerciseHistoryStoreContract } from "./exercise-history.contract.ts";
import { exerciseLogsOf } from "../domain/workout/personal-records.ts";
import {
  type ClaimedOutboxMail,
  DuplicateKeyError,
  type ExerciseLogCursor,
  type HistoryCursor,
  type HistoryRecord,
  type NewUser,
  type Store,
  type UserRecord,
  type WorkoutSessionCursor,
  type WorkoutSessionRecord,
} from "./types.ts";

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

/**
 * The reads that many records may match. Each must be served by an index
 * that also serves its order, tie-breaker included; the names are the same
 * in both adapters.
 */
export const LISTING_QUERY_INDEXES = {
  "outbox.claimNext": ["mail_outbox_claimed_at", "mail_outbox_queued_due"],
  "outbox.list": ["mail_outbox_created_at_id"],
  "history.listForUser": ["history_user_id_created_at_id"],
  "history.listForUser before a cursor": ["history_user_id_created_at_id"],
  "workoutSessions.listForUser": ["workout_sessions_user_id_started_at_id"],
  "workoutSessions.listForUser before a cursor": ["workout_sessions_user_id_started_at_id"],
  "history.listForUser of one action": ["history_user_id_action_created_at_id"],
  "history.listForUser of one action before a cursor": ["history_user_id_action_created_at_id"],
  "history.oldestForUser": ["history_user_id_action_created_at_id"],
  "workoutStats.days": ["workout_days_user_id_day"],
  "workoutStats.activeDays": ["workout_days_user_id_day"],
  "exerciseHistory.listLogs": ["exercise_logs_user_id_exercise_id_started_at_session_id"],
  "exerciseHistory.listLogs before a cursor": ["exercise_logs_user_id_exercise_id_started_at_session_id"],
  "exerciseHistory.listRecords": ["exercise_records_user_id_sessions"],
  "contactMessages.listRecent": ["contact_messages_created_at_id"],
  "reviews.listApproved": ["reviews_approved_created_at_id"],
  "reviews.listAll": ["reviews_created_at_id"],
  "reviews.listForUser": ["reviews_user_id_created_at_id"],
  "reviews.listForUser before a cursor": ["reviews_user_id_created_at_id"],
  "sessions.listForUser": ["sessions_user_id_created_at_id"],
  "newsletters.list": ["newsletters_created_at_id"],
  "newsletters.claimDue": ["newsletters_status_lease_until", "newsletters_status_scheduled_at"],
  "newsletterSubscribers.listConfirmed": ["newsletter_subscribers_confirmed_id"],
  "newsletterSubscribers.listConfirmed after a cursor": ["newsletter_subscribers_confirmed_id"],
  // A delete: no order to serve, but it must reach the pending rows through their index.
  "newsletterSubscribers.purgePendingOlderThan": ["newsletter_subscribers_pending_created_at"],
} as const;

export type ListingQuery = keyof typeof LISTING_QUERY_INDEXES;

export interface ListingQueryArgs {
  now: Date;
  limit: number;
  userId: string;
  before: HistoryCursor;
  /** A session of the user's, in the middle of their list: the cursor of a next page of sessions. */
  sessionBefore: WorkoutSessionCursor;
  /** An exercise the user logged in every session (and another one besides), and a cursor in the middle of its logs. */
  exerciseId: string;
  logBefore: ExerciseLogCursor;
  /** A confirmed subscriber's id: the cursor of the sender's next page. */
  afterSubscriberId: string;
  /** The author of many reviews, and the cursor of the second page of them. */
  reviewAuthorId: string;
  reviewBefore: HistoryCursor;
  /** The action the history reads of one action ask for (the cursor above is one of its entries). */
  action: string;
  /** A range of at most a page of days, and the day the streak's page starts from. */
  days: { from: string; to: string; upTo: string };
}

/** What the database plans for a query, from SQLite's EXPLAIN QUERY PLAN or MongoDB's explain(). */
export interface QueryPlan {
  /** The indexes the plan reads. */
  indexes: string[];
  /** Sorts rows itself: SQLite "USE TEMP B-TREE FOR ORDER BY", MongoDB a SORT stage. */
  sortsInMemory: boolean;
  /** Reads a table without an index: SQLite "SCAN <table>" alone, MongoDB COLLSCAN. */
  scansWithoutIndex: boolean;
  /** Index keys the plan examined, where the engine says (MongoDB's executionStats); null otherwise. */
  keysExamined: number | null;
  /** The plan as the engine printed it, shown when an assertion fails. */
  detail: string;
}

export interface StoreContractHarness {
  /** Another client (a second connection, a second MongoClient) on the database of the store last made. */
  openSecondClient(): Promise<Store>;
  /** The plan of one listing query, run as the adapter runs it, on the database of the store last made. */
  explain(query: ListingQuery, args: ListingQueryArgs): Promise<QueryPlan>;
}

export function describeStoreContract(
  name: string,
  makeStore: () => Promise<Store>,
  harness: StoreContractHarness,
): void {
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

      async function claim(now = new Date()): Promise<ClaimedOutboxMail> {
        const claimed = await store.outbox.claimNext(now);
        if (!claimed) throw new Error("expected a mail to claim");
        return claimed;
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
          claimedAt: null,
          lastError: null,
          sentAt: null,
        });
        expect(queued.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
        expect(await outboxMail(queued.id)).toEqual(queued);
      });

      it("claims the oldest due mail under a fresh token, moving it to sending and counting the attempt", async () => {
        const first = await store.outbox.enqueue(mail());
        await tick();
        const second = await store.outbox.enqueue(mail());
        const now = new Date();

        const claimed = await claim(now);
        expect(claimed).toMatchObject({ id: first.id, status: "sending", attempts: 1 });
        expect(claimed.claimedAt.getTime()).toBe(now.getTime());
        expect(claimed.updatedAt.getTime()).toBe(now.getTime());
        expect(claimed.claimToken).toMatch(/^[0-9a-f]{32}$/);
        const next = await claim(now);
        expect(next.id).toBe(second.id);
        expect(next.claimToken).not.toBe(claimed.claimToken);
        expect(await store.outbox.claimNext(now)).toBeNull();
        // The token is for the sender only: listings never show it.
        expect(await outboxMail(first.id)).not.toHaveProperty("claimToken");
        expect((await outboxMail(first.id))?.claimedAt?.getTime()).toBe(now.getTime());
      });

      it("claims the mail due the longest first: a retry waits behind mails queued before it fell due", async () => {
        const retried = await store.outbox.enqueue(mail("retried"));
        await tick();
        const waiting = await store.outbox.enqueue(mail("waiting"));
        await store.outbox.markRetry(await claim(), "SMTP 451", later(60_000));

        expect((await claim(later(120_000))).id).toBe(waiting.id);
        expect((await claim(later(120_000))).id).toBe(retried.id);
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
        const claimedIds = claims.flatMap((each) => (each ? [each.id] : []));

        expect(claimedIds).toHaveLength(3);
        expect(new Set(claimedIds).size).toBe(3);
      });

      it("marks a mail sent under its claim", async () => {
        const queued = await store.outbox.enqueue(mail());
        const claimed = await claim();
        const sentAt = later(1_000);
        expect(await store.outbox.markSent(claimed, sentAt)).toBe(true);

        const sent = await outboxMail(queued.id);
        expect(sent).toMatchObject({ status: "sent", attempts: 1, claimedAt: null });
        expect(sent?.sentAt?.getTime()).toBe(sentAt.getTime());
        expect(await store.outbox.claimNext(later(HOUR_MS))).toBeNull();
        // Marking again, or otherwise, with a claim already spent changes nothing.
        expect(await store.outbox.markSent(claimed, later(2_000))).toBe(false);
        expect(await store.outbox.markFailed(claimed, "late")).toBe(false);
        expect((await outboxMail(queued.id))?.sentAt?.getTime()).toBe(sentAt.getTime());
      });

      it("requeues a mail for a retry from nextAttemptAt on", async () => {
        const queued = await store.outbox.enqueue(mail());
        const retryAt = later(60_000);
        expect(await store.outbox.markRetry(await claim(), "SMTP 451", retryAt)).toBe(true);

        const retried = await outboxMail(queued.id);
        expect(retried).toMatchObject({ status: "queued", attempts: 1, lastError: "SMTP 451", claimedAt: null });
        expect(retried?.nextAttemptAt.getTime()).toBe(retryAt.getTime());
        expect(await store.outbox.claimNext(later(-1, retryAt))).toBeNull();
        expect(await store.outbox.claimNext(retryAt)).toMatchObject({ id: queued.id, attempts: 2 });
      });

      it("marks a mail failed for good", async () => {
        const queued = await store.outbox.enqueue(mail());
        expect(await store.outbox.markFailed(await claim(), "mailbox does not exist")).toBe(true);

        expect(await outboxMail(queued.id)).toMatchObject({ status: "failed", lastError: "mailbox does not exist" });
        expect(await store.outbox.claimNext(later(HOUR_MS))).toBeNull();
      });

      it("ignores marks without the claim's token, or on an unknown or invalid id", async () => {
        const queued = await store.outbox.enqueue(mail());
        const claimed = await claim();
        const forged = [
          { id: claimed.id, claimToken: "0".repeat(32) },
          { id: claimed.id, claimToken: "" },
          { id: claimed.id, claimToken: OPERATOR },
          { id: claimed.id, claimToken: null as unknown as string },
          { id: UNKNOWN_ID, claimToken: claimed.claimToken },
          { id: "nope", claimToken: claimed.claimToken },
          { id: OPERATOR, claimToken: claimed.claimToken },
        ];
        for (const claimLike of forged) {
          expect(await store.outbox.markSent(claimLike)).toBe(false);
          expect(await store.outbox.markRetry(claimLike, "error", new Date())).toBe(false);
          expect(await store.outbox.markFailed(claimLike, "error")).toBe(false);
        }
        expect(await outboxMail(queued.id)).toMatchObject({ status: "sending", attempts: 1, lastError: null });
        expect(await store.outbox.list({ limit: 10 })).toHaveLength(1);
      });

      it("takes over a claim older than the lease, and the lapsed sender cannot overwrite the new claim's outcome", async () => {
        const queued = await store.outbox.enqueue(mail());
        const claimedAt = new Date();
        const lapsed = await claim(claimedAt);

        expect(await store.outbox.claimNext(later(OUTBOX_CLAIM_LEASE_MS - 1, claimedAt))).toBeNull();
        const takeover = await claim(later(OUTBOX_CLAIM_LEASE_MS, claimedAt));
        expect(takeover).toMatchObject({ id: queued.id, status: "sending", attempts: 2 });
        expect(takeover.claimToken).not.toBe(lapsed.claimToken);

        // The first sender comes back late: whatever it reports, nothing changes.
        expect(await store.outbox.markSent(lapsed, later(OUTBOX_CLAIM_LEASE_MS + 1, claimedAt))).toBe(false);
        expect(await store.outbox.markRetry(lapsed, "late", later(HOUR_MS))).toBe(false);
        expect(await store.outbox.markFailed(lapsed, "late")).toBe(false);
        const held = await outboxMail(queued.id);
        expect(held).toMatchObject({ status: "sending", attempts: 2, lastError: null, sentAt: null });
        expect(held?.claimedAt?.getTime()).toBe(takeover.claimedAt.getTime());

        const retryAt = later(OUTBOX_CLAIM_LEASE_MS + 60_000, claimedAt);
        expect(await store.outbox.markRetry(takeover, "SMTP 451", retryAt)).toBe(true);
        expect(await store.outbox.markSent(lapsed)).toBe(false);
        expect(await outboxMail(queued.id)).toMatchObject({ status: "queued", attempts: 2, lastError: "SMTP 451" });
      });

      it("takes a lapsed claim before a queued mail: it has waited longest", async () => {
        const abandoned = await store.outbox.enqueue(mail("abandoned"));
        const claimedAt = new Date();
        await claim(claimedAt);
        const fresh = await store.outbox.enqueue(mail("fresh"));

        const now = later(OUTBOX_CLAIM_LEASE_MS, claimedAt);
        expect((await claim(now)).id).toBe(abandoned.id);
        expect((await claim(now)).id).toBe(fresh.id);
      });

      it("lets two clients draining 200 mails at once claim none twice", async () => {
        const mailCount = 200;
        for (let index = 0; index < mailCount; index += 1) await store.outbox.enqueue(mail(`drain-${index}`));
        const other = await harness.openSecondClient();
        try {
          const drain = async (client: Store) => {
            const claimed: ClaimedOutboxMail[] = [];
            for (let next = await client.outbox.claimNext(); next; next = await client.outbox.claimNext()) {
              claimed.push(next);
            }
            return claimed;
          };
          const [mine, theirs] = await Promise.all([drain(store), drain(other)]);
          const claimedIds = [...mine, ...theirs].map((each) => each.id);

          expect(claimedIds).toHaveLength(mailCount);
          expect(new Set(claimedIds).size).toBe(mailCount);
          expect(mine.length).toBeGreaterThan(0);
          expect(theirs.length).toBeGreaterThan(0);
          // Each claim is its own: the other client's token marks nothing of mine.
          expect(await other.outbox.markSent({ id: mine[0]!.id, claimToken: theirs[0]!.claimToken })).toBe(false);
          expect(await other.outbox.markSent(mine[0]!)).toBe(true);
          expect((await store.outbox.countByStatus()).sending).toBe(mailCount - 1);
        } finally {
          await other.close();
        }
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

        for (let index = 0; index < 4; index += 1) {
          await store.outbox.enqueue(mail());
          await tick(2);
        }
        const now = new Date();
        const toSend = await claim(now);
        const toFail = await claim(now);
        await claim(now);
        await store.outbox.markSent(toSend, now);
        await store.outbox.markFailed(toFail, "bounced");

        expect(await store.outbox.countByStatus()).toEqual({ queued: 1, sending: 1, sent: 1, failed: 1 });
      });

      it("purges sent and failed mails updated before the cutoff, never queued or sending ones", async () => {
        for (let index = 0; index < 3; index += 1) await store.outbox.enqueue(mail());
        const claimedAt = new Date();
        const toSend = await claim(claimedAt);
        const toFail = await claim(claimedAt);
        const stuck = await claim(claimedAt);
        const queued = await store.outbox.enqueue(mail());
        await store.outbox.markSent(toSend, claimedAt);
        await store.outbox.markFailed(toFail, "bounced");

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
        const sentAt = later(1_000);
        await store.outbox.markSent(await claim(), sentAt);

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

      it("reads a page at a time, each continuing strictly after the cursor", async () => {
        const added: HistoryRecord[] = [];
        for (let index = 1; index <= 5; index += 1) {
          added.push(await store.history.add({ userId: user.id, action: `entry-${index}`, meta: {} }));
          await tick(2);
        }
        const actions = (page: HistoryRecord[]) => page.map((entry) => entry.action);
        const cursorOf = (entry: HistoryRecord): HistoryCursor => ({ createdAt: entry.createdAt, id: entry.id });

        const first = await store.history.listForUser(user.id, { limit: 2 });
        expect(actions(first)).toEqual(["entry-5", "entry-4"]);
        const second = await store.history.listForUser(user.id, { limit: 2, before: cursorOf(first[1]!) });
        expect(actions(second)).toEqual(["entry-3", "entry-2"]);
        const last = await store.history.listForUser(user.id, { limit: 2, before: cursorOf(second[1]!) });
        expect(actions(last)).toEqual(["entry-1"]);
        expect(await store.history.listForUser(user.id, { limit: 2, before: cursorOf(last[0]!) })).toEqual([]);

        // A page is read as of now: an entry deleted meanwhile is gone, nothing repeats.
        await store.history.deleteForUser(added[2]!.id, user.id);
        expect(actions(await store.history.listForUser(user.id, { limit: 2, before: cursorOf(first[1]!) }))).toEqual([
          "entry-2",
          "entry-1",
        ]);
      });

      it("orders entries of the same instant by id, so a cursor between them skips and repeats nothing", async () => {
        const entry = await store.history.add({ userId: user.id, action: "only", meta: {} });
        const at = entry.createdAt;
        const page = (before: HistoryCursor) => store.history.listForUser(user.id, { before });

        expect(await page({ createdAt: at, id: "f".repeat(24) })).toEqual([entry]);
        expect(await page({ createdAt: at, id: entry.id })).toEqual([]);
        expect(await page({ createdAt: later(1, at), id: "0".repeat(24) })).toEqual([entry]);
        expect(await page({ createdAt: at, id: "0".repeat(24) })).toEqual([]);
      });

      it("never reads more than a page", async () => {
        for (let index = 0; index <= HISTORY_PAGE_SIZE; index += 1) {
          await store.history.add({ userId: user.id, action: "bulk", meta: {} });
        }
        expect(await store.history.listForUser(user.id)).toHaveLength(HISTORY_PAGE_SIZE);
        expect(await store.history.listForUser(user.id, { limit: 3 })).toHaveLength(3);
        await expect(store.history.listForUser(user.id, { limit: HISTORY_PAGE_SIZE + 1 })).rejects.toThrow(TypeError);
        await expect(store.history.listForUser(user.id, { limit: 0 })).rejects.toThrow(TypeError);
        await expect(
          store.history.listForUser(user.id, { before: { createdAt: new Date(), id: OPERATOR } }),
        ).rejects.toThrow(TypeError);
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

    describe("my account", () => {
      describeAccountStoreContract(makeStore);
    });

    describe("workout sessions", () => {
      describeWorkoutSessionsStoreContract(makeStore);
    });

    describe("dashboard", () => {
      describeDashboardStoreContract(makeStore);
    });

    describe("exercise history", () => {
      describeExerciseHistoryStoreContract(makeStore);
    });

    describe("listing queries", () => {
      const PLAN_PAGE = 10;

      /** Enough rows that a full scan or a sort would show, including rows each query must skip. */
      async function seed(): Promise<ListingQueryArgs> {
        const user = await store.users.create(aUser());
        const neighbour = await store.users.create(aUser());
        const mine: HistoryRecord[] = [];
        const myWorkouts: WorkoutSessionRecord[] = [];
        for (let index = 0; index < 30; index += 1) {
          mine.push(await store.history.add({ userId: user.id, action: "IMC_CALC", meta: { index } }));
          await store.history.add({ userId: user.id, action: "CALORIES_CALC", meta: { index } });
          await store.history.add({ userId: neighbour.id, action: "IMC_CALC", meta: { index } });
          const startedAt = new Date(Date.now() - (30 - index) * HOUR_MS);
          const endedAt = later(HOUR_MS / 2, startedAt);
          const workout = aWorkoutSession(user.id, { startedAt, endedAt });
          const saved = (await store.workoutSessions.save(workout)).session;
          myWorkouts.push(saved);
          const theirs = (await store.workoutSessions.save({ ...workout, userId: neighbour.id })).session;
          // The bench press in every session of both, a squat besides in every other one of the user's.
          const squat = { ...saved.entries[0]!, exerciseId: "barbell-squat" };
          await store.exerciseHistory.addSession(
            user.id,
            exerciseLogsOf({ ...saved, entries: index % 2 === 0 ? [...saved.entries, squat] : saved.entries }),
          );
          await store.exerciseHistory.addSession(neighbour.id, exerciseLogsOf(theirs));
        }
        // Sixty days of sessions each, around the ten days the plans read.
        for (let index = 0; index < 60; index += 1) {
          const day = new Date(Date.UTC(2026, 0, 1 + index)).toISOString().slice(0, 10);
          const contribution = {
            day,
            at: new Date(`${day}T10:00:00.000Z`),
            calories: 100,
            durationSec: 600,
            exercises: 2,
            muscleSets: { jambes: 2 },
          };
          await store.workoutStats.add(user.id, contribution);
          await store.workoutStats.add(neighbour.id, contribution);
        }
        for (let index = 0; index < 30; index += 1) {
          await store.outbox.enqueue({ to: "plan@example.test", subject: `plan-${index}`, text: "t", html: "h" });
          await store.contactMessages.add({
            nom: "N",
            email: "n@example.test",
            sujet: "s",
            message: "m",
            locale: "fr",
          });
        }
        const claimedAt = new Date();
        for (let index = 0; index < 20; index += 1) {
          const claimed = await store.outbox.claimNext(claimedAt);
          if (claimed && index % 2 === 0) await store.outbox.markSent(claimed, claimedAt);
        }
        const { firstSubscriberPage, reviewAuthorId } = await seedCommunity(claimedAt);
        const reviewCursor = (await store.reviews.listForUser(reviewAuthorId, { limit: PLAN_PAGE })).at(-1)!;
        // A few sessions (a user has a month of logins at most), some expired, and the neighbour's.
        for (let index = 0; index < 8; index += 1) {
          const expiresAt = later(index % 3 === 0 ? -HOUR_MS : HOUR_MS, claimedAt);
          await store.sessions.create({ tokenHash: aTokenHash(), userId: user.id, persistent: false, expiresAt });
          await store.sessions.create({ tokenHash: aTokenHash(), userId: neighbour.id, persistent: false, expiresAt });
        }
        const newestFirst = mine.toReversed();
        const cursorEntry = newestFirst[PLAN_PAGE - 1]!;
        const cursorWorkout = myWorkouts.toReversed()[PLAN_PAGE - 1]!;
        return {
          reviewAuthorId,
          reviewBefore: { createdAt: reviewCursor.createdAt, id: reviewCursor.id },
          // Past the lease of the claims above: the lapsed-claim branch has rows to find.
          now: later(OUTBOX_CLAIM_LEASE_MS + 60_000, claimedAt),
          limit: PLAN_PAGE,
          userId: user.id,
          before: { createdAt: cursorEntry.createdAt, id: cursorEntry.id },
          sessionBefore: { startedAt: cursorWorkout.startedAt, id: cursorWorkout.id },
          exerciseId: cursorWorkout.entries[0]!.exerciseId,
          logBefore: { startedAt: cursorWorkout.startedAt, sessionId: cursorWorkout.id },
          afterSubscriberId: firstSubscriberPage.at(-1)!.id,
          action: "IMC_CALC",
          days: { from: "2026-01-20", to: "2026-01-29", upTo: "2026-02-10" },
        };
      }

      /**
       * Reviews (every other one approved), newsletters in every state (due,
       * later, drafts, and claims that lapse before the plan's "now"),
       * confirmed and pending subscribers. Returns the sender's first page.
       */
      async function seedCommunity(claimedAt: Date) {
        const author = await store.users.create(aUser());
        for (let index = 0; index < 30; index += 1) {
          const review = await store.reviews.create({ userId: author.id, name: "N", rating: 5, comment: `r${index}` });
          if (index % 2 === 0) await store.reviews.approve(review.id);
        }
        for (let index = 0; index < 30; index += 1) {
          await store.newsletters.create({
            title: `n${index}`,
            subject: "s",
            content: "<p>c</p>",
            scheduledAt: later(((index % 3) - 1) * HOUR_MS, claimedAt),
            status: index % 5 === 0 ? "draft" : "scheduled",
          });
        }
        for (let index = 0; index < 5; index += 1) {
          await store.newsletters.claimDue({ now: claimedAt, claimToken: `plan-${index}`, leaseMs: 60_000 });
        }
        for (let index = 0; index < 30; index += 1) {
          await store.newsletterSubscribers.subscribe({
            email: `plan-confirmed-${index}@example.test`,
            locale: "fr",
            confirmTokenHash: null,
            confirmWithAccount: true,
          });
          await store.newsletterSubscribers.confirmWithAccount(`plan-confirmed-${index}@example.test`, claimedAt);
          if (index % 4 === 0) {
            await store.newsletterSubscribers.subscribe({
              email: `plan-pending-${index}@example.test`,
              locale: "fr",
              confirmTokenHash: aTokenHash(),
              confirmWithAccount: false,
            });
          }
        }
        return {
          firstSubscriberPage: await store.newsletterSubscribers.listConfirmed({ afterId: null, limit: PLAN_PAGE }),
          reviewAuthorId: author.id,
        };
      }

      for (const [query, indexes] of Object.entries(LISTING_QUERY_INDEXES) as [ListingQuery, readonly string[]][]) {
        it(`${query} reads ${indexes.join(" and ")} in order: no sort in memory, no unindexed scan`, async () => {
          const plan = await harness.explain(query, await seed());

          expect(plan.sortsInMemory, plan.detail).toBe(false);
          expect(plan.scansWithoutIndex, plan.detail).toBe(false);
          expect([...new Set(plan.indexes)].toSorted(), plan.detail).toEqual(indexes.toSorted());
          // Where the engine counts: at most a page (plus the key that ends it) per index range read.
          if (plan.keysExamined !== null) {
            expect(plan.keysExamined, plan.detail).toBeLessThanOrEqual(2 * (PLAN_PAGE + 1));
          }
        });
      }
    });

    describe("rate limiters", () => {
      const limits = (keyPrefix: string, points = 3, durationSeconds = 60) => ({ keyPrefix, points, durationSeconds });

      it("allows the points of a window, then refuses, saying when the window ends", async () => {
        const limiter = store.rateLimiter(limits(unique("login")));
        for (let attempt = 1; attempt <= 3; attempt += 1) {
          expect(await limiter.consume("1.2.3.4")).toMatchObject({ allowed: true, consumedPoints: attempt });
        }
        const refused = await limiter.consume("1.2.3.4");
        expect(refused.allowed).toBe(false);
        expect(refused.consumedPoints).toBe(4);
        expect(refused.msBeforeNext).toBeGreaterThan(55_000);
        expect(refused.msBeforeNext).toBeLessThanOrEqual(60_000);
        expect(await limiter.get("1.2.3.4")).toMatchObject({ consumedPoints: 4 });
      });

      it("counts each key, and each prefix, on its own", async () => {
        const first = store.rateLimiter(limits(unique("a"), 1));
        const second = store.rateLimiter(limits(unique("b"), 1));
        expect((await first.consume("k")).allowed).toBe(true);
        expect((await first.consume("other")).allowed).toBe(true);
        expect((await second.consume("k")).allowed).toBe(true);
        expect((await first.consume("k")).allowed).toBe(false);
        expect(await second.get("never")).toBeNull();
      });

      it("consumes several points at once", async () => {
        const limiter = store.rateLimiter(limits(unique("bulk"), 5));
        expect(await limiter.consume("k", 5)).toMatchObject({ allowed: true, consumedPoints: 5 });
        expect(await limiter.consume("k", 1)).toMatchObject({ allowed: false, consumedPoints: 6 });
      });

      it("gives points back and forgets a key", async () => {
        const limiter = store.rateLimiter(limits(unique("reward"), 2));
        await limiter.consume("k");
        await limiter.consume("k");
        await limiter.reward("k");
        expect(await limiter.consume("k")).toMatchObject({ allowed: true, consumedPoints: 2 });
        await limiter.delete("k");
        expect(await limiter.get("k")).toBeNull();
        expect(await limiter.consume("k")).toMatchObject({ allowed: true, consumedPoints: 1 });
        await limiter.delete("never-counted");
      });

      it("gives one budget to every caller of a prefix, and refuses other options for it", async () => {
        const prefix = unique("shared");
        await store.rateLimiter(limits(prefix, 2)).consume("k");
        await store.rateLimiter(limits(prefix, 2)).consume("k");
        expect((await store.rateLimiter(limits(prefix, 2)).consume("k")).allowed).toBe(false);
        expect(() => store.rateLimiter(limits(prefix, 3))).toThrow(/other options/);
      });

      it("counts parallel attempts exactly", async () => {
        const limiter = store.rateLimiter(limits(unique("parallel"), 10));
        const results = await Promise.all(Array.from({ length: 15 }, () => limiter.consume("k")));
        expect(results.filter((result) => result.allowed)).toHaveLength(10);
        expect(await limiter.get("k")).toMatchObject({ consumedPoints: 15 });
      });

      it("starts a new window once the last one ends", async () => {
        const limiter = store.rateLimiter(limits(unique("window"), 1, 1));
        await limiter.consume("k");
        expect((await limiter.consume("k")).allowed).toBe(false);
        await tick(1_100);
        expect(await limiter.consume("k")).toMatchObject({ allowed: true, consumedPoints: 1 });
      });

      it("refuses a key that is not a string, and invalid options", async () => {
        const limiter = store.rateLimiter(limits(unique("keys")));
        await expect(limiter.consume(OPERATOR)).rejects.toThrow(TypeError);
        await expect(limiter.consume("")).rejects.toThrow(TypeError);
        expect(() => store.rateLimiter(limits("bad prefix!"))).toThrow(TypeError);
        expect(() => store.rateLimiter(limits(unique("p"), 0))).toThrow(TypeError);
      });
    });
  });
}
