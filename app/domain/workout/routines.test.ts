import { describe, expect, it } from "vitest";
import {
  addRoutineExercises,
  cleanRoutineName,
  copyName,
  isEmptyTarget,
  moveRoutineExercise,
  previousSetOfTarget,
  ROUTINE_LIMITS,
  ROUTINE_REFUSAL_CODES,
  ROUTINE_REFUSAL_KEYS,
  type RoutineDraft,
  type RoutineExercise,
  type RoutineTarget,
  routineExercisesOfSession,
  routineExercisesOfPlan,
  routineProblem,
  targetProblem,
  targetSets,
} from "./routines";
import { type LooseSet, normaliseEntry, type SessionMode } from "./session-entries";

const target = (overrides: Partial<RoutineTarget>): RoutineTarget => ({
  reps: null,
  weightKg: null,
  durationSec: null,
  ...overrides,
});

const lift = (exerciseId: string, targets: RoutineTarget[] = []): RoutineExercise => ({
  exerciseId,
  mode: "muscu",
  targets,
});

const KNOWN = new Set(["dumbbell-bench-press", "pushups", "running", "barbell-squat"]);
const isKnown = (id: string) => KNOWN.has(id);

const draft = (overrides: Partial<RoutineDraft> = {}): RoutineDraft => ({
  name: "Haut du corps",
  exercises: [lift("dumbbell-bench-press", [target({ reps: 10, weightKg: 20 })])],
  ...overrides,
});

/** n distinct known-looking ids, all accepted by `everyId`. */
const ids = (count: number) => Array.from({ length: count }, (_, index) => `exercise-${index}`);
const everyId = () => true;

describe("the limits", () => {
  it("are the issue's: 50 routines, 30 exercises, 20 targets, names of 80 characters", () => {
    expect(ROUTINE_LIMITS).toMatchObject({ perUser: 50, exercises: 30, targetsPerExercise: 20, nameLength: 80 });
  });

  it("give every refusal a code", () => {
    for (const key of ROUTINE_REFUSAL_KEYS) expect(ROUTINE_REFUSAL_CODES[key]).toMatch(/^[A-Z_]+$/);
    expect(ROUTINE_REFUSAL_CODES.tooManyRoutines).toBe("TOO_MANY_ROUTINES");
    expect(ROUTINE_REFUSAL_CODES.cardioTarget).toBe("INVALID_TARGET");
  });
});

describe("targetProblem", () => {
  it("accepts reps and a weight, reps alone, a weight alone or a duration for strength", () => {
    for (const planned of [
      target({ reps: 10, weightKg: 20 }),
      target({ reps: 12 }),
      target({ weightKg: 17.5 }),
      target({ durationSec: 45 }),
    ]) {
      expect(targetProblem(planned, "muscu")).toBeNull();
      expect(targetProblem(planned, "pdc")).toBeNull();
    }
  });

  it("accepts the bounds and refuses just past them", () => {
    expect(targetProblem(target({ reps: 1 }), "muscu")).toBeNull();
    expect(targetProblem(target({ reps: 1000 }), "muscu")).toBeNull();
    expect(targetProblem(target({ reps: 0 }), "muscu")).toBe("invalidReps");
    expect(targetProblem(target({ reps: 1001 }), "muscu")).toBe("invalidReps");
    expect(targetProblem(target({ reps: 8.5 }), "muscu")).toBe("invalidReps");
    expect(targetProblem(target({ weightKg: 0.5 }), "muscu")).toBeNull();
    expect(targetProblem(target({ weightKg: 1000 }), "muscu")).toBeNull();
    expect(targetProblem(target({ weightKg: 0 }), "muscu")).toBe("invalidWeight");
    expect(targetProblem(target({ weightKg: 1000.5 }), "muscu")).toBe("invalidWeight");
    expect(targetProblem(target({ weightKg: Number.NaN }), "muscu")).toBe("invalidWeight");
    expect(targetProblem(target({ durationSec: 1 }), "cardio")).toBeNull();
    expect(targetProblem(target({ durationSec: 86_400 }), "cardio")).toBeNull();
    expect(targetProblem(target({ durationSec: 0 }), "cardio")).toBe("invalidDuration");
    expect(targetProblem(target({ durationSec: 86_401 }), "cardio")).toBe("invalidDuration");
    expect(targetProblem(target({ durationSec: 12.5 }), "cardio")).toBe("invalidDuration");
  });

  it("refuses an empty target, and reps or a weight in endurance mode", () => {
    expect(isEmptyTarget(target({}))).toBe(true);
    expect(targetProblem(target({}), "muscu")).toBe("emptyTarget");
    expect(targetProblem(target({ reps: 10 }), "cardio")).toBe("cardioTarget");
    expect(targetProblem(target({ weightKg: 10, durationSec: 60 }), "cardio")).toBe("cardioTarget");
  });
});

