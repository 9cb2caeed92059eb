import { describe, expect, it } from "vitest";
import { emptyCardioSet, emptyStrengthSet, type ExerciseInput } from "./session-entries";
import { WORKOUT_SESSION_PAGE_MESSAGES, parseWorkoutSessionPageQuery } from "./session-page";
import {
  buildSessionPayload,
  incomingOf,
  type IncomingSession,
  sessionRefusalOfCode,
  sessionResultOf,
  sessionToSave,
} from "./session-payload";
import {
  adjustRest,
  durationMinutes,
  elapsedMs,
  formatClock,
  idleTimer,
  MAX_SESSION_SECONDS,
  parseRestCountdown,
  parseTimerState,
  pauseTimer,
  REST_STEP_SECONDS,
  restSecondsLeft,
  sessionDurationSeconds,
  startRest,
  startTimer,
  timerPhase,
} from "./session-timer";

const exercises = [
  { id: "bench-press", name: "Développé couché" },
  { id: "push-up", name: "Pompes" },
  { id: "running", name: "Course à pied" },
  { id: "plank", name: "Gainage" },
];

const inputs: Record<string, ExerciseInput> = {
  "bench-press": {
    mode: "muscu",
    sets: [
      { weight: 60, reps: 10, restSec: 90 },
      { weight: 60, reps: 8, restSec: null },
    ],
    cardioSets: [emptyCardioSet()],
    notes: "Bien",
    done: true,
  },
  "push-up": {
    mode: "pdc",
    sets: [{ weight: null, reps: 15, restSec: null }],
    cardioSets: [emptyCardioSet()],
    notes: "",
    done: true,
  },
  running: {
    mode: "cardio",
    sets: [emptyStrengthSet()],
    cardioSets: [{ durationMin: 20, durationSec: null, intensity: 6, distanceKm: 3.5 }],
    notes: "",
    done: true,
  },
  plank: { mode: "muscu", sets: [emptyStrengthSet()], cardioSets: [], notes: "Pas le temps", done: false },
};

const startedAt = new Date("2026-05-04T18:00:00.000Z");
const endedAt = new Date("2026-05-04T18:50:00.000Z");

describe("the saved-session payload", () => {
  const payload = buildSessionPayload({
    name: "  Haut du corps ",
    exercises,
    inputs,
    startedAt,
    endedAt,
    countedSeconds: 2_710,
    notes: " Au top ",
    idempotencyKey: "3f0c1c8e-4c56-4d0a-9f43-8a8d5bbfa7a1",
  });

  it("carries every field the spec names", () => {
    expect(payload).toMatchObject({
      name: "Haut du corps",
      label: "Haut du corps",
      startedAt: "2026-05-04T18:00:00.000Z",
      endedAt: "2026-05-04T18:50:00.000Z",
      // 2710 s: 45.17 min, rounded.
      durationMinutes: 45,
      meta: { durationSec: 2_710 },
      notes: "Au top",
      idempotencyKey: "3f0c1c8e-4c56-4d0a-9f43-8a8d5bbfa7a1",
    });
    expect(payload.items).toEqual(payload.entries);
    expect(payload.meta.summary).toEqual(payload.summary);
  });

  it("holds an entry per exercise with a logged set, and every exercise in the summary", () => {
    expect(payload.entries.map((entry) => [entry.exerciseId, entry.type, entry.mode, entry.calories])).toEqual([
      // (60 x 10 + 60 x 8) x 0.075 = 81
      ["bench-press", "muscu", "muscu", 81],
      // 15 x 0.8
      ["push-up", "muscu", "pdc", 12],
      // 11 x 20
      ["running", "cardio", "cardio", 220],
    ]);
    expect(payload.summary).toEqual({
      plannedExercises: 4,
      completedExercises: 3,
      skippedExercises: 1,
      exercises: [
        { exerciseName: "Développé couché", done: true, note: "Bien" },
        { exerciseName: "Pompes", done: true, note: "" },
        { exerciseName: "Course à pied", done: true, note: "" },
        { exerciseName: "Gainage", done: false, note: "Pas le temps" },
      ],
    });
  });

  it("keeps no name for a session without one (pages name it in their language), and leaves the key out when there is none", () => {
    const unnamed = buildSessionPayload({
      name: " ",
      exercises,
      inputs: {},
      startedAt,
      endedAt,
      countedSeconds: null,
      notes: "",
    });
    expect(unnamed.name).toBe("");
    expect(unnamed.label).toBe("");
    expect(unnamed.entries).toEqual([]);
    expect(unnamed.meta.durationSec).toBe(3_000);
    expect("idempotencyKey" in unnamed).toBe(false);
  });
});

