import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { Worker } from "node:worker_threads";
import { afterAll, describe, expect, it } from "vitest";
import { OUTBOX_CLAIM_LEASE_MS } from "./claims.ts";
import { CONTACT_MESSAGE_SQL } from "./sqlite/contact-messages.ts";
import { HISTORY_SQL } from "./sqlite/history.ts";
import { appliedMigrationVersions, MIGRATIONS, runMigrations } from "./sqlite/migrations.ts";
import { SUBSCRIBER_SQL } from "./sqlite/newsletter-subscribers.ts";
import { NEWSLETTER_SQL } from "./sqlite/newsletters.ts";
import { OUTBOX_SQL } from "./sqlite/outbox.ts";
import { REVIEW_SQL } from "./sqlite/reviews.ts";
import { SESSION_SQL } from "./sqlite/sessions.ts";
import { WORKOUT_STATS_SQL } from "./sqlite/workout-stats.ts";
import { EXERCISE_HISTORY_SQL } from "./sqlite/exercise-history.ts";
import { openSqliteStore, sqliteFilePath } from "./sqlite/sqlite-store.server.ts";
import { WORKOUT_SESSION_SQL } from "./sqlite/workout-sessions.ts";
import { aWorkoutSession } from "./workout-sessions.contract.ts";
import { describeStoreContract, type ListingQuery, type QueryPlan } from "./store.contract.ts";

const directory = mkdtempSync(join(tmpdir(), "dynami-sqlite-store-"));
let fileCount = 0;

function freshDatabaseUrl(): string {
  fileCount += 1;
  return `sqlite:${join(directory, `test-${fileCount}.db`)}`;
}

afterAll(() => {
  rmSync(directory, { recursive: true, force: true });
});

/** The statements the adapter runs for each listing query (the same text, exported by each module). */
const LISTING_SQL: Record<ListingQuery, string> = {
  "outbox.claimNext": OUTBOX_SQL.claimNext,
  "outbox.list": OUTBOX_SQL.list,
  "history.listForUser": HISTORY_SQL.newestPage,
  "history.listForUser before a cursor": HISTORY_SQL.pageBefore,
  "workoutSessions.listForUser": WORKOUT_SESSION_SQL.newestPage,
  "workoutSessions.listForUser before a cursor": WORKOUT_SESSION_SQL.pageBefore,
  "history.listForUser of one action": HISTORY_SQL.newestPageOfAction,
  "history.listForUser of one action before a cursor": HISTORY_SQL.pageOfActionBefore,
  "history.oldestForUser": HISTORY_SQL.oldestOfAction,
  "workoutStats.days": WORKOUT_STATS_SQL.days,
  "workoutStats.activeDays": WORKOUT_STATS_SQL.activeDays,
  "exerciseHistory.listLogs": EXERCISE_HISTORY_SQL.newestLogs,
  "exerciseHistory.listLogs before a cursor": EXERCISE_HISTORY_SQL.logsBefore,
  "exerciseHistory.listRecords": EXERCISE_HISTORY_SQL.mostLogged,
  "contactMessages.listRecent": CONTACT_MESSAGE_SQL.newest,
  "reviews.listApproved": REVIEW_SQL.approved,
  "reviews.listAll": REVIEW_SQL.newest,
  "reviews.listForUser": REVIEW_SQL.authorNewestPage,
  "reviews.listForUser before a cursor": REVIEW_SQL.authorPageBefore,
  "sessions.listForUser": SESSION_SQL.liveForUser,
  "newsletters.list": NEWSLETTER_SQL.newest,
  "newsletters.claimDue": NEWSLETTER_SQL.claimDue,
  "newsletterSubscribers.listConfirmed": SUBSCRIBER_SQL.confirmedFirst,
  "newsletterSubscribers.listConfirmed after a cursor": SUBSCRIBER_SQL.confirmedAfter,
  "newsletterSubscribers.purgePendingOlderThan": SUBSCRIBER_SQL.purgePending,
};

