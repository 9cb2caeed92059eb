import { type LooseEntry } from "~/domain/workout/session-entries";
import { sessionToSave } from "~/domain/workout/session-payload";
import { recordSessionFigures } from "~/services/dashboard.server";
import { recordExerciseMemory } from "~/services/workout/exercise-history.server";
import type { Store, WorkoutSessionRecord } from "~/store/types";

// Workout sessions for tests, built by the session rules (workouts spec,
// section 9) exactly as a finished session is saved.

export const LEG_DAY: readonly LooseEntry[] = [
  {
    exerciseId: "barbell-squat",
    name: "Squat barre",
    mode: "muscu",
    notes: "",
    done: true,
    sets: [
      { reps: 8, weightKg: 60 },
      { reps: 8, weightKg: 60 },
    ],
  },
  {
    exerciseId: "bodyweight-squat",
    name: "Squat au poids du corps",
    mode: "pdc",
    notes: "",
    done: true,
    sets: [{ reps: 20 }],
  },
  {
    exerciseId: "bicycling",
    name: "Vélo",
    mode: "cardio",
    notes: "",
    done: true,
    sets: [{ durationSec: 600, intensity: 6 }],
  },
];

/** Saves a finished session as the sessions service does, then its figures and its exercises' memory (the save's hooks). */
export async function saveFinishedSession(
  store: Store,
  userId: string,
  options: { endedAt: Date; minutes?: number; name?: string; entries?: readonly LooseEntry[]; idempotencyKey?: string },
): Promise<WorkoutSessionRecord> {
  const minutes = options.minutes ?? 45;
  const startedAt = new Date(options.endedAt.getTime() - minutes * 60_000);
  const built = sessionToSave({
    name: options.name ?? "Jambes",
    startedAt,
    endedAt: options.endedAt,
    countedSeconds: null,
    notes: "",
    entries: options.entries ?? LEG_DAY,
    summary: null,
  });
  if (!built.ok) throw new Error("no valid entries");
  const { session, created } = await store.workoutSessions.save({
    userId,
    ...built.session,
    idempotencyKey: options.idempotencyKey ?? null,
  });
  if (created) {
    await recordSessionFigures(store, userId, session);
    await recordExerciseMemory(store, userId, session);
  }
  return session;
}