describe("the session the server keeps", () => {
  const incoming = (overrides: Partial<IncomingSession> = {}): IncomingSession => ({
    name: "Jambes",
    startedAt,
    endedAt,
    countedSeconds: 1_800,
    notes: "",
    entries: [
      { exerciseId: "squat", name: "Squat", mode: "muscu", notes: "", done: false, sets: [{ reps: 5, weightKg: 100 }] },
      { exerciseId: "lunge", name: "Fentes", mode: "pdc", notes: "", done: true, sets: [{ reps: 0 }] },
    ],
    summary: null,
    ...overrides,
  });

  it("computes calories and duration itself and keeps only valid entries, done", () => {
    const outcome = sessionToSave(incoming());
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.session).toMatchObject({ name: "Jambes", durationSec: 1_800, calories: 38 });
    expect(outcome.session.entries.map((entry) => [entry.exerciseId, entry.done])).toEqual([["squat", true]]);
    expect(outcome.session.clientSummary).toEqual({
      plannedExercises: 1,
      completedExercises: 1,
      skippedExercises: 0,
      exercises: [{ exerciseName: "Squat", done: true, note: "" }],
    });
  });

  it("refuses a session without a single valid entry (NO_VALID_ENTRIES)", () => {
    expect(sessionToSave(incoming({ entries: [] }))).toEqual({ ok: false, code: "NO_VALID_ENTRIES" });
    expect(
      sessionToSave(
        incoming({ entries: [{ exerciseId: "a", name: "A", mode: "cardio", notes: "", done: true, sets: [{}] }] }),
      ),
    ).toEqual({ ok: false, code: "NO_VALID_ENTRIES" });
  });

  it("never keeps more active time than between start and end", () => {
    const outcome = sessionToSave(incoming({ countedSeconds: 999_999 }));
    expect(outcome.ok && outcome.session.durationSec).toBe(3_000);
    const noClock = sessionToSave(incoming({ countedSeconds: null }));
    expect(noClock.ok && noClock.session.durationSec).toBe(3_000);
  });

  it("keeps the client's exercise list, its counts made coherent", () => {
    const listed = sessionToSave(
      incoming({
        summary: {
          exercises: [
            { exerciseName: "Squat", done: true, note: "" },
            { exerciseName: "Fentes", done: false, note: "genou" },
          ],
          plannedExercises: 99,
        },
      }),
    );
    expect(listed.ok && listed.session.clientSummary).toMatchObject({
      plannedExercises: 2,
      completedExercises: 1,
      skippedExercises: 1,
    });
    const counted = sessionToSave(incoming({ summary: { plannedExercises: 4 } }));
    expect(counted.ok && counted.session.clientSummary).toMatchObject({
      plannedExercises: 4,
      completedExercises: 1,
      skippedExercises: 3,
    });
  });

  it("stores no name for a session sent without one: pages name it in their language", () => {
    const outcome = sessionToSave(incoming({ name: "  " }));
    expect(outcome.ok && outcome.session.name).toBe("");
  });
});