/** EXPLAIN QUERY PLAN, read the way the contract asks. */
function sqliteQueryPlan(db: DatabaseSync, sql: string): QueryPlan {
  const details = (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((row) => row.detail);
  return {
    // A primary-key lookup (sqlite_autoindex_*) reads one row: the UPDATE ... WHERE id = (subquery) of a claim.
    indexes: details
      .flatMap((detail) => [...detail.matchAll(/USING (?:COVERING )?INDEX (\w+)/g)].map((match) => match[1]!))
      .filter((index) => !index.startsWith("sqlite_autoindex_")),
    sortsInMemory: details.some((detail) => detail.includes("USE TEMP B-TREE")),
    scansWithoutIndex: details.some((detail) => /^SCAN \w+$/.test(detail)),
    keysExamined: null,
    detail: details.join("\n"),
  };
}

let currentUrl = "";
describeStoreContract(
  "SQLite",
  async () => {
    currentUrl = freshDatabaseUrl();
    return openSqliteStore(currentUrl);
  },
  {
    async openSecondClient() {
      return openSqliteStore(currentUrl);
    },
    async explain(query) {
      const db = new DatabaseSync(sqliteFilePath(currentUrl), { readOnly: true });
      try {
        return sqliteQueryPlan(db, LISTING_SQL[query]);
      } finally {
        db.close();
      }
    },
  },
);

describe("SQLite store", () => {
  it("records every migration once", async () => {
    const url = freshDatabaseUrl();
    await openSqliteStore(url).close();

    const db = new DatabaseSync(sqliteFilePath(url));
    try {
      expect(appliedMigrationVersions(db)).toEqual(MIGRATIONS.map((migration) => migration.version));
    } finally {
      db.close();
    }
  });

  it("reopens an existing file without rerunning migrations, keeping the data", async () => {
    const url = freshDatabaseUrl();
    const first = openSqliteStore(url);
    const user = await first.users.create({ pseudo: "Persisted", email: "persisted@example.test", passwordHash: "h" });
    await first.close();

    const db = new DatabaseSync(sqliteFilePath(url));
    const appliedAt = db.prepare("SELECT version, applied_at FROM schema_migrations ORDER BY version").all();
    db.close();

    const second = openSqliteStore(url);
    try {
      expect(await second.users.findById(user.id)).toEqual(user);
      expect(await second.users.count()).toBe(1);
    } finally {
      await second.close();
    }

    const reopened = new DatabaseSync(sqliteFilePath(url));
    try {
      expect(reopened.prepare("SELECT version, applied_at FROM schema_migrations ORDER BY version").all()).toEqual(
        appliedAt,
      );
    } finally {
      reopened.close();
    }
  });

  it("leaves nothing of an erased account in the file or its WAL (secure_delete, then a checkpoint)", async () => {
    const url = freshDatabaseUrl();
    const file = sqliteFilePath(url);
    const store = openSqliteStore(url);
    /** Everything stored for one account, each text carrying the marker. */
    async function accountWithMarker(marker: string) {
      const user = await store.users.create({
        pseudo: `${marker}Pseudo`,
        email: `${marker.toLowerCase()}@example.test`,
        passwordHash: "h",
      });
      await store.workoutSessions.save(
        aWorkoutSession(user.id, { name: `${marker}Seance`, notes: `${marker}Notes`, idempotencyKey: `${marker}Key` }),
      );
      await store.history.add({ userId: user.id, action: "IMC_CALC", meta: { note: `${marker}History` } });
      await store.reviews.create({ userId: user.id, name: `${marker}Name`, rating: 5, comment: `${marker}Review` });
      await store.outbox.enqueue({
        to: user.email,
        subject: `${marker}Subject`,
        text: `${marker}Mail`,
        html: "<p></p>",
      });
      await store.newsletterSubscribers.subscribe({
        email: user.email,
        locale: "fr",
        confirmTokenHash: null,
        confirmWithAccount: true,
      });
      return user;
    }
    const readAll = () =>
      [file, `${file}-wal`]
        .map((path) => {
          try {
            return readFileSync(path).toString("latin1");
          } catch {
            return "";
          }
        })
        .join("");
    try {
      const gone = await accountWithMarker("EraseMeQ7");
      await accountWithMarker("KeepMeZ3");
      expect(readAll()).toContain("EraseMeQ7");

      await store.accounts.erase(gone.id);

      const bytes = readAll();
      expect(bytes).not.toMatch(/erasemeq7/i);
      // The search reads the data: the account that stays is still found.
      expect(bytes).toContain("KeepMeZ3Review");
      expect(bytes.toLowerCase()).toContain("keepmez3@example.test");
    } finally {
      await store.close();
    }
  });

  it("upgrades a database left at an earlier migration", async () => {
    const url = freshDatabaseUrl();
    const db = new DatabaseSync(sqliteFilePath(url));
    runMigrations(db, MIGRATIONS.slice(0, 1));
    db.close();

    const store = openSqliteStore(url);
    try {
      const user = await store.users.create({ pseudo: "Upgraded", email: "upgraded@example.test", passwordHash: "h" });
      await store.history.add({ userId: user.id, action: "after-upgrade" });
      expect(await store.history.listForUser(user.id)).toHaveLength(1);
    } finally {
      await store.close();
    }
  });

  it("adds migration 4 (workout sessions) to a database that already has the later ones", async () => {
    const url = freshDatabaseUrl();
    const db = new DatabaseSync(sqliteFilePath(url));
    const allVersions = MIGRATIONS.map((migration) => migration.version).toSorted((a, b) => a - b);
    runMigrations(
      db,
      MIGRATIONS.filter((migration) => migration.version !== 4),
    );
    expect(appliedMigrationVersions(db)).toEqual(allVersions.filter((version) => version !== 4));
    db.close();

    const store = openSqliteStore(url);
    try {
      const user = await store.users.create({ pseudo: "Late", email: "late@example.test", passwordHash: "h" });
      const { session } = await store.workoutSessions.save(aWorkoutSession(user.id));
      expect(await store.workoutSessions.listForUser(user.id)).toEqual([session]);
    } finally {
      await store.close();
    }
    const reopened = new DatabaseSync(sqliteFilePath(url));
    try {
      expect(appliedMigrationVersions(reopened)).toEqual(allVersions);
    } finally {
      reopened.close();
    }
  });

  it("migration 5 confirms the sign-up box's subscribers whose account is verified, and keeps the others pending", async () => {
    const url = freshDatabaseUrl();
    const db = new DatabaseSync(sqliteFilePath(url));
    runMigrations(
      db,
      MIGRATIONS.filter((migration) => migration.version < 5),
    );
    const verifiedAt = Date.parse("2025-05-06T07:08:09.000Z");
    const insertUser = db.prepare(`
      INSERT INTO users (id, pseudo, email, password_hash, role, locale, email_verified_at, created_at, updated_at)
      VALUES (?, ?, ?, 'h', 'user', 'fr', ?, 0, 0)
    `);
    insertUser.run("aaaaaaaaaaaaaaaaaaaaaaa1", "verified", "verified@example.test", verifiedAt);
    insertUser.run("aaaaaaaaaaaaaaaaaaaaaaa2", "unverified", "unverified@example.test", null);
    const insertSubscriber = db.prepare(
      "INSERT INTO newsletter_subscribers (id, email, locale, created_at) VALUES (?, ?, 'fr', 0)",
    );
    insertSubscriber.run("bbbbbbbbbbbbbbbbbbbbbbb1", "verified@example.test");
    insertSubscriber.run("bbbbbbbbbbbbbbbbbbbbbbb2", "unverified@example.test");
    db.close();

    const store = openSqliteStore(url);
    try {
      const verified = await store.newsletterSubscribers.findByEmail("verified@example.test");
      const pending = await store.newsletterSubscribers.findByEmail("unverified@example.test");
      expect(verified?.confirmedAt?.getTime()).toBe(verifiedAt);
      expect(pending).toMatchObject({ confirmedAt: null, confirmWithAccount: true });
      // The pending one is confirmed when its account is verified.
      expect(await store.newsletterSubscribers.confirmWithAccount("unverified@example.test")).toBe(true);
      expect((await store.newsletterSubscribers.listConfirmed({ afterId: null, limit: 10 })).length).toBe(2);
    } finally {
      await store.close();
    }
  });

  it("migration 8 keeps only hashes of unsubscribe tokens and gives every photo a random address", async () => {
    const url = freshDatabaseUrl();
    const db = new DatabaseSync(sqliteFilePath(url));
    runMigrations(
      db,
      MIGRATIONS.filter((migration) => migration.version < 8),
    );
    db.prepare(
      `
      INSERT INTO users (id, pseudo, email, password_hash, role, locale, photo, created_at, updated_at)
      VALUES ('aaaaaaaaaaaaaaaaaaaaaaa1', 'lea', 'lea@example.test', 'h', 'user', 'fr',
        '/photos/aaaaaaaaaaaaaaaaaaaaaaa1/65f000000000000000000001.webp', 0, 0)
    `,
    ).run();
    db.prepare(
      `
      INSERT INTO photos (user_id, version, content_type, data, width, height, etag, created_at)
      VALUES ('aaaaaaaaaaaaaaaaaaaaaaa1', '65f000000000000000000001', 'image/webp', x'00', 1, 1, '"e"', 0)
    `,
    ).run();
    const rawToken = "c0ffee".repeat(10) + "abcd";
    db.prepare(
      `
      INSERT INTO newsletter_subscribers (id, email, locale, confirmed_at, unsubscribe_token, created_at)
      VALUES ('bbbbbbbbbbbbbbbbbbbbbbb1', 'lea@example.test', 'fr', 1, ?, 0)
    `,
    ).run(rawToken);
    db.close();

    const store = openSqliteStore(url);
    try {
      const photo = await store.photos.findForUser("aaaaaaaaaaaaaaaaaaaaaaa1");
      expect(photo?.version).toMatch(/^[0-9a-f]{32}$/);
      expect((await store.users.findById("aaaaaaaaaaaaaaaaaaaaaaa1"))?.photo).toBe(
        `/photos/aaaaaaaaaaaaaaaaaaaaaaa1/${photo!.version}.webp`,
      );
      // The raw token is gone from the file; its hash still finds the subscription (links already sent).
      expect(readFileSync(sqliteFilePath(url)).toString("latin1")).not.toContain(rawToken);
      expect(await store.newsletterSubscribers.unsubscribeByLegacyTokenHash(rawToken)).toBeNull();
      const hash = createHash("sha256").update(rawToken).digest("hex");
      expect(await store.newsletterSubscribers.unsubscribeByLegacyTokenHash(hash)).toMatchObject({
        email: "lea@example.test",
      });
      expect(await store.newsletterSubscribers.findByEmail("lea@example.test")).toBeNull();
    } finally {
      await store.close();
    }
  });

  it("never hands one newsletter to two connections sharing the file", async () => {
    const url = freshDatabaseUrl();
    const first = openSqliteStore(url);
    const second = openSqliteStore(url);
    try {
      for (let index = 0; index < 3; index += 1) {
        await first.newsletters.create({
          title: `N${index}`,
          subject: "S",
          content: "<p>C</p>",
          scheduledAt: new Date(Date.now() - 1_000),
          status: "scheduled",
        });
      }
      const claims = await Promise.all(
        [first, second, first, second, first, second].map((store, index) =>
          store.newsletters.claimDue({ now: new Date(), claimToken: `token-${index}`, leaseMs: 60_000 }),
        ),
      );
      const claimedIds = claims.flatMap((claim) => (claim ? [claim.newsletter.id] : []));
      expect(claimedIds).toHaveLength(3);
      expect(new Set(claimedIds).size).toBe(3);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it("rolls back a failing migration and records nothing for it", () => {
    const db = new DatabaseSync(":memory:");
    try {
      const broken = { version: 99, sql: "CREATE TABLE half_done (id TEXT); CREATE TABLE oops (" };
      expect(() => runMigrations(db, [...MIGRATIONS, broken])).toThrow(/migration 99/);
      expect(appliedMigrationVersions(db)).toEqual(MIGRATIONS.map((migration) => migration.version));
      expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'half_done'").get()).toBeUndefined();
    } finally {
      db.close();
    }
  });

  it("never hands one mail or one token to two connections sharing the file", async () => {
    const url = freshDatabaseUrl();
    const first = openSqliteStore(url);
    const second = openSqliteStore(url);
    try {
      const user = await first.users.create({ pseudo: "Shared", email: "shared@example.test", passwordHash: "h" });
      const verification = await first.verifications.create({
        userId: user.id,
        purpose: "reset",
        tokenHash: "shared-token",
        expiresAt: new Date(Date.now() + 60_000),
      });
      for (let index = 0; index < 4; index += 1) {
        await first.outbox.enqueue({ to: "a@example.test", subject: `s${index}`, text: "t", html: "h" });
      }

      const now = new Date();
      const claims = await Promise.all(
        [first, second, first, second, first].map((store) => store.outbox.claimNext(now)),
      );
      const claimedIds = claims.flatMap((claim) => (claim ? [claim.id] : []));
      expect(claimedIds).toHaveLength(4);
      expect(new Set(claimedIds).size).toBe(4);

      expect([
        await first.verifications.markUsed(verification.id),
        await second.verifications.markUsed(verification.id),
      ]).toEqual([true, false]);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it("shares out the queue between connections claiming in parallel", async () => {
    const url = freshDatabaseUrl();
    const store = openSqliteStore(url);
    const mailCount = 200;
    for (let index = 0; index < mailCount; index += 1) {
      await store.outbox.enqueue({ to: "a@example.test", subject: `s${index}`, text: "t", html: "h" });
    }
    await store.close();

    const workerUrl = new URL("./sqlite/claim-worker.fixture.ts", import.meta.url);
    const claimedPerWorker = await Promise.all(
      Array.from(
        { length: 4 },
        () =>
          new Promise<string[]>((resolve, reject) => {
            const worker = new Worker(workerUrl, { workerData: { databaseUrl: url } });
            worker.once("message", resolve);
            worker.once("error", reject);
          }),
      ),
    );
    const claimedIds = claimedPerWorker.flat();
    expect(claimedIds).toHaveLength(mailCount);
    expect(new Set(claimedIds).size).toBe(mailCount);
  });

  it("removes a user's sessions, verifications and history with the user", async () => {
    const url = freshDatabaseUrl();
    const store = openSqliteStore(url);
    const user = await store.users.create({ pseudo: "Gone", email: "gone@example.test", passwordHash: "h" });
    await store.sessions.create({
      tokenHash: "s",
      userId: user.id,
      persistent: false,
      expiresAt: new Date(Date.now() + 60_000),
    });
    await store.verifications.create({
      userId: user.id,
      purpose: "email",
      tokenHash: "v",
      expiresAt: new Date(Date.now() + 60_000),
    });
    await store.history.add({ userId: user.id, action: "a" });
    await store.workoutSessions.save(aWorkoutSession(user.id));
    await store.close();

    const db = new DatabaseSync(sqliteFilePath(url));
    try {
      db.exec("PRAGMA foreign_keys = ON");
      db.prepare("DELETE FROM users WHERE id = ?").run(user.id);
      for (const table of ["sessions", "verifications", "history", "workout_sessions"]) {
        expect(db.prepare(`SELECT count(*) AS total FROM ${table}`).get()).toEqual({ total: 0 });
      }
    } finally {
      db.close();
    }
  });

  it("uses WAL and enforces foreign keys", async () => {
    const url = freshDatabaseUrl();
    const store = openSqliteStore(url);
    try {
      await expect(
        store.sessions.create({
          tokenHash: "orphan",
          userId: "0123456789abcdef01234567",
          persistent: false,
          expiresAt: new Date(Date.now() + 60_000),
        }),
      ).rejects.toThrow(/FOREIGN KEY/);
    } finally {
      await store.close();
    }
    const db = new DatabaseSync(sqliteFilePath(url));
    try {
      expect(db.prepare("PRAGMA journal_mode").get()).toEqual({ journal_mode: "wal" });
    } finally {
      db.close();
    }
  });

  it("creates the parent directory of the file", async () => {
    const store = openSqliteStore(`sqlite:${join(directory, "nested", "deeper", "app.db")}`);
    await store.ping();
    await store.close();
  });

  it("opens an in-memory database", async () => {
    const store = openSqliteStore("sqlite::memory:");
    try {
      await store.users.create({ pseudo: "Mem", email: "mem@example.test", passwordHash: "h" });
      expect(await store.users.count()).toBe(1);
    } finally {
      await store.close();
    }
  });

  it("reads a plan that sorts in memory or scans a whole table as such", () => {
    const db = new DatabaseSync(":memory:");
    try {
      runMigrations(db);
      const plan = sqliteQueryPlan(db, "SELECT * FROM history WHERE action = 'IMC_CALC' ORDER BY created_at");
      expect(plan).toMatchObject({ sortsInMemory: true, scansWithoutIndex: true, indexes: [] });
    } finally {
      db.close();
    }
  });

  it("keeps the mails a previous version left sending, with a claim that lapses a lease after their last update", async () => {
    const url = freshDatabaseUrl();
    const db = new DatabaseSync(sqliteFilePath(url));
    runMigrations(
      db,
      MIGRATIONS.filter((migration) => migration.version < 3),
    );
    const stuckSince = Date.now() - 60_000;
    db.prepare(
      `INSERT INTO mail_outbox (id, recipient, subject, text_body, html_body, status, attempts, next_attempt_at,
                                last_error, sent_at, created_at, updated_at)
       VALUES ('0123456789abcdef01234567', 'a@example.test', 's', 't', 'h', 'sending', 1, ?, NULL, NULL, ?, ?)`,
    ).run(stuckSince, stuckSince, stuckSince);
    db.close();

    const store = openSqliteStore(url);
    try {
      const [stuck] = await store.outbox.list({ limit: 1 });
      expect(stuck?.claimedAt?.getTime()).toBe(stuckSince);
      expect(await store.outbox.claimNext(new Date(stuckSince + OUTBOX_CLAIM_LEASE_MS - 1))).toBeNull();
      expect(await store.outbox.claimNext(new Date(stuckSince + OUTBOX_CLAIM_LEASE_MS))).toMatchObject({
        id: "0123456789abcdef01234567",
        attempts: 2,
      });
    } finally {
      await store.close();
    }
  });

  it("resolves a relative path against the working directory", () => {
    expect(sqliteFilePath("sqlite:./data/app.db")).toBe(join(process.cwd(), "data", "app.db"));
    expect(sqliteFilePath("sqlite::memory:")).toBe(":memory:");
    expect(() => sqliteFilePath("sqlite:")).toThrow(/names no file/);
  });
});
