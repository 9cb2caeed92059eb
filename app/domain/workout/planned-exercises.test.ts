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
        muscles: ["epaules", "dos-inferieur", "abdos-centre"],
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
});