describe("the session clock", () => {
  it("goes idle -> running -> paused -> running, counting only the runs", () => {
    let timer = idleTimer();
    expect(timerPhase(timer)).toBe("idle");
    timer = startTimer(timer, 1_000);
    expect(timerPhase(timer)).toBe("running");
    expect(timer.startedAt).toBe(1_000);
    expect(startTimer(timer, 5_000)).toBe(timer);
    timer = pauseTimer(timer, 61_000);
    expect(timerPhase(timer)).toBe("paused");
    expect(elapsedMs(timer, 500_000)).toBe(60_000);
    timer = startTimer(timer, 100_000);
    expect(timer.startedAt).toBe(1_000);
    expect(elapsedMs(timer, 130_500)).toBe(90_500);
    // A device clock set back never counts backwards.
    expect(elapsedMs(timer, 50_000)).toBe(60_000);
  });

  it("shows mm:ss, minutes going past 59", () => {
    expect(formatClock(0)).toBe("00:00");
    expect(formatClock(59_999)).toBe("00:59");
    expect(formatClock(61_000)).toBe("01:01");
    expect(formatClock(75 * 60_000 + 3_000)).toBe("75:03");
    expect(formatClock(-5)).toBe("00:00");
  });

  it("reads back a stored clock, anything malformed being an idle one", () => {
    expect(parseTimerState({ elapsedMs: 5_000, runningSince: null }, "1000")).toEqual({
      startedAt: 1_000,
      elapsedMs: 5_000,
      runningSince: null,
    });
    expect(parseTimerState(null, 1_000)).toEqual({ startedAt: 1_000, elapsedMs: 0, runningSince: null });
    expect(parseTimerState({ elapsedMs: 5 }, "nope")).toEqual(idleTimer());
    expect(parseTimerState({ elapsedMs: -5, runningSince: "x" }, 7)).toEqual({
      startedAt: 7,
      elapsedMs: 0,
      runningSince: null,
    });
  });

  it("rounds minutes from seconds, and bounds a session's active time", () => {
    expect(durationMinutes(89)).toBe(1);
    expect(durationMinutes(90)).toBe(2);
    expect(durationMinutes(0)).toBe(0);
    expect(sessionDurationSeconds(startedAt, endedAt, 120.4)).toBe(120);
    expect(sessionDurationSeconds(endedAt, startedAt, 120)).toBe(0);
    expect(sessionDurationSeconds(new Date(0), new Date(3 * 86_400_000), null)).toBe(MAX_SESSION_SECONDS);
  });

  it("counts a rest down in whole seconds", () => {
    const rest = startRest(90, 10_000);
    expect(restSecondsLeft(rest, 10_000)).toBe(90);
    expect(restSecondsLeft(rest, 10_001)).toBe(90);
    expect(restSecondsLeft(rest, 99_000)).toBe(1);
    expect(restSecondsLeft(rest, 100_000)).toBe(0);
    expect(restSecondsLeft(rest, 200_000)).toBe(0);
  });

  it("makes a running rest 15 s shorter or longer, never ending before now", () => {
    expect(REST_STEP_SECONDS).toBe(15);
    const rest = startRest(90, 10_000);
    expect(adjustRest(rest, 15, 20_000)).toEqual({ endsAt: 115_000, totalSeconds: 105 });
    expect(adjustRest(rest, -15, 20_000)).toEqual({ endsAt: 85_000, totalSeconds: 75 });
    expect(restSecondsLeft(adjustRest(rest, -15, 20_000), 20_000)).toBe(65);
    // Cut past its end: over now, the bar at least a second long.
    const short = startRest(10, 10_000);
    expect(adjustRest(short, -15, 12_000)).toEqual({ endsAt: 12_000, totalSeconds: 1 });
    expect(restSecondsLeft(adjustRest(short, -15, 12_000), 12_000)).toBe(0);
  });

  it("reads a rest back from the device, anything malformed being no rest", () => {
    expect(parseRestCountdown({ endsAt: 100_000, totalSeconds: 90 })).toEqual({ endsAt: 100_000, totalSeconds: 90 });
    for (const junk of [null, "90", { endsAt: "1", totalSeconds: 90 }, { endsAt: 1, totalSeconds: 0 }, { endsAt: 1 }]) {
      expect(parseRestCountdown(junk)).toBeNull();
    }
    expect(parseRestCountdown({ endsAt: 1, totalSeconds: MAX_SESSION_SECONDS + 1 })).toBeNull();
    expect(parseRestCountdown({ endsAt: Number.POSITIVE_INFINITY, totalSeconds: 5 })).toBeNull();
  });
});

describe("the sessions listing's query", () => {
  it("takes up to 50 a page, with a cursor", () => {
    expect(parseWorkoutSessionPageQuery(new URLSearchParams())).toEqual({ ok: true, page: { limit: 50 } });
    expect(parseWorkoutSessionPageQuery(new URLSearchParams("limit=51"))).toEqual({
      ok: false,
      message: WORKOUT_SESSION_PAGE_MESSAGES.invalidLimit,
    });
    expect(
      parseWorkoutSessionPageQuery(new URLSearchParams("limit=5&before=1772359200123-0123456789abcdef01234567")),
    ).toEqual({
      ok: true,
      page: { limit: 5, before: { at: new Date(1772359200123), id: "0123456789abcdef01234567" } },
    });
    expect(parseWorkoutSessionPageQuery(new URLSearchParams("before=x")).ok).toBe(false);
  });
});

describe("the payload's summary lines", () => {
  it("trim an exercise's notes, and give an exercise never opened no note", () => {
    const payload = buildSessionPayload({
      name: "Haut",
      exercises: [...exercises, { id: "dips", name: "Dips" }],
      inputs: { ...inputs, "bench-press": { ...inputs["bench-press"]!, notes: "  Bien  " } },
      startedAt,
      endedAt,
      countedSeconds: null,
      notes: "",
    });
    expect(payload.summary.exercises[0]).toEqual({ exerciseName: "Développé couché", done: true, note: "Bien" });
    expect(payload.summary.exercises[4]).toEqual({ exerciseName: "Dips", done: false, note: "" });
  });
});

