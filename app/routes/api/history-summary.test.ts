import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { NOT_SIGNED_IN_MESSAGE, startSession } from "~/services/auth/session.server";
import { buildSessionPayload } from "~/domain/workout/session-payload";
import { callRoute, freshTestAppPerTest, jsonRequest } from "~/testing/route-harness.server";
import { saveFinishedSession } from "~/testing/workouts";
import { addDays, dayKeyOf, weekOf } from "~/domain/stats/days";
import type { HistorySummary } from "~/domain/stats/summary";
import * as summaryRoute from "./history.summary.ts";
import * as sessionsRoute from "./workouts.sessions.ts";

const app = freshTestAppPerTest();
let userId: string;
let token: string;

beforeEach(async () => {
  const user = await app.services.store.users.create({
    pseudo: "lea",
    email: "lea@example.com",
    passwordHash: "x",
    weightKg: 64,
  });
  userId = user.id;
  token = (await startSession(app.context(), user.id, { remember: false })).token;
});

async function getSummary(headers: Record<string, string> = { Authorization: `Bearer ${token}` }) {
  return callRoute(
    summaryRoute.loader as never,
    new Request("http://localhost:3000/api/history/summary", { headers }),
    { context: app.context() },
  );
}

async function summary(): Promise<HistorySummary> {
  const response = await getSummary();
  expect(response.status).toBe(200);
  expect(response.headers.get("Cache-Control")).toBe("no-store");
  return (await response.json()) as HistorySummary;
}

const HOUR_MS = 3_600_000;

afterEach(() => {
  vi.useRealTimers();
});

