// Input checks shared by both adapters. Values reach queries only after these,
// so a caller-supplied object (say {"$gt": ""} from a parsed JSON body) can
// never turn into a query operator.
import { HISTORY_PAGE_SIZE } from "../domain/history-page.ts";
import {
  EXERCISE_HISTORY_PAGE_SIZE,
  type ExerciseFigures,
  type ExerciseLog,
  type ExerciseRecords,
  RECORD_KINDS,
  type RecordMark,
} from "../domain/workout/personal-records.ts";
import {
  SESSION_LIMITS,
  SESSION_MODES,
  type EntrySet,
  type SessionEntry,
  type SessionSummary,
} from "../domain/workout/session-entries.ts";
import { WORKOUT_SESSION_PAGE_SIZE } from "../domain/workout/session-page.ts";
import { IDEMPOTENCY_KEY_PATTERN } from "../domain/workout/session-payload.ts";
import { type DayKey, daysBetween, isDayKey } from "../domain/stats/days.ts";
import type { WorkoutContribution, WorkoutDayStats, WorkoutTotals } from "../domain/stats/summary.ts";
import { normalizeObjectId } from "./object-id.ts";
import type {
  EditableNewsletterStatus,
  HistoryCursor,
  HistoryPage,
  NewEmailChange,
  NewPhoto,
  NewReview,
  NewsletterDraft,
  NewUser,
  NewWorkoutSession,
  OutboxClaim,
  OutboxStatus,
  PageCursor,
  Role,
  UserChanges,
  VerificationPurpose,
  WorkoutSessionCursor,
  WorkoutSessionPage,
  ExerciseLogCursor,
} from "./types.ts";

export const DEFAULT_LOCALE = "fr";

const ROLES: readonly Role[] = ["user", "admin"];

/** For lookups: a non-string simply matches nothing. */
export function stringOrNull(value: unknown): string | null {
  return typeof value === "string" ? value : null;
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Lookup form of an e-mail: null when the value cannot be one. */
export function emailForLookup(value: unknown): string | null {
  const text = stringOrNull(value);
  return text === null ? null : normalizeEmail(text);
}

export function requireString(value: unknown, field: string): string {
  if (typeof value !== "string") throw new TypeError(`${field} must be a string`);
  return value;
}

function requireNullableString(value: unknown, field: string): string | null {
  return value === null ? null : requireString(value, field);
}

function requireNullableNumber(value: unknown, field: string): number | null {
  if (value === null) return null;
  if (typeof value !== "number" || !Number.isFinite(value)) throw new TypeError(`${field} must be a finite number`);
  return value;
}

export function requireDate(value: unknown, field: string): Date {
  if (!(value instanceof Date) || Number.isNaN(value.getTime())) throw new TypeError(`${field} must be a valid Date`);
  return value;
}

function requireNullableDate(value: unknown, field: string): Date | null {
  return value === null ? null : requireDate(value, field);
}

export function requireBoolean(value: unknown, field: string): boolean {
  if (typeof value !== "boolean") throw new TypeError(`${field} must be a boolean`);
  return value;
}

export function requireOneOf<T extends string>(value: unknown, allowed: readonly T[], field: string): T {
  if (!allowed.includes(value as T)) throw new TypeError(`${field} must be one of ${allowed.join(", ")}`);
  return value as T;
}

export type NormalizedNewUser = Required<NewUser>;

export function normalizeNewUser(input: NewUser): NormalizedNewUser {
  return {
    pseudo: requireString(input.pseudo, "pseudo"),
    email: normalizeEmail(requireString(input.email, "email")),
    passwordHash: requireString(input.passwordHash, "passwordHash"),
    role: requireOneOf(input.role ?? "user", ROLES, "role"),
    prenom: requireNullableString(input.prenom ?? null, "prenom"),
    displayName: requireNullableString(input.displayName ?? null, "displayName"),
    photo: requireNullableString(input.photo ?? null, "photo"),
    weightKg: requireNullableNumber(input.weightKg ?? null, "weightKg"),
    locale: requireString(input.locale ?? DEFAULT_LOCALE, "locale"),
    emailVerifiedAt: requireNullableDate(input.emailVerifiedAt ?? null, "emailVerifiedAt"),
  };
}

/** Keeps only the known fields that are present, each checked. */
export function normalizeUserChanges(changes: UserChanges): UserChanges {
  const normalized: UserChanges = {};
  if (changes.pseudo !== undefined) normalized.pseudo = requireString(changes.pseudo, "pseudo");
  if (changes.email !== undefined) normalized.email = normalizeEmail(requireString(changes.email, "email"));
  if (changes.passwordHash !== undefined) normalized.passwordHash = requireString(changes.passwordHash, "passwordHash");
  if (changes.role !== undefined) normalized.role = requireOneOf(changes.role, ROLES, "role");
  if (changes.prenom !== undefined) normalized.prenom = requireNullableString(changes.prenom, "prenom");
  if (changes.displayName !== undefined)
    normalized.displayName = requireNullableString(changes.displayName, "displayName");
  if (changes.photo !== undefined) normalized.photo = requireNullableString(changes.photo, "photo");
  if (changes.weightKg !== undefined) normalized.weightKg = requireNullableNumber(changes.weightKg, "weightKg");
  if (changes.locale !== undefined) normalized.locale = requireString(changes.locale, "locale");
  if (changes.emailVerifiedAt !== undefined) {
    normalized.emailVerifiedAt = requireNullableDate(changes.emailVerifiedAt, "emailVerifiedAt");
  }
  return normalized;
}

/** For lookups: a value outside the allowed set simply matches nothing. */
export function oneOfOrNull<T extends string>(value: unknown, allowed: readonly T[]): T | null {
  return allowed.includes(value as T) ? (value as T) : null;
}

export const VERIFICATION_PURPOSES: readonly VerificationPurpose[] = ["email", "reset"];
export const OUTBOX_STATUSES: readonly OutboxStatus[] = ["queued", "sending", "sent", "failed"];

/** A page size; both adapters would read 0 or a negative number as "no limit", hence the check. */
export function requireLimit(value: unknown): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value < 1) {
    throw new TypeError("limit must be a positive integer");
  }
  return value;
}

