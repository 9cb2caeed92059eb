import { describe, expect, it } from "vitest";
import { newAccountInputs } from "~/testing/summary-inputs";
import {
  addDays,
  dayKeyOf,
  dayNumber,
  daysBetween,
  daysEndingOn,
  isDayKey,
  mondayBasedWeekday,
  weekOf,
} from "./days.ts";
import { readSession } from "./session-reading.ts";
import {
  aggregateContributions,
  buildSummary,
  contributionOf,
  favouriteMuscleGroup,
  sessionContribution,
  streakDays,
  summaryDaysFrom,
  weekPoints,
  type WorkoutDayStats,
} from "./summary.ts";
import { sessionFigures } from "./workout-stats.ts";

function aDay(day: string, fields: Partial<WorkoutDayStats> = {}): WorkoutDayStats {
  return {
    day,
    sessions: 1,
    calories: 100,
    durationSec: 1800,
    exercises: 3,
    muscleSets: {},
    lastAt: new Date(`${day}T10:00:00Z`),
    ...fields,
  };
}

describe("days", () => {
  it("reads the day in Paris time, summer time included", () => {
    // 23:30 UTC in winter is 00:30 the next day in Paris.
    expect(dayKeyOf(new Date("2026-01-10T23:30:00Z"))).toBe("2026-01-11");
    expect(dayKeyOf(new Date("2026-01-10T22:59:00Z"))).toBe("2026-01-10");
    // In summer Paris is UTC+2.
    expect(dayKeyOf(new Date("2026-07-10T21:59:00Z"))).toBe("2026-07-10");
    expect(dayKeyOf(new Date("2026-07-10T22:00:00Z"))).toBe("2026-07-11");
    expect(dayKeyOf(new Date("2026-07-10T22:00:00Z"), "UTC")).toBe("2026-07-10");
  });

  it("counts and adds days across months, years and the clock change", () => {
    expect(addDays("2026-03-28", 2)).toBe("2026-03-30");
    expect(addDays("2026-01-01", -1)).toBe("2025-12-31");
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(daysBetween("2026-03-01", "2026-03-31")).toBe(30);
    expect(daysBetween("2026-03-31", "2026-03-01")).toBe(-30);
  });

  it("starts weeks on Monday", () => {
    expect(mondayBasedWeekday("2026-03-02")).toBe(0);
    expect(mondayBasedWeekday("2026-03-08")).toBe(6);
    expect(weekOf("2026-03-05")).toEqual([
      "2026-03-02",
      "2026-03-03",
      "2026-03-04",
      "2026-03-05",
      "2026-03-06",
      "2026-03-07",
      "2026-03-08",
    ]);
    expect(weekOf("2026-03-08")[0]).toBe("2026-03-02");
    expect(weekOf("2026-03-09")[0]).toBe("2026-03-09");
  });

  it("lists the days of a window ending today", () => {
    expect(daysEndingOn("2026-03-05", 3)).toEqual(["2026-03-03", "2026-03-04", "2026-03-05"]);
  });

  it("knows a day key", () => {
    expect(isDayKey("2026-03-05")).toBe(true);
    expect(isDayKey("2026-02-30")).toBe(false);
    expect(isDayKey("2026-3-5")).toBe(false);
    expect(isDayKey(20260305)).toBe(false);
  });

  it("refuses a month or a year that Date would roll over", () => {
    // Month 13 is January of the next year for Date.UTC; the day stays 5.
    expect(isDayKey("2026-13-05")).toBe(false);
    // Date.UTC reads the years 0 to 99 as 1900 to 1999.
    expect(isDayKey("0050-01-05")).toBe(false);
  });

  it("accepts only strings as day keys", () => {
    // An array prints as its element, which would match the pattern.
    expect(isDayKey(["2026-03-05"])).toBe(false);
    expect(isDayKey({ toString: () => "2026-03-05" })).toBe(false);
  });

  it("numbers days from 1970-01-01", () => {
    expect(dayNumber("1970-01-01")).toBe(0);
    expect(dayNumber("1970-01-02")).toBe(1);
    expect(dayNumber("2026-03-05")).toBe(20_517);
  });

  it.each([
    ["2026-03-5"],
    ["2026-03-055"],
    ["2026/03-05"],
    ["2026-03/05"],
    ["2026/03/05"],
    ["abcd-03-05"],
    ["2026-ab-05"],
    ["2026-03-xy"],
  ])("refuses to number %s", (key) => {
    expect(() => dayNumber(key)).toThrow(new RangeError(`Not a day key: ${key}`));
  });
});

