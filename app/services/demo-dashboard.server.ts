import { addDays, dayKeyOf, mondayBasedWeekday } from "~/domain/stats/days";
import { imcHistoryEntry } from "~/domain/history";
import type { LooseEntry } from "~/domain/workout/session-entries";
import { sessionToSave } from "~/domain/workout/session-payload";
import type { Store } from "~/store/types";
import { recordSessionFigures } from "./dashboard.server";
import { saveCalculation } from "./history.server";
import { recordExerciseMemory } from "./workout/exercise-history.server";

// Outside production the demo user starts with eight weeks of IMC records
// and workouts that progress, so the dashboard, the records and each
// exercise's progress have something to show on first start.
// Deterministic: the same days, weights and sets on every machine.

export const DEMO_WEEKS = 8;
const HEIGHT_CM = 172;

/**
 * The three workouts of week `week` (0 for the first): the loads climb the
 * way a regular lifter's do (double progression: more reps, then more
 * weight every other week), and the runs get longer, so the progress pages
 * and the records have a story to tell on the first start.
 */
function workoutsOfWeek(week: number): { name: string; entries: LooseEntry[]; minutes: number }[] {
  const everyOther = Math.floor(week / 2);
  // The reps of a two-week block: 8 the first week, 10 the second.
  const reps = week % 2 === 0 ? 8 : 10;
  const bench = 40 + 2.5 * everyOther;
  const squat = 60 + 5 * everyOther;
  const shoulders = 12 + 2 * Math.floor(week / 3);
  const pullUps = 5 + Math.floor((week * 4) / 7);
  return [
    {
      name: "Haut du corps",
      minutes: 50,
      entries: [
        strength("barbell-bench-press-medium-grip", "Développé couché", [
          [10, bench - 5],
          [reps, bench],
          [reps, bench],
        ]),
        strength("pullups", "Tractions", [
          [pullUps, null],
          [pullUps - 1, null],
        ]),
        strength("dumbbell-shoulder-press", "Développé épaules haltères", [
          [12, shoulders],
          [10, shoulders],
        ]),
        strength("pushups", "Pompes", [[15 + 2 * week, null]], "pdc"),
      ],
    },
    {
      name: "Jambes",
      minutes: 45,
      entries: [
        strength("barbell-squat", "Squat barre", [
          [10, squat - 10],
          [reps, squat],
          [reps, squat],
        ]),
        strength("dumbbell-lunges", "Fentes avant haltères", [
          [12, 10 + 2 * Math.floor(week / 4)],
          [12, 10 + 2 * Math.floor(week / 4)],
        ]),
        strength("plank", "Gainage", [[1, null]], "pdc"),
      ],
    },
    {
      name: "Cardio",
      minutes: 35,
      entries: [
        cardio("running", "Course à pied", (25 + week) * 60, 7, Math.round((4.5 + 0.2 * week) * 10) / 10),
        cardio("rowing-stationary", "Rameur", (8 + everyOther) * 60, 6, null),
      ],
    },
  ];
}

function strength(
  exerciseId: string,
  name: string,
  sets: [reps: number, weightKg: number | null][],
  mode: "muscu" | "pdc" = "muscu",
): LooseEntry {
  return {
    exerciseId,
    name,
    mode,
    notes: "",
    done: true,
    sets: sets.map(([reps, weightKg]) => ({ reps, weightKg, restSec: 90 })),
  };
}

function cardio(
  exerciseId: string,
  name: string,
  durationSec: number,
  intensity: number,
  distanceKm: number | null,
): LooseEntry {
  return { exerciseId, name, mode: "cardio", notes: "", done: true, sets: [{ durationSec, intensity, distanceKm }] };
}

/** A day's moment in Paris time (about): the hour in UTC, one hour off in summer, which is fine for a demo. */
function at(day: string, hourUtc: number): Date {
  return new Date(`${day}T${String(hourUtc).padStart(2, "0")}:00:00.000Z`);
}

/** Gives the user eight weeks of history: two IMC records a week (82 kg down to about 77), three workouts a week. */
export async function seedDemoDashboard(store: Store, userId: string, now: Date = new Date()): Promise<void> {
  const today = dayKeyOf(now);
  const first = addDays(today, -(DEMO_WEEKS * 7 - 1));
  let weight = 82;
  for (let offset = 0; offset < DEMO_WEEKS * 7; offset += 1) {
    const day = addDays(first, offset);
    const weekday = mondayBasedWeekday(day);
    if (weekday === 0 || weekday === 4) {
      weight = Math.round((weight - 0.35 + (offset % 3) * 0.1) * 10) / 10;
      await saveCalculation(store, userId, imcHistoryEntry({ poids: weight, taille: HEIGHT_CM }, at(day, 7)));
    }
    // Monday, Wednesday and Saturday, and not later today than now.
    const workouts = workoutsOfWeek(Math.floor(offset / 7));
    const workout = weekday === 0 ? workouts[0] : weekday === 2 ? workouts[1] : weekday === 5 ? workouts[2] : null;
    const endedAt = at(day, 17);
    if (!workout || endedAt > now) continue;
    const built = sessionToSave({
      name: workout.name,
      startedAt: new Date(endedAt.getTime() - workout.minutes * 60_000),
      endedAt,
      countedSeconds: null,
      notes: "",
      entries: workout.entries,
      summary: null,
    });
    if (!built.ok) continue;
    const { session, created } = await store.workoutSessions.save({ userId, ...built.session });
    if (!created) continue;
    await recordSessionFigures(store, userId, session);
    await recordExerciseMemory(store, userId, session);
  }
}
