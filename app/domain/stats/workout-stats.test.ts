import { describe, expect, it } from "vitest";
import { readSession, type SessionExercise, type SessionSet } from "./session-reading.ts";
import {
  bodyWeightForEstimates,
  bodyweightLoadKg,
  cardioMet,
  cardioStrengthSplit,
  clampStrengthMet,
  completedSets,
  DEFAULT_SET_DURATION_SEC,
  estimateSessionCalories,
  loadBonus,
  metCalories,
  percentDone,
  sessionCalories,
  sessionDurationSec,
  sessionFigures,
  setCalories,
  setDurationSec,
  setLoadKg,
  strengthIntensityFactor,
  strengthMet,
  userWeightForEstimates,
  volumeKg,
} from "./workout-stats.ts";

function aSet(fields: Partial<SessionSet> = {}): SessionSet {
  return {
    weightKg: null,
    reps: null,
    durationSec: null,
    distanceKm: null,
    calories: null,
    intensity: null,
    tempo: null,
    rpe: null,
    cardio: false,
    ...fields,
  };
}

function anExercise(fields: Partial<SessionExercise> = {}): SessionExercise {
  return { exerciseId: null, name: "Exercise", type: "muscu", sets: [], notes: "", done: true, ...fields };
}

describe("body weight for estimates", () => {
  it.each([
    [70, 70],
    [30, 30],
    [250, 250],
    [29.9, 30],
    [12, 30],
    [251, 250],
    [400, 250],
  ])("%s kg counts as %s kg", (given, used) => {
    expect(bodyWeightForEstimates(given)).toBe(used);
  });

  it.each([null, undefined, 0, -5, Number.NaN, Number.POSITIVE_INFINITY])("%s falls back to 85 kg", (given) => {
    expect(bodyWeightForEstimates(given)).toBe(85);
  });

  it("is the latest IMC record's weight, else the account's, else none (DECISIONS.md)", () => {
    expect(userWeightForEstimates(72, 60)).toBe(72);
    expect(userWeightForEstimates(null, 60)).toBe(60);
    expect(userWeightForEstimates(undefined, 60)).toBe(60);
    // A record whose weight cannot serve leaves the account's.
    expect(userWeightForEstimates(0, 60)).toBe(60);
    expect(userWeightForEstimates(Number.NaN, 60)).toBe(60);
    expect(userWeightForEstimates(null, null)).toBeNull();
    expect(userWeightForEstimates(undefined, -3)).toBeNull();
    // Clamped where it is used, not here.
    expect(userWeightForEstimates(null, 300)).toBe(300);
  });
});

describe("MET calories", () => {
  it("is MET x 3.5 x weight / 200 x minutes", () => {
    // 8 x 3.5 x 70 / 200 = 9.8 kcal a minute; 30 minutes: 294.
    expect(metCalories(8, 70, 30)).toBeCloseTo(294, 10);
    expect(metCalories(4.5, 85, 0)).toBe(0);
  });
});

describe("cardio MET", () => {
  it.each([
    [undefined, 7.5],
    [null, 7.5],
    ["low", 4.5],
    ["moderate", 8.5],
    ["high", 12],
    [" HIGH ", 12],
    ["extreme", 7.5],
    [0, 4.5],
    [3, 4.5],
    [3.5, 7],
    [5, 7],
    [5.9, 7],
    [6, 9.5],
    [7.9, 9.5],
    [8, 12],
    [10, 12],
    // Not a usable number: the default.
    [Number.NaN, 7.5],
    [Number.POSITIVE_INFINITY, 7.5],
  ])("intensity %s gives %s", (intensity, met) => {
    expect(cardioMet(intensity)).toBe(met);
  });
});