describe("streak", () => {
  it("counts consecutive days up to today", () => {
    expect(streakDays(["2026-03-05", "2026-03-04", "2026-03-03", "2026-03-01"], "2026-03-05")).toBe(3);
  });

  it("keeps yesterday's streak while today is not over", () => {
    expect(streakDays(["2026-03-04", "2026-03-03"], "2026-03-05")).toBe(2);
  });

  it("is 0 once a whole day was missed, or without sessions", () => {
    expect(streakDays(["2026-03-03", "2026-03-02"], "2026-03-05")).toBe(0);
    expect(streakDays([], "2026-03-05")).toBe(0);
  });

  it("ignores days after today (a clock ahead on another device)", () => {
    expect(streakDays(["2026-03-07", "2026-03-05"], "2026-03-05")).toBe(1);
    // Tomorrow would otherwise lead a run of three.
    expect(streakDays(["2026-03-06", "2026-03-05", "2026-03-04"], "2026-03-05")).toBe(2);
  });
});

describe("favourite muscle group", () => {
  it("is the group with the most completed sets", () => {
    const days = [
      aDay("2026-03-01", { muscleSets: { jambes: 6, dos: 2 } }),
      aDay("2026-03-03", { muscleSets: { dos: 3 } }),
    ];
    expect(favouriteMuscleGroup(days)).toBe("jambes");
  });

  it("gives a tie to the group trained most recently", () => {
    const days = [aDay("2026-03-01", { muscleSets: { jambes: 4 } }), aDay("2026-03-03", { muscleSets: { dos: 4 } })];
    expect(favouriteMuscleGroup(days)).toBe("dos");
    expect(favouriteMuscleGroup(days.toReversed())).toBe("dos");
  });

  it("breaks a tie of the same session by the groups' order", () => {
    const days = [aDay("2026-03-01", { muscleSets: { bras: 2, pectoraux: 2 } })];
    expect(favouriteMuscleGroup(days, ["pectoraux", "dos", "epaules", "bras"])).toBe("pectoraux");
  });

  it("is always one of the groups given: a name kept by an older version never counts", () => {
    const groups = ["pectoraux", "dos", "epaules", "bras", "jambes", "core"];
    const days = [aDay("2026-03-01", { muscleSets: { legs: 9, cardio: 7, "groups.jambes": 8, dos: 1 } })];
    expect(favouriteMuscleGroup(days, groups)).toBe("dos");
    expect(favouriteMuscleGroup([aDay("2026-03-01", { muscleSets: { cardio: 3 } })], groups)).toBeNull();
  });

  it("gives the group with more sets even when it comes later", () => {
    expect(favouriteMuscleGroup([aDay("2026-03-01", { muscleSets: { dos: 2, jambes: 6 } })])).toBe("jambes");
  });

  it("does not give a tie to the group first in order when another was trained more recently", () => {
    const days = [aDay("2026-03-03", { muscleSets: { dos: 4 } }), aDay("2026-03-01", { muscleSets: { jambes: 4 } })];
    expect(favouriteMuscleGroup(days, ["jambes", "dos"])).toBe("dos");
  });

  it("follows the groups' order whichever group comes first", () => {
    const order = ["pectoraux", "dos", "epaules", "bras"];
    expect(favouriteMuscleGroup([aDay("2026-03-01", { muscleSets: { pectoraux: 2, bras: 2 } })], order)).toBe(
      "pectoraux",
    );
    expect(favouriteMuscleGroup([aDay("2026-03-01", { muscleSets: { epaules: 2, dos: 2 } })], order)).toBe("dos");
  });

  it("ranks a group missing from the order after those in it", () => {
    const order = ["pectoraux", "dos"];
    expect(favouriteMuscleGroup([aDay("2026-03-01", { muscleSets: { dos: 2, core: 2 } })], order)).toBe("dos");
    expect(favouriteMuscleGroup([aDay("2026-03-01", { muscleSets: { core: 2, dos: 2 } })], order)).toBe("dos");
  });

  it("keeps the first group met when nothing tells them apart", () => {
    expect(favouriteMuscleGroup([aDay("2026-03-01", { muscleSets: { bras: 2, dos: 2 } })])).toBe("bras");
  });

  it("is none without sets", () => {
    expect(favouriteMuscleGroup([])).toBeNull();
    expect(favouriteMuscleGroup([aDay("2026-03-01", { muscleSets: { jambes: 0 } })])).toBeNull();
  });
});

