import { describe, expect, it } from "vitest";
import {
  applyRoutineIntent,
  draftOfRoutineForm,
  formatRoutineIntent,
  parseRoutineIntent,
  readRoutineForm,
  ROUTINE_FORM_FIELDS as F,
  type RoutineFormState,
  type RoutineIntent,
  routineFormState,
} from "./routine-form";
import type { RoutineDraft } from "./routines";

/** A posted form from its fields, in order (repeated names allowed). */
function posted(fields: [string, string][]) {
  const form = new URLSearchParams(fields);
  return readRoutineForm(
    (name) => form.get(name),
    (name) => form.getAll(name),
  );
}

const routine: RoutineDraft = {
  name: "Haut du corps",
  exercises: [
    {
      exerciseId: "dumbbell-bench-press",
      mode: "muscu",
      targets: [
        { reps: 10, weightKg: 22.5, durationSec: null },
        { reps: 8, weightKg: null, durationSec: null },
      ],
    },
    { exerciseId: "running", mode: "cardio", targets: [{ reps: null, weightKg: null, durationSec: 1230 }] },
    { exerciseId: "pushups", mode: "pdc", targets: [] },
  ],
};

const row = (reps = "", weight = "", min = "", sec = "") => ({ reps, weight, min, sec });

describe("the routine page's form", () => {
  it("shows a routine's figures as the page writes them", () => {
    expect(routineFormState(routine, ",")).toEqual({
      name: "Haut du corps",
      exercises: [
        { exerciseId: "dumbbell-bench-press", mode: "muscu", targets: [row("10", "22,5"), row("8")] },
        { exerciseId: "running", mode: "cardio", targets: [row("", "", "20", "30")] },
        { exerciseId: "pushups", mode: "pdc", targets: [] },
      ],
    });
    expect(routineFormState(routine, ".").exercises[0]!.targets[0]!.weight).toBe("22.5");
  });

  it("is read back in the order of its fields, each exercise with its mode and rows as typed", () => {
    const state = posted([
      [F.name, " Haut du corps "],
      [F.order, "running"],
      [F.order, "dumbbell-bench-press"],
      [F.mode("running"), "cardio"],
      [F.target("running", 0, "min"), "20"],
      [F.target("running", 0, "sec"), "30"],
      [F.mode("dumbbell-bench-press"), "muscu"],
      [F.target("dumbbell-bench-press", 0, "reps"), "10"],
      [F.target("dumbbell-bench-press", 0, "weight"), "22,5"],
      [F.target("dumbbell-bench-press", 1, "reps"), "huit"],
      [F.target("dumbbell-bench-press", 1, "weight"), ""],
    ]);
    expect(state).toEqual({
      name: " Haut du corps ",
      exercises: [
        { exerciseId: "running", mode: "cardio", targets: [row("", "", "20", "30")] },
        { exerciseId: "dumbbell-bench-press", mode: "muscu", targets: [row("10", "22,5"), row("huit", "")] },
      ],
    });
  });

  it("keeps each id once, slugs only, at most one exercise and one row past the limits", () => {
    const ids = Array.from({ length: 40 }, (_, index) => [F.order, `exercise-${index}`] as [string, string]);
    const state = posted([[F.order, "../etc"], [F.order, "exercise-0"], ...ids, [F.mode("exercise-0"), "yoga"]]);
    expect(state.exercises).toHaveLength(31);
    expect(state.exercises[0]).toEqual({ exerciseId: "exercise-0", mode: "muscu", targets: [] });
    const rows = Array.from(
      { length: 30 },
      (_, index) => [F.target("pushups", index, "reps"), "5"] as [string, string],
    );
    expect(posted([[F.order, "pushups"], ...rows]).exercises[0]!.targets).toHaveLength(21);
    expect(posted([[F.name, "x".repeat(1000)]]).name).toHaveLength(320);
    expect(
      posted([
        [F.order, "pushups"],
        [F.target("pushups", 0, "reps"), "1".repeat(50)],
      ]).exercises[0]!.targets[0]!.reps,
    ).toHaveLength(20);
  });

  it("makes a routine of it: empty rows dropped, minutes and seconds as one duration, 0 as nothing", () => {
    const state: RoutineFormState = {
      name: "Haut du corps",
      exercises: [
        {
          exerciseId: "dumbbell-bench-press",
          mode: "muscu",
          targets: [row("10", "22,5"), row(), row("0", "20"), row("", "", "3")],
        },
        { exerciseId: "running", mode: "cardio", targets: [row("12", "", "20", "30"), row("", "", "", "45"), row()] },
      ],
    };
    expect(draftOfRoutineForm(state)).toEqual({
      errors: [],
      draft: {
        name: "Haut du corps",
        exercises: [
          {
            exerciseId: "dumbbell-bench-press",
            mode: "muscu",
            targets: [
              { reps: 10, weightKg: 22.5, durationSec: null },
              { reps: null, weightKg: 20, durationSec: null },
            ],
          },
          {
            exerciseId: "running",
            mode: "cardio",
            targets: [
              { reps: null, weightKg: null, durationSec: 1230 },
              { reps: null, weightKg: null, durationSec: 45 },
            ],
          },
        ],
      },
    });
  });

  it("names each field that is not a number within its bounds", () => {
    const state: RoutineFormState = {
      name: "R",
      exercises: [
        { exerciseId: "pushups", mode: "pdc", targets: [row("douze", "20"), row("8,5", "1001")] },
        { exerciseId: "running", mode: "cardio", targets: [row("", "", "20", "75")] },
      ],
    };
    expect(draftOfRoutineForm(state).errors).toEqual([
      { field: F.target("pushups", 0, "reps"), min: 0, max: 1000 },
      { field: F.target("pushups", 1, "reps"), min: 0, max: 1000 },
      { field: F.target("pushups", 1, "weight"), min: 0, max: 1000 },
      { field: F.target("running", 0, "sec"), min: 0, max: 59 },
    ]);
  });
});