describe("routineProblem", () => {
  it("accepts a routine within every limit", () => {
    expect(routineProblem(draft(), isKnown)).toBeNull();
    const full: RoutineDraft = {
      name: "x".repeat(80),
      exercises: ids(30).map((id) =>
        lift(
          id,
          Array.from({ length: 20 }, () => target({ reps: 5 })),
        ),
      ),
    };
    expect(routineProblem(full, everyId)).toBeNull();
  });

  it("wants a name of 1 to 80 characters, counted as people see them", () => {
    expect(routineProblem(draft({ name: "  " }), isKnown)).toEqual({ key: "nameRequired" });
    expect(routineProblem(draft({ name: "\u0007" }), isKnown)).toEqual({ key: "nameRequired" });
    expect(routineProblem(draft({ name: "x".repeat(81) }), isKnown)).toEqual({ key: "nameTooLong" });
    // 80 emoji are 160 UTF-16 units but 80 characters.
    expect(routineProblem(draft({ name: "💪".repeat(80) }), isKnown)).toBeNull();
    expect(routineProblem(draft({ name: ` ${"x".repeat(80)} ` }), isKnown)).toBeNull();
  });

  it("wants 1 to 30 exercises", () => {
    expect(routineProblem(draft({ exercises: [] }), isKnown)).toEqual({ key: "noExercises" });
    expect(routineProblem(draft({ exercises: ids(31).map((id) => lift(id)) }), everyId)).toEqual({
      key: "tooManyExercises",
    });
  });

  it("names the exercise that is there twice, unknown or with too many targets", () => {
    const twice = draft({ exercises: [lift("pushups"), lift("running"), lift("pushups")] });
    expect(routineProblem(twice, isKnown)).toEqual({ key: "duplicateExercise", exercise: 2 });
    const unknown = draft({ exercises: [lift("pushups"), lift("no-such-exercise")] });
    expect(routineProblem(unknown, isKnown)).toEqual({ key: "unknownExercise", exercise: 1 });
    const crowded = draft({
      exercises: [
        lift("pushups"),
        lift(
          "running",
          Array.from({ length: 21 }, () => target({ reps: 5 })),
        ),
      ],
    });
    expect(routineProblem(crowded, isKnown)).toEqual({ key: "tooManyTargets", exercise: 1 });
  });

  it("names the target that is wrong", () => {
    const cardio: RoutineExercise = {
      exerciseId: "running",
      mode: "cardio",
      targets: [target({ durationSec: 600 }), target({ reps: 3 })],
    };
    expect(routineProblem(draft({ exercises: [lift("pushups"), cardio] }), isKnown)).toEqual({
      key: "cardioTarget",
      exercise: 1,
      target: 1,
    });
  });
});

describe("cleanRoutineName", () => {
  it("keeps one line without control characters, trimmed", () => {
    expect(cleanRoutineName("  Jambes\n& fessiers\t ")).toBe("Jambes & fessiers");
    expect(cleanRoutineName("Dos\u0000 lundi")).toBe("Dos lundi");
  });
});

describe("routineExercisesOfSession", () => {
  const entry = (exerciseId: string, mode: SessionMode, sets: LooseSet[]) =>
    normaliseEntry({ exerciseId, name: exerciseId, mode, notes: "", done: true, sets })!;

  it("keeps the exercises in order, their mode, and their saved sets as targets", () => {
    const exercises = routineExercisesOfSession(
      [
        { id: "dumbbell-bench-press", mode: "muscu" },
        { id: "running", mode: "cardio" },
        // Nothing logged: the exercise stays in the routine, without targets.
        { id: "pushups", mode: "pdc" },
      ],
      [
        entry("dumbbell-bench-press", "muscu", [
          { weightKg: 20, reps: 10, restSec: 90 },
          { weightKg: null, reps: null },
          { weightKg: 22.5, reps: 8 },
        ]),
        entry("running", "cardio", [{ durationSec: 1230, distanceKm: 4, intensity: 6 }]),
        // A saved entry no longer in the plan is left out.
        entry("barbell-squat", "muscu", [{ weightKg: 60, reps: 5 }]),
      ],
    );

    expect(exercises).toEqual([
      {
        exerciseId: "dumbbell-bench-press",
        mode: "muscu",
        targets: [
          { reps: 10, weightKg: 20, durationSec: null },
          { reps: 8, weightKg: 22.5, durationSec: null },
        ],
      },
      { exerciseId: "running", mode: "cardio", targets: [{ reps: null, weightKg: null, durationSec: 1230 }] },
      { exerciseId: "pushups", mode: "pdc", targets: [] },
    ]);
    expect(routineProblem({ name: "Lundi", exercises }, isKnown)).toBeNull();
  });

  it("keeps the first 20 sets, and only sets a target can stand for", () => {
    const many = entry(
      "pushups",
      "pdc",
      Array.from({ length: 25 }, (_, index) => ({ reps: index + 1 })),
    );
    const [pushups] = routineExercisesOfSession([{ id: "pushups", mode: "pdc" }], [many]);
    expect(pushups!.targets).toHaveLength(20);
    expect(pushups!.targets.at(-1)).toEqual({ reps: 20, weightKg: null, durationSec: null });
    // A strength set of 2.5 reps (an API client's) is no target: whole reps only.
    const odd = entry("pushups", "pdc", [{ reps: 2.5 }, { reps: 8 }]);
    expect(routineExercisesOfSession([{ id: "pushups", mode: "pdc" }], [odd])[0]!.targets).toEqual([
      { reps: 8, weightKg: null, durationSec: null },
    ]);
  });
});