describe("aggregates", () => {
  it("sums contributions per day and overall", () => {
    const at = (iso: string) => new Date(iso);
    const { totals, days } = aggregateContributions([
      {
        day: "2026-03-02",
        at: at("2026-03-02T18:00:00Z"),
        calories: 300,
        durationSec: 1800,
        exercises: 4,
        muscleSets: { jambes: 5 },
      },
      {
        day: "2026-03-01",
        at: at("2026-03-01T08:00:00Z"),
        calories: 120,
        durationSec: 900,
        exercises: 2,
        muscleSets: {},
      },
      {
        day: "2026-03-02",
        at: at("2026-03-02T07:00:00Z"),
        calories: 200,
        durationSec: 600,
        exercises: 1,
        muscleSets: { jambes: 1, dos: 2 },
      },
    ]);
    expect(totals).toEqual({ sessions: 3, calories: 620, durationSec: 3300 });
    // 2026-03-02: 18:00 then 07:00, the later one kept.
    expect(days).toEqual([
      {
        day: "2026-03-01",
        sessions: 1,
        calories: 120,
        durationSec: 900,
        exercises: 2,
        muscleSets: {},
        lastAt: at("2026-03-01T08:00:00Z"),
      },
      {
        day: "2026-03-02",
        sessions: 2,
        calories: 500,
        durationSec: 2400,
        exercises: 5,
        muscleSets: { jambes: 6, dos: 2 },
        lastAt: at("2026-03-02T18:00:00Z"),
      },
    ]);
  });
});

describe("aggregates in time order", () => {
  it("keeps the latest session of a day when they come oldest first", () => {
    const contribution = (at: string) => ({
      day: "2026-03-02",
      at: new Date(at),
      calories: 0,
      durationSec: 0,
      exercises: 0,
      muscleSets: {},
    });
    const { days } = aggregateContributions([
      contribution("2026-03-02T07:00:00Z"),
      contribution("2026-03-02T18:00:00Z"),
    ]);
    expect(days.map((day) => day.lastAt.toISOString())).toEqual(["2026-03-02T18:00:00.000Z"]);
  });
});

describe("week points", () => {
  it("gives Monday to Sunday of the current week, days without sessions at 0", () => {
    const days = [
      aDay("2026-03-01", { exercises: 9 }),
      aDay("2026-03-03", { exercises: 4 }),
      aDay("2026-03-05", { exercises: 2 }),
    ];
    expect(weekPoints(days, "2026-03-05")).toEqual([
      { date: "2026-03-02", value: 0 },
      { date: "2026-03-03", value: 4 },
      { date: "2026-03-04", value: 0 },
      { date: "2026-03-05", value: 2 },
      { date: "2026-03-06", value: 0 },
      { date: "2026-03-07", value: 0 },
      { date: "2026-03-08", value: 0 },
    ]);
  });

  it("reads from the favourite group's window, or Monday when that is earlier", () => {
    expect(summaryDaysFrom("2026-03-31")).toBe("2026-03-02");
    expect(summaryDaysFrom("2026-03-05")).toBe("2026-02-04");
  });
});

/** A new account's inputs on Thursday 2026-03-05: nothing recorded yet. */
const empty = newAccountInputs("2026-03-05");