describe("strength MET", () => {
  it.each([
    [undefined, 1],
    ["low", 0.8],
    ["high", 1.25],
    ["moderate", 1],
    [1, 0.85],
    [3, 0.85],
    [3.1, 1.05],
    [7.9, 1.05],
    [8, 1.25],
    [" High ", 1.25],
    [Number.NaN, 1],
    [Number.POSITIVE_INFINITY, 1],
  ])("intensity %s has the factor %s", (intensity, factor) => {
    expect(strengthIntensityFactor(intensity)).toBe(factor);
  });

  it.each([
    // Body weight 80 kg: 5 % is 4 kg, 10 % 8 kg, 15 % 12 kg, 20 % 16 kg.
    [0, 0.3],
    [3.9, 0.3],
    [4, 0.8],
    [7.9, 0.8],
    [8, 1.2],
    [11.9, 1.2],
    [12, 1.6],
    [15.9, 1.6],
    [16, 2],
    [100, 2],
  ])("a load of %s kg for 80 kg of body weight gives the bonus %s", (load, bonus) => {
    expect(loadBonus(load, 80)).toBe(bonus);
  });

  it("adds the bonus to the base times the factor", () => {
    // 4 x 1 + 2
    expect(strengthMet({ bodyweight: false, intensity: null, loadKg: 16, bodyWeightKg: 80 })).toBe(6);
    // 4.8 x 1.25 + 0.3
    expect(strengthMet({ bodyweight: true, intensity: "high", loadKg: 0, bodyWeightKg: 80 })).toBeCloseTo(6.3, 10);
    // 4 x 0.8 + 0.3
    expect(strengthMet({ bodyweight: false, intensity: "low", loadKg: 1, bodyWeightKg: 80 })).toBeCloseTo(3.5, 10);
    // 4 x 1.05 + 1.2
    expect(strengthMet({ bodyweight: false, intensity: 5, loadKg: 10, bodyWeightKg: 80 })).toBeCloseTo(5.4, 10);
  });

  it("clamps to 3-9.5", () => {
    expect(clampStrengthMet(2.1)).toBe(3);
    expect(clampStrengthMet(3)).toBe(3);
    expect(clampStrengthMet(6)).toBe(6);
    expect(clampStrengthMet(9.5)).toBe(9.5);
    expect(clampStrengthMet(11)).toBe(9.5);
  });
});

describe("set durations and loads", () => {
  it("defaults a missing duration to 300 s cardio, 120 s strength, 90 s body weight", () => {
    expect(DEFAULT_SET_DURATION_SEC).toEqual({ cardio: 300, muscu: 120, poids_du_corps: 90 });
    expect(setDurationSec(aSet(), "cardio")).toBe(300);
    expect(setDurationSec(aSet(), "muscu")).toBe(120);
    expect(setDurationSec(aSet({ durationSec: 0 }), "poids_du_corps")).toBe(90);
    expect(setDurationSec(aSet({ durationSec: 45 }), "muscu")).toBe(45);
  });

  it.each([
    [1, 40],
    [5, 40],
    [6, 32],
    [15, 32],
    [16, 28],
    [20, 28],
    [21, 24],
    [null, 32],
    [0, 32],
  ])("estimates a body-weight set of %s reps at %s kg for 80 kg", (reps, load) => {
    expect(bodyweightLoadKg(reps, 80)).toBeCloseTo(load, 10);
  });

  it("never estimates a body-weight load under 12 kg", () => {
    // 30 % of 30 kg is 9 kg.
    expect(bodyweightLoadKg(25, 30)).toBe(12);
  });

  it("uses the set's weight, else the body-weight estimate, else 20 % of body weight", () => {
    expect(setLoadKg(aSet({ weightKg: 50, reps: 10 }), "muscu", 80)).toBe(50);
    expect(setLoadKg(aSet({ reps: 10 }), "poids_du_corps", 80)).toBe(32);
    expect(setLoadKg(aSet({ reps: 10 }), "muscu", 80)).toBe(16);
  });
});

