import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { readSession } from "~/domain/stats/session-reading";
import { sessionFigures } from "~/domain/stats/workout-stats";
import { freshTestAppPerTest } from "~/testing/route-harness.server";
import { LEG_DAY, saveFinishedSession } from "~/testing/workouts";
import type { WorkoutSessionRecord } from "~/store/types";
import { MUSCLE_GROUP_IDS } from "~/domain/workout/zones";
import {
  historySummary,
  loadDashboard,
  muscleGroupOf,
  rebuildWorkoutFigures,
  recordSessionFigures,
  weightForEstimates,
} from "./dashboard.server";
import { exerciseCatalogue } from "./workout/exercise-catalogue.server";

// The dashboard's service on a real (in-memory SQLite) store.

const app = freshTestAppPerTest();

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the weight for estimates (DECISIONS.md)", () => {
  let userId: string;
  beforeEach(async () => {
    const user = await app.services.store.users.create({
      pseudo: "lea",
      email: "lea@example.test",
      passwordHash: "x",
      weightKg: 60,
    });
    userId = user.id;
  });

  /**
   * An older session whose calories were never stored: its figures come
   * from the MET estimate, so from the weight (its own bodyMassKg is missing too).
   */
  async function olderSession(): Promise<WorkoutSessionRecord> {
    const saved = await app.services.store.workoutSessions.save({
      userId,
      name: "Ancienne",
      startedAt: new Date("2026-01-10T08:00:00Z"),
      endedAt: new Date("2026-01-10T08:45:00Z"),
      durationSec: 2700,
      calories: 0,
      notes: "",
      entries: [
        {
          exerciseId: "bicycling",
          name: "Vélo",
          mode: "cardio",
          notes: "",
          done: true,
          sets: [{ durationSec: 1200, intensity: 6 }],
        },
      ] as never,
      clientSummary: { plannedExercises: 1, completedExercises: 1, skippedExercises: 0, exercises: [] },
    });
    return { ...saved.session, calories: null as never, bodyMassKg: null };
  }

  const estimateAt = (session: WorkoutSessionRecord, weightKg: number) =>
    sessionFigures(readSession(session)!, { userWeightKg: weightKg }).calories;

  it("is the latest IMC record's weight, else the account's weightKg, else none", async () => {
    const { store } = app.services;
    expect(await weightForEstimates(store, userId)).toBe(60);
    await store.history.add({ userId, action: "IMC_CALC", meta: { poids: 80, taille: 175, imc: 26.1 } });
    await store.history.add({ userId, action: "IMC_CALC", meta: { poids: 72, taille: 175, imc: 23.5 } });
    expect(await weightForEstimates(store, userId)).toBe(72);
    const bare = await store.users.create({ pseudo: "max", email: "max@example.test", passwordHash: "x" });
    expect(await weightForEstimates(store, bare.id)).toBeNull();
  });

  it("a saved session's figures use the account's weight when there is no IMC record", async () => {
    const session = await olderSession();
    // 9.5 MET x 3.5 x weight / 200 x 20 min: 199.5 kcal at 60 kg, 282.6 at the default 85 kg.
    expect(estimateAt(session, 60)).toBe(200);
    expect(estimateAt(session, 85)).toBe(283);
    await recordSessionFigures(app.services.store, userId, session);
    expect(await app.services.store.workoutStats.totals(userId)).toMatchObject({ sessions: 1, calories: 200 });
  });

  it("rebuilt figures use the same weight", async () => {
    const { store } = app.services;
    const session = await olderSession();
    vi.spyOn(store.workoutSessions, "listForUser").mockResolvedValue([session]);
    await rebuildWorkoutFigures(store, userId);
    expect(await store.workoutStats.totals(userId)).toMatchObject({ sessions: 1, calories: 200 });

    await store.history.add({ userId, action: "IMC_CALC", meta: { poids: 72, taille: 175, imc: 23.5 } });
    await rebuildWorkoutFigures(store, userId);
    expect(await store.workoutStats.totals(userId)).toMatchObject({ sessions: 1, calories: estimateAt(session, 72) });
  });

  it("the summary's last session uses the same weight", async () => {
    const { store } = app.services;
    const session = await olderSession();
    vi.spyOn(store.workoutSessions, "listForUser").mockResolvedValue([session]);
    const user = (await store.users.findById(userId))!;
    const now = new Date("2026-01-11T12:00:00Z");
    expect((await historySummary(store, user, now)).lastCaloriesBurned).toBe(200);
    await store.history.add({ userId, action: "IMC_CALC", meta: { poids: 72, taille: 175, imc: 23.5 } });
    expect((await historySummary(store, user, now)).lastCaloriesBurned).toBe(estimateAt(session, 72));
  });
});

