import { describe, expect, it } from "vitest";
import {
  bestProgress,
  keptProgress,
  CARDIO_KCAL_PER_MINUTE,
  cardioActivity,
  cardioKcalPerMinute,
  cardioSetCalories,
  cardioSetSeconds,
  closedInput,
  DEFAULT_CARDIO_INTENSITY,
  defaultMode,
  emptyCardioSet,
  emptyStrengthSet,
  type ExerciseInput,
  hasLoggedValue,
  initialExerciseInput,
  isExerciseDone,
  looseEntryOf,
  normaliseEntry,
  sessionCalories,
  strengthSetCalories,
  summaryOf,
} from "./session-entries";

const bench = { id: "bench-press", name: "Développé couché", type: ["muscu"] };
const rower = { id: "rowing-stationary", name: "Rameur", type: ["cardio"] };

function input(overrides: Partial<ExerciseInput>): ExerciseInput {
  return { mode: "muscu", sets: [], cardioSets: [], notes: "", done: false, ...overrides };
}

describe("the mode a card starts in", () => {
  it("is cardio when the type says cardio (HIIT exercises carry it too)", () => {
    expect(defaultMode(rower)).toBe("cardio");
    expect(defaultMode({ id: "burpee", name: "Burpees", type: ["hiit", "cardio"] })).toBe("cardio");
  });

  it("is cardio when the name says so, in any of the four languages", () => {
    for (const name of ["Course à pied", "Vélo", "Jump rope", "Corde à sauter", "Cardio training", "Radfahren"]) {
      expect(defaultMode({ id: "x", name, type: [] }), name).toBe("cardio");
    }
  });

  it("is muscu otherwise, strength moves named after a cardio word included", () => {
    expect(defaultMode(bench)).toBe("muscu");
    for (const name of ["Fentes marchées", "Walking lunges", "Rowing barre", "Pompes", "Crunch"]) {
      expect(defaultMode({ id: "x", name, type: ["muscu"] }), name).toBe("muscu");
    }
  });

  it("starts a card with one empty set of each kind, the cardio intensity at 5", () => {
    expect(initialExerciseInput(rower)).toEqual({
      mode: "cardio",
      sets: [{ weight: null, reps: null, restSec: null }],
      cardioSets: [{ durationMin: null, durationSec: null, intensity: 5, distanceKm: null }],
      notes: "",
      done: false,
    });
    expect(DEFAULT_CARDIO_INTENSITY).toBe(5);
  });
});

describe("done", () => {
  it("needs a set of the chosen mode with reps, a weight, a duration or a distance above 0", () => {
    expect(hasLoggedValue(input({ sets: [emptyStrengthSet()] }))).toBe(false);
    expect(hasLoggedValue(input({ sets: [{ weight: null, reps: 0, restSec: 90 }] }))).toBe(false);
    expect(hasLoggedValue(input({ sets: [{ weight: null, reps: 8, restSec: null }] }))).toBe(true);
    expect(hasLoggedValue(input({ sets: [{ weight: 20, reps: null, restSec: null }] }))).toBe(true);

    const cardio = (set: Partial<ReturnType<typeof emptyCardioSet>>) =>
      input({ mode: "cardio", cardioSets: [{ ...emptyCardioSet(), ...set }] });
    expect(hasLoggedValue(cardio({}))).toBe(false);
    expect(hasLoggedValue(cardio({ intensity: 9 }))).toBe(false);
    expect(hasLoggedValue(cardio({ durationSec: 30 }))).toBe(true);
    expect(hasLoggedValue(cardio({ durationMin: 1 }))).toBe(true);
    expect(hasLoggedValue(cardio({ distanceKm: 0.5 }))).toBe(true);
  });

  it("counts only the sets of the mode shown", () => {
    const logged = input({ mode: "cardio", sets: [{ weight: 50, reps: 5, restSec: null }] });
    expect(hasLoggedValue(logged)).toBe(false);
    expect(hasLoggedValue({ ...logged, mode: "pdc" })).toBe(true);
  });

  it("is marked when the popup closes, for an exercise with a value only", () => {
    const logged = input({ sets: [{ weight: null, reps: 12, restSec: null }] });
    expect(isExerciseDone(logged)).toBe(false);
    expect(closedInput(logged).done).toBe(true);
    expect(isExerciseDone(closedInput(logged))).toBe(true);
    expect(closedInput(input({ sets: [emptyStrengthSet()] })).done).toBe(false);
    // Values emptied after closing: no longer done.
    expect(isExerciseDone({ ...closedInput(logged), sets: [emptyStrengthSet()] })).toBe(false);
    expect(isExerciseDone(undefined)).toBe(false);
  });
});

