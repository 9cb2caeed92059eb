import { describe, expect, it } from "vitest";
import { DEFAULT_EXERCISE_NAME, parsePlannedExercises, plannedExercises } from "./planned-exercises";
import { testCatalogue } from "./test-catalogue";

const find = (id: string) => testCatalogue.find((exercise) => exercise.id === id);

describe("the hand-over to the session", () => {
  it("gives the chosen exercises in order, named in the page's language", () => {
    expect(plannedExercises(["pompes", "inconnu", "crawl"], find, "en")).toEqual([
      {
        id: "pompes",
        name: "Push-ups",
        type: ["muscu"],
        muscles: ["pectoraux", "triceps"],
        equipment: ["poids-du-corps"],
        level: 1,
      },
      {
        id: "crawl",
        name: "Front crawl",
        type: ["natation"],
        muscles: ["epaules", "dos-superieur", "abdos-centre"],
        equipment: ["poids-du-corps"],
        level: 1,
      },
    ]);
  });

  it("reads a stored list: malformed entries dropped, a missing name becomes 'Exercise'", () => {
    expect(parsePlannedExercises([{ id: "x" }, { name: "sans id" }, "pompes", { id: "y", name: "  " }])).toEqual([
      { id: "x", name: DEFAULT_EXERCISE_NAME, type: [], muscles: [], equipment: [], level: null },
      { id: "y", name: DEFAULT_EXERCISE_NAME, type: [], muscles: [], equipment: [], level: null },
    ]);
    expect(parsePlannedExercises({})).toEqual([]);
  });

  it("keeps a stored entry's known kinds, zones and equipment, its trimmed name and its level", () => {
    expect(
      parsePlannedExercises([
        {
          id: "squat",
          name: "  Squat goblet  ",
          type: ["muscu", "danse", 3],
          muscles: ["cuisses-internes", "cou", "fessiers"],
          equipment: "kettlebell",
          level: 2,
        },
      ]),
    ).toEqual([
      {
        id: "squat",
        name: "Squat goblet",
        type: ["muscu"],
        muscles: ["cuisses-internes", "fessiers"],
        equipment: [],
        level: 2,
      },
    ]);
  });

  it("keeps the levels 1, 2 and 3 only", () => {
    const levels = [1, 2, 3, 0, 4, "2", null].map(
      (level) => parsePlannedExercises([{ id: "x", name: "X", level }])[0]!.level,
    );
    expect(levels).toEqual([1, 2, 3, null, null, null, null]);
  });

  it("drops an entry whose id is empty or longer than 100 characters", () => {
    const ids = ["", "a".repeat(100), "b".repeat(101)];
    expect(parsePlannedExercises(ids.map((id) => ({ id }))).map((entry) => entry.id)).toEqual(["a".repeat(100)]);
  });

  it("drops an entry that is not an object, even one carrying an id", () => {
    const callable = Object.assign(() => undefined, { id: "fonction" });
    expect(parsePlannedExercises([null, 0, callable, { id: "ok", name: 12 }])).toEqual([
      { id: "ok", name: DEFAULT_EXERCISE_NAME, type: [], muscles: [], equipment: [], level: null },
    ]);
  });
});
