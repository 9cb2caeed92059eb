import { describe, expect, it } from "vitest";
import { initialExerciseInput } from "./session-entries";
import {
  applySessionIntent,
  changeSets,
  exerciseField,
  formatSessionIntent,
  formReader,
  freshInputs,
  MAX_TYPED_LENGTH,
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
      { kind: "resume-sets", exercise: 3 },
    ];
    for (const intent of intents) expect(parseSessionIntent(formatSessionIntent(intent))).toEqual(intent);
    expect(formatSessionIntent({ kind: "delete-set", exercise: 1, set: 2 })).toBe("supprimer-serie:1:2");
    expect(formatSessionIntent({ kind: "resume-sets", exercise: 1 })).toBe("reprendre:1");
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
    "mode:1:2",
    "reprendre:",
    "reprendre:1:2",
    "x".repeat(41),
  ])("refuses %j", (value) => {
    expect(parseSessionIntent(value)).toBeNull();
  });

  it("reads a value of up to 40 characters, the parts after a set's index ignored", () => {
    const value = "supprimer-serie:12:3:".padEnd(40, "x");
    expect(value).toHaveLength(40);
    expect(parseSessionIntent(value)).toEqual({ kind: "delete-set", exercise: 12, set: 3 });
    expect(parseSessionIntent(`${value}x`)).toBeNull();
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
      { exercise: 0, field: exerciseField.weight(0, 0), problem: "number", min: 0, max: 1000, typed: "abc" },
      { exercise: 0, field: exerciseField.reps(0, 0), problem: "number", min: 0, max: 1000, typed: "5000" },
      { exercise: 1, field: exerciseField.intensity(1, 0), problem: "intensity", min: 1, max: 10, typed: "11" },
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

  it("reads each set's 'fait' tick, and gives a refused value back cut to the field's length", () => {
    const { state, errors } = readSessionForm(
      reader({
        [exerciseField.id(0)]: "dumbbell-bench-press",
        [exerciseField.reps(0, 0)]: "10",
        [exerciseField.done(0, 0, false)]: "1",
        [exerciseField.reps(0, 1)]: "x".repeat(500),
        [exerciseField.id(1)]: "running",
        [exerciseField.durationMin(1, 0)]: "12",
        [exerciseField.done(1, 0, true)]: "1",
      }),
      exercises,
      fallback,
    );
    expect(state.inputs["dumbbell-bench-press"]!.sets).toEqual([
      { weight: null, reps: 10, restSec: null, done: true },
      { weight: null, reps: null, restSec: null },
    ]);
    expect(state.inputs.running!.cardioSets[0]).toMatchObject({ durationMin: 12, done: true });
    expect(errors.map((error) => error.typed)).toEqual(["x".repeat(MAX_TYPED_LENGTH)]);
    expect(exerciseField.done(2, 3, false)).toBe("exo-2-serie-3-fait");
    expect(exerciseField.done(2, 3, true)).toBe("exo-2-cardio-3-fait");
  });
});

