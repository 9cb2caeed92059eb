import { describe, expect, it } from "vitest";
import { exerciseLogsOf, recordsFromLogs } from "~/domain/workout/personal-records";
import type { IncomingSession } from "~/domain/workout/session-payload";
import type { LooseEntry, LooseSet } from "~/domain/workout/session-entries";
import { freshTestAppPerTest } from "~/testing/route-harness.server";
import { saveFinishedSession } from "~/testing/workouts";
import type { WorkoutSessionRecord } from "~/store/types";
import {
  exerciseHistory,
  forgetSession,
  isFollowedExercise,
  lastTimes,
  listRecords,
  rebuildExerciseMemory,
} from "./exercise-history.server";
import { saveWorkoutSession } from "./sessions.server";

const app = freshTestAppPerTest();
const DAY_MS = 86_400_000;
const BENCH = "dumbbell-bench-press";

const bench = (...sets: LooseSet[]): LooseEntry => ({
  exerciseId: BENCH,
  name: "Développé couché haltères",
  mode: "muscu",
  notes: "",
  done: true,
  sets,
});
const lift = (weightKg: number, reps: number): LooseSet => ({ weightKg, reps });
const run = (durationSec: number, distanceKm: number): LooseEntry => ({
  exerciseId: "running",
  name: "Course à pied",
  mode: "cardio",
  notes: "",
  done: true,
  sets: [{ durationSec, distanceKm, intensity: 6 }],
});

function aSession(daysAgo: number, entries: LooseEntry[]): IncomingSession {
  const endedAt = new Date(Date.now() - daysAgo * DAY_MS);
  return {
    name: "Haut du corps",
    startedAt: new Date(endedAt.getTime() - 45 * 60_000),
    endedAt,
    countedSeconds: null,
    notes: "",
    entries,
    summary: null,
  };
}

async function aUser(pseudo = "lea"): Promise<string> {
  const user = await app.services.store.users.create({ pseudo, email: `${pseudo}@example.com`, passwordHash: "x" });
  return user.id;
}

describe("the records a saved session beats", () => {
  it("names none on a first session, then each record a later one beats, with the figure before", async () => {
    const userId = await aUser();
    const first = await saveWorkoutSession(app.services, userId, aSession(3, [bench(lift(20, 10), lift(20, 8))]), null);
    expect(first).toMatchObject({ ok: true, created: true, newRecords: [] });

    const second = await saveWorkoutSession(app.services, userId, aSession(1, [bench(lift(22.5, 8))]), null);
    expect(second).toMatchObject({
      ok: true,
      newRecords: [
        { exerciseId: BENCH, name: "Développé couché haltères", kind: "bestE1rmKg", previous: 26.7, value: 28.5 },
        { exerciseId: BENCH, name: "Développé couché haltères", kind: "heaviestKg", previous: 20, value: 22.5 },
      ],
    });
  });

  it("counts a session saved twice through its idempotency key once, and names no record the second time", async () => {
    const userId = await aUser();
    await saveWorkoutSession(app.services, userId, aSession(3, [bench(lift(20, 10))]), null);
    const session = aSession(1, [bench(lift(25, 10))]);
    const saved = await saveWorkoutSession(app.services, userId, session, "finish-key-0001");
    expect(saved).toMatchObject({
      created: true,
      newRecords: [{ kind: "bestE1rmKg" }, { kind: "heaviestKg" }, { kind: "bestVolumeKg" }],
    });
    const again = await saveWorkoutSession(app.services, userId, session, "finish-key-0001");
    expect(again).toMatchObject({ ok: true, created: false, newRecords: [] });

    const [records] = await listRecords(app.services, userId, "fr");
    expect(records).toMatchObject({ exerciseId: BENCH, heaviestKg: 25, bestVolumeKg: 250 });
    expect((await app.services.store.exerciseHistory.findRecords(userId, BENCH))?.sessions).toBe(2);
  });

  it("follows only the catalogue's exercises", async () => {
    const userId = await aUser();
    const madeUp: LooseEntry = { ...bench(lift(50, 5)), exerciseId: "my-own-move", name: "Mon mouvement" };
    await saveWorkoutSession(app.services, userId, aSession(1, [madeUp, bench(lift(20, 5))]), null);
    expect(isFollowedExercise("my-own-move")).toBe(false);
    expect((await listRecords(app.services, userId, "fr")).map((records) => records.exerciseId)).toEqual([BENCH]);
    expect(await exerciseHistory(app.services, userId, "my-own-move", { limit: 50 }, "fr")).toBeNull();
  });
});

