import { describe, expect, it } from "vitest";
import {
  exerciseTypeOf,
  isSessionFinished,
  parseDashboardDate,
  readNumber,
  readSession,
  sessionInstant,
} from "./session-reading.ts";

describe("dates", () => {
  it("reads dd/mm/yyyy at noon UTC, with a time when given", () => {
    expect(parseDashboardDate("05/03/2026")?.toISOString()).toBe("2026-03-05T12:00:00.000Z");
    expect(parseDashboardDate("5/3/2026 18:45")?.toISOString()).toBe("2026-03-05T18:45:00.000Z");
    expect(parseDashboardDate("05/03/2026 07:08:09")?.toISOString()).toBe("2026-03-05T07:08:09.000Z");
  });

  it("reads standard formats, Dates and epochs", () => {
    expect(parseDashboardDate("2026-03-05T10:00:00.000Z")?.toISOString()).toBe("2026-03-05T10:00:00.000Z");
    expect(parseDashboardDate(new Date("2026-01-01T00:00:00Z"))?.toISOString()).toBe("2026-01-01T00:00:00.000Z");
    expect(parseDashboardDate(0)?.toISOString()).toBe("1970-01-01T00:00:00.000Z");
  });

  it.each([["31/02/2026"], ["13/13/2026"], ["demain"], [""], [null], [undefined], [{}], [Number.NaN], [new Date("x")]])(
    "refuses %s",
    (value) => {
      expect(parseDashboardDate(value)).toBeNull();
    },
  );
});

describe("dates, edge cases", () => {
  it("reads a dd/mm/yyyy date with spaces around it", () => {
    expect(parseDashboardDate(" 05/03/2026 ")?.toISOString()).toBe("2026-03-05T12:00:00.000Z");
  });

  it("refuses an hour that rolls over into the next day", () => {
    expect(parseDashboardDate("05/03/2026 24:00")).toBeNull();
  });

  it("refuses an epoch beyond what a Date holds", () => {
    expect(parseDashboardDate(1e20)).toBeNull();
  });
});

describe("numbers", () => {
  it("reads numbers and decimal strings, French comma included", () => {
    expect(readNumber(72.5)).toBe(72.5);
    expect(readNumber("72,5")).toBe(72.5);
    expect(readNumber(" 8 ")).toBe(8);
    expect(readNumber("-3")).toBe(-3);
    expect(readNumber("1.25")).toBe(1.25);
    expect(readNumber("72,55")).toBe(72.55);
    expect(readNumber(".25")).toBe(0.25);
    expect(readNumber("5.")).toBe(5);
  });

  it.each([["abc"], [""], ["1e3"], [Number.POSITIVE_INFINITY], [Number.NaN], [null], [{ $gt: 1 }], [true]])(
    "refuses %s",
    (value) => {
      expect(readNumber(value)).toBeNull();
    },
  );
});

describe("finished sessions", () => {
  it.each([
    [{ endedAt: "2026-03-01T10:00:00Z" }],
    [{ finishedAt: "01/03/2026" }],
    [{ finished: true }],
    [{ isFinished: true }],
    [{ percent: 100 }],
    [{ progress: "100" }],
    [{ status: "done" }],
    [{ status: "Completed" }],
    [{ status: "finished" }],
    [{ status: "terminee" }],
    [{ status: "TERMINÉE" }],
    [{ status: " done " }],
  ])("%j is finished", (session) => {
    expect(isSessionFinished(session)).toBe(true);
  });

  it.each([
    [{}],
    [{ endedAt: "pas une date" }],
    [{ finished: "yes" }],
    [{ percent: 99 }],
    [{ progress: 50 }],
    [{ status: "en cours" }],
    [null],
    ["done"],
  ])("%j is not", (session) => {
    expect(isSessionFinished(session)).toBe(false);
  });
});