describe("calories of sets and sessions", () => {
  it("estimates a cardio set from its intensity and duration", () => {
    // 12 x 3.5 x 80 / 200 = 16.8 a minute, 10 minutes.
    expect(setCalories(aSet({ intensity: "high", durationSec: 600, cardio: true }), "cardio", 80)).toBeCloseTo(168, 10);
    // No duration: 5 minutes at 7.5: 7.5 x 1.4 x 5.
    expect(setCalories(aSet({ cardio: true }), "cardio", 80)).toBeCloseTo(52.5, 10);
  });

  it("estimates a strength set with its load bonus and the default duration", () => {
    // MET 4 + 2 (16 kg is 20 %) = 6; 6 x 1.4 x 2 minutes.
    expect(setCalories(aSet({ weightKg: 16, reps: 10 }), "muscu", 80)).toBeCloseTo(16.8, 10);
    // Body weight, 10 reps: load 32 kg (40 %), MET 4.8 + 2 = 6.8; 6.8 x 1.4 x 1.5 minutes.
    expect(setCalories(aSet({ reps: 10 }), "poids_du_corps", 80)).toBeCloseTo(14.28, 10);
    // RPE stands in for a missing intensity: 9 -> factor 1.25; 4 x 1.25 + 2 = 7; x 1.4 x 2.
    expect(setCalories(aSet({ weightKg: 20, reps: 5, rpe: 9 }), "muscu", 80)).toBeCloseTo(19.6, 10);
  });

  it("sums every set of a session", () => {
    const exercises = [
      anExercise({ type: "cardio", sets: [aSet({ intensity: "high", durationSec: 600, cardio: true })] }),
      anExercise({ type: "muscu", sets: [aSet({ weightKg: 16, reps: 10 }), aSet({ weightKg: 16, reps: 10 })] }),
      anExercise({ type: "poids_du_corps", sets: [] }),
    ];
    expect(estimateSessionCalories(exercises, 80)).toBeCloseTo(168 + 2 * 16.8, 10);
  });

  it("prefers the session's stored calories to the estimate", () => {
    const stored = readSession({ calories: 250, entries: [{ type: "cardio", sets: [{ durationSec: 600 }] }] })!;
    expect(sessionCalories(stored, 80)).toBe(250);
    const zero = readSession({ calories: 0, entries: [{ type: "cardio", sets: [{ durationSec: 600 }] }] })!;
    expect(sessionCalories(zero, 80)).toBe(0);
  });

  it("estimates with the weight the session kept, else the user's, clamped", () => {
    const entries = [{ type: "cardio", cardioSets: [{ durationSec: 600, intensity: "high" }] }];
    // 12 x 3.5 x 60 / 200 x 10
    expect(sessionCalories(readSession({ bodyMassKg: 60, entries })!, 80)).toBeCloseTo(126, 10);
    expect(sessionCalories(readSession({ entries })!, 80)).toBeCloseTo(168, 10);
    // 300 kg is clamped to 250: 12 x 3.5 x 250 / 200 x 10
    expect(sessionCalories(readSession({ bodyMassKg: 300, entries })!, 80)).toBeCloseTo(525, 10);
    // Nobody knows the weight: 85 kg.
    expect(sessionCalories(readSession({ entries })!, null)).toBeCloseTo(178.5, 10);
  });
});

describe("a set's load at weight 0", () => {
  it("estimates a body-weight set's load when its weight is 0", () => {
    // 10 reps: 40 % of 80 kg.
    expect(setLoadKg(aSet({ weightKg: 0, reps: 10 }), "poids_du_corps", 80)).toBe(32);
  });
});

describe("session duration", () => {
  it("is the declared duration", () => {
    expect(sessionDurationSec(readSession({ durationSec: 1800, entries: [{ sets: [{ reps: 5 }] }] })!)).toBe(1800);
    expect(sessionDurationSec(readSession({ meta: { durationSec: 900 } })!)).toBe(900);
    expect(sessionDurationSec(readSession({ durationMinutes: 12 })!)).toBe(720);
  });

  it("falls back to the sum of the set durations, defaults included", () => {
    const session = readSession({
      entries: [
        { name: "Course", cardioSets: [{ durationMin: 10 }] },
        { name: "Squat", sets: [{ weightKg: 60, reps: 8 }] },
        { name: "Pompes", sets: [{ reps: 12 }] },
      ],
    })!;
    expect(sessionDurationSec(session)).toBe(600 + 120 + 90);
  });

  it("falls back to the sets when the declared duration is 0", () => {
    expect(sessionDurationSec(readSession({ durationSec: 0, entries: [{ sets: [{ reps: 12 }] }] })!)).toBe(90);
  });
});

