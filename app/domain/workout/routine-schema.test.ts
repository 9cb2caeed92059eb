import { describe, expect, it } from "vitest";
import { parseRoutineBody, ROUTINE_MESSAGES, routineBodySchema, routineRefusalBody } from "./routine-schema";
import { ROUTINE_REFUSAL_KEYS } from "./routines";

const body = (overrides: Record<string, unknown> = {}) => ({
  name: "Haut du corps",
  exercises: [
    { exerciseId: "dumbbell-bench-press", mode: "muscu", targets: [{ reps: 10, weightKg: 20 }] },
    { exerciseId: "running", mode: "cardio", targets: [{ durationSec: 1200, reps: null }] },
  ],
  ...overrides,
});

const refusalOf = (value: unknown) => {
  const outcome = parseRoutineBody(value);
  if (outcome.ok) throw new Error("expected a refusal");
  return outcome;
};

describe("parseRoutineBody", () => {
  it("reads a routine, targets' missing figures as null, unknown keys dropped", () => {
    expect(parseRoutineBody({ ...body(), owner: "someone-else", id: "x" })).toEqual({
      ok: true,
      draft: {
        name: "Haut du corps",
        exercises: [
          {
            exerciseId: "dumbbell-bench-press",
            mode: "muscu",
            targets: [{ reps: 10, weightKg: 20, durationSec: null }],
          },
          { exerciseId: "running", mode: "cardio", targets: [{ reps: null, weightKg: null, durationSec: 1200 }] },
        ],
      },
    });
  });

  it("takes an exercise without targets, and cleans the name", () => {
    const outcome = parseRoutineBody(
      body({ name: "  Jambes\n lundi ", exercises: [{ exerciseId: "pushups", mode: "pdc" }] }),
    );
    expect(outcome).toEqual({
      ok: true,
      draft: { name: "Jambes lundi", exercises: [{ exerciseId: "pushups", mode: "pdc", targets: [] }] },
    });
  });

  it.each([
    ["a body that is not an object", [], "invalidBody", ""],
    ["no name", { exercises: body().exercises }, "nameRequired", "name"],
    ["a blank name", body({ name: " \t " }), "nameRequired", "name"],
    ["a name of 81 characters", body({ name: "x".repeat(81) }), "nameTooLong", "name"],
    ["a name that is not text", body({ name: { $gt: "" } }), "nameRequired", "name"],
    ["an empty list", body({ exercises: [] }), "noExercises", "exercises"],
    ["no list", { name: "R" }, "noExercises", "exercises"],
    [
      "31 exercises",
      body({ exercises: Array.from({ length: 31 }, (_, index) => ({ exerciseId: `e-${index}`, mode: "muscu" })) }),
      "tooManyExercises",
      "exercises",
    ],
    [
      "an exercise twice",
      body({ exercises: [...body().exercises, { exerciseId: "running", mode: "cardio" }] }),
      "duplicateExercise",
      "exercises[2].exerciseId",
    ],
    [
      "an id that cannot be the catalogue's",
      body({ exercises: [{ exerciseId: "Bench Press!", mode: "muscu" }] }),
      "unknownExercise",
      "exercises[0].exerciseId",
    ],
    [
      "an operator for an id",
      body({ exercises: [{ exerciseId: { $ne: null }, mode: "muscu" }] }),
      "unknownExercise",
      "exercises[0].exerciseId",
    ],
    [
      "an unknown mode",
      body({ exercises: [{ exerciseId: "pushups", mode: "yoga" }] }),
      "invalidMode",
      "exercises[0].mode",
    ],
    [
      "21 targets",
      body({
        exercises: [{ exerciseId: "pushups", mode: "pdc", targets: Array.from({ length: 21 }, () => ({ reps: 5 })) }],
      }),
      "tooManyTargets",
      "exercises[0].targets",
    ],
    [
      "reps that are not whole",
      body({ exercises: [{ exerciseId: "pushups", mode: "pdc", targets: [{ reps: 5 }, { reps: 2.5 }] }] }),
      "invalidReps",
      "exercises[0].targets[1].reps",
    ],
    [
      "a weight over 1,000 kg",
      body({ exercises: [{ exerciseId: "barbell-squat", mode: "muscu", targets: [{ reps: 1, weightKg: 1001 }] }] }),
      "invalidWeight",
      "exercises[0].targets[0].weightKg",
    ],
    [
      "a weight given as text",
      body({ exercises: [{ exerciseId: "barbell-squat", mode: "muscu", targets: [{ weightKg: "20" }] }] }),
      "invalidWeight",
      "exercises[0].targets[0].weightKg",
    ],
    [
      "a duration of 0",
      body({ exercises: [{ exerciseId: "running", mode: "cardio", targets: [{ durationSec: 0 }] }] }),
      "invalidDuration",
      "exercises[0].targets[0].durationSec",
    ],
    [
      "an empty target",
      body({ exercises: [{ exerciseId: "running", mode: "muscu", targets: [{}] }] }),
      "emptyTarget",
      "exercises[0].targets[0]",
    ],
    [
      "reps in endurance mode",
      body({ exercises: [{ exerciseId: "running", mode: "cardio", targets: [{ durationSec: 60, reps: 3 }] }] }),
      "cardioTarget",
      "exercises[0].targets[0]",
    ],
  ])("refuses %s", (_, value, key, path) => {
    const outcome = refusalOf(value);
    expect(outcome.refusal.key).toBe(key);
    expect(outcome.path).toBe(path);
  });

  it("says which exercise and which target a refusal is about", () => {
    const outcome = refusalOf(
      body({
        exercises: [
          { exerciseId: "pushups", mode: "pdc" },
          { exerciseId: "running", mode: "cardio", targets: [{ durationSec: 60 }, { reps: 4 }] },
        ],
      }),
    );
    expect(outcome.refusal).toEqual({ key: "cardioTarget", exercise: 1, target: 1 });
  });
});

describe("routineRefusalBody", () => {
  it("answers each refusal's French text with its code, the field first when there is one", () => {
    expect(routineRefusalBody({ key: "tooManyRoutines" })).toEqual({
      message: "Tu as déjà 50 routines\u00a0: supprimes-en une pour en enregistrer une autre.",
      code: "TOO_MANY_ROUTINES",
    });
    expect(routineRefusalBody({ key: "nameTooLong" }, "name")).toEqual({
      message: "name\u00a0: Le nom d'une routine tient en 80 caractères au plus.",
      code: "NAME_TOO_LONG",
    });
  });

  it("has one distinct French text per refusal, so an issue's text names its refusal", () => {
    const texts = ROUTINE_REFUSAL_KEYS.map((key) => ROUTINE_MESSAGES[key]);
    expect(new Set(texts).size).toBe(texts.length);
    for (const text of texts) expect(text).not.toMatch(/ [:;!?]/);
  });
});

describe("routineBodySchema", () => {
  it("describes itself for the API description (an id and an example)", () => {
    const example = (routineBodySchema.meta() as { examples: unknown[] }).examples[0];
    expect(parseRoutineBody(example).ok).toBe(true);
  });
});
