import type { Collection, ObjectId } from "mongodb";
import type { AccountErasure, AccountsStore } from "../types.ts";
import type { EmailChangeDocument } from "./email-changes.ts";
import type { ExerciseLogDocument, ExerciseRecordsDocument } from "./exercise-history.ts";
import type { HistoryDocument } from "./history.ts";
import { toObjectId } from "./mongo-values.ts";
import type { SubscriberDocument } from "./newsletter-subscribers.ts";
import type { OutboxDocument } from "./outbox.ts";
import type { PhotoDocument } from "./photos.ts";
import type { ReviewDocument } from "./reviews.ts";
import type { SessionDocument } from "./sessions.ts";
import type { UserDocument } from "./users.ts";
import type { VerificationDocument } from "./verifications.ts";
import type { WorkoutSessionDocument } from "./workout-sessions.ts";
import type { WorkoutDayDocument, WorkoutTotalsDocument } from "./workout-stats.ts";

export interface AccountCollections {
  users: Collection<UserDocument>;
  sessions: Collection<SessionDocument>;
  verifications: Collection<VerificationDocument>;
  emailChanges: Collection<EmailChangeDocument>;
  history: Collection<HistoryDocument>;
  workoutSessions: Collection<WorkoutSessionDocument>;
  workoutTotals: Collection<WorkoutTotalsDocument>;
  workoutDays: Collection<WorkoutDayDocument>;
  exerciseLogs: Collection<ExerciseLogDocument>;
  exerciseRecords: Collection<ExerciseRecordsDocument>;
  photos: Collection<PhotoDocument>;
  reviews: Collection<ReviewDocument>;
  newsletterSubscribers: Collection<SubscriberDocument>;
  outbox: Collection<OutboxDocument>;
}

/**
 * Erasure without a multi-document transaction, in an order that is safe to
 * stop anywhere and to run again: the sessions go first (nothing can be
 * written on the account's behalf any more), the account itself last (until
 * then its owner can ask again), then one more sweep of what a request
 * already in flight may have written meanwhile. Every delete reads an index
 * keyed by the account (or its address).
 */
export function createMongoAccounts(collections: AccountCollections): AccountsStore {
  async function byAccount(userId: ObjectId) {
    const [
      sessions,
      verifications,
      emailChanges,
      history,
      workoutSessions,
      totals,
      days,
      exerciseLogs,
      exerciseRecords,
      photos,
      reviews,
    ] = await Promise.all([
      collections.sessions.deleteMany({ userId }),
      collections.verifications.deleteMany({ userId }),
      collections.emailChanges.deleteMany({ userId }),
      collections.history.deleteMany({ userId }),
      collections.workoutSessions.deleteMany({ userId }),
      // The totals and the photo are keyed by the user's id itself.
      collections.workoutTotals.deleteOne({ _id: userId }),
      collections.workoutDays.deleteMany({ userId }),
      collections.exerciseLogs.deleteMany({ userId }),
      collections.exerciseRecords.deleteMany({ userId }),
      collections.photos.deleteOne({ _id: userId }),
      collections.reviews.deleteMany({ userId }),
    ]);
    return {
      sessions: sessions.deletedCount,
      verifications: verifications.deletedCount,
      emailChanges: emailChanges.deletedCount,
      history: history.deletedCount,
      workoutSessions: workoutSessions.deletedCount,
      workoutStats: totals.deletedCount + days.deletedCount,
      exerciseHistory: exerciseLogs.deletedCount + exerciseRecords.deletedCount,
      photos: photos.deletedCount,
      reviews: reviews.deletedCount,
    };
  }

  return {
    async erase(userId) {
      const _id = toObjectId(userId);
      if (_id === null) return null;
      const user = await collections.users.findOne({ _id }, { projection: { email: 1 } });
      if (!user) return null;

      await collections.sessions.deleteMany({ userId: _id });
      const owned = await byAccount(_id);
      const [subscription, mails] = await Promise.all([
        collections.newsletterSubscribers.deleteOne({ email: user.email }),
        // Two clauses, each served by its own index (mail_outbox_user_id, mail_outbox_recipient).
        collections.outbox.deleteMany({ $or: [{ userId: _id }, { to: user.email }] }),
      ]);
      const account = await collections.users.deleteOne({ _id });
      const late = await byAccount(_id);

      const erasure: AccountErasure = {
        users: account.deletedCount,
        sessions: owned.sessions + late.sessions,
        verifications: owned.verifications + late.verifications,
        emailChanges: owned.emailChanges + late.emailChanges,
        history: owned.history + late.history,
        workoutSessions: owned.workoutSessions + late.workoutSessions,
        workoutStats: owned.workoutStats + late.workoutStats,
        exerciseHistory: owned.exerciseHistory + late.exerciseHistory,
        photos: owned.photos + late.photos,
        reviews: owned.reviews + late.reviews,
        newsletterSubscribers: subscription.deletedCount,
        outbox: mails.deletedCount,
      };
      return erasure;
    },
  };
}