/** The JSON form of history metadata, identical in both adapters. */
export function normalizeMeta(value: unknown): Record<string, unknown> {
  if (value === undefined) return {};
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new TypeError("meta must be a plain object");
  }
  return JSON.parse(JSON.stringify(value)) as Record<string, unknown>;
}

/** Checked mail headers: names and values are strings, and no value may start a new header line. */
export function normalizeHeaders(value: unknown): Record<string, string> {
  if (value === undefined) return {};
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new TypeError("headers must be a plain object");
  }
  const headers: Record<string, string> = {};
  for (const [name, headerValue] of Object.entries(value)) {
    if (!/^[A-Za-z0-9-]+$/.test(name)) throw new TypeError(`invalid header name ${name}`);
    const text = requireString(headerValue, `headers.${name}`);
    if (/[\r\n]/.test(text)) throw new TypeError(`header ${name} must be one line`);
    headers[name] = text;
  }
  return headers;
}

export function requireObjectIdString(value: unknown, field: string): string {
  const id = normalizeObjectId(value);
  if (id === null) throw new TypeError(`${field} must be a 24-hex id`);
  return id;
}

export function normalizeNewReview(input: NewReview): NewReview {
  const rating = input.rating;
  if (typeof rating !== "number" || !Number.isInteger(rating) || rating < 1 || rating > 5) {
    throw new TypeError("rating must be a whole number from 1 to 5");
  }
  return {
    userId: requireObjectIdString(input.userId, "userId"),
    name: requireString(input.name, "name"),
    rating,
    comment: requireString(input.comment, "comment"),
  };
}

export const EDITABLE_NEWSLETTER_STATUSES: readonly EditableNewsletterStatus[] = ["draft", "scheduled"];

export function normalizeNewsletterDraft(input: NewsletterDraft): NewsletterDraft {
  return {
    title: requireString(input.title, "title"),
    subject: requireString(input.subject, "subject"),
    content: requireString(input.content, "content"),
    scheduledAt: requireDate(input.scheduledAt, "scheduledAt"),
    status: requireOneOf(input.status, EDITABLE_NEWSLETTER_STATUSES, "status"),
  };
}

