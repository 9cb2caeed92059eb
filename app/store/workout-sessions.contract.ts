// The store contract of workout sessions (save with an idempotency key, the
// paged listing newest first, a read and a deletion by owner), run by describeStoreContract
// against every adapter.
import { randomBytes } from "node:crypto";
import { afterEach, beforeEach, expect, it } from "vitest";
import { aContractUserId } from "./contract-users.ts";
import type { SessionEntry } from "../domain/workout/session-entries.ts";
import { WORKOUT_SESSION_PAGE_SIZE } from "../domain/workout/session-page.ts";
import type { NewWorkoutSession, Store, WorkoutSessionCursor, WorkoutSessionRecord } from "./types.ts";

const ID_PATTERN = /^[0-9a-f]{24}$/;
const UNKNOWN_ID = "0123456789abcdef01234567";
const INVALID_IDS: unknown[] = ["nope", "", "0123456789abcdef0123456z", 42, null, { $gt: "" }];
const OPERATOR = { $gt: "" } as unknown as string;
const MINUTE_MS = 60_000;

const anEntry = (overrides: Partial<SessionEntry> = {}): SessionEntry => ({
  exerciseId: "bench-press",
  name: "Développé couché",
  type: "muscu",
  mode: "muscu",
  notes: "Prise serrée",
  done: true,
  sets: [
    {
      reps: 10,
      weightKg: 60,
      durationSec: null,
      distanceKm: null,
      restSec: 90,
      intensity: null,
      tempo: null,
      rpe: null,
      calories: 45,
    },
  ],
  calories: 45,
  ...overrides,
});

export function aWorkoutSession(userId: string, overrides: Partial<NewWorkoutSession> = {}): NewWorkoutSession {
  const endedAt = new Date(Date.now() - MINUTE_MS);
  return {
    userId,
    name: "Séance du lundi",
    startedAt: new Date(endedAt.getTime() - 45 * MINUTE_MS),
    endedAt,
    durationSec: 2_400,
    calories: 45,
    notes: "Bonne énergie",
    entries: [anEntry()],
    clientSummary: {
      plannedExercises: 2,
      completedExercises: 1,
      skippedExercises: 1,
      exercises: [
        { exerciseName: "Développé couché", done: true, note: "Prise serrée" },
        { exerciseName: "Rameur", done: false, note: "" },
      ],
    },
    ...overrides,
  };
}

const aKey = () => randomBytes(16).toString("hex");