describe("loadDashboard", () => {
  const now = new Date("2026-03-04T12:00:00+01:00");

  async function aUser() {
    const { store } = app.services;
    const user = await store.users.create({ pseudo: "lea", email: "lea@example.test", passwordHash: "x" });
    await store.history.add({ userId: user.id, action: "IMC_CALC", meta: { poids: 70, taille: 175, imc: 22.9 } });
    return user;
  }

  function quietErrors() {
    return vi.spyOn(console, "error").mockImplementation(() => {});
  }

  it("reads every part, with no error", async () => {
    const data = await loadDashboard(app.services.store, await aUser(), "fr", now);
    expect(data.errors).toEqual({ history: false, sessions: false, summary: false, exercises: false, routines: false });
    expect(data.today).toBe("2026-03-04");
    expect(data.measures).toHaveLength(1);
    expect(data.weights).toEqual([{ date: expect.any(String), poids: 70 }]);
    expect(data.week).toHaveLength(7);
    expect(data.summary).toMatchObject({ lastWeight: 70 });
  });

  it("misses only the summary when its totals cannot be read, and logs it", async () => {
    const { store } = app.services;
    const user = await aUser();
    const logged = quietErrors();

    vi.spyOn(store.workoutStats, "totals").mockRejectedValueOnce(new Error("totals down"));
    const noSummary = await loadDashboard(store, user, "fr", now);
    expect(noSummary.errors).toEqual({
      history: false,
      sessions: false,
      summary: true,
      exercises: false,
      routines: false,
    });
    expect(noSummary.summary).toBeNull();
    expect(noSummary.measures).toHaveLength(1);
    expect(noSummary.week).toHaveLength(7);
    expect(logged).toHaveBeenCalledWith("Dashboard: the summary could not be read:", expect.any(Error));
  });

  it("has no records to show when the history cannot be read", async () => {
    const { store } = app.services;
    const user = await aUser();
    quietErrors();
    vi.spyOn(store.history, "listForUser").mockRejectedValue(new Error("history down"));
    const data = await loadDashboard(store, user, "fr", now);
    // The summary reads the latest records too.
    expect(data.errors).toEqual({ history: true, sessions: false, summary: true, exercises: false, routines: false });
    expect(data.measures).toEqual([]);
    expect(data.weights).toEqual([]);
    expect(data.summary).toBeNull();
    expect(data.week).toHaveLength(7);
  });

  it("has no week points when the day figures cannot be read", async () => {
    const { store } = app.services;
    const user = await aUser();
    const logged = quietErrors();
    vi.spyOn(store.workoutStats, "days").mockRejectedValue(new Error("days down"));
    const data = await loadDashboard(store, user, "fr", now);
    expect(data.errors).toEqual({ history: false, sessions: true, summary: true, exercises: false, routines: false });
    expect(data.week).toEqual([]);
    expect(data.measures).toHaveLength(1);
    expect(logged).toHaveBeenCalledWith("Dashboard: the week could not be read:", expect.any(Error));
  });

  it("lists the most logged exercises with their records, and misses only them when they cannot be read", async () => {
    const { store } = app.services;
    const user = await aUser();
    for (let daysAgo = 3; daysAgo >= 1; daysAgo -= 1) {
      await saveFinishedSession(store, user.id, {
        endedAt: new Date(now.getTime() - daysAgo * 86_400_000),
        entries: daysAgo === 1 ? LEG_DAY.slice(0, 1) : LEG_DAY,
      });
    }
    const data = await loadDashboard(store, user, "en", now);
    expect(data.exercises.map((exercise) => [exercise.exerciseId, exercise.name])).toEqual([
      ["barbell-squat", "Back Squat"],
      ["bicycling", "Cycling"],
      ["bodyweight-squat", "Bodyweight Squat"],
    ]);
    // 60 × (1 + 8/30) = 76
    expect(data.exercises[0]).toMatchObject({ heaviestKg: 60, bestE1rmKg: 76, bestVolumeKg: 960 });

    const logged = quietErrors();
    vi.spyOn(store.exerciseHistory, "listRecords").mockRejectedValue(new Error("records down"));
    const missing = await loadDashboard(store, user, "fr", now);
    expect(missing.errors).toEqual({
      history: false,
      sessions: false,
      summary: false,
      exercises: true,
      routines: false,
    });
    expect(missing.exercises).toEqual([]);
    expect(logged).toHaveBeenCalledWith("Dashboard: the exercises could not be read:", expect.any(Error));
  });
});

describe("the favourite muscle group's groups", () => {
  it("puts every exercise of the catalogue that trains a muscle in one of the spec's six groups", () => {
    const outside: string[] = [];
    for (const { exercise } of exerciseCatalogue().index.all) {
      const group = muscleGroupOf({
        exerciseId: exercise.id,
        name: exercise.name,
        type: "muscu",
        sets: [],
        notes: "",
        done: true,
      });
      if (exercise.primaryMuscle === null ? group !== null : !MUSCLE_GROUP_IDS.includes(group as never)) {
        outside.push(`${exercise.id}: ${group}`);
      }
    }
    expect(outside).toEqual([]);
    expect(MUSCLE_GROUP_IDS).toEqual(["pectoraux", "dos", "epaules", "bras", "jambes", "core"]);
  });
});
