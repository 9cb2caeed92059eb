import { describe, expect, it } from "vitest";
import {
  cardioRowOf,
  placeholderSets,
  type PreviousSet,
  type PreviousSets,
  previousSetOf,
  resumePreviousSets,
} from "./last-time";
import {
  emptyCardioSet,
  emptyStrengthSet,
  type ExerciseInput,
  normaliseEntry,
  SESSION_LIMITS,
} from "./session-entries";

const set = (overrides: Partial<PreviousSet>): PreviousSet => ({
  weightKg: null,
  reps: null,
  restSec: null,
  durationSec: null,
  distanceKm: null,
  intensity: null,
  ...overrides,
});

const lastBench: PreviousSets = {
  mode: "muscu",
  sets: [
    set({ weightKg: 20, reps: 10, restSec: 90 }),
    set({ weightKg: 20, reps: 8, restSec: 90 }),
    set({ weightKg: 17.5, reps: 10 }),
  ],
};

function card(overrides: Partial<ExerciseInput> = {}): ExerciseInput {
  return {
    mode: "muscu",
    sets: [emptyStrengthSet()],
    cardioSets: [emptyCardioSet()],
    notes: "",
    done: false,
    ...overrides,
  };
}

describe("last time's sets", () => {
  it("are read from a saved entry's sets", () => {
    const entry = normaliseEntry({
      exerciseId: "bench",
      name: "Bench",
      mode: "muscu",
      notes: "",
      done: true,
      sets: [{ weightKg: 20, reps: 10, restSec: 90, rpe: 8 }],
    })!;
    expect(previousSetOf(entry.sets[0]!)).toEqual(set({ weightKg: 20, reps: 10, restSec: 90 }));
  });

  it("stand as placeholders only in a card of the same kind (strength or endurance)", () => {
    expect(placeholderSets(lastBench, "muscu")).toBe(lastBench.sets);
    expect(placeholderSets(lastBench, "pdc")).toBe(lastBench.sets);
    expect(placeholderSets(lastBench, "cardio")).toEqual([]);
    expect(placeholderSets(null, "muscu")).toEqual([]);
  });

  it("give an endurance row its minutes and seconds, and the default intensity when none was kept", () => {
    expect(cardioRowOf(set({ durationSec: 1_530, distanceKm: 5, intensity: 7 }))).toEqual({
      durationMin: 25,
      durationSec: 30,
      intensity: 7,
      distanceKm: 5,
    });
    expect(cardioRowOf(set({ durationSec: 45 }))).toEqual({
      durationMin: null,
      durationSec: 45,
      intensity: 5,
      distanceKm: null,
    });
    expect(cardioRowOf(set({ durationSec: 600 }))).toMatchObject({ durationMin: 10, durationSec: null });
  });
});

describe("'Reprendre mes séries'", () => {
  it("copies the previous sets into the empty rows, and adds rows for the rest", () => {
    const resumed = resumePreviousSets(card(), lastBench);
    expect(resumed.sets).toEqual([
      { weight: 20, reps: 10, restSec: 90 },
      { weight: 20, reps: 8, restSec: 90 },
      { weight: 17.5, reps: 10, restSec: null },
    ]);
    expect(resumed.cardioSets).toEqual([emptyCardioSet()]);
  });

  it("keeps every row already typed", () => {
    const typed = card({
      sets: [
        { weight: 22.5, reps: 8, restSec: null },
        { weight: null, reps: null, restSec: 60 },
      ],
    });
    expect(resumePreviousSets(typed, lastBench).sets).toEqual([
      { weight: 22.5, reps: 8, restSec: null },
      { weight: 20, reps: 8, restSec: 90 },
      { weight: 17.5, reps: 10, restSec: null },
    ]);
  });

  it("keeps rows beyond last time's sets", () => {
    const longer = card({
      sets: [emptyStrengthSet(), emptyStrengthSet(), emptyStrengthSet(), { weight: 10, reps: 12, restSec: null }],
    });
    const resumed = resumePreviousSets(longer, lastBench);
    expect(resumed.sets).toHaveLength(4);
    expect(resumed.sets[3]).toEqual({ weight: 10, reps: 12, restSec: null });
  });

  it("takes last time's mode on a card with nothing logged yet", () => {
    const pullUps: PreviousSets = { mode: "pdc", sets: [set({ reps: 12 }), set({ reps: 10 })] };
    const resumed = resumePreviousSets(card(), pullUps);
    expect(resumed.mode).toBe("pdc");
    expect(resumed.sets.map((row) => row.reps)).toEqual([12, 10]);

    const run: PreviousSets = { mode: "cardio", sets: [set({ durationSec: 1_800, distanceKm: 6, intensity: 6 })] };
    expect(resumePreviousSets(card(), run)).toMatchObject({
      mode: "cardio",
      cardioSets: [{ durationMin: 30, durationSec: null, intensity: 6, distanceKm: 6 }],
    });
  });

  it("changes nothing on a card logged in the other kind", () => {
    const run: PreviousSets = { mode: "cardio", sets: [set({ durationSec: 1_800 })] };
    const logged = card({ sets: [{ weight: 40, reps: 10, restSec: null }] });
    expect(resumePreviousSets(logged, run)).toBe(logged);
  });

  it("never makes more rows than an exercise may hold", () => {
    const many: PreviousSets = {
      mode: "muscu",
      sets: Array.from({ length: SESSION_LIMITS.setsPerEntry + 5 }, () => set({ reps: 5 })),
    };
    expect(resumePreviousSets(card(), many).sets).toHaveLength(SESSION_LIMITS.setsPerEntry);
  });
});