describe("reading a session", () => {
  it("reads the fields of section 3", () => {
    const session = readSession({
      _id: "65f000000000000000000001",
      name: "Haut du corps",
      startedAt: "2026-03-01T09:00:00Z",
      endedAt: "2026-03-01T10:00:00Z",
      notes: "Bonne séance",
      comment: "RAS",
      prev: { durationSec: 3000, volumeKg: "1200" },
      durationSec: 3600,
      calories: 410,
      bodyMassKg: 72,
      weightKg: 71,
      clientSummary: { exercises: [{}, {}], plannedExercises: 2, completedExercises: 1 },
      entries: [
        { name: "Développé couché", type: "muscu", sets: [{ weightKg: 60, reps: 10, tempo: "2-0-2", rpe: 8 }] },
      ],
    })!;
    expect(session).toMatchObject({
      id: "65f000000000000000000001",
      name: "Haut du corps",
      notes: "Bonne séance",
      comment: "RAS",
      prev: { durationSec: 3000, volumeKg: 1200 },
      durationSec: 3600,
      calories: 410,
      bodyMassKg: 72,
      weightKg: 71,
      clientSummary: { exercises: 2, plannedExercises: 2, completedExercises: 1 },
      finished: true,
    });
    expect(session.startedAt?.toISOString()).toBe("2026-03-01T09:00:00.000Z");
    expect(sessionInstant(session)?.toISOString()).toBe("2026-03-01T10:00:00.000Z");
    expect(session.exercises[0]).toMatchObject({
      name: "Développé couché",
      type: "muscu",
      done: true,
      sets: [{ weightKg: 60, reps: 10, tempo: "2-0-2", rpe: 8, cardio: false }],
    });
  });

  it("leaves an unnamed session's name empty (pages name it in their language) and reads id or _id", () => {
    expect(readSession({})).toMatchObject({ name: "", id: null, exercises: [], finished: false });
    expect(readSession({ id: "abc", label: "Cardio du matin" })).toMatchObject({ id: "abc", name: "Cardio du matin" });
  });

  it("skips an empty list for the next alias", () => {
    expect(
      readSession({ entries: [], items: [{ name: "Gainage" }] })!.exercises.map((exercise) => exercise.name),
    ).toEqual(["Gainage"]);
  });

  it("makes no exercise of a data object without sets", () => {
    expect(readSession({ name: "Course", data: { mode: "cardio" } })!.exercises).toEqual([]);
  });

  it("trims and cuts the id, and the session's notes", () => {
    expect(readSession({ _id: " abc " })!.id).toBe("abc");
    expect(readSession({ _id: "x".repeat(150) })!.id).toBe("x".repeat(100));
    expect(readSession({ _id: "   " })!.id).toBeNull();
    expect(readSession({ notes: " Bonne séance " })!.notes).toBe("Bonne séance");
    expect(readSession({ notes: "n".repeat(2500) })!.notes).toBe("n".repeat(2000));
  });

  it("reads the client's counts as whole numbers, null when unreadable", () => {
    expect(readSession({ clientSummary: { exercises: 3.7, plannedExercises: "beaucoup" } })!.clientSummary).toEqual({
      exercises: 3,
      plannedExercises: null,
      completedExercises: null,
    });
  });

  it.each(["entries", "items", "exercises"])("finds the exercises under %s", (key) => {
    expect(readSession({ [key]: [{ name: "Gainage" }] })!.exercises.map((exercise) => exercise.name)).toEqual([
      "Gainage",
    ]);
  });

  it.each(["name", "label", "exerciseName", "exoName", "title"])("reads an exercise's name from %s", (key) => {
    expect(readSession({ entries: [{ [key]: "Tractions" }] })!.exercises[0]!.name).toBe("Tractions");
  });

  it("reads done from done, completed or status, else from the sets", () => {
    const done = (exercise: Record<string, unknown>) => readSession({ entries: [exercise] })!.exercises[0]!.done;
    expect(done({ done: false, sets: [{ reps: 10 }] })).toBe(false);
    expect(done({ completed: true })).toBe(true);
    expect(done({ status: "completed" })).toBe(true);
    expect(done({ status: "skipped", sets: [{ reps: 10 }] })).toBe(false);
    expect(done({ sets: [{ reps: 10 }] })).toBe(true);
    expect(done({ sets: [{ reps: 0, weightKg: null }] })).toBe(false);
    expect(done({ sets: [{ distanceKm: 1.5 }] })).toBe(true);
    expect(done({ sets: [{ calories: 12 }] })).toBe(true);
  });

  it("reads done from the status with spaces around it, and from the sets when the status is blank", () => {
    const done = (exercise: Record<string, unknown>) => readSession({ entries: [exercise] })!.exercises[0]!.done;
    expect(done({ status: " done " })).toBe(true);
    expect(done({ status: "   ", sets: [{ reps: 10 }] })).toBe(true);
    // One set with a value is enough.
    expect(done({ sets: [{ reps: 10 }, { reps: 0 }] })).toBe(true);
  });

  it("reads a declared type with spaces and capitals, the type before the mode", () => {
    const type = (exercise: Record<string, unknown>) => readSession({ entries: [exercise] })!.exercises[0]!.type;
    expect(type({ type: " Cardio ", sets: [{ reps: 20 }] })).toBe("cardio");
    expect(type({ type: "cardio", sets: [{ reps: 20 }] })).toBe("cardio");
    expect(type({ type: "pdc", mode: "cardio", sets: [{ reps: 15 }] })).toBe("poids_du_corps");
  });

  it("makes cardio sets cardio even with reps only", () => {
    const exercise = readSession({ entries: [{ cardioSets: [{ reps: 20 }] }] })!.exercises[0]!;
    expect(exercise.type).toBe("cardio");
    expect(exercise.sets[0]!.cardio).toBe(true);
  });

  it("makes sets with only a duration or only a distance cardio, and nothing else", () => {
    const type = (...sets: Record<string, unknown>[]) => readSession({ entries: [{ sets }] })!.exercises[0]!.type;
    expect(type({ durationSec: 300 })).toBe("cardio");
    expect(type({ distanceKm: 2 })).toBe("cardio");
    expect(type({ durationSec: 0, distanceKm: 0 })).toBe("poids_du_corps");
    expect(type({})).toBe("poids_du_corps");
    // Reps make it body weight, in any one of the sets.
    expect(type({ reps: 10, durationSec: 60 })).toBe("poids_du_corps");
    expect(type({ durationSec: 300 }, { reps: 10 })).toBe("poids_du_corps");
  });

  it("reads a set's text fields trimmed and cut, and leaves what it lacks at null", () => {
    const sets = readSession({
      entries: [{ sets: [{ reps: 10, intensity: " High ", tempo: " 2-0-2 " }, { intensity: "a".repeat(30) }] }],
    })!.exercises[0]!.sets;
    expect(sets[0]).toEqual({
      weightKg: null,
      reps: 10,
      durationSec: null,
      distanceKm: null,
      calories: null,
      intensity: "high",
      tempo: "2-0-2",
      rpe: null,
      cardio: false,
    });
    expect(sets[1]!.intensity).toBe("a".repeat(20));
  });

  it("leaves a set's intensity at null when it is missing or not a number or a word", () => {
    const sets = readSession({ entries: [{ sets: [{ reps: 5 }, { reps: 5, intensity: { niveau: 3 } }] }] })!
      .exercises[0]!.sets;
    expect(sets.map((set) => set.intensity)).toEqual([null, null]);
  });

  it("names an unnamed exercise 'Exercise' and reads its notes from notes, note or data", () => {
    const exercise = (raw: Record<string, unknown>) => readSession({ entries: [raw] })!.exercises[0]!;
    expect(exercise({}).name).toBe("Exercise");
    expect(exercise({ notes: " Lent " }).notes).toBe("Lent");
    expect(exercise({ note: "Lent" }).notes).toBe("Lent");
    expect(exercise({ data: { notes: "Lent" } }).notes).toBe("Lent");
  });

  it("derives the exercise type from the sets", () => {
    const type = (exercise: Record<string, unknown>) => readSession({ entries: [exercise] })!.exercises[0]!.type;
    expect(type({ cardioSets: [{ durationMin: 20, intensity: 6 }] })).toBe("cardio");
    expect(type({ type: "cardio", sets: [{ durationSec: 300 }] })).toBe("cardio");
    expect(type({ sets: [{ durationSec: 300, distanceKm: 1 }] })).toBe("cardio");
    expect(type({ type: "muscu", sets: [{ weightKg: 40, reps: 8 }] })).toBe("muscu");
    // Stored with type muscu (the pdc mode), but no set has a weight.
    expect(type({ type: "muscu", sets: [{ reps: 15 }] })).toBe("poids_du_corps");
    expect(type({ mode: "pdc", sets: [{ reps: 15 }] })).toBe("poids_du_corps");
    expect(type({})).toBe("poids_du_corps");
    expect(exerciseTypeOf([], "cardio")).toBe("cardio");
  });

  it("adds minutes and seconds of a set, and reads cardio sets", () => {
    const sets = readSession({
      entries: [{ cardioSets: [{ durationMin: 12, durationSec: 30, intensity: "7", distanceKm: "2,5" }] }],
    })!.exercises[0]!.sets;
    expect(sets).toEqual([
      {
        weightKg: null,
        reps: null,
        durationSec: 750,
        distanceKm: 2.5,
        calories: null,
        intensity: 7,
        tempo: null,
        rpe: null,
        cardio: true,
      },
    ]);
  });

  it("reads an exercise's data object: its sets, cardio sets and mode", () => {
    const exercise = readSession({
      entries: [
        { name: "Rameur", data: { mode: "cardio", sets: [{ durationSec: 600 }], cardioSets: [{ durationSec: 300 }] } },
      ],
    })!.exercises[0]!;
    expect(exercise.type).toBe("cardio");
    expect(exercise.sets.map((set) => [set.durationSec, set.cardio])).toEqual([
      [600, true],
      [300, true],
    ]);
  });

  it("reads a session whose sets sit in its own data object as one exercise", () => {
    const session = readSession({ name: "Course", data: { mode: "cardio", cardioSets: [{ durationMin: 30 }] } })!;
    expect(session.exercises).toHaveLength(1);
    expect(session.exercises[0]).toMatchObject({ name: "Course", type: "cardio" });
  });

  it("drops what cannot be read instead of failing", () => {
    const session = readSession({
      name: 42,
      startedAt: "n'importe quand",
      calories: -10,
      durationSec: "beaucoup",
      entries: [null, "x", { name: "Ok", sets: [null, { reps: -3, weightKg: { $gt: 0 } }, 7] }],
    })!;
    expect(session.name).toBe("");
    expect(session.startedAt).toBeNull();
    expect(session.calories).toBeNull();
    expect(session.durationSec).toBeNull();
    expect(session.exercises).toHaveLength(1);
    expect(session.exercises[0]!.sets).toEqual([expect.objectContaining({ reps: null, weightKg: null })]);
    expect(readSession(null)).toBeNull();
    expect(readSession([])).toBeNull();
  });
});
