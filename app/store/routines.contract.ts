// The store contract of routines: a user's saved workouts, created within
// a limit that concurrent creations never pass, listed most recently active
// first (with or without their exercises), changed, deleted and run, and
// never read, changed or deleted through another user. Run by
// describeStoreContract against every adapter.
import { afterEach, beforeEach, expect, it } from "vitest";
import { ROUTINE_LIMITS, type RoutineDraft } from "../domain/workout/routines.ts";
import { aContractUserId } from "./contract-users.ts";
import type { RoutineRecord, Store } from "./types.ts";

const UNKNOWN_ID = "0123456789abcdef01234567";
const INVALID_IDS: unknown[] = ["nope", "", "0123456789abcdef0123456z", 42, null, { $gt: "" }];

const upperBody: RoutineDraft = {
  name: "Haut du corps",
  exercises: [
    {
      exerciseId: "dumbbell-bench-press",
      mode: "muscu",
      targets: [
        { reps: 10, weightKg: 20, durationSec: null },
        { reps: 8, weightKg: 22.5, durationSec: null },
      ],
    },
    { exerciseId: "pushups", mode: "pdc", targets: [] },
    { exerciseId: "running", mode: "cardio", targets: [{ reps: null, weightKg: null, durationSec: 1_200 }] },
  ],
};

