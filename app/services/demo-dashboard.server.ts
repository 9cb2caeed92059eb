import { addDays, dayKeyOf, mondayBasedWeekday } from "~/domain/stats/days";
import { imcHistoryEntry } from "~/domain/history";
import type { LooseEntry } from "~/domain/workout/session-entries";
import { sessionToSave } from "~/domain/workout/session-payload";
import type { Store } from "~/store/types";
import { recordSessionFigures } from "./dashboard.server";
import { saveCalculation } from "./history.server";

// Outside production the demo user starts with eight weeks of IMC records
// and workouts, so the dashboard has something to show on first start.
// Deterministic: the same days, weights and sets on every machine.

export const DEMO_WEEKS = 8;
const HEIGHT_CM = 172;

const WORKOUTS: { name: string; entries: LooseEntry[]; minutes: number }[] = [
  {
    name: "Haut du corps",
    minutes: 50,
    entries: [
      strength("barbell-bench-press-medium-grip", "Développé couché", [
        [10, 40],
        [8, 45],
        [8, 45],
      ]),
      strength("pullups", "Tractions", [
        [6, null],
        [5, null],
      ]),
      strength("dumbbell-shoulder-press", "Développé épaules haltères", [
        [12, 12],
        [10, 14],
      ]),
      strength("pushups", "Pompes", [[15, null]], "pdc"),
    ],
  },
  {
    name: "Jambes",
    minutes: 45,
    entries: [
      strength("barbell-squat", "Squat barre", [
        [10, 50],
        [8, 60],
        [8, 60],
      ]),
      strength("dumbbell-lunges", "Fentes avant haltères", [
        [12, 10],
        [12, 10],
      ]),
      strength("plank", "Gainage", [[1, null]], "pdc"),
    ],
  },
  {
    name: "Cardio",
    minutes: 35,
    entries: [cardio("running", "Course à pied", 25 * 60, 7), cardio("rowing-stationary", "Rameur", 8 * 60, 6)],
  },
];

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

function cardio(exerciseId: string, name: string, durationSec: number, intensity: number): LooseEntry {
  return { exerciseId, name, mode: "cardio", notes: "", done: true, sets: [{ durationSec, intensity }] };
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
    const workout = weekday === 0 ? WORKOUTS[0] : weekday === 2 ? WORKOUTS[1] : weekday === 5 ? WORKOUTS[2] : null;
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
    if (created) await recordSessionFigures(store, userId, session);
  }
}