/** A claim as the marks read it: null (the mark changes nothing) for a malformed id or token. */
export function claimOrNull(claim: OutboxClaim): OutboxClaim | null {
  const id = normalizeObjectId((claim as Partial<OutboxClaim> | null)?.id);
  const claimToken = stringOrNull((claim as Partial<OutboxClaim> | null)?.claimToken);
  return id === null || claimToken === null || claimToken === "" ? null : { id, claimToken };
}

export interface NormalizedHistoryPage {
  limit: number;
  before: HistoryCursor | null;
  action: string | null;
}

/** Every history read is bounded: a missing limit means one full page, a larger one is refused. */
export function normalizeHistoryPage(page: HistoryPage = {}): NormalizedHistoryPage {
  const limit = requireLimit(page.limit ?? HISTORY_PAGE_SIZE);
  if (limit > HISTORY_PAGE_SIZE) throw new TypeError(`limit must be at most ${HISTORY_PAGE_SIZE}`);
  const action = page.action === undefined ? null : requireString(page.action, "action");
  if (page.before === undefined) return { limit, before: null, action };
  const id = normalizeObjectId(page.before.id);
  if (id === null) throw new TypeError("before.id must be a 24-hex id");
  return { limit, before: { createdAt: requireDate(page.before.createdAt, "before.createdAt"), id }, action };
}

/** A photo's bytes and what describes them, checked before they are stored. */
export function normalizeNewPhoto(photo: NewPhoto): NewPhoto {
  if (!(photo.data instanceof Uint8Array) || photo.data.byteLength === 0) {
    throw new TypeError("data must be non-empty bytes");
  }
  const dimension = (value: unknown, field: string) => {
    if (typeof value !== "number" || !Number.isInteger(value) || value < 1) {
      throw new TypeError(`${field} must be a positive integer`);
    }
    return value;
  };
  return {
    contentType: requireOneOf(photo.contentType, ["image/webp"], "contentType"),
    data: photo.data,
    width: dimension(photo.width, "width"),
    height: dimension(photo.height, "height"),
    etag: requireString(photo.etag, "etag"),
  };
}

/** Muscle group ids become document field names (MongoDB $inc): plain lower-case words only. */
const GROUP_KEY = /^[a-z][a-z0-9_-]{0,31}$/;

function requireAmount(value: unknown, field: string): number {
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0) {
    throw new TypeError(`${field} must be a finite number at or above 0`);
  }
  return value;
}

function requireCount(value: unknown, field: string): number {
  const amount = requireAmount(value, field);
  if (!Number.isInteger(amount)) throw new TypeError(`${field} must be a whole number`);
  return amount;
}

export function requireDayKey(value: unknown, field: string): DayKey {
  if (!isDayKey(value)) throw new TypeError(`${field} must be a YYYY-MM-DD day`);
  return value;
}

function normalizeMuscleSets(value: unknown): Record<string, number> {
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new TypeError("muscleSets must be a plain object");
  }
  const sets: Record<string, number> = {};
  for (const [group, count] of Object.entries(value)) {
    if (!GROUP_KEY.test(group)) throw new TypeError(`invalid muscle group ${group}`);
    sets[group] = requireCount(count, `muscleSets.${group}`);
  }
  return sets;
}

export function normalizeContribution(contribution: WorkoutContribution): WorkoutContribution {
  return {
    day: requireDayKey(contribution.day, "day"),
    at: requireDate(contribution.at, "at"),
    calories: requireAmount(contribution.calories, "calories"),
    durationSec: requireAmount(contribution.durationSec, "durationSec"),
    exercises: requireCount(contribution.exercises, "exercises"),
    muscleSets: normalizeMuscleSets(contribution.muscleSets),
  };
}

export function normalizeWorkoutFigures(figures: { totals: WorkoutTotals; days: readonly WorkoutDayStats[] }): {
  totals: WorkoutTotals;
  days: WorkoutDayStats[];
} {
  const totals = {
    sessions: requireCount(figures.totals.sessions, "totals.sessions"),
    calories: requireAmount(figures.totals.calories, "totals.calories"),
    durationSec: requireAmount(figures.totals.durationSec, "totals.durationSec"),
  };
  const days = figures.days.map((day): WorkoutDayStats => {
    const { at, ...checked } = normalizeContribution({ ...day, at: day.lastAt });
    return { ...checked, sessions: requireCount(day.sessions, "sessions"), lastAt: at };
  });
  return { totals, days };
}

