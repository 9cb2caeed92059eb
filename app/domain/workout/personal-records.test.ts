import { describe, expect, it } from "vitest";
import {
  EMPTY_FIGURES,
  EPLEY_MAX_REPS,
  estimatedOneRepMax,
  type ExerciseFigures,
  type ExerciseLog,
  exerciseLogsOf,
  type ExerciseRecords,
  fallenRecords,
  foldExerciseLog,
  NO_MARKS,
  progressFigureOf,
  readNewRecords,
  RECORD_KINDS,
  recordsFromLogs,
  recordsSetAt,
} from "./personal-records";
import { type EntrySet, normaliseEntry, type SessionEntry, type LooseSet } from "./session-entries";

function entry(exerciseId: string, mode: SessionEntry["mode"], sets: LooseSet[], name = exerciseId): SessionEntry {
  return normaliseEntry({ exerciseId, name, mode, notes: "", done: true, sets })!;
}

const strength = (weightKg: number | null, reps: number | null): LooseSet => ({ weightKg, reps });
const MONDAY = new Date("2026-11-16T17:00:00.000Z");
const WEDNESDAY = new Date("2026-11-18T17:00:00.000Z");
const FRIDAY = new Date("2026-11-20T17:00:00.000Z");

function logOf(sessionId: string, startedAt: Date, entries: SessionEntry[]): ExerciseLog {
  const [log] = exerciseLogsOf({ id: sessionId, startedAt, entries });
  return log!;
}

const benchLog = (sessionId: string, startedAt: Date, sets: LooseSet[]) =>
  logOf(sessionId, startedAt, [entry("dumbbell-bench-press", "muscu", sets, "Développé couché haltères")]);

describe("the estimated one-rep max (Epley)", () => {
  it("counts one rep as the weight itself", () => {
    expect(estimatedOneRepMax(100, 1)).toBe(100);
    expect(estimatedOneRepMax(62.5, 1)).toBe(62.5);
  });

  it("is weight × (1 + reps / 30), to a tenth of a kilogram", () => {
    // 20 × (1 + 8/30) = 25.333…
    expect(estimatedOneRepMax(20, 8)).toBe(25.3);
    // 22.5 × (1 + 10/30) = 30 (29.999… in binary floating point)
    expect(estimatedOneRepMax(22.5, 10)).toBe(30);
    // 50 × (1 + 12/30) = 70, the last count it applies to
    expect(estimatedOneRepMax(50, EPLEY_MAX_REPS)).toBe(70);
    // 100 × (1 + 2/30) = 106.666…
    expect(estimatedOneRepMax(100, 2)).toBe(106.7);
  });

  it("gives nothing past 12 reps, without reps or without a weight", () => {
    expect(estimatedOneRepMax(50, 13)).toBeNull();
    expect(estimatedOneRepMax(50, 0)).toBeNull();
    expect(estimatedOneRepMax(50, null)).toBeNull();
    expect(estimatedOneRepMax(null, 5)).toBeNull();
    expect(estimatedOneRepMax(0, 5)).toBeNull();
    expect(estimatedOneRepMax(50, 2.5)).toBeNull();
  });
});

describe("a session's figures on one exercise", () => {
  it("reads the heaviest set, the best 1RM and the volume of weighted sets", () => {
    const log = benchLog("a".repeat(24), MONDAY, [strength(20, 10), strength(20, 8), strength(17.5, 10)]);
    expect(log.figures).toEqual({
      heaviestKg: 20,
      // 20 × (1 + 10/30) = 26.666…; 20 × 1.2666… = 25.3; 17.5 × 1.333… = 23.3
      bestE1rmKg: 26.7,
      // 200 + 160 + 175
      volumeKg: 535,
      mostReps: null,
      longestSec: null,
      longestKm: null,
    });
  });

  it("counts reps without load apart, and a loaded set of more than 12 reps for weight and volume only", () => {
    const log = logOf("b".repeat(24), MONDAY, [
      entry("pull-up", "pdc", [strength(null, 15), strength(null, 20), strength(10, 8), strength(5, 14)]),
    ]);
    // e1rm: 10 × (1 + 8/30) = 12.666…; the 14-rep set has none. Volume: 80 + 70.
    expect(log.figures).toEqual({ ...EMPTY_FIGURES, mostReps: 20, heaviestKg: 10, bestE1rmKg: 12.7, volumeKg: 150 });
  });

  it("leaves out a weight lifted for no rep", () => {
    const log = benchLog("c".repeat(24), MONDAY, [strength(120, null), strength(60, 5)]);
    expect(log.figures).toMatchObject({ heaviestKg: 60, bestE1rmKg: 70, volumeKg: 300 });
  });

  it("reads the longest duration and distance of an endurance exercise", () => {
    const log = logOf("d".repeat(24), MONDAY, [
      entry("running", "cardio", [
        { durationSec: 600, distanceKm: 2 },
        { durationSec: 900, distanceKm: 1.5 },
        { durationMin: 5 },
      ]),
    ]);
    expect(log.figures).toEqual({ ...EMPTY_FIGURES, longestSec: 900, longestKm: 2 });
  });

  it("merges an exercise listed twice in one session, and follows only the exercises asked for", () => {
    const session = {
      id: "e".repeat(24),
      startedAt: MONDAY,
      entries: [
        entry("squat", "muscu", [strength(60, 8)]),
        entry("made-up", "muscu", [strength(10, 10)]),
        entry("squat", "muscu", [strength(70, 5)]),
      ],
    };
    const logs = exerciseLogsOf(session, (id) => id !== "made-up");
    expect(logs).toHaveLength(1);
    expect(logs[0]!.sets.map((set: EntrySet) => set.weightKg)).toEqual([60, 70]);
    // 60 × 1.266… = 76; 70 × (1 + 5/30) = 81.666…; volume 480 + 350
    expect(logs[0]!.figures).toMatchObject({ heaviestKg: 70, bestE1rmKg: 81.7, volumeKg: 830 });
    expect(logs[0]).toMatchObject({ exerciseId: "squat", sessionId: session.id, startedAt: MONDAY, mode: "muscu" });
  });
});