const named = (name: string): RoutineDraft => ({ ...upperBody, name });

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function describeRoutinesStoreContract(makeStore: () => Promise<Store>): void {
  let store: Store;
  let userId: string;

  beforeEach(async () => {
    store = await makeStore();
    userId = await aUserId();
  });

  afterEach(async () => {
    await store.close();
  });

  const aUserId = () => aContractUserId(store, "Planner");

  async function created(owner: string, draft: RoutineDraft = upperBody): Promise<RoutineRecord> {
    const outcome = await store.routines.create(owner, draft, { maxPerUser: ROUTINE_LIMITS.perUser });
    if (!outcome.ok) throw new Error("the routine should have been created");
    return outcome.routine;
  }

  const names = (routines: readonly { name: string }[]) => routines.map((routine) => routine.name);

  it("keeps a routine as it was given, its exercises in order, and finds it for its owner only", async () => {
    const before = Date.now();
    const routine = await created(userId);

    expect(routine).toMatchObject({ userId, name: "Haut du corps", exercises: upperBody.exercises, lastDoneAt: null });
    expect(routine.id).toMatch(/^[0-9a-f]{24}$/);
    expect(routine.createdAt.getTime()).toBeGreaterThanOrEqual(before);
    expect(routine.updatedAt).toEqual(routine.createdAt);
    expect(routine.activeAt).toEqual(routine.createdAt);
    expect(await store.routines.findForUser(routine.id, userId)).toEqual(routine);

    const stranger = await aUserId();
    expect(await store.routines.findForUser(routine.id, stranger)).toBeNull();
    expect(await store.routines.findForUser(UNKNOWN_ID, userId)).toBeNull();
    for (const id of INVALID_IDS) {
      expect(await store.routines.findForUser(id as string, userId)).toBeNull();
      expect(await store.routines.findForUser(routine.id, id as string)).toBeNull();
    }
  });

  it("lists the owner's routines, most recently active first, and their summaries without the exercises", async () => {
    const first = await created(userId, named("Lundi"));
    await wait(5);
    const second = await created(userId, named("Mercredi"));
    await wait(5);
    await created(await aUserId(), named("Pas la mienne"));

    expect(names(await store.routines.listForUser(userId))).toEqual(["Mercredi", "Lundi"]);
    expect(await store.routines.listForUser(userId)).toEqual([second, first]);
    const summaries = await store.routines.listSummariesForUser(userId);
    expect(summaries).toEqual(
      [second, first].map(({ userId: _owner, exercises: _exercises, ...summary }) => ({
        ...summary,
        exerciseCount: 3,
      })),
    );
    expect(summaries[0]).not.toHaveProperty("exercises");

    // A run and a change make a routine the most recent.
    await wait(5);
    await store.routines.markDone(first.id, userId, new Date());
    expect(names(await store.routines.listForUser(userId))).toEqual(["Lundi", "Mercredi"]);
    await wait(5);
    await store.routines.update(second.id, userId, named("Mercredi soir"));
    expect(names(await store.routines.listSummariesForUser(userId))).toEqual(["Mercredi soir", "Lundi"]);

    for (const id of [...INVALID_IDS, UNKNOWN_ID]) {
      expect(await store.routines.listForUser(id as string)).toEqual([]);
      expect(await store.routines.listSummariesForUser(id as string)).toEqual([]);
    }
  });

  it("refuses a routine past the user's limit and keeps nothing of it", async () => {
    for (const name of ["Un", "Deux", "Trois"]) {
      expect((await store.routines.create(userId, named(name), { maxPerUser: 3 })).ok).toBe(true);
    }
    expect(await store.routines.create(userId, named("Quatre"), { maxPerUser: 3 })).toEqual({
      ok: false,
      reason: "limit",
    });
    expect(names(await store.routines.listForUser(userId)).toSorted()).toEqual(["Deux", "Trois", "Un"]);
    // Another user's count is their own.
    expect((await store.routines.create(await aUserId(), named("Quatre"), { maxPerUser: 3 })).ok).toBe(true);
    // A deletion frees a place.
    const [newest] = await store.routines.listSummariesForUser(userId);
    await store.routines.delete(newest!.id, userId);
    expect((await store.routines.create(userId, named("Quatre"), { maxPerUser: 3 })).ok).toBe(true);
  });

  it("never goes past the limit when creations race for the last places", async () => {
    await created(userId, named("Déjà là"));
    const outcomes = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        store.routines.create(userId, named(`Course ${index}`), { maxPerUser: 3 }),
      ),
    );
    const kept = await store.routines.listForUser(userId);
    expect(kept.length).toBeLessThanOrEqual(3);
    // Every routine said to be saved is there, and only those.
    const saved = outcomes.flatMap((outcome) => (outcome.ok ? [outcome.routine.name] : []));
    expect(names(kept).toSorted()).toEqual(["Déjà là", ...saved].toSorted());
  });

  it("changes a routine's name and exercises for its owner only", async () => {
    const routine = await created(userId);
    await wait(5);
    const changed: RoutineDraft = {
      name: "Haut du corps, version 2",
      exercises: [
        { exerciseId: "pushups", mode: "muscu", targets: [{ reps: 15, weightKg: 10, durationSec: null }] },
        upperBody.exercises[0]!,
      ],
    };

    const updated = await store.routines.update(routine.id, userId, changed);

    expect(updated).toMatchObject({
      id: routine.id,
      userId,
      ...changed,
      createdAt: routine.createdAt,
      lastDoneAt: null,
    });
    expect(updated!.updatedAt.getTime()).toBeGreaterThan(routine.updatedAt.getTime());
    expect(updated!.activeAt).toEqual(updated!.updatedAt);
    expect(await store.routines.findForUser(routine.id, userId)).toEqual(updated);
    expect((await store.routines.listSummariesForUser(userId))[0]!.exerciseCount).toBe(2);

    const stranger = await aUserId();
    expect(await store.routines.update(routine.id, stranger, named("Volée"))).toBeNull();
    expect(await store.routines.update(UNKNOWN_ID, userId, named("Nulle part"))).toBeNull();
    expect(await store.routines.findForUser(routine.id, userId)).toEqual(updated);
  });

  it("deletes a routine for its owner only", async () => {
    const routine = await created(userId);
    const stranger = await aUserId();
    expect(await store.routines.delete(routine.id, stranger)).toBe(false);
    expect(await store.routines.findForUser(routine.id, userId)).not.toBeNull();
    for (const id of [...INVALID_IDS, UNKNOWN_ID])
      expect(await store.routines.delete(id as string, userId)).toBe(false);

    expect(await store.routines.delete(routine.id, userId)).toBe(true);
    expect(await store.routines.findForUser(routine.id, userId)).toBeNull();
    expect(await store.routines.delete(routine.id, userId)).toBe(false);
  });

  it("remembers the latest run, whatever order the runs are saved in", async () => {
    const routine = await created(userId);
    const monday = new Date(routine.createdAt.getTime() + 86_400_000);
    const sunday = new Date(monday.getTime() - 3_600_000);

    expect(await store.routines.markDone(routine.id, userId, monday)).toBe(true);
    // An offline finish of an earlier run, saved afterwards.
    expect(await store.routines.markDone(routine.id, userId, sunday)).toBe(true);

    const done = await store.routines.findForUser(routine.id, userId);
    expect(done).toMatchObject({ lastDoneAt: monday, activeAt: monday, updatedAt: routine.updatedAt });
    expect(done!.exercises).toEqual(upperBody.exercises);

    const stranger = await aUserId();
    expect(await store.routines.markDone(routine.id, stranger, new Date())).toBe(false);
    expect(await store.routines.markDone(UNKNOWN_ID, userId, new Date())).toBe(false);
    expect((await store.routines.findForUser(routine.id, userId))!.lastDoneAt).toEqual(monday);
  });

  it("refuses a routine the domain would refuse, and keeps no key it was not given", async () => {
    const tooMany: RoutineDraft = {
      name: "Trop",
      exercises: Array.from({ length: ROUTINE_LIMITS.exercises + 1 }, (_, index) => ({
        exerciseId: `exercise-${index}`,
        mode: "muscu" as const,
        targets: [],
      })),
    };
    const operator = {
      name: "Piège",
      exercises: [{ exerciseId: { $gt: "" }, mode: "muscu", targets: [] }],
    } as unknown as RoutineDraft;
    const noName = named("   ");
    const cardioReps: RoutineDraft = {
      name: "Course",
      exercises: [{ exerciseId: "running", mode: "cardio", targets: [{ reps: 5, weightKg: null, durationSec: 60 }] }],
    };
    for (const draft of [tooMany, operator, noName, cardioReps]) {
      await expect(store.routines.create(userId, draft, { maxPerUser: 50 })).rejects.toThrow(TypeError);
    }
    const routine = await created(userId);
    await expect(store.routines.update(routine.id, userId, tooMany)).rejects.toThrow(TypeError);
    await expect(store.routines.create("nope", upperBody, { maxPerUser: 50 })).rejects.toThrow(TypeError);
    expect(await store.routines.listForUser(userId)).toEqual([routine]);

    const extra = {
      name: "  Avec du surplus  ",
      exercises: [{ exerciseId: "pushups", mode: "pdc", targets: [{ reps: 12, tempo: "3-1-1" }], note: "x" }],
      owner: "someone",
    } as unknown as RoutineDraft;
    const kept = await created(userId, extra);
    expect(kept.name).toBe("Avec du surplus");
    expect(kept.exercises).toEqual([
      { exerciseId: "pushups", mode: "pdc", targets: [{ reps: 12, weightKg: null, durationSec: null }] },
    ]);
  });
}
