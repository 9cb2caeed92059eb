// The store contract of a lifter's memory: one log per saved session and
// exercise, the records folded from them as they are added (concurrent saves
// included), an exercise's history paged newest first, the last time of a
// session's exercises, and the rebuild of an exercise's records. Run by
// describeStoreContract against every adapter.
import { afterEach, beforeEach, expect, it } from "vitest";
import {
  EXERCISE_HISTORY_PAGE_SIZE,
  type ExerciseLog,
  exerciseLogsOf,
  recordsFromLogs,
} from "../domain/workout/personal-records.ts";
import { type LooseSet, normaliseEntry, type SessionEntry } from "../domain/workout/session-entries.ts";
import { aContractUserId } from "./contract-users.ts";
import type { ExerciseLogRecord, Store, WorkoutSessionRecord } from "./types.ts";
import { MAX_LAST_TIME_EXERCISES } from "./types.ts";
import { aWorkoutSession } from "./workout-sessions.contract.ts";

const UNKNOWN_ID = "0123456789abcdef01234567";
const INVALID_IDS: unknown[] = ["nope", "", "0123456789abcdef0123456z", 42, null, { $gt: "" }];
const OPERATOR = { $gt: "" } as unknown as string;
const DAY_MS = 86_400_000;

const BENCH = "dumbbell-bench-press";
const SQUAT = "barbell-squat";
const RUN = "running";

function anEntry(exerciseId: string, sets: LooseSet[], mode: SessionEntry["mode"] = "muscu"): SessionEntry {
  return normaliseEntry({ exerciseId, name: `Nom de ${exerciseId}`, mode, notes: "", done: true, sets })!;
}

const lift = (weightKg: number, reps: number): LooseSet => ({ weightKg, reps });