describe("routineExercisesOfPlan", () => {
  it("gives planned exercises their default mode, or the mode and targets of the routine they come from", () => {
    const plan = [
      { id: "dumbbell-bench-press", name: "Développé couché haltères", type: ["muscu"] },
      { id: "running", name: "Course", type: ["cardio"] },
      { id: "pushups", name: "Pompes", type: ["muscu"] },
    ];
    const from: RoutineExercise[] = [{ exerciseId: "pushups", mode: "pdc", targets: [target({ reps: 15 })] }];
    expect(routineExercisesOfPlan(plan, from)).toEqual([
      { exerciseId: "dumbbell-bench-press", mode: "muscu", targets: [] },
      { exerciseId: "running", mode: "cardio", targets: [] },
      from[0],
    ]);
    expect(routineExercisesOfPlan([])).toEqual([]);
  });
});

describe("moveRoutineExercise", () => {
  const order = ["a", "b", "c", "d"];

  it("moves one place either way, or to a place", () => {
    expect(moveRoutineExercise(order, 1, 0)).toEqual(["b", "a", "c", "d"]);
    expect(moveRoutineExercise(order, 1, 2)).toEqual(["a", "c", "b", "d"]);
    expect(moveRoutineExercise(order, 0, 3)).toEqual(["b", "c", "d", "a"]);
  });

  it("stays within the list and changes nothing for a position outside it", () => {
    expect(moveRoutineExercise(order, 0, -1)).toEqual(order);
    expect(moveRoutineExercise(order, 3, 9)).toEqual(order);
    expect(moveRoutineExercise(order, 7, 0)).toEqual(order);
    expect(moveRoutineExercise(order, -1, 0)).toEqual(order);
  });

  it("never changes the list it is given", () => {
    const kept = [...order];
    moveRoutineExercise(kept, 0, 2);
    expect(kept).toEqual(order);
  });
});

describe("addRoutineExercises", () => {
  it("appends new exercises in order, once, without targets, leaving those already there", () => {
    const routine = [lift("pushups", [target({ reps: 12 })])];
    const added = addRoutineExercises(routine, [
      { exerciseId: "running", mode: "cardio" },
      { exerciseId: "pushups", mode: "pdc" },
      { exerciseId: "barbell-squat", mode: "muscu" },
      { exerciseId: "running", mode: "cardio" },
    ]);
    expect(added).toEqual([
      lift("pushups", [target({ reps: 12 })]),
      { exerciseId: "running", mode: "cardio", targets: [] },
      { exerciseId: "barbell-squat", mode: "muscu", targets: [] },
    ]);
  });
});

describe("copyName", () => {
  it("adds the suffix, cutting the name so the copy's stays within 80 characters", () => {
    expect(copyName("Jambes", "(copie)")).toBe("Jambes (copie)");
    const long = copyName("y".repeat(80), "(copie)");
    expect([...long]).toHaveLength(80);
    expect(long.endsWith(" (copie)")).toBe(true);
  });
});

describe("targets in the session view", () => {
  it("stand as placeholder sets: their figures, nothing else", () => {
    expect(previousSetOfTarget(target({ reps: 10, weightKg: 20 }))).toEqual({
      weightKg: 20,
      reps: 10,
      restSec: null,
      durationSec: null,
      distanceKm: null,
      intensity: null,
    });
    expect(targetSets({ exerciseId: "running", mode: "cardio", targets: [target({ durationSec: 900 })] })).toEqual({
      mode: "cardio",
      sets: [{ weightKg: null, reps: null, restSec: null, durationSec: 900, distanceKm: null, intensity: null }],
    });
  });
});