describe("a finish read by the server itself", () => {
  it("holds the opened exercises' entries and every planned exercise in its summary", () => {
    const session = {
      name: "Haut",
      exercises: [exercises[1]!, { id: "dips", name: "Dips" }],
      inputs,
      startedAt,
      endedAt,
      countedSeconds: null,
      notes: " Fini ",
    };
    expect(incomingOf(session)).toEqual({
      name: "Haut",
      startedAt,
      endedAt,
      countedSeconds: null,
      notes: " Fini ",
      entries: [
        {
          exerciseId: "push-up",
          name: "Pompes",
          mode: "pdc",
          notes: "",
          done: true,
          sets: [{ reps: 15, weightKg: null, restSec: null }],
        },
      ],
      summary: {
        exercises: [
          { exerciseName: "Pompes", done: true, note: "" },
          { exerciseName: "Dips", done: false, note: "" },
        ],
      },
    });
  });
});

describe("the session the server keeps, from a bare client summary", () => {
  const squat = {
    exerciseId: "squat",
    name: "Squat",
    mode: "muscu" as const,
    notes: "Profond",
    done: true,
    sets: [{ reps: 5, weightKg: 100 }],
  };
  const base: IncomingSession = {
    name: "Jambes",
    startedAt,
    endedAt,
    countedSeconds: null,
    notes: "  Bonne séance ",
    entries: [squat],
    summary: null,
  };

  it("lists the kept entries when the client's list is empty, and counts its planned exercises", () => {
    const outcome = sessionToSave({ ...base, summary: { exercises: [], plannedExercises: 3 } });
    expect(outcome.ok && outcome.session.clientSummary).toEqual({
      plannedExercises: 3,
      completedExercises: 1,
      skippedExercises: 2,
      exercises: [{ exerciseName: "Squat", done: true, note: "Profond" }],
    });
  });

  it("trims the session's notes", () => {
    const outcome = sessionToSave(base);
    expect(outcome.ok && outcome.session.notes).toBe("Bonne séance");
  });
});

describe("the summary's outcome", () => {
  const payload = buildSessionPayload({
    name: "Haut",
    exercises,
    inputs,
    startedAt,
    endedAt,
    countedSeconds: 2_710,
    notes: "",
  });

  it("counts one save for a saved session and one error for a refusal, unless told otherwise", () => {
    expect(sessionResultOf(payload, { outcome: "saved" })).toEqual({
      name: "Haut",
      durationSec: 2_710,
      calories: 313,
      summary: payload.summary,
      outcome: "saved",
      savedCount: 1,
      errorCount: 0,
      refusal: null,
      newRecords: [],
      planned: [],
      entries: payload.entries,
    });
    const fell = {
      exerciseId: "bench-press",
      name: "Développé couché",
      kind: "heaviestKg" as const,
      previous: 60,
      value: 62.5,
    };
    expect(sessionResultOf(payload, { outcome: "saved", newRecords: [fell] }).newRecords).toEqual([fell]);
    expect(sessionResultOf(payload, { outcome: "failed" })).toMatchObject({ savedCount: 0, errorCount: 1 });
    expect(sessionResultOf(payload, { outcome: "kept-on-device" })).toMatchObject({ savedCount: 0, errorCount: 0 });
    expect(
      sessionResultOf(payload, {
        outcome: "failed",
        errorCount: 2,
        refusal: { key: "tooMany", values: { minutes: 12 } },
      }),
    ).toMatchObject({ errorCount: 2, refusal: { key: "tooMany", values: { minutes: 12 } } });
  });

  it("reads a refusal's reason from the API's code, the generic one for anything else", () => {
    expect(sessionRefusalOfCode("NO_VALID_ENTRIES")).toEqual({ key: "noValidEntries" });
    // A schema error (no code), a 429 the browser never shows, an unknown code, no answer at all.
    for (const code of [undefined, null, "tooManyRequests", "SOMETHING_NEW", 400, "noValidEntries"]) {
      expect(sessionRefusalOfCode(code)).toEqual({ key: "generic" });
    }
  });
});

describe("the session clock, at its edges", () => {
  it("leaves a clock that is not running as it is when paused", () => {
    const idle = idleTimer();
    expect(pauseTimer(idle, 5_000)).toBe(idle);
    const paused = pauseTimer(startTimer(idle, 1_000), 3_000);
    expect(pauseTimer(paused, 9_000)).toBe(paused);
  });

  it("reads back a clock started at 0, and takes no infinite or text figure", () => {
    expect(parseTimerState({ elapsedMs: 0, runningSince: 0 }, 0)).toEqual({
      startedAt: 0,
      elapsedMs: 0,
      runningSince: 0,
    });
    expect(parseTimerState({ elapsedMs: "5000", runningSince: Number.POSITIVE_INFINITY }, 7)).toEqual({
      startedAt: 7,
      elapsedMs: 0,
      runningSince: null,
    });
    expect(parseTimerState({}, Number.POSITIVE_INFINITY)).toEqual(idleTimer());
  });
});