/** The most days one read may cover: a bounded range, like every listing. */
export const MAX_DAY_RANGE = 400;

export function normalizeDayRange(range: { from: DayKey; to: DayKey }): { from: DayKey; to: DayKey } {
  const from = requireDayKey(range.from, "from");
  const to = requireDayKey(range.to, "to");
  const length = daysBetween(from, to);
  if (length < 0 || length >= MAX_DAY_RANGE)
    throw new TypeError(`a day range runs forward, at most ${MAX_DAY_RANGE} days`);
  return { from, to };
}

/** A newest-first page of records other than history: a required limit, and an optional keyset cursor. */
export function normalizePage(page: { limit: number; before?: PageCursor }): {
  limit: number;
  before: PageCursor | null;
} {
  const limit = requireLimit(page?.limit);
  if (page.before === undefined) return { limit, before: null };
  const id = normalizeObjectId(page.before.id);
  if (id === null) throw new TypeError("before.id must be a 24-hex id");
  return { limit, before: { createdAt: requireDate(page.before.createdAt, "before.createdAt"), id } };
}

/** A new pending e-mail change, checked. */
export function normalizeNewEmailChange(input: NewEmailChange): NewEmailChange {
  return {
    userId: requireObjectIdString(input.userId, "userId"),
    newEmail: normalizeEmail(requireString(input.newEmail, "newEmail")),
    tokenHash: requireString(input.tokenHash, "tokenHash"),
    expiresAt: requireDate(input.expiresAt, "expiresAt"),
  };
}

function requireNonNegativeNumber(value: unknown, field: string): number {
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0) {
    throw new TypeError(`${field} must be a finite number, 0 or more`);
  }
  return value;
}

/** JSON as stored: the entries and the summary come back exactly as JSON.stringify leaves them. */
function asJson<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

export type NormalizedNewWorkoutSession = Required<NewWorkoutSession>;

/** The checked form of a session to save (its content was built by the domain, see sessionToSave). */
export function normalizeNewWorkoutSession(input: NewWorkoutSession): NormalizedNewWorkoutSession {
  if (!Array.isArray(input.entries)) throw new TypeError("entries must be an array");
  const summary = input.clientSummary as unknown;
  if (summary === null || typeof summary !== "object" || Array.isArray(summary)) {
    throw new TypeError("clientSummary must be a plain object");
  }
  const key = input.idempotencyKey ?? null;
  if (key !== null && (typeof key !== "string" || !IDEMPOTENCY_KEY_PATTERN.test(key))) {
    throw new TypeError("idempotencyKey must be 8 to 100 characters of A-Z, a-z, 0-9, - and _");
  }
  const startedAt = requireDate(input.startedAt, "startedAt");
  const endedAt = requireDate(input.endedAt, "endedAt");
  if (endedAt.getTime() < startedAt.getTime()) throw new TypeError("endedAt must not be before startedAt");
  return {
    userId: requireObjectIdString(input.userId, "userId"),
    name: requireString(input.name, "name"),
    startedAt,
    endedAt,
    durationSec: requireNonNegativeNumber(input.durationSec, "durationSec"),
    calories: requireNonNegativeNumber(input.calories, "calories"),
    notes: requireString(input.notes, "notes"),
    entries: asJson<SessionEntry[]>(input.entries),
    clientSummary: asJson<SessionSummary>(input.clientSummary),
    bodyMassKg: requireNullableNumber(input.bodyMassKg ?? null, "bodyMassKg"),
    idempotencyKey: key,
  };
}

export interface NormalizedWorkoutSessionPage {
  limit: number;
  before: WorkoutSessionCursor | null;
}

/** Every sessions read is bounded: a missing limit means one full page, a larger one is refused. */
export function normalizeWorkoutSessionPage(page: WorkoutSessionPage = {}): NormalizedWorkoutSessionPage {
  const limit = requireLimit(page.limit ?? WORKOUT_SESSION_PAGE_SIZE);
  if (limit > WORKOUT_SESSION_PAGE_SIZE) throw new TypeError(`limit must be at most ${WORKOUT_SESSION_PAGE_SIZE}`);
  if (page.before === undefined) return { limit, before: null };
  const id = normalizeObjectId(page.before.id);
  if (id === null) throw new TypeError("before.id must be a 24-hex id");
  return { limit, before: { startedAt: requireDate(page.before.startedAt, "before.startedAt"), id } };
}