describe("records rebuilt from the sessions", () => {
  async function history(userId: string): Promise<WorkoutSessionRecord[]> {
    const sessions: WorkoutSessionRecord[] = [];
    // Out of order: the fourth was finished offline and sent last.
    for (const [daysAgo, entries] of [
      [20, [bench(lift(20, 10), lift(20, 8)), run(1_800, 5)]],
      [13, [bench(lift(22.5, 8)), run(2_400, 5.5)]],
      [6, [bench(lift(20, 12), lift(20, 12), lift(20, 10))]],
      [16, [bench(lift(24, 6)), run(1_500, 6)]],
    ] as const) {
      const endedAt = new Date(Date.now() - daysAgo * DAY_MS);
      sessions.push(await saveFinishedSession(app.services.store, userId, { endedAt, entries: [...entries] }));
    }
    return sessions;
  }

  it("finds the values kept on write", async () => {
    const userId = await aUser();
    const sessions = await history(userId);
    const kept = await app.services.store.exerciseHistory.listRecords(userId, { limit: 10 });

    const fromSessions = recordsFromLogs(sessions.flatMap((session) => exerciseLogsOf(session)));
    expect(kept.toSorted((a, b) => a.exerciseId.localeCompare(b.exerciseId))).toEqual(
      [...fromSessions.values()].toSorted((a, b) => a.exerciseId.localeCompare(b.exerciseId)),
    );
    expect(fromSessions.get(BENCH)?.marks).toMatchObject({
      // 24 × (1 + 6/30) = 28.8
      bestE1rmKg: { value: 28.8 },
      heaviestKg: { value: 24 },
      // 240 + 240 + 200
      bestVolumeKg: { value: 680 },
    });
    expect(fromSessions.get("running")?.marks).toMatchObject({ longestSec: { value: 2_400 }, longestKm: { value: 6 } });

    // A repair from scratch: the records wiped, then rebuilt from the sessions.
    for (const records of kept)
      await app.services.store.exerciseHistory.replaceRecords(userId, records.exerciseId, null);
    const rebuilt = await rebuildExerciseMemory(app.services.store, userId);
    expect(rebuilt).toEqual(fromSessions);
    expect(await app.services.store.exerciseHistory.findRecords(userId, BENCH)).toEqual(fromSessions.get(BENCH));
  });

  it("takes a deleted session's records back to what the other sessions hold", async () => {
    const userId = await aUser();
    const sessions = await history(userId);
    const heaviest = sessions[3]!;
    await app.services.store.exerciseHistory.removeSession(userId, "0".repeat(24));
    await forgetSession(app.services.store, userId, heaviest);

    const remaining = sessions.filter((session) => session !== heaviest);
    const expected = recordsFromLogs(remaining.flatMap((session) => exerciseLogsOf(session)));
    expect(await app.services.store.exerciseHistory.findRecords(userId, BENCH)).toEqual(expected.get(BENCH));
    expect((await app.services.store.exerciseHistory.findRecords(userId, BENCH))?.marks.heaviestKg?.value).toBe(22.5);
    expect((await app.services.store.exerciseHistory.findRecords(userId, "running"))?.marks.longestKm?.value).toBe(5.5);
  });
});

describe("reads", () => {
  it("gives an exercise's history newest first with its records, and only the user's", async () => {
    const userId = await aUser();
    const other = await aUser("max");
    await saveWorkoutSession(app.services, userId, aSession(5, [bench(lift(20, 10))]), null);
    await saveWorkoutSession(app.services, userId, aSession(2, [bench(lift(22.5, 8), lift(20, 8))]), null);
    await saveWorkoutSession(app.services, other, aSession(1, [bench(lift(100, 5))]), null);

    const page = await exerciseHistory(app.services, userId, BENCH, { limit: 50 }, "en");
    expect(page?.records).toMatchObject({ name: "Dumbbell Bench Press", heaviestKg: 22.5, bestE1rmKg: 28.5 });
    expect(page?.sessions.map((session) => session.sets.map((set) => set.weightKg))).toEqual([[22.5, 20], [20]]);
    expect(page?.sessions[0]).toMatchObject({ bestE1rmKg: 28.5, volumeKg: 340 });

    const empty = await exerciseHistory(app.services, userId, "running", { limit: 50 }, "fr");
    expect(empty).toEqual({
      exerciseId: "running",
      records: {
        exerciseId: "running",
        name: "Course à pied",
        heaviestKg: null,
        bestE1rmKg: null,
        bestVolumeKg: null,
        mostReps: null,
        longestSec: null,
        longestKm: null,
        setAt: null,
      },
      sessions: [],
    });
  });

  it("gives each exercise's last time", async () => {
    const userId = await aUser();
    await saveWorkoutSession(app.services, userId, aSession(5, [bench(lift(20, 10)), run(1_800, 5)]), null);
    await saveWorkoutSession(
      app.services,
      userId,
      aSession(2, [bench(lift(22.5, 8), { reps: 6, weightKg: 20, restSec: 90 })]),
      null,
    );

    const last = await lastTimes(app.services, userId, [BENCH, "running", "pullups", "made-up"]);
    const byExercise = new Map(last.map((view) => [view.exerciseId, view]));
    expect(last).toHaveLength(2);
    expect(byExercise.get(BENCH)).toMatchObject({
      mode: "muscu",
      sets: [
        { weightKg: 22.5, reps: 8, restSec: null },
        { weightKg: 20, reps: 6, restSec: 90 },
      ],
    });
    expect(byExercise.get("running")).toMatchObject({
      mode: "cardio",
      sets: [{ durationSec: 1_800, distanceKm: 5, intensity: 6 }],
    });
    expect(await lastTimes(app.services, await aUser("new"), [BENCH])).toEqual([]);
  });
});