describe("the routine page's buttons", () => {
  const state = routineFormState(routine, ",");
  const order = (changed: RoutineFormState) => changed.exercises.map((exercise) => exercise.exerciseId);

  it("move an exercise one place, or to a place, within the list", () => {
    expect(order(applyRoutineIntent(state, { kind: "move", exerciseId: "running", by: -1 }))).toEqual([
      "running",
      "dumbbell-bench-press",
      "pushups",
    ]);
    expect(order(applyRoutineIntent(state, { kind: "move", exerciseId: "pushups", by: 1 }))).toEqual(order(state));
    expect(order(applyRoutineIntent(state, { kind: "move-to", exerciseId: "dumbbell-bench-press", index: 2 }))).toEqual(
      ["running", "pushups", "dumbbell-bench-press"],
    );
    expect(order(applyRoutineIntent(state, { kind: "move-to", exerciseId: "pushups", index: 99 }))).toEqual(
      order(state),
    );
  });

  it("remove an exercise, add a row (a copy of the last one) or remove one", () => {
    expect(order(applyRoutineIntent(state, { kind: "remove", exerciseId: "running" }))).toEqual([
      "dumbbell-bench-press",
      "pushups",
    ]);
    const added = applyRoutineIntent(state, { kind: "add-target", exerciseId: "dumbbell-bench-press" });
    expect(added.exercises[0]!.targets).toEqual([row("10", "22,5"), row("8"), row("8")]);
    expect(applyRoutineIntent(state, { kind: "add-target", exerciseId: "pushups" }).exercises[2]!.targets).toEqual([
      row(),
    ]);
    const removed = applyRoutineIntent(state, { kind: "remove-target", exerciseId: "dumbbell-bench-press", index: 0 });
    expect(removed.exercises[0]!.targets).toEqual([row("8")]);
  });

  it("add no row past 20, and change nothing for an exercise the form does not hold", () => {
    const full: RoutineFormState = {
      name: "R",
      exercises: [{ exerciseId: "pushups", mode: "pdc", targets: Array.from({ length: 20 }, () => row("5")) }],
    };
    expect(applyRoutineIntent(full, { kind: "add-target", exerciseId: "pushups" })).toBe(full);
    expect(applyRoutineIntent(state, { kind: "remove", exerciseId: "barbell-squat" })).toBe(state);
    expect(applyRoutineIntent(state, { kind: "save" })).toBe(state);
  });

  it("round-trip through their value, and nothing else reads as one", () => {
    const intents: RoutineIntent[] = [
      { kind: "save" },
      { kind: "move", exerciseId: "pushups", by: -1 },
      { kind: "move", exerciseId: "pushups", by: 1 },
      { kind: "move-to", exerciseId: "pushups", index: 12 },
      { kind: "remove", exerciseId: "pushups" },
      { kind: "add-target", exerciseId: "pushups" },
      { kind: "remove-target", exerciseId: "pushups", index: 3 },
      { kind: "apply-mode", exerciseId: "pushups" },
      { kind: "add-exercises" },
      { kind: "duplicate" },
      { kind: "delete" },
    ];
    for (const intent of intents) expect(parseRoutineIntent(formatRoutineIntent(intent))).toEqual(intent);
    for (const value of [
      null,
      42,
      "",
      "voler",
      "deplacer:pushups:gauche",
      "placer:pushups:1000",
      "placer:Pushups:1",
      "retirer:pushups:1",
      "supprimer:pushups",
      "enregistrer::",
      "x".repeat(201),
    ]) {
      expect(parseRoutineIntent(value), String(value)).toBeNull();
    }
  });
});