/** An exercise id as sessions save it: a non-empty string within the payload's bound. */
export function requireExerciseId(value: unknown): string {
  if (typeof value !== "string" || value === "" || value.length > SESSION_LIMITS.exerciseIdLength) {
    throw new TypeError(`exerciseId must be a string of 1 to ${SESSION_LIMITS.exerciseIdLength} characters`);
  }
  return value;
}

const FIGURE_KEYS: readonly (keyof ExerciseFigures)[] = [
  "heaviestKg",
  "bestE1rmKg",
  "volumeKg",
  "mostReps",
  "longestSec",
  "longestKm",
];

function normalizeFigures(figures: ExerciseFigures): ExerciseFigures {
  if (figures === null || typeof figures !== "object") throw new TypeError("figures must be an object");
  const checked = {} as ExerciseFigures;
  for (const key of FIGURE_KEYS) {
    const value = figures[key] ?? null;
    checked[key] = value === null ? null : requireNonNegativeNumber(value, `figures.${key}`);
  }
  return checked;
}

/** One session's log of one exercise, as the domain built it (exerciseLogsOf). */
export function normalizeExerciseLog(log: ExerciseLog): ExerciseLog {
  if (!Array.isArray(log.sets) || log.sets.length === 0 || log.sets.length > SESSION_LIMITS.setsPerEntry * 10) {
    throw new TypeError("sets must be a non-empty array");
  }
  return {
    exerciseId: requireExerciseId(log.exerciseId),
    sessionId: requireObjectIdString(log.sessionId, "sessionId"),
    name: requireString(log.name, "name"),
    mode: requireOneOf(log.mode, SESSION_MODES, "mode"),
    startedAt: requireDate(log.startedAt, "startedAt"),
    sets: asJson<EntrySet[]>(log.sets),
    figures: normalizeFigures(log.figures),
  };
}

function normalizeMark(mark: RecordMark | null, field: string): RecordMark | null {
  if (mark === null) return null;
  return {
    value: requireNonNegativeNumber(mark.value, `${field}.value`),
    at: requireDate(mark.at, `${field}.at`),
    sessionId: requireObjectIdString(mark.sessionId, `${field}.sessionId`),
  };
}

/** An exercise's records, as the domain folded them (foldExerciseLog). */
export function normalizeExerciseRecords(records: ExerciseRecords): ExerciseRecords {
  const marks = {} as ExerciseRecords["marks"];
  for (const kind of RECORD_KINDS) marks[kind] = normalizeMark(records.marks?.[kind] ?? null, `marks.${kind}`);
  const sessions = requireNonNegativeNumber(records.sessions, "sessions");
  if (!Number.isInteger(sessions) || sessions < 1) throw new TypeError("sessions must be a whole number above 0");
  return {
    exerciseId: requireExerciseId(records.exerciseId),
    name: requireString(records.name, "name"),
    sessions,
    lastAt: requireDate(records.lastAt, "lastAt"),
    lastSessionId: requireObjectIdString(records.lastSessionId, "lastSessionId"),
    marks,
  };
}

/** An exercise's history is read a page at a time, at most EXERCISE_HISTORY_PAGE_SIZE logs. */
export function normalizeExerciseLogPage(page: { limit: number; before?: ExerciseLogCursor }): {
  limit: number;
  before: ExerciseLogCursor | null;
} {
  const limit = requireLimit(page?.limit);
  if (limit > EXERCISE_HISTORY_PAGE_SIZE) throw new TypeError(`limit must be at most ${EXERCISE_HISTORY_PAGE_SIZE}`);
  if (page.before === undefined) return { limit, before: null };
  return {
    limit,
    before: {
      startedAt: requireDate(page.before.startedAt, "before.startedAt"),
      sessionId: requireObjectIdString(page.before.sessionId, "before.sessionId"),
    },
  };
}

/** The records one read lists at most: more than the catalogue's exercises. */
export const MAX_RECORDS_LISTED = 1_000;
