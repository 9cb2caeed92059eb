import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { RateLimiterMemory } from "rate-limiter-flexible";
import { rateLimiterRegistry } from "../rate-limiters.ts";
import type { Store } from "../types.ts";
import { createSqliteAccounts } from "./accounts.ts";
import { createSqliteContactMessages } from "./contact-messages.ts";
import { createSqliteEmailChanges } from "./email-changes.ts";
import { createSqliteExerciseHistory } from "./exercise-history.ts";
import { createSqliteHistory } from "./history.ts";
import { runMigrations } from "./migrations.ts";
import { createSqliteNewsletterSubscribers } from "./newsletter-subscribers.ts";
import { createSqliteNewsletters } from "./newsletters.ts";
import { createSqliteOutbox } from "./outbox.ts";
import { createSqlitePhotos } from "./photos.ts";
import { createSqliteReviews } from "./reviews.ts";
import { createSqliteSessions } from "./sessions.ts";
import { createSqliteUsers } from "./users.ts";
import { createSqliteVerifications } from "./verifications.ts";
import { switchToWal } from "./wal.ts";
import { createSqliteWorkoutSessions } from "./workout-sessions.ts";
import { createSqliteWorkoutStats } from "./workout-stats.ts";

const BUSY_TIMEOUT_MS = 5_000;
const MEMORY = ":memory:";

/** `sqlite:./data/app.db` (relative to the working directory), `sqlite:/abs/path.db` or `sqlite::memory:`. */
export function sqliteFilePath(databaseUrl: string): string {
  if (!databaseUrl.startsWith("sqlite:")) throw new Error("An SQLite database URL starts with sqlite:");
  const location = databaseUrl.slice("sqlite:".length);
  if (location === MEMORY) return MEMORY;
  if (location.trim() === "") throw new Error("The SQLite database URL names no file, e.g. sqlite:./data/app.db");
  return resolve(process.cwd(), location);
}

export function openSqliteStore(databaseUrl: string): Store {
  const path = sqliteFilePath(databaseUrl);
  if (path !== MEMORY) mkdirSync(dirname(path), { recursive: true });

  const db = new DatabaseSync(path);
  try {
    // First, so that every statement below waits for a lock held by another process.
    db.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
    switchToWal(db, BUSY_TIMEOUT_MS);
    db.exec("PRAGMA synchronous = NORMAL");
    db.exec("PRAGMA foreign_keys = ON");
    // What is deleted is overwritten with zeros, not left in free pages where
    // anyone with the file could read it back (an erased account's notes,
    // reviews, e-mail). And the WAL, which holds older copies of pages, is
    // cut back to nothing whenever a checkpoint empties it.
    db.exec("PRAGMA secure_delete = ON");
    db.exec("PRAGMA journal_size_limit = 0");
    runMigrations(db);
    // What a migration replaced (a raw token, say) leaves the file now, not at some later checkpoint.
    db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  } catch (error) {
    db.close();
    throw error;
  }

  const ping = db.prepare("SELECT 1");
  return {
    kind: "sqlite",
    users: createSqliteUsers(db),
    sessions: createSqliteSessions(db),
    verifications: createSqliteVerifications(db),
    outbox: createSqliteOutbox(db),
    newsletterSubscribers: createSqliteNewsletterSubscribers(db),
    reviews: createSqliteReviews(db),
    newsletters: createSqliteNewsletters(db),
    history: createSqliteHistory(db),
    workoutSessions: createSqliteWorkoutSessions(db),
    contactMessages: createSqliteContactMessages(db),
    emailChanges: createSqliteEmailChanges(db),
    accounts: createSqliteAccounts(db),
    photos: createSqlitePhotos(db),
    workoutStats: createSqliteWorkoutStats(db),
    exerciseHistory: createSqliteExerciseHistory(db),
    // One process serves an SQLite file: its limits can live in its memory.
    rateLimiter: rateLimiterRegistry(
      ({ keyPrefix, points, durationSeconds }) =>
        new RateLimiterMemory({ keyPrefix, points, duration: durationSeconds }),
    ),
    async ping() {
      ping.get();
    },
    async close() {
      if (db.isOpen) db.close();
    },
  };
}