describe("GET /api/history/summary", () => {
  it("answers 401 without a session", async () => {
    const response = await getSummary({});
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: NOT_SIGNED_IN_MESSAGE });
  });

  it("answers with the session cookie as with a bearer token", async () => {
    await app.services.store.history.add({ userId, action: "IMC_CALC", meta: { poids: 70, taille: 170, imc: 24.2 } });
    const { setCookie } = await startSession(app.context(), userId, { remember: true });
    const response = await getSummary({ Cookie: setCookie.split(";")[0]! });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.json()).toMatchObject({ lastWeight: 70, imc: 24.2, totalSessions: 0 });
    // A cookie that holds no session is no session.
    expect((await getSummary({ Cookie: "dynami_session=nope" })).status).toBe(401);
  });

  it("has every field for a user with no session and no record, empty ones at null or 0", async () => {
    expect(await summary()).toEqual({
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
      // The account's weight stands in while there is no IMC record.
      latestWeight: 64,
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

  it("reads the body figures from the user's records only", async () => {
    const { store } = app.services;
    const neighbour = await store.users.create({ pseudo: "max", email: "max@example.com", passwordHash: "x" });
    await store.history.add({ userId, action: "IMC_CALC", meta: { poids: 82, taille: 180, imc: 25.3 } });
    await store.history.add({ userId, action: "CALORIES_CALC", meta: { calories: 2450 } });
    await store.history.add({ userId, action: "IMC_CALC", meta: { poids: 78.4, taille: 180, imc: 24.2 } });
    await store.history.add({ userId: neighbour.id, action: "IMC_CALC", meta: { poids: 120, taille: 180, imc: 37 } });
    expect(await summary()).toMatchObject({
      lastWeight: 78.4,
      imc: 24.2,
      calories: 2450,
      initialWeight: 82,
      latestWeight: 78.4,
      weightChange: -3.6,
    });
  });

  it("sums up one session", async () => {
    await saveFinishedSession(app.services.store, userId, { endedAt: new Date(Date.now() - HOUR_MS), minutes: 45 });
    const figures = await summary();
    // Squat 2 x 8 x 60 x 0.075 = 72; 20 reps x 0.8 = 16; bike 10 min x 8 = 80 (session rules): 168 kcal.
    expect(figures).toMatchObject({
      totalSessions: 1,
      lastWorkoutDuration: 45,
      lastCaloriesBurned: 168,
      avgWorkoutDurationMin: 45,
      avgCaloriesPerWorkout: 168,
      workoutsCount7d: 1,
      calories7d: 168,
      avgDailyCalories7d: 24,
      avgCaloriesPerWorkout7d: 168,
      streakDays: 1,
      favoriteMuscleGroup: "jambes",
      lastCompletedExercises: 3,
      lastPlannedExercises: 3,
      lastSummary: {
        plannedExercises: 3,
        completedExercises: 3,
        skippedExercises: 0,
        percentDone: 100,
        volumeKg: 960,
        cardioExercises: 1,
        strengthExercises: 2,
        durationMin: 45,
        calories: 168,
      },
    });
    expect(figures.lastSession).toMatchObject({ name: "Jambes", durationMin: 45, calories: 168, exercises: 3 });
    expect(figures.lastExercisesList).toEqual([
      { name: "Squat barre", type: "muscu", done: true, sets: 2 },
      { name: "Squat au poids du corps", type: "poids_du_corps", done: true, sets: 1 },
      { name: "Vélo", type: "cardio", done: true, sets: 1 },
    ]);
    expect(figures.sessions).toHaveLength(1);
  });

  it("sums up 1,000 sessions from the aggregates, the newest five listed", async () => {
    const { store } = app.services;
    const today = dayKeyOf(new Date());
    // One a day for the last 1,000 days, about noon in Paris (whatever the
    // clock change): the streak runs over every page of days.
    for (let index = 0; index < 1_000; index += 1) {
      await saveFinishedSession(store, userId, {
        endedAt: new Date(`${addDays(today, -index)}T10:30:00.000Z`),
        minutes: 30,
        name: `Séance ${index}`,
      });
    }
    const sessionReads = vi.spyOn(store.workoutSessions, "listForUser");
    const figures = await summary();

    expect(figures).toMatchObject({
      totalSessions: 1_000,
      avgWorkoutDurationMin: 30,
      avgCaloriesPerWorkout: 168,
      workoutsCount7d: 7,
      calories7d: 7 * 168,
      streakDays: 1_000,
      favoriteMuscleGroup: "jambes",
      lastWorkoutDuration: 30,
    });
    expect(figures.sessions.map((session) => session.name)).toEqual([
      "Séance 0",
      "Séance 1",
      "Séance 2",
      "Séance 3",
      "Séance 4",
    ]);
    // Read from the aggregates: of the thousand sessions, only the five listed are read.
    expect(sessionReads.mock.calls).toEqual([[userId, { limit: 5 }]]);
  }, 60_000);
});

describe("the summary follows the sessions saved through the API", () => {
  const postSession = (body: unknown, headers: Record<string, string>) =>
    callRoute(sessionsRoute.action as never, jsonRequest("/api/workouts/sessions", body, { headers }), {
      context: app.context(),
    });

  function aPayload(endedAt: Date) {
    return buildSessionPayload({
      name: "Pectoraux",
      exercises: [
        { id: "barbell-bench-press-medium-grip", name: "Développé couché" },
        { id: "pushups", name: "Pompes" },
      ],
      inputs: {
        "barbell-bench-press-medium-grip": {
          mode: "muscu",
          sets: [{ weight: 50, reps: 10, restSec: 90 }],
          cardioSets: [],
          notes: "",
          done: true,
        },
        pushups: {
          mode: "pdc",
          sets: [{ weight: null, reps: 20, restSec: 60 }],
          cardioSets: [],
          notes: "",
          done: true,
        },
      },
      startedAt: new Date(endedAt.getTime() - 30 * 60_000),
      endedAt,
      countedSeconds: null,
      notes: "",
    });
  }

  it("counts a new session once, a repeated copy of the same finish not at all", async () => {
    const headers = { Authorization: `Bearer ${token}`, "Idempotency-Key": "finish-0001-abcdef" };
    const payload = aPayload(new Date(Date.now() - 2 * HOUR_MS));
    expect((await postSession(payload, headers)).status).toBe(201);
    expect((await postSession(payload, headers)).status).toBe(200);

    // 50 x 10 x 0.075 = 37.5 and 20 x 0.8 = 16: 54 kcal (53.5 rounded).
    expect(await summary()).toMatchObject({
      totalSessions: 1,
      lastCaloriesBurned: 54,
      lastWorkoutDuration: 30,
      favoriteMuscleGroup: "pectoraux",
    });
  });

  // The clock is set, so the session always falls in this week: a Wednesday at noon, and the first
  // minutes of a Monday in Paris (a session that ended at 00:20 counts for Monday, not for last week).
  it.each([
    ["on a Wednesday", "2026-03-04T12:00:00+01:00", "2026-03-04T10:00:00+01:00", 2],
    ["early on a Monday", "2026-03-02T00:40:00+01:00", "2026-03-02T00:20:00+01:00", 0],
  ])("answers {items, points} to GET /api/workouts/sessions?points=week %s", async (_when, now, endedAt, index) => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date(now) });
    const bearer = (await startSession(app.context(), userId, { remember: false })).token;
    expect((await postSession(aPayload(new Date(endedAt)), { Authorization: `Bearer ${bearer}` })).status).toBe(201);
    const response = await callRoute(
      sessionsRoute.loader as never,
      new Request("http://localhost:3000/api/workouts/sessions?points=week", {
        headers: { Authorization: `Bearer ${bearer}` },
      }),
      { context: app.context() },
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as { items: { name: string }[]; points: { date: string; value: number }[] };
    expect(body.items.map((item) => item.name)).toEqual(["Pectoraux"]);
    // Monday 2 March to Sunday 8 March 2026; the session's two exercises on its day, nothing elsewhere.
    expect(body.points).toEqual(
      ["2026-03-02", "2026-03-03", "2026-03-04", "2026-03-05", "2026-03-06", "2026-03-07", "2026-03-08"].map(
        (date, at) => ({ date, value: at === index ? 2 : 0 }),
      ),
    );
  });

  it("refuses any other points than week", async () => {
    const refused = await callRoute(
      sessionsRoute.loader as never,
      new Request("http://localhost:3000/api/workouts/sessions?points=month", {
        headers: { Authorization: `Bearer ${token}` },
      }),
      { context: app.context() },
    );
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ message: sessionsRoute.POINTS_MESSAGE });
  });
});