describe("the form's buttons", () => {
  const bench = initialExerciseInput(exercises[0]!);
  const run = initialExerciseInput(exercises[1]!);

  it("add a set to the list of the card's mode, a copy of the last one's values, not ticked", () => {
    expect(changeSets(bench, { kind: "add-set" }).sets).toEqual([bench.sets[0], bench.sets[0]]);
    const lifted = { ...bench, sets: [{ weight: 40, reps: 8, restSec: 90, done: true }] };
    expect(changeSets(lifted, { kind: "add-set" }).sets).toEqual([
      { weight: 40, reps: 8, restSec: 90, done: true },
      { weight: 40, reps: 8, restSec: 90 },
    ]);
    const ran = {
      ...run,
      cardioSets: [{ durationMin: 10, durationSec: 30, intensity: 7, distanceKm: 2.5, done: true }],
    };
    expect(changeSets(ran, { kind: "add-set" }).cardioSets[1]).toEqual({
      durationMin: 10,
      durationSec: 30,
      intensity: 7,
      distanceKm: 2.5,
    });
    // The copy is a new object: editing it leaves the previous set as it was.
    const copy = changeSets(lifted, { kind: "add-set" }).sets;
    expect(copy[1]).not.toBe(copy[0]);
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

describe("the form's field names", () => {
  it("name each exercise's fields by its place and each set's", () => {
    expect(exerciseField.id(3)).toBe("exo-3-id");
    expect(exerciseField.mode(3)).toBe("exo-3-mode");
    expect(exerciseField.notes(3)).toBe("exo-3-notes");
    expect(exerciseField.weight(3, 1)).toBe("exo-3-serie-1-charge");
    expect(exerciseField.reps(3, 1)).toBe("exo-3-serie-1-reps");
    expect(exerciseField.restSec(3, 1)).toBe("exo-3-serie-1-repos");
    expect(exerciseField.durationMin(3, 1)).toBe("exo-3-cardio-1-min");
    expect(exerciseField.durationSec(3, 1)).toBe("exo-3-cardio-1-sec");
    expect(exerciseField.intensity(3, 1)).toBe("exo-3-cardio-1-intensite");
    expect(exerciseField.distanceKm(3, 1)).toBe("exo-3-cardio-1-km");
  });
});

describe("a posted form's reader", () => {
  it("gives a field's text, and null for a missing field or a file", () => {
    const form = new FormData();
    form.append("notes-seance", "Bien");
    form.append("fichier", new Blob(["x"]), "photo.jpg");
    const read = formReader(form);
    expect(read("notes-seance")).toBe("Bien");
    expect(read("fichier")).toBeNull();
    expect(read("absent")).toBeNull();
  });
});

describe("reading the posted form, at the edges", () => {
  const runningForm = (fields: Record<string, string>) =>
    readSessionForm(
      reader({
        [exerciseField.id(0)]: "dumbbell-bench-press",
        [exerciseField.id(1)]: "running",
        [exerciseField.durationMin(1, 0)]: "10",
        ...fields,
      }),
      exercises,
      fallback,
    );

  it("accepts an intensity from 1 to 10 and leaves an empty one empty", () => {
    const { state, errors } = readSessionForm(
      reader({
        [exerciseField.id(1)]: "running",
        [exerciseField.durationMin(1, 0)]: "10",
        [exerciseField.intensity(1, 0)]: "1",
        [exerciseField.durationMin(1, 1)]: "10",
        [exerciseField.intensity(1, 1)]: "10",
        [exerciseField.durationMin(1, 2)]: "10",
        [exerciseField.intensity(1, 2)]: "",
      }),
      exercises,
      fallback,
    );
    expect(errors).toEqual([]);
    expect(state.inputs.running!.cardioSets.map((set) => set.intensity)).toEqual([1, 10, null]);
  });

  it("refuses an intensity of 0, below the scale", () => {
    const { state, errors } = runningForm({ [exerciseField.intensity(1, 0)]: "0" });
    expect(errors).toEqual([
      { exercise: 1, field: exerciseField.intensity(1, 0), problem: "intensity", min: 1, max: 10, typed: "0" },
    ]);
    expect(state.inputs.running!.cardioSets[0]!.intensity).toBeNull();
  });

  it("accepts a value at its bound, and refuses one beyond it", () => {
    const { state, errors } = runningForm({
      [exerciseField.durationSec(1, 0)]: "86400",
      [exerciseField.distanceKm(1, 0)]: "1000,001",
    });
    expect(errors).toEqual([
      { exercise: 1, field: exerciseField.distanceKm(1, 0), problem: "number", min: 0, max: 1000, typed: "1000,001" },
    ]);
    expect(state.inputs.running!.cardioSets[0]).toMatchObject({ durationSec: 86_400, distanceKm: null });
  });

  it("keeps the card's default mode when the posted mode is missing or unknown", () => {
    expect(runningForm({}).state.inputs.running!.mode).toBe("cardio");
    expect(runningForm({ [exerciseField.mode(1)]: "yoga" }).state.inputs.running!.mode).toBe("cardio");
    expect(runningForm({ [exerciseField.mode(0)]: "yoga" }).state.inputs["dumbbell-bench-press"]!.mode).toBe("muscu");
  });

  it("turns a lone carriage return into a line break, in an exercise's notes and the session's", () => {
    const { state } = runningForm({
      [exerciseField.notes(1)]: "Côte\rdure",
      [SESSION_FORM_FIELDS.sessionNotes]: "Pluie\r\npuis soleil",
    });
    expect(state.inputs.running!.notes).toBe("Côte\ndure");
    expect(state.sessionNotes).toBe("Pluie\npuis soleil");
  });

  it.each(["0", "-5", "1.5"])("falls back on the page's start for a posted start of %j", (startedAt) => {
    expect(runningForm({ [SESSION_FORM_FIELDS.startedAt]: startedAt }).state.startedAt).toBe(1_000);
  });

  it("keeps a posted start of 1 ms after the epoch", () => {
    expect(runningForm({ [SESSION_FORM_FIELDS.startedAt]: "1" }).state.startedAt).toBe(1);
  });
});

describe("the form's buttons, on a cardio card", () => {
  const run = initialExerciseInput(exercises[1]!);
  const cardioSet = (durationMin: number) => ({ durationMin, durationSec: null, intensity: 5, distanceKm: null });

  it("delete the named cardio set and leave the strength sets alone", () => {
    const two = { ...run, cardioSets: [cardioSet(10), cardioSet(20)] };
    const deleted = changeSets(two, { kind: "delete-set", set: 0 });
    expect(deleted.cardioSets).toEqual([cardioSet(20)]);
    expect(deleted.sets).toEqual(run.sets);
    expect(deleted.mode).toBe("cardio");
  });

  it("give a fresh cardio set when the last one is deleted", () => {
    const one = { ...run, cardioSets: [cardioSet(10)] };
    expect(changeSets(one, { kind: "delete-set", set: 0 }).cardioSets).toEqual([
      { durationMin: null, durationSec: null, intensity: 5, distanceKm: null },
    ]);
  });

  it("stop adding cardio sets at the limit", () => {
    const full = { ...run, cardioSets: Array.from({ length: 100 }, () => cardioSet(1)) };
    expect(changeSets(full, { kind: "add-set" })).toBe(full);
    const almost = { ...run, cardioSets: Array.from({ length: 99 }, () => cardioSet(1)) };
    expect(changeSets(almost, { kind: "add-set" }).cardioSets).toHaveLength(100);
  });

  it("leave the sets as they are when a mode is applied", () => {
    const bare = { ...run, sets: [], cardioSets: [] };
    const applied = changeSets(bare, { kind: "apply-mode" });
    expect(applied).toEqual(bare);
    expect(applied).not.toBe(bare);
  });

  it("change nothing for an exercise the inputs do not hold", () => {
    const inputs = { running: run };
    expect(applySessionIntent(inputs, exercises, { kind: "add-set", exercise: 0 })).toBe(inputs);
  });
});
