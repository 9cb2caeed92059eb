import type { AppServices } from "~/context.server";
import { formatKeysetCursor, type KeysetPageRequest, parseKeysetCursor } from "~/domain/keyset-page";
import { roundTo } from "~/domain/numbers";
import { readSession } from "~/domain/stats/session-reading";
import { volumeKg } from "~/domain/stats/workout-stats";
import type { EntrySet, SessionEntry, SessionMode, SessionSummary } from "~/domain/workout/session-entries";
import { PAST_WORKOUTS_PAGE_SIZE, WORKOUT_SESSION_PAGE_SIZE } from "~/domain/workout/session-page";
import {
  type IncomingSession,
  NO_VALID_ENTRIES,
  type SessionRefusalMessage,
  sessionToSave,
  TOO_MANY_SESSIONS,
} from "~/domain/workout/session-payload";
import { durationMinutes } from "~/domain/workout/session-timer";
import type { WorkoutSessionRecord } from "~/store/types";
import { recordSessionFigures, removeSessionFigures } from "../dashboard.server";
import type { NewRecord } from "~/domain/workout/personal-records";
import { forgetSession, recordExerciseMemory } from "./exercise-history.server";
import { recordRoutineRun } from "./routines.server";

// Finished workout sessions: POST /api/workouts/sessions, the /exo page's
// finish without JavaScript and GET /api/workouts/sessions all go through
// here, so a session looks the same whoever saved it. The entries, calories
// and duration are built again from what was sent (sessionToSave).

/** A session as the API and the dashboard read it (account spec, section 3). */
export interface WorkoutSessionView {
  _id: string;
  id: string;
  name: string;
  /** ISO 8601. */
  startedAt: string;
  endedAt: string;
  durationSec: number;
  durationMinutes: number;
  calories: number;
  notes: string;
  entries: SessionEntry[];
  clientSummary: SessionSummary;
  bodyMassKg: number | null;
  createdAt: string;
}

export function toWorkoutSessionView(record: WorkoutSessionRecord): WorkoutSessionView {
  return {
    _id: record.id,
    id: record.id,
    name: record.name,
    startedAt: record.startedAt.toISOString(),
    endedAt: record.endedAt.toISOString(),
    durationSec: record.durationSec,
    durationMinutes: durationMinutes(record.durationSec),
    calories: record.calories,
    notes: record.notes,
    entries: record.entries,
    clientSummary: record.clientSummary,
    bodyMassKg: record.bodyMassKg,
    createdAt: record.createdAt.toISOString(),
  };
}

/**
 * New sessions a user may save per hour: far above anyone's training (an
 * offline queue flushing a week of sessions included), low enough that a
 * script cannot fill the database. Kept in the store, so every app process
 * sharing a MongoDB shares one budget.
 */
export const SESSION_SAVE_LIMIT = { keyPrefix: "workout-sessions", points: 60, durationSeconds: 60 * 60 };

/**
 * A refusal carries its code (the JSON API's `code`) and its message as a key
 * with values (SessionRefusalMessage): the page translates it, the JSON API
 * answers its French text (sessionRefusalText).
 */
export type SaveSessionOutcome =
  /** newRecords: the records the session beat (none for a repeated copy: the first one counted). */
  | { ok: true; created: boolean; session: WorkoutSessionView; newRecords: NewRecord[] }
  | { ok: false; status: 400; code: typeof NO_VALID_ENTRIES; message: { key: "noValidEntries" } }
  | {
      ok: false;
      status: 429;
      code: typeof TOO_MANY_SESSIONS;
      message: Extract<SessionRefusalMessage, { key: "tooMany" }>;
      retryAfterSeconds: number;
    };

/**
 * Saves a finished session for a signed-in user (run from one of their
 * routines: routineId, whose last run it becomes). A session without one valid
 * entry saves nothing (NO_VALID_ENTRIES). With an idempotency key, a second
 * copy of the same finish returns the first one (created: false) and costs
 * nothing against the limit; past the limit, tooManyRequests with the
 * minutes to wait.
 */
export async function saveWorkoutSession(
  services: AppServices,
  userId: string,
  incoming: IncomingSession,
  idempotencyKey: string | null,
  routineId: string | null = null,
): Promise<SaveSessionOutcome> {
  const built = sessionToSave(incoming);
  if (!built.ok) {
    return { ok: false, status: 400, code: built.code, message: { key: "noValidEntries" } };
  }
  const limiter = services.store.rateLimiter(SESSION_SAVE_LIMIT);
  const counted = await limiter.consume(userId);
  if (!counted.allowed) {
    const retryAfterSeconds = Math.max(1, Math.ceil(counted.msBeforeNext / 1000));
    return {
      ok: false,
      status: 429,
      code: TOO_MANY_SESSIONS,
      message: { key: "tooMany", values: { minutes: Math.ceil(retryAfterSeconds / 60) } },
      retryAfterSeconds,
    };
  }
  const { session, created } = await services.store.workoutSessions.save({
    userId,
    ...built.session,
    idempotencyKey,
  });
  let newRecords: NewRecord[] = [];
  if (created) {
    const [, fallen] = await Promise.all([
      recordFiguresOf(services, userId, session),
      rememberExercisesOf(services, userId, session),
      // Only the caller's routine: another id changes nothing.
      routineId ? recordRoutineRun(services, userId, routineId, session.endedAt) : null,
    ]);
    newRecords = fallen;
  } else await limiter.reward(userId);
  return { ok: true, created, session: toWorkoutSessionView(session), newRecords };
}