describe("calories", () => {
  it("uses the spec's per-minute figures by cardio activity", () => {
    expect(CARDIO_KCAL_PER_MINUTE).toEqual({ run: 11, bike: 8, rowing: 7, walk: 5, rope: 10, default: 7 });
    const rate = (exerciseId: string, name: string) => cardioKcalPerMinute({ exerciseId, name });
    expect(rate("running", "Course à pied")).toBe(11);
    expect(rate("jogging-treadmill", "Footing sur tapis")).toBe(11);
    expect(rate("bicycling", "Vélo")).toBe(8);
    expect(rate("indoor-cycling-class", "Cours de biking")).toBe(8);
    expect(rate("rowing-stationary", "Rameur")).toBe(7);
    expect(rate("brisk-walking", "Marche rapide")).toBe(5);
    expect(rate("hiking", "Randonnée")).toBe(5);
    expect(rate("rope-jumping", "Corde à sauter")).toBe(10);
    expect(rate("double-unders", "Double unders")).toBe(10);
    expect(rate("burpee", "Burpees")).toBe(7);
    // By name alone, in another language than French.
    expect(cardioActivity({ exerciseId: "x1", name: "Laufband" })).toBe("run");
    expect(cardioActivity({ exerciseId: "x2", name: "Bicicleta estática" })).toBe("bike");
  });

  it("takes the first activity named: a trail of running and walking is a run", () => {
    expect(cardioActivity({ exerciseId: "trail-running-walking", name: "Trail" })).toBe("run");
    // "crunch" holds "run" but does not start with it.
    expect(cardioActivity({ exerciseId: "crunch", name: "Crunch" })).toBeNull();
  });

  it("counts cardio over the exact seconds, 5 s for a set without a duration", () => {
    expect(cardioSetCalories(11, 600)).toBeCloseTo(110, 10);
    expect(cardioSetCalories(7, 90)).toBeCloseTo(10.5, 10);
    expect(cardioSetCalories(8, null)).toBeCloseTo((8 * 5) / 60, 10);
  });

  it("counts a strength set as weight x reps x 0.075, else reps x 0.8, else 4", () => {
    expect(strengthSetCalories({ weightKg: 60, reps: 10 })).toBeCloseTo(45, 10);
    expect(strengthSetCalories({ weightKg: null, reps: 15 })).toBeCloseTo(12, 10);
    expect(strengthSetCalories({ weightKg: 0, reps: 15 })).toBeCloseTo(12, 10);
    expect(strengthSetCalories({ weightKg: 40, reps: null })).toBe(4);
    expect(strengthSetCalories({ weightKg: null, reps: null })).toBe(4);
  });
});

