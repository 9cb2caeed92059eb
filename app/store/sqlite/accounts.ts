import type { DatabaseSync } from "node:sqlite";
import { normalizeObjectId } from "../object-id.ts";
import type { AccountErasure, AccountsStore } from "../types.ts";
import { changedRows } from "./sql-values.ts";

export function createSqliteAccounts(db: DatabaseSync): AccountsStore {
  const selectEmail = db.prepare("SELECT email FROM users WHERE id = ?");
  // Each child table is emptied on its own (not left to ON DELETE CASCADE) so
  // the erasure can say what it removed; every statement reads an index.
  const statements = {
    sessions: db.prepare("DELETE FROM sessions WHERE user_id = ?"),
    verifications: db.prepare("DELETE FROM verifications WHERE user_id = ?"),
    emailChanges: db.prepare("DELETE FROM email_changes WHERE user_id = ?"),
    history: db.prepare("DELETE FROM history WHERE user_id = ?"),
    // The exercise logs before the sessions, or their cascade would remove them uncounted.
    exerciseLogs: db.prepare("DELETE FROM exercise_logs WHERE user_id = ?"),
    exerciseRecords: db.prepare("DELETE FROM exercise_records WHERE user_id = ?"),
    workoutSessions: db.prepare("DELETE FROM workout_sessions WHERE user_id = ?"),
    workoutTotals: db.prepare("DELETE FROM workout_totals WHERE user_id = ?"),
    workoutDays: db.prepare("DELETE FROM workout_days WHERE user_id = ?"),
    photos: db.prepare("DELETE FROM photos WHERE user_id = ?"),
    reviews: db.prepare("DELETE FROM reviews WHERE user_id = ?"),
  } as const;
  const deleteSubscription = db.prepare("DELETE FROM newsletter_subscribers WHERE email = ?");
  const deleteMails = db.prepare(`
    DELETE FROM mail_outbox WHERE id IN (
      SELECT id FROM mail_outbox INDEXED BY mail_outbox_user_id WHERE user_id = :userId
      UNION
      SELECT id FROM mail_outbox INDEXED BY mail_outbox_recipient WHERE recipient = :email
    )
  `);
  const deleteUser = db.prepare("DELETE FROM users WHERE id = ?");

  /**
   * The erased rows are zeroed in the database (secure_delete), but the WAL
   * still holds the pages as they were before: copy it back and cut it to
   * nothing now. Another process reading the file can make the checkpoint
   * stop short; the WAL is then cut at its next reset (journal_size_limit).
   */
  function eraseOlderCopies() {
    try {
      db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    } catch (error) {
      console.warn("Checkpoint after an account's erasure did not finish:", error);
    }
  }

  return {
    async erase(userId) {
      const id = normalizeObjectId(userId);
      if (id === null) return null;
      // One transaction: another process sharing the file sees the account
      // whole or gone, never half erased.
      db.exec("BEGIN IMMEDIATE");
      try {
        const user = selectEmail.get(id) as { email: string } | undefined;
        if (!user) {
          db.exec("ROLLBACK");
          return null;
        }
        const erasure: AccountErasure = {
          sessions: changedRows(statements.sessions.run(id)),
          verifications: changedRows(statements.verifications.run(id)),
          emailChanges: changedRows(statements.emailChanges.run(id)),
          history: changedRows(statements.history.run(id)),
          exerciseHistory:
            changedRows(statements.exerciseLogs.run(id)) + changedRows(statements.exerciseRecords.run(id)),
          workoutSessions: changedRows(statements.workoutSessions.run(id)),
          workoutStats: changedRows(statements.workoutTotals.run(id)) + changedRows(statements.workoutDays.run(id)),
          photos: changedRows(statements.photos.run(id)),
          reviews: changedRows(statements.reviews.run(id)),
          newsletterSubscribers: changedRows(deleteSubscription.run(user.email)),
          outbox: changedRows(deleteMails.run({ userId: id, email: user.email })),
          users: changedRows(deleteUser.run(id)),
        };
        db.exec("COMMIT");
        eraseOlderCopies();
        return erasure;
      } catch (error) {
        db.exec("ROLLBACK");
        throw error;
      }
    },
  };
}
