// The store port: what services may ask of persistence. Each adapter
// (sqlite/, mongo/) implements it idiomatically; the contract suite in
// store.contract.ts holds both to the same observable behaviour.

import type { SessionEntry, SessionSummary } from "../domain/workout/session-entries.ts";
import type { DayKey } from "../domain/stats/days.ts";
import type { WorkoutContribution, WorkoutDayStats, WorkoutTotals } from "../domain/stats/summary.ts";
import type { ExerciseLog, ExerciseRecords } from "../domain/workout/personal-records.ts";
import type { RoutineDraft, RoutineExercise } from "../domain/workout/routines.ts";

export type Role = "user" | "admin";

export interface UserRecord {
  /** 24-hex ObjectId string, whatever the adapter. */
  id: string;
  pseudo: string;
  /** Always stored lowercased and trimmed. */
  email: string;
  passwordHash: string;
  role: Role;
  prenom: string | null;
  displayName: string | null;
  photo: string | null;
  weightKg: number | null;
  /** Preferred interface language (fr, en, de, es), used for mails. */
  locale: string;
  emailVerifiedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface NewUser {
  pseudo: string;
  email: string;
  passwordHash: string;
  role?: Role;
  prenom?: string | null;
  displayName?: string | null;
  photo?: string | null;
  weightKg?: number | null;
  locale?: string;
  emailVerifiedAt?: Date | null;
}

export type UserChanges = Partial<
  Pick<
    UserRecord,
    | "pseudo"
    | "email"
    | "passwordHash"
    | "role"
    | "prenom"
    | "displayName"
    | "photo"
    | "weightKg"
    | "locale"
    | "emailVerifiedAt"
  >
>;

/** Thrown by create/update when a unique field is already taken. */
export class DuplicateKeyError extends Error {
  readonly field: "email" | "pseudo";
  constructor(field: "email" | "pseudo") {
    super(`duplicate ${field}`);
    this.name = "DuplicateKeyError";
    this.field = field;
  }
}

export interface UsersStore {
  /** Email is lowercased and trimmed; email and pseudo are unique case-insensitively. */
  create(input: NewUser): Promise<UserRecord>;
  findById(id: string): Promise<UserRecord | null>;
  findByEmail(email: string): Promise<UserRecord | null>;
  /** Case-insensitive. */
  findByPseudo(pseudo: string): Promise<UserRecord | null>;
  /** Matches the e-mail (lowercased) or the pseudo (case-insensitive). */
  findByEmailOrPseudo(identifier: string): Promise<UserRecord | null>;
  /** Returns the updated record, or null when no user has that id. */
  update(id: string, changes: UserChanges): Promise<UserRecord | null>;
  count(): Promise<number>;
}

export interface SessionRecord {
  id: string;
  /** sha256 hex of the random token; the token itself is never stored. */
  tokenHash: string;
  userId: string;
  /** true when 'remember me' was ticked: the cookie outlives the browser. */
  persistent: boolean;
  expiresAt: Date;
  createdAt: Date;
}

export interface NewSession {
  tokenHash: string;
  userId: string;
  persistent: boolean;
  expiresAt: Date;
}

export interface SessionsStore {
  create(input: NewSession): Promise<SessionRecord>;
  /** Returns null for an unknown or an expired session. */
  findByTokenHash(tokenHash: string, now?: Date): Promise<SessionRecord | null>;
  delete(id: string): Promise<void>;
  /** Returns how many sessions were removed. */
  deleteAllForUser(userId: string): Promise<number>;
  /** Every session of the user but one (the one asking); returns how many were removed. */
  deleteAllForUserExcept(userId: string, keptSessionId: string): Promise<number>;
  /** The user's live sessions (expiresAt after now), newest first. Bounded by their lifetime: a month of logins. */
  listForUser(userId: string, now?: Date): Promise<SessionRecord[]>;
  /** Removes sessions whose expiresAt is at or before now; returns how many. */
  purgeExpired(now?: Date): Promise<number>;
}

export type VerificationPurpose = "email" | "reset";

export interface VerificationRecord {
  id: string;
  userId: string;
  purpose: VerificationPurpose;
  /** sha256 hex of the token sent by mail. */
  tokenHash: string;
  expiresAt: Date;
  usedAt: Date | null;
  createdAt: Date;
}

export interface NewVerification {
  userId: string;
  purpose: VerificationPurpose;
  tokenHash: string;
  expiresAt: Date;
}

export interface VerificationsStore {
  create(input: NewVerification): Promise<VerificationRecord>;
  /** Null for an unknown token, another purpose, a used one, or one whose expiresAt is at or before now. */
  findValidByTokenHash(tokenHash: string, purpose: VerificationPurpose, now?: Date): Promise<VerificationRecord | null>;
  /** Atomic: true only for the one call that consumed the token; false when already used or unknown. */
  markUsed(id: string, now?: Date): Promise<boolean>;
  /** Returns how many were removed. */
  deleteForUser(userId: string, purpose: VerificationPurpose): Promise<number>;
  /** Removes verifications whose expiresAt is at or before now; returns how many. */
  purgeExpired(now?: Date): Promise<number>;
}

export type OutboxStatus = "queued" | "sending" | "sent" | "failed";

export interface OutboxMailRecord {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  status: OutboxStatus;
  /** How many times the mail was claimed for sending. */
  attempts: number;
  /** When a queued mail may be claimed (again). */
  nextAttemptAt: Date;
  /** When the current claim was taken; null unless "sending". */
  claimedAt: Date | null;
  lastError: string | null;
  sentAt: Date | null;
  /** Extra mail headers (List-Unsubscribe...); empty for most mails. */
  headers: Record<string, string>;
  /** Set by a sender that must never queue the same mail twice (see NewOutboxMail.dedupeKey). */
  dedupeKey: string | null;
  /** The account the mail is about, when there is one (erasing the account removes its mails). */
  userId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * A mail handed to one sender. The token proves the claim: marking the
 * mail sent, retried or failed only counts while this token still holds it.
 */
export interface ClaimedOutboxMail extends OutboxMailRecord {
  status: "sending";
  claimedAt: Date;
  claimToken: string;
}

/** What the marks need of a claim: the mail and the token it was claimed with. */
export type OutboxClaim = Pick<ClaimedOutboxMail, "id" | "claimToken">;

export interface NewOutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
  /**
   * Unique among queued mails: enqueueing a second mail with the same key
   * returns the first one and queues nothing. Lets a job that was taken over
   * after a crash queue its mails again without sending any twice.
   */
  dedupeKey?: string;
  /**
   * The account the mail is about. Erasing the account removes the mails
   * tagged with it, wherever they go (a pending new address), as well as every
   * mail to the account's own address.
   */
  userId?: string;
}

export interface OutboxStore {
  /** Queues the mail for sending right away; with a dedupeKey already used, returns that mail and queues nothing. */
  enqueue(mail: NewOutboxMail): Promise<OutboxMailRecord>;
  /**
   * Atomically hands one mail to the caller under a fresh claim token,
   * moving it to "sending" and counting the attempt: first a mail whose
   * claim is older than the lease (OUTBOX_CLAIM_LEASE_MS in claims.ts: its sender died),
   * else the queued mail due the longest at now. Concurrent callers, even in
   * other processes, never get the same mail. Null when nothing is due.
   */
  claimNext(now?: Date): Promise<ClaimedOutboxMail | null>;
  /** The marks below change the mail only while the claim still holds it; they say whether it did. */
  markSent(claim: OutboxClaim, now?: Date): Promise<boolean>;
  /** Back to "queued", to be claimed again from nextAttemptAt on. */
  markRetry(claim: OutboxClaim, error: string, nextAttemptAt: Date): Promise<boolean>;
  markFailed(claim: OutboxClaim, error: string): Promise<boolean>;
  /** Newest first: the limit is required, the outbox grows with users. */
  list(options: { limit: number }): Promise<OutboxMailRecord[]>;
  countByStatus(): Promise<Record<OutboxStatus, number>>;
  /**
   * Retention: deletes the "sent" and "failed" mails whose updatedAt is before
   * cutoff (strictly); never a "queued" or "sending" one. Returns how many.
   */
  purgeFinishedOlderThan(cutoff: Date): Promise<number>;
}

export interface NewsletterSubscriberRecord {
  id: string;
  /** Always stored lowercased and trimmed; unique. */
  email: string;
  locale: string;
  /** Null while the address is not proven (double opt-in): only confirmed subscribers get newsletters. */
  confirmedAt: Date | null;
  /**
   * Confirm this pending subscription when the account with this address is
   * verified (the newsletter box ticked at sign-up): that mail proves the address too.
   */
  confirmWithAccount: boolean;
  createdAt: Date;
}

export interface NewSubscriber {
  email: string;
  locale: string;
  /** sha256 hex of the token of the confirmation mail; null when none is sent (sign-up box). */
  confirmTokenHash: string | null;
  confirmWithAccount: boolean;
}

export interface NewsletterSubscribersStore {
  /**
   * Idempotent on the address: a known one comes back with created: false,
   * unchanged except that a pending subscription asked for at sign-up
   * (confirmWithAccount) keeps that wish.
   */
  subscribe(input: NewSubscriber): Promise<{ subscriber: NewsletterSubscriberRecord; created: boolean }>;
  findByEmail(email: string): Promise<NewsletterSubscriberRecord | null>;
  /** A new confirmation link for a pending subscription; false when the address is unknown or already confirmed. */
  replaceConfirmToken(email: string, confirmTokenHash: string): Promise<boolean>;
  /** Confirms the pending subscription of that token (which is then spent); null for an unknown or spent token. */
  confirmByToken(confirmTokenHash: string, now?: Date): Promise<NewsletterSubscriberRecord | null>;
  /** Confirms a pending subscription asked for at sign-up, once its account's address is verified. */
  confirmWithAccount(email: string, now?: Date): Promise<boolean>;
  /** Returns whether a subscription was removed. */
  unsubscribe(email: string): Promise<boolean>;
  /**
   * Removes the subscription of that id (the newsletters' unsubscribe links
   * name it, signed by the server: services/newsletter-unsubscribe.server.ts);
   * null when there is none.
   */
  unsubscribeById(id: string): Promise<NewsletterSubscriberRecord | null>;
  /**
   * Removes the subscription whose link of an earlier version carried that
   * token (stored as its sha256 hex, never the token); null for an unknown one.
   */
  unsubscribeByLegacyTokenHash(tokenHash: string): Promise<NewsletterSubscriberRecord | null>;
  /** Confirmed subscribers with an id above afterId (all when null), by id, at most limit. */
  listConfirmed(options: { afterId: string | null; limit: number }): Promise<NewsletterSubscriberRecord[]>;
  /** Retention: removes the pending subscriptions created before cutoff (strictly); returns how many. */
  purgePendingOlderThan(cutoff: Date): Promise<number>;
}

export interface ReviewRecord {
  id: string;
  /** The author's account; the name is theirs at the time of writing. */
  userId: string;
  name: string;
  /** 1 to 5 stars. */
  rating: number;
  /** Plain text, never HTML. */
  comment: string;
  isApproved: boolean;
  approvedAt: Date | null;
  createdAt: Date;
}

export interface NewReview {
  userId: string;
  name: string;
  rating: number;
  comment: string;
}

export interface ReviewsStore {
  /** A new review waits for moderation (isApproved false). */
  create(input: NewReview): Promise<ReviewRecord>;
  findById(id: string): Promise<ReviewRecord | null>;
  /** Approved reviews, newest first. */
  listApproved(options: { limit: number }): Promise<ReviewRecord[]>;
  /** Every review, newest first (moderation). */
  listAll(options: { limit: number }): Promise<ReviewRecord[]>;
  /** One page of the author's reviews, whatever their state, newest first (createdAt, then id, descending). */
  listForUser(userId: string, page: { limit: number; before?: PageCursor }): Promise<ReviewRecord[]>;
  /** Idempotent; null for an unknown id. */
  approve(id: string, now?: Date): Promise<ReviewRecord | null>;
  /** Returns whether a review was removed. */
  delete(id: string): Promise<boolean>;
}

/** draft and scheduled are chosen by the admin; sending, sent and failed belong to the sender. */
export type NewsletterStatus = "draft" | "scheduled" | "sending" | "sent" | "failed";
export type EditableNewsletterStatus = Extract<NewsletterStatus, "draft" | "scheduled">;

export interface NewsletterRecord {
  id: string;
  /** Internal title, for the admins. */
  title: string;
  subject: string;
  /** Sanitized HTML. */
  content: string;
  scheduledAt: Date;
  status: NewsletterStatus;
  sentAt: Date | null;
  /** Subscribers a mail was queued for: counted while sending, final once sent. */
  recipientCount: number | null;
  /** Why sending failed (status failed). */
  failureReason: string | null;
  /** How many times a sender claimed it since it was last saved. */
  attempts: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface NewsletterDraft {
  title: string;
  subject: string;
  content: string;
  scheduledAt: Date;
  status: EditableNewsletterStatus;
}

/** Why a newsletter could not be changed: it does not exist, or it is sending or sent. */
export type NewsletterChangeOutcome<T> =
  | { ok: true; value: T }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "locked"; status: "sending" | "sent" };

/** A newsletter held by one sender: its updates count only while claimToken still holds the claim. */
export interface NewsletterClaim {
  newsletter: NewsletterRecord;
  claimToken: string;
  leaseUntil: Date;
  /** Id of the last subscriber a mail was queued for, to resume after a takeover; null at the start. */
  cursor: string | null;
}

export interface NewslettersStore {
  create(input: NewsletterDraft): Promise<NewsletterRecord>;
  findById(id: string): Promise<NewsletterRecord | null>;
  /** Newest first. */
  list(options: { limit: number }): Promise<NewsletterRecord[]>;
  /**
   * Replaces the admin's fields and resets the sending state (attempts, failure,
   * progress), atomically refused for a newsletter that is sending or sent.
   */
  update(id: string, input: NewsletterDraft): Promise<NewsletterChangeOutcome<NewsletterRecord>>;
  /** Refused, atomically, for a newsletter that is sending or sent. */
  delete(id: string): Promise<NewsletterChangeOutcome<true>>;
  /**
   * Atomically takes one newsletter to send: the oldest scheduled one due at
   * now, else one whose sender's lease lapsed before now. It moves to
   * "sending" under claimToken until now + leaseMs and counts the attempt.
   * Concurrent callers, even in other processes, never get the same one while
   * a lease holds. Null when nothing is due.
   */
  claimDue(options: { now: Date; claimToken: string; leaseMs: number }): Promise<NewsletterClaim | null>;
  /** Records progress and extends the lease; false (nothing written) once claimToken no longer holds the claim. */
  recordProgress(
    id: string,
    claimToken: string,
    progress: { cursor: string; recipientCount: number; leaseUntil: Date },
  ): Promise<boolean>;
  /** Ends the claim as sent or failed; false (nothing written) once claimToken no longer holds the claim. */
  finish(
    id: string,
    claimToken: string,
    outcome: { status: "sent"; sentAt: Date; recipientCount: number } | { status: "failed"; reason: string },
  ): Promise<boolean>;
}
export interface HistoryRecord {
  id: string;
  userId: string;
  action: string;
  /** Stored as JSON: what does not survive JSON.stringify (Dates, undefined) comes back changed or dropped. */
  meta: Record<string, unknown>;
  createdAt: Date;
}

export interface NewHistoryEntry {
  userId: string;
  action: string;
  meta?: Record<string, unknown>;
}

/** Where a page of history starts: strictly older than this entry (keyset, so pages never skip or repeat). */
export interface HistoryCursor {
  createdAt: Date;
  id: string;
}

/** Where a newest-first page starts: strictly older than this record (keyset). */
export type PageCursor = HistoryCursor;

export interface HistoryPage {
  /** 1 to HISTORY_PAGE_SIZE (app/domain/history-page.ts), which is also the default. */
  limit?: number;
  /** Omitted for the newest page. */
  before?: HistoryCursor;
  /** Only the entries of this action (IMC_CALC...); every action when omitted. */
  action?: string;
}

export interface HistoryStore {
  add(entry: NewHistoryEntry): Promise<HistoryRecord>;
  /** One page of the user's entries, newest first (createdAt, then id, descending). */
  listForUser(userId: string, page?: HistoryPage): Promise<HistoryRecord[]>;
  /** The user's first entry of that action (createdAt, then id), or null. */
  oldestForUser(userId: string, action: string): Promise<HistoryRecord | null>;
  /** False when no such entry belongs to that user. */
  deleteForUser(id: string, userId: string): Promise<boolean>;
}

export interface WorkoutSessionRecord {
  id: string;
  userId: string;
  name: string;
  startedAt: Date;
  endedAt: Date;
  /** Active seconds (pauses left out), computed by the server. */
  durationSec: number;
  /** kcal, computed by the server from the entries (workouts spec, section 9). */
  calories: number;
  notes: string;
  /** Normalised entries, stored as JSON. */
  entries: SessionEntry[];
  /** The summary the client showed (planned, completed, skipped exercises), made coherent by the server. */
  clientSummary: SessionSummary;
  /** The body weight a calorie estimate used, when one did. */
  bodyMassKg: number | null;
  /** The client's key for this finish: a second save with it returns this session. */
  idempotencyKey: string | null;
  createdAt: Date;
}

export interface NewWorkoutSession {
  userId: string;
  name: string;
  startedAt: Date;
  endedAt: Date;
  durationSec: number;
  calories: number;
  notes: string;
  entries: SessionEntry[];
  clientSummary: SessionSummary;
  bodyMassKg?: number | null;
  /** Unique per user: 8 to 100 characters of A-Z, a-z, 0-9, "-" and "_". */
  idempotencyKey?: string | null;
}

/** Where a page of sessions starts: strictly older than this session (startedAt, then id). */
export interface WorkoutSessionCursor {
  startedAt: Date;
  id: string;
}

export interface WorkoutSessionPage {
  /** 1 to WORKOUT_SESSION_PAGE_SIZE (app/domain/workout/session-page.ts), which is also the default. */
  limit?: number;
  /** Omitted for the newest page. */
  before?: WorkoutSessionCursor;
}

export interface WorkoutSessionsStore {
  /**
   * Saves a finished session. Idempotent on (userId, idempotencyKey): a key
   * already saved for that user returns that session with created: false and
   * saves nothing, even when two copies arrive at once.
   */
  save(input: NewWorkoutSession): Promise<{ session: WorkoutSessionRecord; created: boolean }>;
  /** One page of the user's sessions, newest first (startedAt, then id, descending). */
  listForUser(userId: string, page?: WorkoutSessionPage): Promise<WorkoutSessionRecord[]>;
  /** Null when no such session belongs to that user. */
  findForUser(id: string, userId: string): Promise<WorkoutSessionRecord | null>;
  /**
   * Removes one of the user's sessions and gives it back (its figures are
   * then taken out of the user's totals, WorkoutStatsStore.remove); null when
   * no such session belongs to that user, so of two concurrent deletions
   * only one gets it.
   */
  deleteForUser(id: string, userId: string): Promise<WorkoutSessionRecord | null>;
}

export interface ContactMessageRecord {
  id: string;
  nom: string;
  /** Stored lowercased and trimmed. */
  email: string;
  sujet: string;
  message: string;
  locale: string;
  createdAt: Date;
}

export interface NewContactMessage {
  nom: string;
  email: string;
  sujet: string;
  message: string;
  locale: string;
}

export interface ContactMessagesStore {
  add(input: NewContactMessage): Promise<ContactMessageRecord>;
  /** Newest first. */
  listRecent(limit: number): Promise<ContactMessageRecord[]>;
  /** Retention: deletes the messages created before cutoff (strictly); returns how many. */
  purgeOlderThan(cutoff: Date): Promise<number>;
}

/** A new address waiting for the link sent to it: only that link makes it the account's address. */
export interface EmailChangeRecord {
  id: string;
  userId: string;
  /** Lowercased and trimmed. */
  newEmail: string;
  /** sha256 hex of the token in the link. */
  tokenHash: string;
  expiresAt: Date;
  createdAt: Date;
}

export interface NewEmailChange {
  userId: string;
  newEmail: string;
  tokenHash: string;
  expiresAt: Date;
}

export interface EmailChangesStore {
  /** One pending change per account: a new request replaces the previous one (whose link stops working). */
  request(input: NewEmailChange): Promise<EmailChangeRecord>;
  /** The account's pending change, null when none or expired (expiresAt at or before now). */
  findPendingForUser(userId: string, now?: Date): Promise<EmailChangeRecord | null>;
  /**
   * Atomic and single use: removes the change of that token and returns it, for
   * exactly one caller; null for an unknown, spent or expired token.
   */
  consume(tokenHash: string, now?: Date): Promise<EmailChangeRecord | null>;
  /** Returns whether a pending change was removed. */
  cancelForUser(userId: string): Promise<boolean>;
  /** Removes changes whose expiresAt is at or before now; returns how many. */
  purgeExpired(now?: Date): Promise<number>;
}

/** What erasing an account removed, per kind of record. */
export interface AccountErasure {
  users: number;
  sessions: number;
  verifications: number;
  emailChanges: number;
  history: number;
  workoutSessions: number;
  /** The per-user workout figures: the totals row and the day rows. */
  workoutStats: number;
  /** The lifter's memory: the exercise logs and the records. */
  exerciseHistory: number;
  routines: number;
  photos: number;
  reviews: number;
  newsletterSubscribers: number;
  outbox: number;
}

export interface AccountsStore {
  /**
   * Removes the account and everything stored for it: its sessions,
   * verification tokens, pending e-mail change, history, workout sessions
   * and their figures, exercise logs and records, routines, profile photo and reviews, the
   * newsletter subscription of its address, and every outbox mail to that
   * address or tagged with the account (whatever its state). Contact
   * messages stay: they are kept for their own retention. Null when no
   * account has that id (nothing is removed).
   */
  erase(userId: string): Promise<AccountErasure | null>;
}

export interface RateLimitOptions {
  /** Names the counter: limiters with the same prefix count together; one prefix, one set of options. */
  keyPrefix: string;
  /** Points a key may consume per window. */
  points: number;
  /** The window, counted from a key's first point. */
  durationSeconds: number;
}

export interface RateLimitState {
  /** Points counted for the key in its current window (this call included). */
  consumedPoints: number;
  /** Milliseconds until the window ends and the count starts again. */
  msBeforeNext: number;
}

/**
 * Counts points per key over a fixed window. Shared by every process that
 * shares the database where the adapter can (MongoDB); per process otherwise
 * (SQLite, which one process serves).
 */
export interface RateLimiter {
  /** Counts the points, even past the limit; allowed is false once the count exceeds the points. */
  consume(key: string, points?: number): Promise<RateLimitState & { allowed: boolean }>;
  /** The key's current state, or null when nothing is counted for it. */
  get(key: string): Promise<RateLimitState | null>;
  /** Gives points back (a success that was counted beforehand). */
  reward(key: string, points?: number): Promise<void>;
  /** Forgets the key. */
  delete(key: string): Promise<void>;
}

/** A profile photo, already checked and re-encoded (app/services/photos.server.ts): one per user. */
export interface PhotoRecord {
  userId: string;
  /** 24-hex, new with every photo: part of the photo's address, so a cached copy is never an old photo. */
  version: string;
  contentType: string;
  data: Uint8Array;
  width: number;
  height: number;
  /** The strong validator the photo is served with (quoted). */
  etag: string;
  createdAt: Date;
}

export interface NewPhoto {
  contentType: string;
  data: Uint8Array;
  width: number;
  height: number;
  etag: string;
}

export interface PhotosStore {
  /** Stores the user's photo in place of the one before (atomically: a reader sees one or the other), under a new version. */
  put(userId: string, photo: NewPhoto): Promise<PhotoRecord>;
  findForUser(userId: string): Promise<PhotoRecord | null>;
  /** False when the user had none. */
  deleteForUser(userId: string): Promise<boolean>;
}

/**
 * Per-user workout figures, kept up to date as sessions are saved, so the
 * dashboard never reads every session: all-time totals, and one row per
 * calendar day with sessions.
 */
export interface WorkoutStatsStore {
  /** Adds one saved session to its user's totals and to its day (atomically: a reader sees both or neither). */
  add(userId: string, contribution: WorkoutContribution): Promise<void>;
  /**
   * Takes one deleted session back out of its user's totals and its day (what
   * `add` put there); a day or a total left with no session goes. The day's
   * latest time stays as it was: it only breaks ties of the favourite group.
   */
  remove(userId: string, contribution: WorkoutContribution): Promise<void>;
  /** Null for a user without sessions. */
  totals(userId: string): Promise<WorkoutTotals | null>;
  /** The user's days from `from` to `to`, both included, oldest first: a bounded range, at most 400 days. */
  days(userId: string, range: { from: DayKey; to: DayKey }): Promise<WorkoutDayStats[]>;
  /** Days with sessions on or before `upTo`, newest first, at most `limit` (the streak's pages). */
  activeDays(userId: string, options: { upTo: DayKey; limit: number }): Promise<DayKey[]>;
  /** Replaces every figure of the user (a rebuild from their sessions). */
  replaceForUser(userId: string, figures: { totals: WorkoutTotals; days: readonly WorkoutDayStats[] }): Promise<void>;
  /** Removes every figure of the user. */
  deleteForUser(userId: string): Promise<void>;
}

/** One exercise of one saved session (app/domain/workout/personal-records.ts), kept for its owner. */
export interface ExerciseLogRecord extends ExerciseLog {
  userId: string;
}

/** Where a page of an exercise's history starts: strictly older than this log (startedAt, then sessionId). */
export interface ExerciseLogCursor {
  startedAt: Date;
  sessionId: string;
}

/** A record change of one save: one exercise's records before the session (null for its first) and after. */
export interface ExerciseRecordsChange {
  exerciseId: string;
  before: ExerciseRecords | null;
  after: ExerciseRecords;
}

/** The most exercises one read of last times asks for: a session's exercises. */
export const MAX_LAST_TIME_EXERCISES = 100;

/**
 * A lifter's memory, kept up to date as sessions are saved (like the
 * workout figures): per user and exercise, one log per saved session (its
 * sets and figures, so an exercise's history never reads whole sessions) and
 * the records folded from them. Both are derived from the sessions and can be
 * rebuilt from them.
 */
export interface ExerciseHistoryStore {
  /**
   * Adds the logs of one saved session. A log the store already holds (same
   * session and exercise) is skipped; each new one is kept and folded into its
   * exercise's records (foldExerciseLog) atomically with concurrent saves.
   * Returns the records before and after, per new log.
   */
  addSession(userId: string, logs: readonly ExerciseLog[]): Promise<ExerciseRecordsChange[]>;
  /** One page of the user's logs of one exercise, newest first (startedAt, then sessionId, descending). */
  listLogs(
    userId: string,
    exerciseId: string,
    page: { limit: number; before?: ExerciseLogCursor },
  ): Promise<ExerciseLogRecord[]>;
  /** The latest log of each exercise asked for (at most MAX_LAST_TIME_EXERCISES) that the user has, in no order. */
  latestLogs(userId: string, exerciseIds: readonly string[]): Promise<ExerciseLogRecord[]>;
  /** Null before the user's first session of the exercise. */
  findRecords(userId: string, exerciseId: string): Promise<ExerciseRecords | null>;
  /** The user's records, most logged first (sessions descending, then exerciseId), at most limit. */
  listRecords(userId: string, options: { limit: number }): Promise<ExerciseRecords[]>;
  /** Removes the logs of one session; returns the exercises they were of (whose records must then be rebuilt). */
  removeSession(userId: string, sessionId: string): Promise<string[]>;
  /** Replaces one exercise's records with figures rebuilt from its logs; null removes them. */
  replaceRecords(userId: string, exerciseId: string, records: ExerciseRecords | null): Promise<void>;
}

/** A saved workout of one user (app/domain/workout/routines.ts). */
export interface RoutineRecord {
  id: string;
  userId: string;
  name: string;
  /** In session order. */
  exercises: RoutineExercise[];
  /** When a session run from it was last saved; null before the first. */
  lastDoneAt: Date | null;
  /** The latest of its creation, its last change and its last run: lists show the most recent first. */
  activeAt: Date;
  createdAt: Date;
  updatedAt: Date;
}

/** What a list of routines shows of each: never the exercises and their targets. */
export type RoutineSummary = Omit<RoutineRecord, "userId" | "exercises"> & { exerciseCount: number };

export type RoutineCreation = { ok: true; routine: RoutineRecord } | { ok: false; reason: "limit" };

/**
 * A user's routines, at most ROUTINE_LIMITS.perUser each. Drafts reach the
 * store checked by the domain (routineProblem); the store keeps them as they
 * come and never lets a user hold more than the limit.
 */
export interface RoutinesStore {
  /** Saves a new routine unless its user already has maxPerUser; concurrent creations never go past it. */
  create(userId: string, draft: RoutineDraft, options: { maxPerUser: number }): Promise<RoutineCreation>;
  /** The user's routines, most recently active first (activeAt, then id, descending). */
  listForUser(userId: string): Promise<RoutineRecord[]>;
  /** The same list, without the exercises (a page's list of routines). */
  listSummariesForUser(userId: string): Promise<RoutineSummary[]>;
  /** Null when no such routine belongs to that user. */
  findForUser(id: string, userId: string): Promise<RoutineRecord | null>;
  /** Replaces the name and the exercises; null when no such routine belongs to that user. */
  update(id: string, userId: string, draft: RoutineDraft): Promise<RoutineRecord | null>;
  /** False when no such routine belongs to that user. */
  delete(id: string, userId: string): Promise<boolean>;
  /** A run of the routine saved at `at` (the latest run counts); false when no such routine belongs to that user. */
  markDone(id: string, userId: string, at: Date): Promise<boolean>;
}

export interface Store {
  readonly kind: "sqlite" | "mongodb";
  readonly users: UsersStore;
  readonly sessions: SessionsStore;
  readonly verifications: VerificationsStore;
  readonly outbox: OutboxStore;
  readonly newsletterSubscribers: NewsletterSubscribersStore;
  readonly reviews: ReviewsStore;
  readonly newsletters: NewslettersStore;
  readonly history: HistoryStore;
  readonly workoutSessions: WorkoutSessionsStore;
  readonly contactMessages: ContactMessagesStore;
  readonly emailChanges: EmailChangesStore;
  /** Operations over every collection of one account (erasure). */
  readonly accounts: AccountsStore;
  readonly photos: PhotosStore;
  readonly workoutStats: WorkoutStatsStore;
  readonly exerciseHistory: ExerciseHistoryStore;
  readonly routines: RoutinesStore;
  /** The limiter of that prefix, the same one for every call with it. */
  rateLimiter(options: RateLimitOptions): RateLimiter;
  /** Resolves when the database answers; rejects otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
