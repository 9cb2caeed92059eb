// The store contract of the dashboard: profile photos, the per-user workout
// figures kept as sessions are saved, and the history read by action. Run
// by describeStoreContract against every adapter.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { aContractUserId } from "./contract-users.ts";
import type { WorkoutContribution } from "../domain/stats/summary.ts";
import type { HistoryRecord, NewPhoto, Store } from "./types.ts";
import { PHOTO_VERSION } from "./photo-version.ts";

const UNKNOWN_ID = "0123456789abcdef01234567";
const INVALID_IDS: unknown[] = ["nope", "", "0123456789abcdef0123456z", 42, null, { $gt: "" }];

function tick(ms = 3): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function aPhoto(fill = 1, overrides: Partial<NewPhoto> = {}): NewPhoto {
  return {
    contentType: "image/webp",
    data: new Uint8Array(2048).fill(fill),
    width: 512,
    height: 512,
    etag: `"etag-${fill}"`,
    ...overrides,
  };
}

function aContribution(day: string, overrides: Partial<WorkoutContribution> = {}): WorkoutContribution {
  return {
    day,
    at: new Date(`${day}T10:00:00.000Z`),
    calories: 300,
    durationSec: 1800,
    exercises: 4,
    muscleSets: {},
    ...overrides,
  };
}