/**
 * The dashboard's per-user figures follow each new session (a repeated copy
 * adds nothing). The session is saved whatever happens here: should this
 * fail, the figures miss it until rebuildWorkoutFigures runs for the user.
 */
async function recordFiguresOf(services: AppServices, userId: string, session: WorkoutSessionRecord): Promise<void> {
  try {
    await recordSessionFigures(services.store, userId, session);
  } catch (error) {
    console.error(`The dashboard's figures missed session ${session.id}:`, error);
  }
}

/**
 * The lifter's memory follows each new session the same way: should this
 * fail, the session is saved all the same and rebuildExerciseMemory repairs
 * the user's logs and records; the summary then names no record.
 */
async function rememberExercisesOf(
  services: AppServices,
  userId: string,
  session: WorkoutSessionRecord,
): Promise<NewRecord[]> {
  try {
    return await recordExerciseMemory(services.store, userId, session);
  } catch (error) {
    console.error(`The exercise history missed session ${session.id}:`, error);
    return [];
  }
}

/**
 * Deletes one of the user's own sessions (another user's is as unknown as a
 * missing one: false) and takes it out of the dashboard's figures. The
 * session is gone whatever happens to the figures: should that fail, they
 * keep it until rebuildWorkoutFigures runs for the user; its exercises'
 * logs and records follow the same way (rebuildExerciseMemory repairs them).
 */
export async function deleteWorkoutSession(services: AppServices, userId: string, id: string): Promise<boolean> {
  const session = await services.store.workoutSessions.deleteForUser(id, userId);
  if (!session) return false;
  try {
    await removeSessionFigures(services.store, userId, session);
  } catch (error) {
    console.error(`The dashboard's figures still count deleted session ${session.id}:`, error);
  }
  try {
    await forgetSession(services.store, userId, session);
  } catch (error) {
    console.error(`The exercise history still holds deleted session ${session.id}:`, error);
  }
  return true;
}

/** One page of the user's own sessions, newest first by start (a full page when no limit is given). */
export async function listWorkoutSessions(
  services: AppServices,
  userId: string,
  page: KeysetPageRequest = { limit: WORKOUT_SESSION_PAGE_SIZE },
): Promise<WorkoutSessionView[]> {
  const records = await services.store.workoutSessions.listForUser(userId, {
    limit: page.limit,
    ...(page.before ? { before: { startedAt: page.before.at, id: page.before.id } } : {}),
  });
  return records.map(toWorkoutSessionView);
}

/** What the workout page shows of a user's last session, under the builder. */
export interface LastSessionView {
  name: string;
  /** ISO 8601. */
  startedAt: string;
  durationMinutes: number;
  calories: number;
}

/** The user's most recent session by start, or null before the first one. */
export async function lastWorkoutSession(services: AppServices, userId: string): Promise<LastSessionView | null> {
  const [last] = await services.store.workoutSessions.listForUser(userId, { limit: 1 });
  if (!last) return null;
  return {
    name: last.name,
    startedAt: last.startedAt.toISOString(),
    durationMinutes: durationMinutes(last.durationSec),
    calories: last.calories,
  };
}

/** A set as the past-workouts list shows it. */
export type PastSetView = Pick<EntrySet, "reps" | "weightKg" | "restSec" | "durationSec" | "distanceKm" | "intensity">;

/** A past workout on /historique: what its line shows, and every set and note it opens to. */
export interface PastWorkoutView {
  id: string;
  name: string;
  /** ISO 8601. */
  startedAt: string;
  durationMinutes: number;
  calories: number;
  /** Weight × reps over the strength sets, kg. */
  volumeKg: number;
  notes: string;
  exercises: { name: string; mode: SessionMode; notes: string; sets: PastSetView[] }[];
}

export interface PastWorkoutsPage {
  items: PastWorkoutView[];
  /** The cursor of the next page (older sessions); null on the last one. */
  next: string | null;
  /** Whether this is the newest page (no cursor was given). */
  first: boolean;
}

function pastWorkoutOf(record: WorkoutSessionRecord): PastWorkoutView {
  return {
    id: record.id,
    name: record.name,
    startedAt: record.startedAt.toISOString(),
    durationMinutes: durationMinutes(record.durationSec),
    calories: record.calories,
    volumeKg: roundTo(volumeKg(readSession(record)?.exercises ?? []), 1),
    notes: record.notes,
    exercises: record.entries.map((entry) => ({
      name: entry.name,
      mode: entry.mode,
      notes: entry.notes,
      sets: entry.sets.map(({ reps, weightKg, restSec, durationSec, distanceKm, intensity }) => ({
        reps,
        weightKg,
        restSec,
        durationSec,
        distanceKm,
        intensity,
      })),
    })),
  };
}

/**
 * One page of the user's past workouts, newest first, from a cursor the
 * previous page gave (a cursor this server did not write starts from the
 * newest: an address typed by hand never fails the page).
 */
export async function pastWorkoutsPage(
  services: AppServices,
  userId: string,
  cursorText: string | null,
): Promise<PastWorkoutsPage> {
  const cursor = cursorText === null ? null : parseKeysetCursor(cursorText);
  const records = await services.store.workoutSessions.listForUser(userId, {
    limit: PAST_WORKOUTS_PAGE_SIZE,
    ...(cursor ? { before: { startedAt: cursor.at, id: cursor.id } } : {}),
  });
  const last = records.at(-1);
  return {
    items: records.map(pastWorkoutOf),
    next:
      records.length === PAST_WORKOUTS_PAGE_SIZE && last
        ? formatKeysetCursor({ at: last.startedAt, id: last.id })
        : null,
    first: cursor === null,
  };
}