describe("personal records", () => {
  const monday = benchLog("1".repeat(24), MONDAY, [strength(20, 10), strength(20, 8)]);
  // Heavier, fewer reps: heaviest and 1RM fall, volume does not.
  const wednesday = benchLog("2".repeat(24), WEDNESDAY, [strength(22.5, 8), strength(20, 6)]);
  // The same 1RM as Monday's best, a bigger volume.
  const friday = benchLog("3".repeat(24), FRIDAY, [strength(20, 10), strength(20, 10), strength(17.5, 10)]);

  it("folds a first session into records naming it", () => {
    const records = foldExerciseLog(null, monday);
    expect(records).toEqual({
      exerciseId: "dumbbell-bench-press",
      name: "Développé couché haltères",
      sessions: 1,
      lastAt: MONDAY,
      lastSessionId: monday.sessionId,
      marks: {
        ...NO_MARKS,
        bestE1rmKg: { value: 26.7, at: MONDAY, sessionId: monday.sessionId },
        heaviestKg: { value: 20, at: MONDAY, sessionId: monday.sessionId },
        bestVolumeKg: { value: 360, at: MONDAY, sessionId: monday.sessionId },
      },
    });
    expect(recordsSetAt(records.marks)).toEqual(MONDAY);
  });

  it("names the records a session beats, with the figure before and after", () => {
    const afterMonday = foldExerciseLog(null, monday);
    // 22.5 × (1 + 8/30) = 28.5 against 26.7: +1.8, the example
    expect(fallenRecords(afterMonday, wednesday.figures)).toEqual([
      { kind: "bestE1rmKg", previous: 26.7, value: 28.5 },
      { kind: "heaviestKg", previous: 20, value: 22.5 },
    ]);
    const afterWednesday = foldExerciseLog(afterMonday, wednesday);
    expect(afterWednesday.marks.bestE1rmKg).toEqual({ value: 28.5, at: WEDNESDAY, sessionId: wednesday.sessionId });
    expect(afterWednesday.marks.bestVolumeKg?.value).toBe(360);
    expect(recordsSetAt(afterWednesday.marks)).toEqual(WEDNESDAY);
  });

  it("never calls an equalled record new, and keeps the session that reached it first", () => {
    const afterMonday = foldExerciseLog(null, monday);
    // Friday: 1RM 26.7 again (equalled), volume 200 + 200 + 175 = 575 (beaten)
    expect(fallenRecords(afterMonday, friday.figures)).toEqual([{ kind: "bestVolumeKg", previous: 360, value: 575 }]);
    const afterFriday = foldExerciseLog(afterMonday, friday);
    expect(afterFriday.marks.bestE1rmKg).toEqual({ value: 26.7, at: MONDAY, sessionId: monday.sessionId });
    expect(afterFriday.marks.heaviestKg?.at).toEqual(MONDAY);
  });

  it("says nothing on a first session of an exercise, or of a figure it never had", () => {
    expect(fallenRecords(null, monday.figures)).toEqual([]);
    const bodyweightOnly = foldExerciseLog(
      null,
      logOf("4".repeat(24), MONDAY, [entry("dip", "pdc", [strength(null, 12)])]),
    );
    const weighted = logOf("5".repeat(24), WEDNESDAY, [entry("dip", "pdc", [strength(null, 14), strength(10, 8)])]);
    expect(fallenRecords(bodyweightOnly, weighted.figures)).toEqual([{ kind: "mostReps", previous: 12, value: 14 }]);
  });

  it("keeps endurance records", () => {
    const run = (id: string, at: Date, durationSec: number, distanceKm: number | null) =>
      logOf(id, at, [entry("running", "cardio", [{ durationSec, distanceKm }])]);
    const first = foldExerciseLog(null, run("6".repeat(24), MONDAY, 1_800, 5));
    const longer = run("7".repeat(24), WEDNESDAY, 2_400, 5);
    expect(fallenRecords(first, longer.figures)).toEqual([{ kind: "longestSec", previous: 1_800, value: 2_400 }]);
    const further = run("8".repeat(24), FRIDAY, 2_000, 6.2);
    const records = foldExerciseLog(foldExerciseLog(first, longer), further);
    expect(records.marks).toMatchObject({
      longestSec: { value: 2_400, at: WEDNESDAY },
      longestKm: { value: 6.2, at: FRIDAY },
      bestE1rmKg: null,
      mostReps: null,
    });
  });

  it("gives the same records whatever order the sessions arrive in (a session sent late from offline)", () => {
    const inOrder = recordsFromLogs([monday, wednesday, friday]).get("dumbbell-bench-press");
    for (const order of [
      [friday, monday, wednesday],
      [wednesday, friday, monday],
      [friday, wednesday, monday],
    ]) {
      expect(recordsFromLogs(order).get("dumbbell-bench-press")).toEqual(inOrder);
    }
    expect(inOrder).toMatchObject({ sessions: 3, lastAt: FRIDAY, lastSessionId: friday.sessionId });
  });

  it("counts a session saved twice through its idempotency key once", () => {
    // The store returns the first copy's session: the same id, the same log.
    const records = recordsFromLogs([monday, wednesday, monday]).get("dumbbell-bench-press");
    expect(records).toEqual(recordsFromLogs([monday, wednesday]).get("dumbbell-bench-press"));
    expect(records?.sessions).toBe(2);
  });

  it("breaks a tie of start times by session id, so a rebuild finds the same session", () => {
    const a = benchLog("a".repeat(24), MONDAY, [strength(20, 10)]);
    const b = benchLog("b".repeat(24), MONDAY, [strength(20, 10)]);
    const one = recordsFromLogs([a, b]).get("dumbbell-bench-press")!;
    const other = recordsFromLogs([b, a]).get("dumbbell-bench-press")!;
    expect(one).toEqual(other);
    expect(one.marks.heaviestKg?.sessionId).toBe(a.sessionId);
    expect(one.lastSessionId).toBe(b.sessionId);
  });

  it("takes the name of the latest session", () => {
    const renamed = { ...wednesday, name: "Dumbbell Bench Press" };
    expect(recordsFromLogs([renamed, monday]).get("dumbbell-bench-press")?.name).toBe("Dumbbell Bench Press");
    expect(recordsFromLogs([monday, renamed]).get("dumbbell-bench-press")?.name).toBe("Dumbbell Bench Press");
  });

  it("has no record date without a record", () => {
    expect(recordsSetAt(NO_MARKS)).toBeNull();
  });

  it("lists the record kinds in the order pages show them", () => {
    expect(RECORD_KINDS).toEqual(["bestE1rmKg", "heaviestKg", "bestVolumeKg", "mostReps", "longestSec", "longestKm"]);
  });
});