export function describeExerciseHistoryStoreContract(makeStore: () => Promise<Store>): void {
  let store: Store;
  let userId: string;

  beforeEach(async () => {
    store = await makeStore();
    userId = await aUserId();
  });

  afterEach(async () => {
    await store.close();
  });

  const aUserId = () => aContractUserId(store, "Lifter");

  const memory = () => store.exerciseHistory;

  /** A saved session (the logs point at a real one) started `daysAgo` days ago. */
  async function aSession(owner: string, daysAgo: number, entries: SessionEntry[]): Promise<WorkoutSessionRecord> {
    const startedAt = new Date(Date.now() - daysAgo * DAY_MS);
    const { session } = await store.workoutSessions.save(
      aWorkoutSession(owner, { startedAt, endedAt: new Date(startedAt.getTime() + 3_600_000), entries }),
    );
    return session;
  }

  /** Saves a session and adds its logs, as the save's hook does. */
  async function logged(owner: string, daysAgo: number, entries: SessionEntry[]) {
    const session = await aSession(owner, daysAgo, entries);
    const logs = exerciseLogsOf(session);
    return { session, logs, changes: await memory().addSession(owner, logs) };
  }

  const sessionIds = (logs: readonly ExerciseLog[]) => logs.map((log) => log.sessionId);

  /** Every log of an exercise, a page at a time. */
  async function allLogs(owner: string, exerciseId: string): Promise<ExerciseLog[]> {
    const logs: ExerciseLog[] = [];
    for (let before: ExerciseLogRecord | undefined; ;) {
      const page = await memory().listLogs(owner, exerciseId, {
        limit: 3,
        ...(before ? { before: { startedAt: before.startedAt, sessionId: before.sessionId } } : {}),
      });
      logs.push(...page);
      if (page.length < 3) return logs;
      before = page.at(-1);
    }
  }

  it("keeps a session's logs and folds each into its exercise's records, saying what they were before", async () => {
    const first = await logged(userId, 3, [anEntry(BENCH, [lift(20, 10), lift(20, 8)])]);
    expect(first.changes).toEqual([{ exerciseId: BENCH, before: null, after: recordsFromLogs(first.logs).get(BENCH) }]);

    const second = await logged(userId, 1, [
      anEntry(BENCH, [lift(22.5, 8)]),
      anEntry(RUN, [{ durationSec: 1_800, distanceKm: 5 }], "cardio"),
    ]);
    expect(second.changes.map((change) => change.exerciseId)).toEqual([BENCH, RUN]);
    expect(second.changes[0]!.before).toEqual(first.changes[0]!.after);
    expect(second.changes[1]!.before).toBeNull();

    const bench = await memory().findRecords(userId, BENCH);
    expect(bench).toEqual(second.changes[0]!.after);
    expect(bench).toMatchObject({
      sessions: 2,
      lastSessionId: second.session.id,
      marks: {
        bestE1rmKg: { value: 28.5, sessionId: second.session.id },
        heaviestKg: { value: 22.5 },
        bestVolumeKg: { value: 360, sessionId: first.session.id },
        mostReps: null,
      },
    });
    expect(bench!.marks.bestVolumeKg!.at).toEqual(first.session.startedAt);
    expect((await memory().findRecords(userId, RUN))?.marks.longestKm?.value).toBe(5);

    const [log] = await memory().listLogs(userId, BENCH, { limit: 1 });
    expect(log).toEqual({ ...second.logs[0], userId });
  });

  it("adds a session's logs once: a second copy of the save changes nothing", async () => {
    const { session, logs } = await logged(userId, 2, [anEntry(BENCH, [lift(20, 10)])]);
    const before = await memory().findRecords(userId, BENCH);

    expect(await memory().addSession(userId, exerciseLogsOf(session))).toEqual([]);
    expect(await memory().findRecords(userId, BENCH)).toEqual(before);
    expect(before?.sessions).toBe(1);
    expect(await memory().listLogs(userId, BENCH, { limit: 10 })).toEqual([{ ...logs[0], userId }]);
  });

  it("counts every one of concurrent saves of the same exercise, and each of concurrent copies once", async () => {
    const sessions = await Promise.all(
      Array.from({ length: 8 }, (_, index) => aSession(userId, index + 1, [anEntry(BENCH, [lift(40 + index, 5)])])),
    );
    const logs = sessions.flatMap((session) => exerciseLogsOf(session));
    await Promise.all([...logs, ...logs].map((log) => memory().addSession(userId, [log])));

    const records = await memory().findRecords(userId, BENCH);
    expect(records).toEqual(recordsFromLogs(logs).get(BENCH));
    expect(records).toMatchObject({ sessions: 8, marks: { heaviestKg: { value: 47 } } });
  });

  it("finds the same records again when they are rebuilt from the logs, in any order", async () => {
    for (const [daysAgo, sets] of [
      [9, [lift(60, 8), lift(60, 8)]],
      [2, [lift(70, 5)]],
      // Sent late from offline: older than the one before, and the heaviest.
      [6, [lift(75, 3), lift(50, 12)]],
      [1, [lift(65, 8)]],
    ] as const) {
      await logged(userId, daysAgo, [anEntry(SQUAT, [...sets])]);
    }
    const kept = await memory().findRecords(userId, SQUAT);
    const rebuilt = recordsFromLogs((await allLogs(userId, SQUAT)).toReversed()).get(SQUAT)!;
    expect(rebuilt).toEqual(kept);

    await memory().replaceRecords(userId, SQUAT, { ...rebuilt, name: "Squat rebuilt" });
    expect(await memory().findRecords(userId, SQUAT)).toEqual({ ...rebuilt, name: "Squat rebuilt" });
    await memory().replaceRecords(userId, SQUAT, null);
    expect(await memory().findRecords(userId, SQUAT)).toBeNull();
  });

  it("lists an exercise's logs newest first by start, a page at a time, only the user's and that exercise's", async () => {
    const neighbour = await aUserId();
    const started: string[] = [];
    for (const daysAgo of [5, 1, 9, 3, 7]) {
      const { session } = await logged(userId, daysAgo, [
        anEntry(BENCH, [lift(20, 10)]),
        anEntry(SQUAT, [lift(50, 5)]),
      ]);
      started[daysAgo] = session.id;
      await logged(neighbour, daysAgo, [anEntry(BENCH, [lift(30, 10)])]);
    }
    const first = await memory().listLogs(userId, BENCH, { limit: 2 });
    expect(sessionIds(first)).toEqual([started[1], started[3]]);
    expect(first.every((log) => log.userId === userId && log.exerciseId === BENCH)).toBe(true);
    const cursor = { startedAt: first[1]!.startedAt, sessionId: first[1]!.sessionId };
    expect(sessionIds(await memory().listLogs(userId, BENCH, { limit: 2, before: cursor }))).toEqual([
      started[5],
      started[7],
    ]);
    expect(sessionIds(await allLogs(userId, BENCH))).toEqual([
      started[1],
      started[3],
      started[5],
      started[7],
      started[9],
    ]);
    expect(await memory().listLogs(userId, "never-logged", { limit: 5 })).toEqual([]);
    expect(await memory().listLogs(UNKNOWN_ID, BENCH, { limit: 5 })).toEqual([]);
    expect(await memory().listLogs(userId, OPERATOR, { limit: 5 })).toEqual([]);
  });

  it("orders logs of the same start by session id, so a cursor between them skips and repeats nothing", async () => {
    const startedAt = new Date(Date.now() - DAY_MS);
    const saved: WorkoutSessionRecord[] = [];
    for (let index = 0; index < 3; index += 1) {
      const { session } = await store.workoutSessions.save(
        aWorkoutSession(userId, {
          startedAt,
          endedAt: new Date(startedAt.getTime() + 60_000),
          entries: [anEntry(BENCH, [lift(20, 5)])],
        }),
      );
      await memory().addSession(userId, exerciseLogsOf(session));
      saved.push(session);
    }
    const byIdDescending = saved
      .map((session) => session.id)
      .toSorted()
      .toReversed();
    const first = await memory().listLogs(userId, BENCH, { limit: 1 });
    expect(sessionIds(first)).toEqual([byIdDescending[0]]);
    const rest = await memory().listLogs(userId, BENCH, {
      limit: 5,
      before: { startedAt, sessionId: first[0]!.sessionId },
    });
    expect(sessionIds(rest)).toEqual(byIdDescending.slice(1));
  });

  it("reads bounded pages only", async () => {
    await expect(memory().listLogs(userId, BENCH, { limit: EXERCISE_HISTORY_PAGE_SIZE + 1 })).rejects.toThrow(
      TypeError,
    );
    await expect(memory().listLogs(userId, BENCH, { limit: 0 })).rejects.toThrow(TypeError);
    await expect(
      memory().listLogs(userId, BENCH, { limit: 5, before: { startedAt: new Date(), sessionId: OPERATOR } }),
    ).rejects.toThrow(TypeError);
    await expect(memory().listRecords(userId, { limit: 0 })).rejects.toThrow(TypeError);
  });

  it("gives each exercise's last time, for the exercises the user has", async () => {
    const older = await logged(userId, 8, [anEntry(BENCH, [lift(20, 10)]), anEntry(SQUAT, [lift(60, 8)])]);
    const latest = await logged(userId, 2, [anEntry(BENCH, [lift(22.5, 8), lift(20, 8)])]);
    await logged(await aUserId(), 1, [anEntry(RUN, [{ durationSec: 600 }], "cardio")]);

    const last = await memory().latestLogs(userId, [BENCH, SQUAT, RUN, BENCH]);
    const byExercise = new Map(last.map((log) => [log.exerciseId, log]));
    expect(last).toHaveLength(2);
    expect(byExercise.get(BENCH)).toEqual({ ...latest.logs[0], userId });
    expect(byExercise.get(SQUAT)?.sessionId).toBe(older.session.id);
    expect(await memory().latestLogs(userId, [])).toEqual([]);
    expect(await memory().latestLogs(UNKNOWN_ID, [BENCH])).toEqual([]);
    const tooMany = Array.from({ length: MAX_LAST_TIME_EXERCISES + 1 }, (_, index) => `exercise-${index}`);
    await expect(memory().latestLogs(userId, tooMany)).rejects.toThrow(TypeError);
    await expect(memory().latestLogs(userId, [OPERATOR])).rejects.toThrow(TypeError);
  });

  it("lists the user's records most logged first, then by exercise id", async () => {
    const neighbour = await aUserId();
    await logged(userId, 5, [anEntry(SQUAT, [lift(60, 8)]), anEntry(BENCH, [lift(20, 10)])]);
    await logged(userId, 4, [anEntry(SQUAT, [lift(60, 8)]), anEntry(RUN, [{ durationSec: 600 }], "cardio")]);
    await logged(userId, 3, [anEntry(SQUAT, [lift(60, 8)]), anEntry(RUN, [{ durationSec: 900 }], "cardio")]);
    await logged(neighbour, 2, [anEntry("pull-up", [{ reps: 10 }], "pdc")]);

    const listed = await memory().listRecords(userId, { limit: 10 });
    expect(listed.map((records) => [records.exerciseId, records.sessions])).toEqual([
      [SQUAT, 3],
      [RUN, 2],
      [BENCH, 1],
    ]);
    expect((await memory().listRecords(userId, { limit: 2 })).map((records) => records.exerciseId)).toEqual([
      SQUAT,
      RUN,
    ]);
    expect(await memory().listRecords(UNKNOWN_ID, { limit: 10 })).toEqual([]);
  });

  it("removes one session's logs, and only the owner's, naming their exercises", async () => {
    const neighbour = await aUserId();
    const kept = await logged(userId, 4, [anEntry(BENCH, [lift(20, 10)])]);
    const removed = await logged(userId, 2, [anEntry(BENCH, [lift(25, 5)]), anEntry(SQUAT, [lift(60, 5)])]);

    expect(await memory().removeSession(neighbour, removed.session.id)).toEqual([]);
    expect((await memory().removeSession(userId, removed.session.id)).toSorted()).toEqual([SQUAT, BENCH].toSorted());
    expect(sessionIds(await memory().listLogs(userId, BENCH, { limit: 10 }))).toEqual([kept.session.id]);
    expect(await memory().listLogs(userId, SQUAT, { limit: 10 })).toEqual([]);
    expect(await memory().removeSession(userId, removed.session.id)).toEqual([]);
    for (const id of INVALID_IDS) expect(await memory().removeSession(userId, id as string)).toEqual([]);
  });

  it("finds nothing for an unknown or invalid id, and writes nothing for one", async () => {
    const { logs } = await logged(userId, 1, [anEntry(BENCH, [lift(20, 10)])]);
    expect(await memory().findRecords(UNKNOWN_ID, BENCH)).toBeNull();
    expect(await memory().findRecords(userId, OPERATOR)).toBeNull();
    for (const id of INVALID_IDS) {
      expect(await memory().findRecords(id as string, BENCH)).toBeNull();
      expect(await memory().listRecords(id as string, { limit: 5 })).toEqual([]);
      expect(await memory().latestLogs(id as string, [BENCH])).toEqual([]);
      await expect(memory().addSession(id as string, logs)).rejects.toThrow(TypeError);
      await expect(memory().replaceRecords(id as string, BENCH, null)).rejects.toThrow(TypeError);
    }
  });

  it("refuses logs and records the domain never builds, writing nothing", async () => {
    const session = await aSession(userId, 1, [anEntry(BENCH, [lift(20, 10)])]);
    const [log] = exerciseLogsOf(session);
    const refused: Partial<ExerciseLog>[] = [
      { exerciseId: OPERATOR },
      { exerciseId: "" },
      { exerciseId: "x".repeat(101) },
      { sessionId: OPERATOR },
      { mode: "yoga" as ExerciseLog["mode"] },
      { startedAt: new Date("nope") },
      { sets: [] },
      { sets: { $gt: "" } as unknown as ExerciseLog["sets"] },
      { figures: { ...log!.figures, heaviestKg: -1 } },
      { name: OPERATOR },
    ];
    for (const overrides of refused) {
      await expect(memory().addSession(userId, [{ ...log!, ...overrides }]), JSON.stringify(overrides)).rejects.toThrow(
        TypeError,
      );
    }
    expect(await memory().findRecords(userId, BENCH)).toBeNull();
    expect(await memory().listLogs(userId, BENCH, { limit: 5 })).toEqual([]);

    const records = recordsFromLogs([log!]).get(BENCH)!;
    await expect(memory().replaceRecords(userId, SQUAT, records)).rejects.toThrow(TypeError);
    await expect(memory().replaceRecords(userId, BENCH, { ...records, sessions: 0 })).rejects.toThrow(TypeError);
    expect(await memory().findRecords(userId, SQUAT)).toBeNull();
  });
}