describe("summary", () => {
  it("has nothing to say for a new account", () => {
    expect(buildSummary(empty)).toEqual({
      lastWeight: null,
      imc: null,
      calories: null,
      lastSession: null,
      lastWorkoutDuration: null,
      lastCaloriesBurned: null,
      caloriesBurnedWeek: 0,
      totalSessions: 0,
      streakDays: 0,
      favoriteMuscleGroup: null,
      initialWeight: null,
      latestWeight: null,
      weightChange: null,
      avgWorkoutDurationMin: null,
      avgCaloriesPerWorkout: null,
      workoutsCount7d: 0,
      calories7d: 0,
      avgDailyCalories7d: 0,
      avgCaloriesPerWorkout7d: null,
      sessions: [],
      lastCompletedExercises: null,
      lastPlannedExercises: null,
      lastExercisesList: [],
      lastSummary: null,
    });
  });

  it("reads the body figures from the records, the account weight standing in", () => {
    const summary = buildSummary({
      ...empty,
      latestImc: { poids: 78.4, imc: 24.2 },
      firstImcWeight: 82,
      latestDailyCalories: 2450,
    });
    expect(summary).toMatchObject({
      lastWeight: 78.4,
      imc: 24.2,
      calories: 2450,
      initialWeight: 82,
      latestWeight: 78.4,
      weightChange: -3.6,
    });
    expect(buildSummary({ ...empty, accountWeightKg: 90 })).toMatchObject({
      lastWeight: null,
      latestWeight: 90,
      weightChange: null,
    });
  });

  it("computes the workout figures from the aggregates and the newest session", () => {
    const session = readSession({
      _id: "s1",
      name: "Jambes",
      endedAt: "2026-03-05T09:00:00Z",
      durationSec: 2700,
      calories: 350,
      entries: [
        { name: "Squat", sets: [{ weightKg: 60, reps: 8 }] },
        { name: "Vélo", cardioSets: [{ durationMin: 10 }], done: false },
      ],
    })!;
    const figures = sessionFigures(session, { userWeightKg: 70 });
    const summary = buildSummary({
      ...empty,
      totals: { sessions: 10, calories: 3004, durationSec: 10 * 2400 },
      days: [
        // Outside the 7-day window (which starts on 2026-02-27) and before Monday (2026-03-02).
        aDay("2026-02-26", { sessions: 1, calories: 500, muscleSets: { dos: 20 } }),
        aDay("2026-02-27", { sessions: 1, calories: 200 }),
        aDay("2026-03-01", { sessions: 2, calories: 400, muscleSets: { jambes: 8 } }),
        aDay("2026-03-04", { sessions: 1, calories: 250, muscleSets: { pectoraux: 4 } }),
        aDay("2026-03-05", { sessions: 1, calories: 350, muscleSets: { jambes: 3 } }),
      ],
      activeDays: ["2026-03-05", "2026-03-04", "2026-03-01"],
      recentSessions: [{ session, figures }],
    });
    expect(summary).toMatchObject({
      totalSessions: 10,
      avgWorkoutDurationMin: 40,
      avgCaloriesPerWorkout: 300,
      // 2026-02-27 to 2026-03-05: 1 + 2 + 1 + 1 sessions, 200 + 400 + 250 + 350 kcal.
      workoutsCount7d: 5,
      calories7d: 1200,
      avgDailyCalories7d: 171,
      avgCaloriesPerWorkout7d: 240,
      // Monday 2026-03-02 to today.
      caloriesBurnedWeek: 600,
      streakDays: 2,
      favoriteMuscleGroup: "dos",
      lastWorkoutDuration: 45,
      lastCaloriesBurned: 350,
      lastCompletedExercises: 1,
      lastPlannedExercises: 2,
      lastExercisesList: [
        { name: "Squat", type: "muscu", done: true, sets: 1 },
        { name: "Vélo", type: "cardio", done: false, sets: 1 },
      ],
      lastSummary: {
        plannedExercises: 2,
        completedExercises: 1,
        skippedExercises: 1,
        percentDone: 50,
        volumeKg: 480,
        cardioExercises: 1,
        strengthExercises: 1,
        durationMin: 45,
        calories: 350,
      },
    });
    const overview = {
      id: "s1",
      name: "Jambes",
      date: "2026-03-05T09:00:00.000Z",
      durationMin: 45,
      calories: 350,
      exercises: 2,
      completedExercises: 1,
      plannedExercises: 2,
    };
    expect(summary.lastSession).toEqual(overview);
    expect(summary.sessions).toEqual([overview]);
  });

  it("leaves the weight change out without a latest weight", () => {
    expect(buildSummary({ ...empty, firstImcWeight: 82 })).toMatchObject({
      initialWeight: 82,
      latestWeight: null,
      weightChange: null,
    });
  });

  it("counts this week's calories up to today only", () => {
    // A day after today (a clock ahead elsewhere) is left out of the week's calories.
    const summary = buildSummary({
      ...empty,
      days: [aDay("2026-03-03", { calories: 250 }), aDay("2026-03-06", { calories: 400 })],
    });
    expect(summary.caloriesBurnedWeek).toBe(250);
  });

  it("lists at most the five newest sessions", () => {
    const recentSessions = ["s1", "s2", "s3", "s4", "s5", "s6"].map((id) => {
      const session = readSession({ _id: id, durationSec: 600, finished: true })!;
      return { session, figures: sessionFigures(session, { userWeightKg: 70 }) };
    });
    expect(buildSummary({ ...empty, recentSessions }).sessions.map((session) => session.id)).toEqual([
      "s1",
      "s2",
      "s3",
      "s4",
      "s5",
    ]);
  });

  it("keeps the favourite group to the last 30 days", () => {
    const summary = buildSummary({
      ...empty,
      days: [aDay("2026-02-03", { muscleSets: { dos: 50 } }), aDay("2026-02-04", { muscleSets: { core: 1 } })],
    });
    expect(summary.favoriteMuscleGroup).toBe("core");
  });

  it("makes one contribution of a session's figures", () => {
    const session = readSession({ durationSec: 600, calories: 80, entries: [{ name: "A", sets: [{ reps: 10 }] }] })!;
    const at = new Date("2026-03-05T08:00:00Z");
    expect(contributionOf(sessionFigures(session, { userWeightKg: null }), "2026-03-05", at)).toEqual({
      day: "2026-03-05",
      at,
      calories: 80,
      durationSec: 600,
      exercises: 1,
      muscleSets: {},
    });
  });
});