describe("the figure an exercise's chart shows", () => {
  const figures = (overrides: Partial<ExerciseFigures>): ExerciseFigures => ({ ...EMPTY_FIGURES, ...overrides });

  it("prefers the estimated 1RM, then the weight, reps, duration and distance", () => {
    expect(progressFigureOf([figures({ heaviestKg: 20 }), figures({ bestE1rmKg: 30, heaviestKg: 25 })])).toBe(
      "bestE1rmKg",
    );
    expect(progressFigureOf([figures({ heaviestKg: 20, volumeKg: 300 })])).toBe("heaviestKg");
    expect(progressFigureOf([figures({ mostReps: 20 })])).toBe("mostReps");
    expect(progressFigureOf([figures({ longestSec: 600, longestKm: 2 })])).toBe("longestSec");
    expect(progressFigureOf([figures({ longestKm: 2 })])).toBe("longestKm");
    expect(progressFigureOf([figures({})])).toBeNull();
    expect(progressFigureOf([])).toBeNull();
  });
});

describe("records kept apart per exercise", () => {
  it("folds each exercise of a session into its own records", () => {
    const logs = exerciseLogsOf({
      id: "9".repeat(24),
      startedAt: MONDAY,
      entries: [entry("squat", "muscu", [strength(60, 8)]), entry("running", "cardio", [{ durationSec: 600 }])],
    });
    const records = recordsFromLogs(logs);
    expect([...records.keys()]).toEqual(["squat", "running"]);
    const squat: ExerciseRecords | undefined = records.get("squat");
    expect(squat?.marks.longestSec).toBeNull();
    expect(records.get("running")?.marks.heaviestKg).toBeNull();
  });
});

describe("the records a save's answer names", () => {
  it("keeps the well-formed ones only", () => {
    const record = { exerciseId: "squat", name: "Squat", kind: "heaviestKg", previous: 60, value: 62.5 };
    expect(readNewRecords([record, { ...record, kind: "fastest" }, { ...record, value: "62.5" }, null, 3])).toEqual([
      record,
    ]);
    expect(readNewRecords({ records: [record] })).toEqual([]);
    expect(readNewRecords(undefined)).toEqual([]);
  });
});