describe("normalised entries", () => {
  it("keeps the strength sets with a value, in order, with their calories, and drops the empty ones", () => {
    const entry = normaliseEntry(
      looseEntryOf(bench, {
        mode: "muscu",
        sets: [
          { weight: 60, reps: 10, restSec: 90 },
          emptyStrengthSet(),
          { weight: null, reps: null, restSec: 120 },
          { weight: 62.5, reps: 8, restSec: null },
        ],
        cardioSets: [{ ...emptyCardioSet(), durationMin: 10 }],
        notes: "  Coudes serrés ",
        done: true,
      }),
    );
    expect(entry).toEqual({
      exerciseId: "bench-press",
      name: "Développé couché",
      type: "muscu",
      mode: "muscu",
      notes: "Coudes serrés",
      done: true,
      sets: [
        {
          reps: 10,
          weightKg: 60,
          durationSec: null,
          distanceKm: null,
          restSec: 90,
          intensity: null,
          tempo: null,
          rpe: null,
          calories: 45,
        },
        {
          reps: 8,
          weightKg: 62.5,
          durationSec: null,
          distanceKm: null,
          restSec: null,
          intensity: null,
          tempo: null,
          rpe: null,
          calories: 37.5,
        },
      ],
      calories: 82.5,
    });
  });

  it("stores a bodyweight (pdc) entry as type muscu, keeping its mode", () => {
    const entry = normaliseEntry(
      looseEntryOf(
        { id: "push-up", name: "Pompes" },
        input({ mode: "pdc", sets: [{ weight: null, reps: 20, restSec: 60 }], done: true }),
      ),
    );
    expect(entry).toMatchObject({ type: "muscu", mode: "pdc", done: true, calories: 16 });
  });

  it("turns cardio minutes and seconds into one duration, with distance and intensity", () => {
    const entry = normaliseEntry(
      looseEntryOf(rower, {
        mode: "cardio",
        sets: [{ weight: 80, reps: 5, restSec: null }],
        cardioSets: [
          { durationMin: 10, durationSec: 30, intensity: 7, distanceKm: 2.1 },
          { durationMin: null, durationSec: null, intensity: 5, distanceKm: null },
          { durationMin: null, durationSec: null, intensity: 5, distanceKm: 0.5 },
        ],
        notes: "",
        done: true,
      }),
    );
    expect(entry?.type).toBe("cardio");
    expect(entry?.sets).toEqual([
      {
        reps: null,
        weightKg: null,
        durationSec: 630,
        distanceKm: 2.1,
        restSec: null,
        intensity: 7,
        tempo: null,
        rpe: null,
        calories: 73.5,
      },
      {
        reps: null,
        weightKg: null,
        durationSec: null,
        distanceKm: 0.5,
        restSec: null,
        intensity: 5,
        tempo: null,
        rpe: null,
        calories: 0.6,
      },
    ]);
    // 7 x 630 / 60 + 7 x 5 / 60 = 73.5 + 0.583...
    expect(entry?.calories).toBe(74.1);
    expect(cardioSetSeconds({ durationMin: 1.5, durationSec: null })).toBe(90);
    expect(cardioSetSeconds({ durationMin: 0, durationSec: 0 })).toBeNull();
  });

  it("is null when no set holds a value: an exercise without one is not an entry", () => {
    expect(normaliseEntry(looseEntryOf(bench, input({ sets: [emptyStrengthSet()] })))).toBeNull();
    expect(normaliseEntry(looseEntryOf(rower, input({ mode: "cardio", cardioSets: [emptyCardioSet()] })))).toBeNull();
  });

  it("reads an API client's set: durationMin × 60 + durationSec, either missing; tempo and RPE kept; never its calories", () => {
    const entry = normaliseEntry({
      exerciseId: "plank",
      name: "Gainage",
      mode: "muscu",
      notes: "",
      done: true,
      sets: [
        { durationSec: 60, durationMin: 5, tempo: "3-1-1", rpe: 8 },
        { durationMin: 2 },
        { durationSec: 45 },
        { durationMin: 0.5, durationSec: 0.4 },
        { reps: -5, weightKg: Number.NaN },
      ],
    });
    expect(entry?.sets.map((set) => [set.durationSec, set.tempo, set.rpe, set.calories])).toEqual([
      [360, "3-1-1", 8, 4],
      [120, null, null, 4],
      [45, null, null, 4],
      [30, null, null, 4],
    ]);
  });

  it("sums a session's calories exactly, then rounds to a whole kcal", () => {
    const strength = normaliseEntry(looseEntryOf(bench, input({ sets: [{ weight: 61, reps: 7, restSec: null }] })))!;
    const cardio = normaliseEntry(
      looseEntryOf(rower, input({ mode: "cardio", cardioSets: [{ ...emptyCardioSet(), durationSec: 100 }] })),
    )!;
    // 61 x 7 x 0.075 = 32.025 (stored 32) ; 7 x 100 / 60 = 11.67 (stored 11.7)
    expect(sessionCalories([strength, cardio])).toBe(44);
    expect(sessionCalories([])).toBe(0);
  });
});