export function describeDashboardStoreContract(makeStore: () => Promise<Store>): void {
  let store: Store;

  beforeEach(async () => {
    store = await makeStore();
  });

  afterEach(async () => {
    await store.close();
  });

  const aUserId = () => aContractUserId(store, "Athlete");

  describe("photos", () => {
    it("stores a user's photo and gives it back byte for byte", async () => {
      const userId = await aUserId();
      const before = Date.now();
      const saved = await store.photos.put(userId, aPhoto(7));

      expect(saved).toMatchObject({ userId, contentType: "image/webp", width: 512, height: 512, etag: '"etag-7"' });
      // 128 random bits: the photo's address cannot be guessed from another one.
      expect(saved.version).toMatch(PHOTO_VERSION);
      expect(saved.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
      const found = await store.photos.findForUser(userId);
      expect(found).toMatchObject({ userId, version: saved.version, etag: '"etag-7"' });
      expect(Buffer.from(found!.data).equals(Buffer.from(aPhoto(7).data))).toBe(true);
    });

    it("keeps one photo per user: a new one replaces the old under a new version", async () => {
      const userId = await aUserId();
      const first = await store.photos.put(userId, aPhoto(1));
      const second = await store.photos.put(userId, aPhoto(2, { width: 300, height: 200 }));

      expect(second.version).not.toBe(first.version);
      const found = await store.photos.findForUser(userId);
      expect(found).toMatchObject({ version: second.version, width: 300, height: 200, etag: '"etag-2"' });
      expect(found!.data[0]).toBe(2);
    });

    it("deletes only the owner's photo, and says whether there was one", async () => {
      const userId = await aUserId();
      const neighbourId = await aUserId();
      await store.photos.put(userId, aPhoto(1));
      await store.photos.put(neighbourId, aPhoto(2));

      expect(await store.photos.deleteForUser(userId)).toBe(true);
      expect(await store.photos.deleteForUser(userId)).toBe(false);
      expect(await store.photos.findForUser(userId)).toBeNull();
      expect((await store.photos.findForUser(neighbourId))?.data[0]).toBe(2);
    });

    it("finds and deletes nothing for an unknown or invalid id, and refuses to store for one", async () => {
      expect(await store.photos.findForUser(UNKNOWN_ID)).toBeNull();
      for (const id of INVALID_IDS) {
        expect(await store.photos.findForUser(id as string)).toBeNull();
        expect(await store.photos.deleteForUser(id as string)).toBe(false);
        await expect(store.photos.put(id as string, aPhoto())).rejects.toThrow(TypeError);
      }
    });

    it("refuses what is not a checked WebP photo", async () => {
      const userId = await aUserId();
      await expect(store.photos.put(userId, aPhoto(1, { contentType: "image/svg+xml" }))).rejects.toThrow(TypeError);
      await expect(store.photos.put(userId, aPhoto(1, { data: new Uint8Array(0) }))).rejects.toThrow(TypeError);
      await expect(store.photos.put(userId, aPhoto(1, { width: 0 }))).rejects.toThrow(TypeError);
      await expect(store.photos.put(userId, aPhoto(1, { etag: { $gt: "" } as unknown as string }))).rejects.toThrow(
        TypeError,
      );
      expect(await store.photos.findForUser(userId)).toBeNull();
    });
  });

  describe("workout figures", () => {
    it("adds sessions to the totals and to their day", async () => {
      const userId = await aUserId();
      await store.workoutStats.add(userId, aContribution("2026-03-02", { calories: 300, muscleSets: { jambes: 5 } }));
      await store.workoutStats.add(
        userId,
        aContribution("2026-03-02", {
          at: new Date("2026-03-02T18:30:00.000Z"),
          calories: 120.5,
          durationSec: 600,
          exercises: 2,
          muscleSets: { jambes: 1, dos: 3 },
        }),
      );
      await store.workoutStats.add(userId, aContribution("2026-03-04", { calories: 80 }));

      expect(await store.workoutStats.totals(userId)).toEqual({ sessions: 3, calories: 500.5, durationSec: 4200 });
      expect(await store.workoutStats.days(userId, { from: "2026-03-01", to: "2026-03-31" })).toEqual([
        {
          day: "2026-03-02",
          sessions: 2,
          calories: 420.5,
          durationSec: 2400,
          exercises: 6,
          muscleSets: { jambes: 6, dos: 3 },
          lastAt: new Date("2026-03-02T18:30:00.000Z"),
        },
        {
          day: "2026-03-04",
          sessions: 1,
          calories: 80,
          durationSec: 1800,
          exercises: 4,
          muscleSets: {},
          lastAt: new Date("2026-03-04T10:00:00.000Z"),
        },
      ]);
    });

    it("takes a deleted session's figures back out; a day or a total left without a session goes", async () => {
      const userId = await aUserId();
      const morning = aContribution("2026-03-02", { calories: 300, muscleSets: { jambes: 5, dos: 2 } });
      const evening = aContribution("2026-03-02", {
        at: new Date("2026-03-02T18:30:00.000Z"),
        calories: 120.5,
        durationSec: 600,
        exercises: 2,
        muscleSets: { jambes: 1 },
      });
      const later = aContribution("2026-03-04", { calories: 80, muscleSets: { core: 3 } });
      for (const contribution of [morning, evening, later]) await store.workoutStats.add(userId, contribution);

      await store.workoutStats.remove(userId, morning);
      expect(await store.workoutStats.totals(userId)).toEqual({ sessions: 2, calories: 200.5, durationSec: 2400 });
      expect(await store.workoutStats.days(userId, { from: "2026-03-01", to: "2026-03-31" })).toEqual([
        {
          day: "2026-03-02",
          sessions: 1,
          calories: 120.5,
          durationSec: 600,
          exercises: 2,
          muscleSets: { jambes: 1 },
          lastAt: new Date("2026-03-02T18:30:00.000Z"),
        },
        {
          day: "2026-03-04",
          sessions: 1,
          calories: 80,
          durationSec: 1800,
          exercises: 4,
          muscleSets: { core: 3 },
          lastAt: new Date("2026-03-04T10:00:00.000Z"),
        },
      ]);
      expect(await store.workoutStats.activeDays(userId, { upTo: "2026-03-31", limit: 10 })).toEqual([
        "2026-03-04",
        "2026-03-02",
      ]);

      await store.workoutStats.remove(userId, later);
      expect(await store.workoutStats.activeDays(userId, { upTo: "2026-03-31", limit: 10 })).toEqual(["2026-03-02"]);
      await store.workoutStats.remove(userId, evening);
      expect(await store.workoutStats.totals(userId)).toBeNull();
      expect(await store.workoutStats.days(userId, { from: "2026-03-01", to: "2026-03-31" })).toEqual([]);
    });

    it("counts every one of concurrent deletions, and leaves other users' figures alone", async () => {
      const userId = await aUserId();
      const other = await aUserId();
      const one = aContribution("2026-03-02", { muscleSets: { core: 1 } });
      for (let index = 0; index < 10; index += 1) await store.workoutStats.add(userId, one);
      await store.workoutStats.add(other, one);
      await Promise.all(Array.from({ length: 4 }, () => store.workoutStats.remove(userId, one)));
      expect(await store.workoutStats.totals(userId)).toMatchObject({ sessions: 6, calories: 1800 });
      const [day] = await store.workoutStats.days(userId, { from: "2026-03-02", to: "2026-03-02" });
      expect(day).toMatchObject({ sessions: 6, exercises: 24, muscleSets: { core: 6 } });
      expect(await store.workoutStats.totals(other)).toMatchObject({ sessions: 1 });
      await expect(store.workoutStats.remove("nope", one)).rejects.toThrow(TypeError);
      await expect(store.workoutStats.remove(userId, { ...one, calories: -1 })).rejects.toThrow(TypeError);
    });

    it("keeps a day's latest session time whatever order the saves arrive in", async () => {
      const userId = await aUserId();
      await store.workoutStats.add(userId, aContribution("2026-03-02", { at: new Date("2026-03-02T18:00:00.000Z") }));
      await store.workoutStats.add(userId, aContribution("2026-03-02", { at: new Date("2026-03-02T07:00:00.000Z") }));
      const [day] = await store.workoutStats.days(userId, { from: "2026-03-02", to: "2026-03-02" });
      expect(day?.lastAt).toEqual(new Date("2026-03-02T18:00:00.000Z"));
    });

    it("counts every one of concurrent saves", async () => {
      const userId = await aUserId();
      await Promise.all(
        Array.from({ length: 20 }, () =>
          store.workoutStats.add(userId, aContribution("2026-03-02", { muscleSets: { core: 1 } })),
        ),
      );
      expect(await store.workoutStats.totals(userId)).toMatchObject({ sessions: 20, calories: 6000 });
      const [day] = await store.workoutStats.days(userId, { from: "2026-03-02", to: "2026-03-02" });
      expect(day).toMatchObject({ sessions: 20, exercises: 80, muscleSets: { core: 20 } });
    });

    it("reads a range of days, both ends included, and only the user's", async () => {
      const userId = await aUserId();
      const neighbourId = await aUserId();
      for (const day of ["2026-02-28", "2026-03-01", "2026-03-05", "2026-03-06"]) {
        await store.workoutStats.add(userId, aContribution(day));
        await store.workoutStats.add(neighbourId, aContribution(day));
      }
      const days = await store.workoutStats.days(userId, { from: "2026-03-01", to: "2026-03-05" });
      expect(days.map((day) => day.day)).toEqual(["2026-03-01", "2026-03-05"]);
      expect(await store.workoutStats.days(UNKNOWN_ID, { from: "2026-03-01", to: "2026-03-05" })).toEqual([]);
    });

    it("pages the active days backwards from a day", async () => {
      const userId = await aUserId();
      for (const day of ["2026-03-01", "2026-03-02", "2026-03-04", "2026-03-07"]) {
        await store.workoutStats.add(userId, aContribution(day));
      }
      expect(await store.workoutStats.activeDays(userId, { upTo: "2026-03-06", limit: 2 })).toEqual([
        "2026-03-04",
        "2026-03-02",
      ]);
      expect(await store.workoutStats.activeDays(userId, { upTo: "2026-03-01", limit: 10 })).toEqual(["2026-03-01"]);
      expect(await store.workoutStats.activeDays(userId, { upTo: "2026-02-28", limit: 10 })).toEqual([]);
    });

    it("has nothing for a user without sessions or an invalid id", async () => {
      const userId = await aUserId();
      expect(await store.workoutStats.totals(userId)).toBeNull();
      for (const id of INVALID_IDS) {
        expect(await store.workoutStats.totals(id as string)).toBeNull();
        expect(await store.workoutStats.days(id as string, { from: "2026-03-01", to: "2026-03-02" })).toEqual([]);
        expect(await store.workoutStats.activeDays(id as string, { upTo: "2026-03-01", limit: 5 })).toEqual([]);
        await expect(store.workoutStats.add(id as string, aContribution("2026-03-01"))).rejects.toThrow(TypeError);
      }
    });

    it("refuses figures that do not add up", async () => {
      const userId = await aUserId();
      const refused: Partial<WorkoutContribution>[] = [
        { day: "2026-02-30" },
        { day: { $gt: "" } as unknown as string },
        { calories: -1 },
        { durationSec: Number.NaN },
        { exercises: 1.5 },
        { at: new Date("nope") },
        { muscleSets: { "a.b": 1 } },
        { muscleSets: { $inc: 1 } },
        { muscleSets: { jambes: -2 } },
      ];
      for (const overrides of refused) {
        await expect(store.workoutStats.add(userId, aContribution("2026-03-01", overrides))).rejects.toThrow(TypeError);
      }
      expect(await store.workoutStats.totals(userId)).toBeNull();
    });

    it("reads bounded ranges only", async () => {
      const userId = await aUserId();
      await expect(store.workoutStats.days(userId, { from: "2026-03-05", to: "2026-03-01" })).rejects.toThrow(
        TypeError,
      );
      await expect(store.workoutStats.days(userId, { from: "2024-01-01", to: "2026-03-01" })).rejects.toThrow(
        TypeError,
      );
      await expect(store.workoutStats.activeDays(userId, { upTo: "2026-03-01", limit: 0 })).rejects.toThrow(TypeError);
    });

    it("replaces every figure of a user, and deletes them", async () => {
      const userId = await aUserId();
      const neighbourId = await aUserId();
      await store.workoutStats.add(userId, aContribution("2026-03-01"));
      await store.workoutStats.add(neighbourId, aContribution("2026-03-01"));

      const lastAt = new Date("2026-03-03T09:00:00.000Z");
      await store.workoutStats.replaceForUser(userId, {
        totals: { sessions: 2, calories: 700, durationSec: 5400 },
        days: [
          {
            day: "2026-03-03",
            sessions: 2,
            calories: 700,
            durationSec: 5400,
            exercises: 9,
            muscleSets: { bras: 4 },
            lastAt,
          },
        ],
      });
      expect(await store.workoutStats.totals(userId)).toEqual({ sessions: 2, calories: 700, durationSec: 5400 });
      expect(await store.workoutStats.days(userId, { from: "2026-03-01", to: "2026-03-31" })).toEqual([
        {
          day: "2026-03-03",
          sessions: 2,
          calories: 700,
          durationSec: 5400,
          exercises: 9,
          muscleSets: { bras: 4 },
          lastAt,
        },
      ]);

      await store.workoutStats.replaceForUser(userId, {
        totals: { sessions: 0, calories: 0, durationSec: 0 },
        days: [],
      });
      expect(await store.workoutStats.totals(userId)).toBeNull();

      await store.workoutStats.add(userId, aContribution("2026-03-08"));
      await store.workoutStats.deleteForUser(userId);
      expect(await store.workoutStats.totals(userId)).toBeNull();
      expect(await store.workoutStats.activeDays(userId, { upTo: "2026-12-31", limit: 10 })).toEqual([]);
      expect(await store.workoutStats.totals(neighbourId)).toMatchObject({ sessions: 1 });
    });
  });

  describe("history by action", () => {
    it("lists one action's entries newest first, a page at a time, and finds the oldest", async () => {
      const userId = await aUserId();
      const neighbourId = await aUserId();
      const imc: HistoryRecord[] = [];
      for (let index = 1; index <= 5; index += 1) {
        imc.push(await store.history.add({ userId, action: "IMC_CALC", meta: { index } }));
        await store.history.add({ userId, action: "CALORIES_CALC", meta: { index } });
        await store.history.add({ userId: neighbourId, action: "IMC_CALC", meta: { index } });
        await tick();
      }
      const indexes = (page: HistoryRecord[]) => page.map((entry) => entry.meta.index);

      const first = await store.history.listForUser(userId, { action: "IMC_CALC", limit: 2 });
      expect(first.every((entry) => entry.action === "IMC_CALC")).toBe(true);
      expect(indexes(first)).toEqual([5, 4]);
      const cursor = { createdAt: first[1]!.createdAt, id: first[1]!.id };
      expect(
        indexes(await store.history.listForUser(userId, { action: "IMC_CALC", limit: 2, before: cursor })),
      ).toEqual([3, 2]);
      expect(indexes(await store.history.listForUser(userId, { action: "CALORIES_CALC", limit: 1 }))).toEqual([5]);
      expect(await store.history.listForUser(userId, { action: "NOTHING" })).toEqual([]);

      expect(await store.history.oldestForUser(userId, "IMC_CALC")).toEqual(imc[0]);
      expect(await store.history.oldestForUser(userId, "NOTHING")).toBeNull();
      expect(await store.history.oldestForUser(UNKNOWN_ID, "IMC_CALC")).toBeNull();
      expect(await store.history.oldestForUser(userId, { $gt: "" } as unknown as string)).toBeNull();
    });

    it("refuses an action that is not a string", async () => {
      const userId = await aUserId();
      await expect(store.history.listForUser(userId, { action: { $ne: "" } as unknown as string })).rejects.toThrow(
        TypeError,
      );
    });
  });
}