describe("a saved session's contribution", () => {
  it("counts for its day in Paris, with its figures and groups", () => {
    const contribution = sessionContribution(
      {
        endedAt: "2026-01-10T23:30:00.000Z",
        durationSec: 1200,
        calories: 150,
        entries: [{ exerciseId: "squat", sets: [{ reps: 10, weightKg: 40 }] }],
      },
      {
        userWeightKg: 70,
        muscleGroupOf: (exercise) => (exercise.exerciseId === "squat" ? "jambes" : null),
        savedAt: new Date("2026-01-12T08:00:00.000Z"),
      },
    );
    expect(contribution).toEqual({
      day: "2026-01-11",
      at: new Date("2026-01-10T23:30:00.000Z"),
      calories: 150,
      durationSec: 1200,
      exercises: 1,
      muscleSets: { jambes: 1 },
    });
  });

  it("falls back to when it was saved", () => {
    const savedAt = new Date("2026-01-12T08:00:00.000Z");
    expect(sessionContribution({ calories: 10, finished: true }, { userWeightKg: null, savedAt })).toMatchObject({
      day: "2026-01-12",
      at: savedAt,
      calories: 10,
      exercises: 0,
    });
  });
});

describe("only finished sessions count (section 4)", () => {
  const savedAt = new Date("2026-03-05T18:00:00.000Z");
  const options = { userWeightKg: 70, savedAt };
  const entries = [{ name: "Squat", sets: [{ weightKg: 60, reps: 8 }] }];
  // Raw records as an import or an older client leaves them: no endedAt, no finished mark.
  const unfinished = [
    { startedAt: "2026-03-05T08:00:00Z", durationSec: 1800, calories: 200, entries },
    { startedAt: "2026-03-04T08:00:00Z", calories: 120, status: "en cours", entries },
    { startedAt: "2026-03-03T08:00:00Z", calories: 90, progress: 60, percent: "99", finished: false, entries },
    { calories: 50 },
  ];

  it("a session without any finished mark contributes nothing", () => {
    for (const raw of unfinished) expect(sessionContribution(raw, options), JSON.stringify(raw)).toBeNull();
    expect(sessionContribution(null, options)).toBeNull();
    expect(sessionContribution("a session", options)).toBeNull();
  });

  it("a session finished by any of the spec's marks contributes", () => {
    for (const mark of [
      { endedAt: "2026-03-05T09:00:00Z" },
      { finishedAt: "05/03/2026 09:00" },
      { finished: true },
      { percent: 100 },
      { progress: "100" },
      { status: "done" },
      { status: "Completed" },
      { status: "finished" },
      { status: "terminee" },
      { status: " Terminée " },
    ]) {
      expect(
        sessionContribution({ startedAt: "2026-03-05T08:00:00Z", calories: 150, entries, ...mark }, options),
        JSON.stringify(mark),
      ).toMatchObject({ calories: 150, exercises: 1 });
    }
  });

  it("totals, days, the 7-day window, the streak and the week's points leave unfinished records out", () => {
    const finished = [
      { endedAt: "2026-03-04T09:00:00Z", durationSec: 1200, calories: 100, entries },
      { startedAt: "2026-02-20T08:00:00Z", status: "terminée", durationSec: 600, calories: 40, entries },
    ];
    const { totals, days } = aggregateContributions(
      [...unfinished, ...finished].map((raw) => sessionContribution(raw, options)),
    );
    expect(totals).toEqual({ sessions: 2, calories: 140, durationSec: 1800 });
    expect(days.map((day) => [day.day, day.sessions, day.calories])).toEqual([
      ["2026-02-20", 1, 40],
      ["2026-03-04", 1, 100],
    ]);
    const { today } = empty;
    // Monday 2026-03-02: only Wednesday's finished session; today's, Tuesday's and the saved one are not finished.
    expect(weekPoints(days, today).map((point) => point.value)).toEqual([0, 0, 1, 0, 0, 0, 0]);
    const activeDays = days.map((day) => day.day).toReversed();
    expect(streakDays(activeDays, today)).toBe(1);
    const summary = buildSummary({ ...empty, totals, days, activeDays });
    expect(summary).toMatchObject({
      totalSessions: 2,
      workoutsCount7d: 1,
      calories7d: 100,
      caloriesBurnedWeek: 100,
      avgCaloriesPerWorkout: 70,
      avgWorkoutDurationMin: 15,
      streakDays: 1,
    });
  });

  it("chooses the last session and the listed ones among finished sessions only", () => {
    const read = (raw: Record<string, unknown>) => {
      const session = readSession(raw)!;
      return { session, figures: sessionFigures(session, { userWeightKg: 70 }) };
    };
    const newestUnfinished = read({ _id: "raw", startedAt: "2026-03-05T08:00:00Z", calories: 999, entries });
    const finished = read({ _id: "done", endedAt: "2026-03-04T09:00:00Z", durationSec: 1200, calories: 100, entries });
    const summary = buildSummary({ ...empty, recentSessions: [newestUnfinished, finished] });
    expect(summary.lastSession?.id).toBe("done");
    expect(summary).toMatchObject({ lastCaloriesBurned: 100, lastWorkoutDuration: 20 });
    expect(summary.sessions.map((session) => session.id)).toEqual(["done"]);

    expect(buildSummary({ ...empty, recentSessions: [newestUnfinished] })).toMatchObject({
      lastSession: null,
      lastWorkoutDuration: null,
      lastCaloriesBurned: null,
      lastCompletedExercises: null,
      lastPlannedExercises: null,
      lastExercisesList: [],
      lastSummary: null,
      sessions: [],
    });
  });
});
