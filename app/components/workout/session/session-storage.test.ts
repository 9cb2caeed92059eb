import { describe, expect, it } from "vitest";
import {
  parseExerciseInput,
  loadRest,
  loadSessionNotes,
  loadTimer,
  saveRest,
  saveSessionNotes,
  saveTimer,
  forgetSession,
  type DeviceStorage,
} from "./session-storage";

const bench = { id: "bench", name: "Développé couché", type: ["muscu"] };
const run = { id: "running", name: "Course à pied", type: ["cardio"] };

function memory(): DeviceStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
    keysStartingWith: (prefix) => [...items.keys()].filter((key) => key.startsWith(prefix)),
  };
}

describe("a card's inputs read back from the device", () => {
  it("keeps what is valid and drops the rest", () => {
    expect(
      parseExerciseInput(
        {
          mode: "pdc",
          sets: [{ weight: 20, reps: 10, restSec: 90 }, { weight: -1, reps: "12", restSec: 99_999 }, "junk"],
          cardioSets: [],
          notes: "ok",
          done: true,
        },
        bench,
      ),
    ).toEqual({
      mode: "pdc",
      sets: [
        { weight: 20, reps: 10, restSec: 90 },
        { weight: null, reps: null, restSec: null },
        { weight: null, reps: null, restSec: null },
      ],
      cardioSets: [{ durationMin: null, durationSec: null, intensity: 5, distanceKm: null }],
      notes: "ok",
      done: true,
    });
  });

  it("starts a card fresh from nothing or anything else, in the exercise's own mode", () => {
    for (const stored of [null, "text", 42, []]) {
      expect(parseExerciseInput(stored, run)).toMatchObject({ mode: "cardio", done: false, notes: "" });
    }
    expect(
      parseExerciseInput({ mode: "yoga", sets: Array.from({ length: 500 }, () => ({ reps: 1 })) }, bench),
    ).toMatchObject({
      mode: "muscu",
    });
    expect(parseExerciseInput({ sets: Array.from({ length: 500 }, () => ({ reps: 1 })) }, bench).sets).toHaveLength(
      100,
    );
  });
});

describe("the clock on the device", () => {
  it("is written under suivieStartedAt and read back, then forgotten with the inputs", () => {
    const storage = memory();
    saveTimer(storage, { startedAt: 1_000, elapsedMs: 5_000, runningSince: null });
    expect(storage.items.get("suivieStartedAt")).toBe("1000");
    expect(loadTimer(storage)).toEqual({ startedAt: 1_000, elapsedMs: 5_000, runningSince: null });
    storage.setItem("suivie_exo_inputs:bench", "{}");
    storage.setItem("suivie_exo_inputs:gone-from-the-session", "{}");
    storage.setItem("dynamiSelected", "[]");
    forgetSession(storage);
    expect([...storage.items.keys()]).toEqual(["dynamiSelected"]);
    expect(loadTimer(storage)).toEqual({ startedAt: null, elapsedMs: 0, runningSince: null });
  });
});

describe("the rest and the session's notes on the device", () => {
  it("keep a rest and the notes through a reload, and forget them with the session", () => {
    const storage = memory();
    expect(loadRest(storage)).toBeNull();
    saveRest(storage, { endsAt: 50_000, totalSeconds: 90 });
    expect(loadRest(storage)).toEqual({ endsAt: 50_000, totalSeconds: 90 });
    saveRest(storage, null);
    expect(storage.items.has("suivieRest")).toBe(false);

    saveSessionNotes(storage, "Bonne séance, genou OK");
    expect(loadSessionNotes(storage)).toBe("Bonne séance, genou OK");
    saveSessionNotes(storage, "");
    expect(storage.items.has("suivieNotes")).toBe(false);

    saveRest(storage, { endsAt: 50_000, totalSeconds: 90 });
    saveSessionNotes(storage, "À garder");
    forgetSession(storage);
    expect([loadRest(storage), loadSessionNotes(storage)]).toEqual([null, ""]);
  });

  it("keep a set's 'fait' tick only when it is true", () => {
    const input = parseExerciseInput(
      {
        mode: "muscu",
        sets: [
          { reps: 8, done: true },
          { reps: 8, done: "yes" },
        ],
        cardioSets: [{ done: true }],
      },
      bench,
    );
    expect(input.sets.map((set) => set.done)).toEqual([true, undefined]);
    expect(input.cardioSets[0]!.done).toBe(true);
  });
});