describe("volume, split and percent done", () => {
  it("sums weight x reps over the strength sets, at least 1 rep a set", () => {
    const exercises = [
      anExercise({
        type: "muscu",
        sets: [aSet({ weightKg: 50, reps: 10 }), aSet({ weightKg: 60 }), aSet({ reps: 10 })],
      }),
      anExercise({ type: "cardio", sets: [aSet({ weightKg: 10, reps: 100, cardio: true })] }),
      anExercise({ type: "poids_du_corps", sets: [aSet({ reps: 20 })] }),
    ];
    expect(volumeKg(exercises)).toBe(560);
    expect(volumeKg([])).toBe(0);
  });

  it("leaves out a weight that is not a positive number", () => {
    const exercises = [
      anExercise({
        type: "muscu",
        sets: [aSet({ weightKg: 50, reps: 10 }), aSet({ weightKg: -5, reps: 10 }), aSet({ weightKg: Number.NaN })],
      }),
    ];
    expect(volumeKg(exercises)).toBe(500);
  });

  it("splits cardio and strength by exercise count", () => {
    const exercises = [
      anExercise({ type: "cardio" }),
      anExercise({ type: "muscu" }),
      anExercise({ type: "poids_du_corps" }),
    ];
    expect(cardioStrengthSplit(exercises)).toEqual({ cardio: 1, strength: 2, cardioPercent: 33 });
    expect(cardioStrengthSplit([])).toEqual({ cardio: 0, strength: 0, cardioPercent: null });
  });

  it("is done over total exercises", () => {
    expect(percentDone(2, 3)).toBe(67);
    expect(percentDone(3, 3)).toBe(100);
    expect(percentDone(5, 3)).toBe(100);
    expect(percentDone(0, 4)).toBe(0);
    expect(percentDone(0, 0)).toBeNull();
  });

  it("counts the completed sets of done exercises", () => {
    expect(completedSets(anExercise({ done: true, sets: [aSet({ reps: 5 }), aSet(), aSet({ weightKg: 20 })] }))).toBe(
      2,
    );
    expect(completedSets(anExercise({ done: true, sets: [] }))).toBe(1);
    expect(completedSets(anExercise({ done: false, sets: [aSet({ reps: 5 })] }))).toBe(0);
  });
});

describe("session figures", () => {
  it("gathers what the dashboard shows of one session", () => {
    const session = readSession({
      name: "Jambes",
      durationSec: 2700,
      calories: 320.4,
      entries: [
        {
          exerciseId: "squat",
          name: "Squat",
          type: "muscu",
          sets: [
            { weightKg: 60, reps: 8 },
            { weightKg: 60, reps: 8 },
          ],
        },
        { exerciseId: "fentes", name: "Fentes", type: "muscu", sets: [{ reps: 12 }] },
        { exerciseId: "velo", name: "Vélo", type: "cardio", sets: [{ durationSec: 600 }], done: false },
      ],
    })!;
    const groups: Record<string, string> = { squat: "jambes", fentes: "jambes" };
    const figures = sessionFigures(session, {
      userWeightKg: 70,
      muscleGroupOf: (exercise) => groups[exercise.exerciseId ?? ""] ?? null,
    });
    expect(figures).toEqual({
      durationSec: 2700,
      durationMin: 45,
      calories: 320,
      exercises: 3,
      plannedExercises: 3,
      completedExercises: 2,
      skippedExercises: 1,
      percentDone: 67,
      volumeKg: 960,
      cardioExercises: 1,
      strengthExercises: 2,
      muscleSets: { jambes: 3 },
    });
  });

  it("counts no group for an exercise that is not done", () => {
    const session = readSession({ entries: [{ exerciseId: "squat", sets: [{ reps: 8 }], done: false }] })!;
    expect(sessionFigures(session, { userWeightKg: 70, muscleGroupOf: () => "jambes" }).muscleSets).toEqual({});
  });

  it("takes planned and completed counts from the client summary when given", () => {
    const session = readSession({
      entries: [{ name: "A", sets: [{ reps: 5 }] }],
      clientSummary: { plannedExercises: 4, completedExercises: 1 },
    })!;
    expect(sessionFigures(session, { userWeightKg: null })).toMatchObject({
      plannedExercises: 4,
      completedExercises: 1,
      skippedExercises: 3,
      percentDone: 25,
      muscleSets: {},
    });
  });
});
