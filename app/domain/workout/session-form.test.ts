import { describe, expect, it } from "vitest";
import { initialExerciseInput } from "./session-entries";
import {
  applySessionIntent,
  changeSets,
  exerciseField,
  formatSessionIntent,
  freshInputs,
  parseSessionIntent,
  parseTypedNumber,
  readSessionForm,
  SESSION_FORM_FIELDS,
  type SessionIntent,
} from "./session-form";

const exercises = [
  { id: "dumbbell-bench-press", name: "Développé couché haltères", type: ["muscu"] },
  { id: "running", name: "Course à pied", type: ["cardio"] },
];
const fallback = { startedAt: 1_000, idempotencyKey: "fallback-key-123" };
const reader = (fields: Record<string, string>) => (name: string) => fields[name] ?? null;

describe("the form's intents", () => {
  it("round-trip through the button values", () => {
    const intents: SessionIntent[] = [
      { kind: "finish" },
      { kind: "refresh" },
      { kind: "add-set", exercise: 2 },
      { kind: "delete-set", exercise: 0, set: 4 },
      { kind: "apply-mode", exercise: 12 },
    ];
    for (const intent of intents) expect(parseSessionIntent(formatSessionIntent(intent))).toEqual(intent);
    expect(formatSessionIntent({ kind: "delete-set", exercise: 1, set: 2 })).toBe("supprimer-serie:1:2");
  });

  it.each([
    null,
    42,
    "",
    "effacer",
    "ajouter-serie:",
    "ajouter-serie:x",
    "ajouter-serie:1:2",
    "supprimer-serie:1",
    "mode:1234",
    "x".repeat(41),
  ])("refuses %j", (value) => {
    expect(parseSessionIntent(value)).toBeNull();
  });
});

describe("numbers as typed", () => {
  it("reads a comma or a dot, and an empty field as empty", () => {
    expect(parseTypedNumber("22,5")).toBe(22.5);
    expect(parseTypedNumber(" 22.5 ")).toBe(22.5);
    expect(parseTypedNumber("12,")).toBe(12);
    expect(parseTypedNumber("0")).toBe(0);
    expect(parseTypedNumber("")).toBeNull();
    expect(parseTypedNumber("   ")).toBeNull();
  });

  it.each(["abc", "-3", "1e3", "1,2,3", "12345678", "1.2345", "+4"])("%j is not a number", (text) => {
    expect(parseTypedNumber(text)).toBeNaN();
  });
});