describe("GET /api/workouts/sessions?points=week for 0 and 1,000 sessions", () => {
  const getSessions = (path: string) =>
    callRoute(
      sessionsRoute.loader as never,
      new Request(`http://localhost:3000${path}`, { headers: { Authorization: `Bearer ${token}` } }),
      { context: app.context() },
    );

  it("answers no sessions and a week of zeros for a new account", async () => {
    const response = await getSessions("/api/workouts/sessions?points=week");
    expect(await response.json()).toEqual({
      items: [],
      points: weekOf(dayKeyOf(new Date())).map((date) => ({ date, value: 0 })),
    });
  });

  it("pages 1,000 sessions and counts this week's exercises from the aggregates", async () => {
    const today = dayKeyOf(new Date());
    for (let index = 0; index < 1_000; index += 1) {
      await saveFinishedSession(app.services.store, userId, {
        endedAt: new Date(`${addDays(today, -index)}T10:30:00.000Z`),
        name: `Séance ${index}`,
      });
    }
    const response = await getSessions("/api/workouts/sessions?points=week&limit=20");
    const body = (await response.json()) as { items: { name: string }[]; points: { date: string; value: number }[] };
    expect(body.items).toHaveLength(20);
    expect(body.items[0]!.name).toBe("Séance 0");
    expect(response.headers.get("Link")).toMatch(/rel="next"/);
    // One session of three exercises on each day of the week so far, none on the days to come.
    expect(body.points.map((point) => point.value)).toEqual(weekOf(today).map((date) => (date <= today ? 3 : 0)));
  }, 60_000);
});

describe("another user's sessions and records", () => {
  const getWeek = () =>
    callRoute(
      sessionsRoute.loader as never,
      new Request("http://localhost:3000/api/workouts/sessions?points=week", {
        headers: { Authorization: `Bearer ${token}` },
      }),
      { context: app.context() },
    ).then((response) => response.json() as Promise<{ items: { name: string }[]; points: { value: number }[] }>);

  it("never appear in a user's summary nor in GET /api/workouts/sessions?points=week", async () => {
    // Wednesday 4 March 2026 at noon in Paris, so every session below is of this week.
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-03-04T12:00:00+01:00") });
    token = (await startSession(app.context(), userId, { remember: false })).token;
    const { store } = app.services;
    const max = await store.users.create({ pseudo: "max", email: "max@example.com", passwordHash: "x", weightKg: 95 });
    for (const endedAt of ["2026-03-02T10:00:00+01:00", "2026-03-03T10:00:00+01:00", "2026-03-04T10:00:00+01:00"]) {
      await saveFinishedSession(store, max.id, { endedAt: new Date(endedAt), name: "Séance de Max" });
    }
    await store.history.add({ userId: max.id, action: "IMC_CALC", meta: { poids: 120, taille: 180, imc: 37 } });
    await store.history.add({ userId: max.id, action: "CALORIES_CALC", meta: { calories: 3200 } });

    // Léa has nothing yet: nothing of Max's shows.
    expect(await summary()).toMatchObject({
      lastWeight: null,
      imc: null,
      calories: null,
      initialWeight: null,
      latestWeight: 64,
      lastSession: null,
      totalSessions: 0,
      streakDays: 0,
      workoutsCount7d: 0,
      calories7d: 0,
      caloriesBurnedWeek: 0,
      favoriteMuscleGroup: null,
      sessions: [],
    });
    expect(await getWeek()).toEqual({
      items: [],
      points: weekOf("2026-03-04").map((date) => ({ date, value: 0 })),
    });

    // Her own session and record: only hers.
    await saveFinishedSession(store, userId, { endedAt: new Date("2026-03-04T08:00:00+01:00"), name: "Séance de Léa" });
    await store.history.add({ userId, action: "IMC_CALC", meta: { poids: 63, taille: 168, imc: 22.3 } });
    const figures = await summary();
    expect(figures).toMatchObject({
      lastWeight: 63,
      imc: 22.3,
      calories: null,
      initialWeight: 63,
      totalSessions: 1,
      streakDays: 1,
      workoutsCount7d: 1,
      calories7d: 168,
      caloriesBurnedWeek: 168,
    });
    expect(figures.sessions.map((session) => session.name)).toEqual(["Séance de Léa"]);
    const week = await getWeek();
    expect(week.items.map((item) => item.name)).toEqual(["Séance de Léa"]);
    expect(week.points.map((point) => point.value)).toEqual([0, 0, 3, 0, 0, 0, 0]);
  });
});