describe("summary and progress", () => {
  it("counts planned, completed and skipped exercises", () => {
    expect(
      summaryOf([
        { exerciseName: "A", done: true, note: "" },
        { exerciseName: "B", done: false, note: "" },
        { exerciseName: "C", done: true, note: "dur" },
      ]),
    ).toMatchObject({ plannedExercises: 3, completedExercises: 2, skippedExercises: 1 });
  });

  it("keeps the best figure: the largest total, then the largest done", () => {
    expect(bestProgress(null, { done: 0, total: 3 })).toEqual({ done: 0, total: 3 });
    expect(bestProgress({ done: 1, total: 3 }, { done: 2, total: 3 })).toEqual({ done: 2, total: 3 });
    expect(bestProgress({ done: 2, total: 3 }, { done: 1, total: 3 })).toEqual({ done: 2, total: 3 });
    expect(bestProgress({ done: 3, total: 3 }, { done: 0, total: 4 })).toEqual({ done: 0, total: 4 });
    expect(bestProgress({ done: 1, total: 4 }, { done: 3, total: 3 })).toEqual({ done: 1, total: 4 });
  });

  it("starts the kept figure over when the session changes", () => {
    const kept = keptProgress(keptProgress(null, "a b", { done: 2, total: 2 }), "a b", { done: 0, total: 2 });
    expect(kept).toEqual({ sessionKey: "a b", best: { done: 2, total: 2 } });
    // Another session: its own figure, even a smaller one.
    expect(keptProgress(kept, "c", { done: 0, total: 1 })).toEqual({ sessionKey: "c", best: { done: 0, total: 1 } });
  });

  it("keeps the best figure over a run of figures of one session", () => {
    let kept = bestProgress(null, { done: 1, total: 3 });
    kept = bestProgress(kept, { done: 2, total: 3 });
    expect(kept).toEqual({ done: 2, total: 3 });
    // A step back (an exercise unticked) keeps the best.
    kept = bestProgress(kept, { done: 0, total: 3 });
    expect(kept).toEqual({ done: 2, total: 3 });
    // A larger total wins even with less done; a smaller one never does.
    kept = bestProgress(kept, { done: 0, total: 4 });
    expect(kept).toEqual({ done: 0, total: 4 });
    kept = bestProgress(kept, { done: 2, total: 2 });
    expect(kept).toEqual({ done: 0, total: 4 });
  });

  it("keeps the figure it holds when a new one is only as good", () => {
    const kept = { done: 2, total: 3 };
    expect(bestProgress(kept, { done: 2, total: 3 })).toBe(kept);
  });
});

describe("a value that is not finite", () => {
  it("counts as no value: an infinite weight, duration or reps", () => {
    // 10 reps without a weight: 10 x 0.8.
    expect(strengthSetCalories({ weightKg: Number.POSITIVE_INFINITY, reps: 10 })).toBe(8);
    expect(cardioSetSeconds({ durationMin: Number.POSITIVE_INFINITY, durationSec: 30 })).toBe(30);
    expect(hasLoggedValue(input({ sets: [{ weight: null, reps: Number.POSITIVE_INFINITY, restSec: null }] }))).toBe(
      false,
    );
  });
});