describe("reading the posted form", () => {
  it("reads each exercise's mode, sets and notes, an exercise with a value being done", () => {
    const { state, errors } = readSessionForm(
      reader({
        [exerciseField.id(0)]: "dumbbell-bench-press",
        [exerciseField.mode(0)]: "pdc",
        [exerciseField.weight(0, 0)]: "",
        [exerciseField.reps(0, 0)]: "12",
        [exerciseField.restSec(0, 0)]: "60",
        [exerciseField.weight(0, 1)]: "5,5",
        [exerciseField.reps(0, 1)]: "",
        [exerciseField.restSec(0, 1)]: "",
        [exerciseField.notes(0)]: "Lent\r\nà la descente",
        [exerciseField.id(1)]: "running",
        [exerciseField.mode(1)]: "cardio",
        [exerciseField.durationMin(1, 0)]: "",
        [exerciseField.durationSec(1, 0)]: "",
        [exerciseField.intensity(1, 0)]: "5",
        [exerciseField.distanceKm(1, 0)]: "",
        [SESSION_FORM_FIELDS.startedAt]: "1750000000000",
        [SESSION_FORM_FIELDS.idempotencyKey]: "0b0f7e10-5f1a-4b3c-9d2e-1a2b3c4d5e6f",
        [SESSION_FORM_FIELDS.sessionNotes]: "Bonne forme",
      }),
      exercises,
      fallback,
    );
    expect(errors).toEqual([]);
    expect(state.inputs["dumbbell-bench-press"]).toEqual({
      mode: "pdc",
      sets: [
        { weight: null, reps: 12, restSec: 60 },
        { weight: 5.5, reps: null, restSec: null },
      ],
      cardioSets: [{ durationMin: null, durationSec: null, intensity: 5, distanceKm: null }],
      notes: "Lent\nà la descente",
      done: true,
    });
    expect(state.inputs.running).toMatchObject({
      mode: "cardio",
      done: false,
      sets: [{ weight: null, reps: null, restSec: null }],
    });
    expect(state).toMatchObject({
      startedAt: 1_750_000_000_000,
      idempotencyKey: "0b0f7e10-5f1a-4b3c-9d2e-1a2b3c4d5e6f",
      sessionNotes: "Bonne forme",
    });
  });

  it("names each value that is not a number within its bounds, and keeps the others", () => {
    const { state, errors } = readSessionForm(
      reader({
        [exerciseField.id(0)]: "dumbbell-bench-press",
        [exerciseField.mode(0)]: "muscu",
        [exerciseField.weight(0, 0)]: "abc",
        [exerciseField.reps(0, 0)]: "5000",
        [exerciseField.restSec(0, 0)]: "90",
        [exerciseField.id(1)]: "running",
        [exerciseField.mode(1)]: "cardio",
        [exerciseField.durationMin(1, 0)]: "20",
        [exerciseField.intensity(1, 0)]: "11",
      }),
      exercises,
      fallback,
    );
    expect(errors).toEqual([
      { exercise: 0, field: exerciseField.weight(0, 0), problem: "number", min: 0, max: 1000 },
      { exercise: 0, field: exerciseField.reps(0, 0), problem: "number", min: 0, max: 1000 },
      { exercise: 1, field: exerciseField.intensity(1, 0), problem: "intensity", min: 1, max: 10 },
    ]);
    expect(state.inputs["dumbbell-bench-press"]!.sets).toEqual([{ weight: null, reps: null, restSec: 90 }]);
    expect(state.inputs.running!.cardioSets[0]).toMatchObject({ durationMin: 20, intensity: null });
  });

  it("reads nothing of a form listing other exercises, and falls back on a bad start or key", () => {
    const { state } = readSessionForm(
      reader({
        [exerciseField.id(0)]: "running",
        [exerciseField.reps(0, 0)]: "10",
        [exerciseField.mode(0)]: "yoga",
        [SESSION_FORM_FIELDS.startedAt]: "soon",
        [SESSION_FORM_FIELDS.idempotencyKey]: "a b",
      }),
      exercises,
      fallback,
    );
    expect(state.inputs).toEqual(freshInputs(exercises));
    expect(state).toMatchObject({ startedAt: 1_000, idempotencyKey: "fallback-key-123", sessionNotes: "" });
  });

  it("reads at most the limit of sets of an exercise", () => {
    const fields: Record<string, string> = { [exerciseField.id(0)]: "dumbbell-bench-press" };
    for (let j = 0; j < 150; j += 1) fields[exerciseField.reps(0, j)] = "1";
    const { state } = readSessionForm(reader(fields), exercises, fallback);
    expect(state.inputs["dumbbell-bench-press"]!.sets).toHaveLength(100);
  });
});

describe("the form's buttons", () => {
  const bench = initialExerciseInput(exercises[0]!);
  const run = initialExerciseInput(exercises[1]!);

  it("add an empty set to the list of the card's mode", () => {
    expect(changeSets(bench, { kind: "add-set" }).sets).toHaveLength(2);
    const added = changeSets(run, { kind: "add-set" });
    expect(added.cardioSets).toEqual([
      run.cardioSets[0],
      { durationMin: null, durationSec: null, intensity: 5, distanceKm: null },
    ]);
    expect(added.sets).toEqual(run.sets);
  });

  it("delete a set, a list never left empty", () => {
    const two = {
      ...bench,
      sets: [
        { weight: 10, reps: 1, restSec: null },
        { weight: 20, reps: 2, restSec: null },
      ],
    };
    expect(changeSets(two, { kind: "delete-set", set: 0 }).sets).toEqual([{ weight: 20, reps: 2, restSec: null }]);
    expect(changeSets(bench, { kind: "delete-set", set: 0 }).sets).toEqual([
      { weight: null, reps: null, restSec: null },
    ]);
  });

  it("stop adding at the limit of sets", () => {
    const full = { ...bench, sets: Array.from({ length: 100 }, () => ({ weight: null, reps: 1, restSec: null })) };
    expect(changeSets(full, { kind: "add-set" })).toBe(full);
  });

  it("apply to the exercise they name, and to nothing for an exercise the session does not have", () => {
    const inputs = freshInputs(exercises);
    const changed = applySessionIntent(inputs, exercises, { kind: "add-set", exercise: 1 });
    expect(changed.running!.cardioSets).toHaveLength(2);
    expect(changed["dumbbell-bench-press"]).toBe(inputs["dumbbell-bench-press"]);
    expect(applySessionIntent(inputs, exercises, { kind: "add-set", exercise: 7 })).toBe(inputs);
  });
});