export function describeWorkoutSessionsStoreContract(makeStore: () => Promise<Store>): void {
  let store: Store;
  let userId: string;

  beforeEach(async () => {
    store = await makeStore();
    userId = await aUserId();
  });

  afterEach(async () => {
    await store.close();
  });

  const aUserId = () => aContractUserId(store, "Athlete");

  const sessions = () => store.workoutSessions;
  const names = (list: WorkoutSessionRecord[]) => list.map((session) => session.name);
  const cursorOf = (session: WorkoutSessionRecord): WorkoutSessionCursor => ({
    startedAt: session.startedAt,
    id: session.id,
  });
  /** Sessions started a minute apart, the first the oldest. */
  async function saveStartedInOrder(count: number, owner = userId): Promise<WorkoutSessionRecord[]> {
    const base = Date.now() - 10 * 24 * 60 * MINUTE_MS;
    const saved: WorkoutSessionRecord[] = [];
    for (let index = 1; index <= count; index += 1) {
      const startedAt = new Date(base + index * MINUTE_MS);
      const { session } = await sessions().save(
        aWorkoutSession(owner, { name: `s${index}`, startedAt, endedAt: new Date(startedAt.getTime() + MINUTE_MS) }),
      );
      saved.push(session);
    }
    return saved;
  }

  it("saves a session and gives back every field, the entries and summary as JSON", async () => {
    const input = aWorkoutSession(userId, { bodyMassKg: 72.5, idempotencyKey: aKey() });
    const before = Date.now();
    const { session, created } = await sessions().save(input);

    expect(created).toBe(true);
    expect(session.id).toMatch(ID_PATTERN);
    expect(session).toMatchObject({
      userId,
      name: input.name,
      durationSec: 2_400,
      calories: 45,
      notes: "Bonne énergie",
      entries: input.entries,
      clientSummary: input.clientSummary,
      bodyMassKg: 72.5,
      idempotencyKey: input.idempotencyKey,
    });
    expect(session.startedAt.getTime()).toBe(input.startedAt.getTime());
    expect(session.endedAt.getTime()).toBe(input.endedAt.getTime());
    expect(session.createdAt.getTime()).toBeGreaterThanOrEqual(before);
    expect(await sessions().findForUser(session.id, userId)).toEqual(session);
    expect(await sessions().listForUser(userId)).toEqual([session]);
  });

  it("defaults the body mass and the key to null", async () => {
    const { session } = await sessions().save(aWorkoutSession(userId));
    expect(session).toMatchObject({ bodyMassKg: null, idempotencyKey: null });
    expect((await sessions().findForUser(session.id, userId))?.idempotencyKey).toBeNull();
  });

  it("saves a finish once per key: a second copy returns the first and saves nothing", async () => {
    const idempotencyKey = aKey();
    const first = await sessions().save(aWorkoutSession(userId, { idempotencyKey, name: "first" }));
    const again = await sessions().save(aWorkoutSession(userId, { idempotencyKey, name: "second copy" }));

    expect(again).toEqual({ session: first.session, created: false });
    expect(names(await sessions().listForUser(userId))).toEqual(["first"]);
  });

  it("keeps keys per user, and sessions without a key apart", async () => {
    const idempotencyKey = aKey();
    const other = await aUserId();
    await sessions().save(aWorkoutSession(userId, { idempotencyKey }));
    expect((await sessions().save(aWorkoutSession(other, { idempotencyKey }))).created).toBe(true);
    expect((await sessions().save(aWorkoutSession(userId))).created).toBe(true);
    expect((await sessions().save(aWorkoutSession(userId, { idempotencyKey: null }))).created).toBe(true);
    expect(await sessions().listForUser(userId)).toHaveLength(3);
    expect(await sessions().listForUser(other)).toHaveLength(1);
  });

  it("saves one of concurrent copies of a finish, and answers all of them with it", async () => {
    const idempotencyKey = aKey();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => sessions().save(aWorkoutSession(userId, { idempotencyKey }))),
    );
    expect(results.filter((result) => result.created)).toHaveLength(1);
    expect(new Set(results.map((result) => result.session.id)).size).toBe(1);
    expect(await sessions().listForUser(userId)).toHaveLength(1);
  });

  it("lists a user's sessions newest first by start, whatever the order they were saved in, and only theirs", async () => {
    const other = await aUserId();
    const day = 24 * 60 * MINUTE_MS;
    const at = (daysAgo: number) => new Date(Date.now() - daysAgo * day);
    for (const [name, daysAgo] of [
      ["tuesday", 6],
      ["sent late from offline", 9],
      ["today", 0.1],
    ] as const) {
      const startedAt = at(daysAgo);
      await sessions().save(aWorkoutSession(userId, { name, startedAt, endedAt: new Date(startedAt.getTime() + 1) }));
    }
    await sessions().save(aWorkoutSession(other, { name: "not mine" }));

    expect(names(await sessions().listForUser(userId))).toEqual(["today", "tuesday", "sent late from offline"]);
    expect(await sessions().listForUser(UNKNOWN_ID)).toEqual([]);
    expect(await sessions().listForUser(OPERATOR)).toEqual([]);
  });

  it("reads a page at a time, each continuing strictly after the cursor", async () => {
    const saved = await saveStartedInOrder(5);
    const first = await sessions().listForUser(userId, { limit: 2 });
    expect(names(first)).toEqual(["s5", "s4"]);
    const second = await sessions().listForUser(userId, { limit: 2, before: cursorOf(first[1]!) });
    expect(names(second)).toEqual(["s3", "s2"]);
    const last = await sessions().listForUser(userId, { limit: 2, before: cursorOf(second[1]!) });
    expect(names(last)).toEqual(["s1"]);
    expect(await sessions().listForUser(userId, { limit: 2, before: cursorOf(saved[0]!) })).toEqual([]);
  });

  it("orders sessions of the same start by id, so a cursor between them skips and repeats nothing", async () => {
    const startedAt = new Date(Date.now() - 60 * MINUTE_MS);
    const endedAt = new Date(startedAt.getTime() + MINUTE_MS);
    const saved: WorkoutSessionRecord[] = [];
    for (const name of ["a", "b", "c"]) {
      saved.push((await sessions().save(aWorkoutSession(userId, { name, startedAt, endedAt }))).session);
    }
    const byIdDescending = saved.toSorted((x, y) => (x.id < y.id ? 1 : -1));
    const first = await sessions().listForUser(userId, { limit: 1 });
    expect(first).toEqual([byIdDescending[0]]);
    const rest = await sessions().listForUser(userId, { limit: 2, before: cursorOf(first[0]!) });
    expect(rest).toEqual(byIdDescending.slice(1));
    expect(await sessions().listForUser(userId, { before: { startedAt, id: "0".repeat(24) } })).toEqual([]);
    expect(
      await sessions().listForUser(userId, {
        before: { startedAt: new Date(startedAt.getTime() + 1), id: "0".repeat(24) },
      }),
    ).toHaveLength(3);
  });

  it("never reads more than a page, and refuses a page it cannot bound", async () => {
    await saveStartedInOrder(WORKOUT_SESSION_PAGE_SIZE + 1);
    expect(await sessions().listForUser(userId)).toHaveLength(WORKOUT_SESSION_PAGE_SIZE);
    expect(await sessions().listForUser(userId, { limit: 3 })).toHaveLength(3);
    await expect(sessions().listForUser(userId, { limit: WORKOUT_SESSION_PAGE_SIZE + 1 })).rejects.toThrow(TypeError);
    await expect(sessions().listForUser(userId, { limit: 0 })).rejects.toThrow(TypeError);
    await expect(sessions().listForUser(userId, { before: { startedAt: new Date(), id: OPERATOR } })).rejects.toThrow(
      TypeError,
    );
  });

  it("reads a session only for its owner", async () => {
    const other = await aUserId();
    const { session } = await sessions().save(aWorkoutSession(userId));
    expect(await sessions().findForUser(session.id, other)).toBeNull();
    expect(await sessions().findForUser(UNKNOWN_ID, userId)).toBeNull();
    for (const id of INVALID_IDS) {
      expect(await sessions().findForUser(id as string, userId)).toBeNull();
      expect(await sessions().findForUser(session.id, id as string)).toBeNull();
    }
  });

  it("deletes a session only for its owner, gives it back once, and the pages no longer hold it", async () => {
    const other = await aUserId();
    const [first, second, third] = await saveStartedInOrder(3);
    expect(await sessions().deleteForUser(second!.id, other)).toBeNull();
    for (const id of [...INVALID_IDS, UNKNOWN_ID]) {
      expect(await sessions().deleteForUser(id as string, userId)).toBeNull();
      expect(await sessions().deleteForUser(second!.id, id as string)).toBeNull();
    }
    expect(names(await sessions().listForUser(userId))).toEqual(["s3", "s2", "s1"]);

    const deleted = await sessions().deleteForUser(second!.id, userId);
    expect(deleted).toEqual(second);
    expect(await sessions().deleteForUser(second!.id, userId)).toBeNull();
    expect(await sessions().findForUser(second!.id, userId)).toBeNull();
    expect(names(await sessions().listForUser(userId))).toEqual(["s3", "s1"]);
    // A cursor on the deleted session still continues where it was.
    expect(names(await sessions().listForUser(userId, { before: cursorOf(second!) }))).toEqual(["s1"]);
    expect(await sessions().findForUser(third!.id, userId)).toEqual(third);
    expect(await sessions().findForUser(first!.id, userId)).toEqual(first);
  });

  it("gives a session to one of concurrent deletions only", async () => {
    const { session } = await sessions().save(aWorkoutSession(userId));
    const answers = await Promise.all(Array.from({ length: 5 }, () => sessions().deleteForUser(session.id, userId)));
    expect(answers.filter((answer) => answer !== null)).toEqual([session]);
  });

  it("refuses what the domain never builds, saving nothing", async () => {
    const refused: Partial<NewWorkoutSession>[] = [
      { userId: OPERATOR },
      { idempotencyKey: "short" },
      { idempotencyKey: OPERATOR },
      { idempotencyKey: "with spaces in it" },
      { entries: { $gt: "" } as unknown as SessionEntry[] },
      { clientSummary: [] as unknown as NewWorkoutSession["clientSummary"] },
      { endedAt: new Date(Date.now() - 24 * 60 * MINUTE_MS) },
      { startedAt: new Date("nope") },
      { calories: -1 },
      { durationSec: Number.NaN },
      { name: OPERATOR },
    ];
    for (const overrides of refused) {
      await expect(sessions().save(aWorkoutSession(userId, overrides)), JSON.stringify(overrides)).rejects.toThrow(
        TypeError,
      );
    }
    expect(await sessions().listForUser(userId)).toEqual([]);
  });
}
