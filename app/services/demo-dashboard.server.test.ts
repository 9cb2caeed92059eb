import { describe, expect, it } from "vitest";
import { createTestApp } from "~/testing/route-harness.server";
import { historySummary, loadDashboard } from "./dashboard.server";
import { DEMO_WEEKS, seedDemoDashboard } from "./demo-dashboard.server";

describe("the demo user's dashboard", () => {
  it("starts with eight weeks of IMC records and workouts", async () => {
    const app = await createTestApp();
    try {
      const { store } = app.services;
      const user = await store.users.create({ pseudo: "demo", email: "demo@dynami.local", passwordHash: "x" });
      const now = new Date("2026-03-19T20:00:00.000Z"); // a Thursday evening
      await seedDemoDashboard(store, user.id, now);

      const dashboard = await loadDashboard(store, user, "fr", now);
      expect(dashboard.weights).toHaveLength(DEMO_WEEKS * 2);
      expect(dashboard.weights[0]!.date < dashboard.weights.at(-1)!.date).toBe(true);
      expect(dashboard.weights[0]!.poids).toBeGreaterThan(dashboard.weights.at(-1)!.poids);
      // This week: Monday (4 exercises) and Wednesday (3) so far.
      expect(dashboard.week.map((point) => point.value)).toEqual([4, 0, 3, 0, 0, 0, 0]);

      const summary = await historySummary(store, user, now);
      // Eight weeks ending today (a Thursday): eight Mondays, Wednesdays and Saturdays.
      expect(summary.totalSessions).toBe(DEMO_WEEKS * 3);
      expect(summary.initialWeight).toBe(dashboard.weights[0]!.poids);
      expect(summary.weightChange).toBeLessThan(0);
      expect(summary.lastSession?.name).toBe("Jambes");
      expect(summary.favoriteMuscleGroup).not.toBeNull();

      // The lifts progress: the squat's and the bench's records fell in the last weeks, the run got longer.
      expect(dashboard.exercises.map((exercise) => exercise.exerciseId)).toHaveLength(6);
      const squat = await store.exerciseHistory.findRecords(user.id, "barbell-squat");
      // Week 8 (the second of a block): 75 kg × 10, 75 × (1 + 10/30) = 100
      expect(squat?.marks).toMatchObject({ heaviestKg: { value: 75 }, bestE1rmKg: { value: 100 } });
      expect(squat!.marks.bestE1rmKg!.at.getTime()).toBeGreaterThan(now.getTime() - 7 * 86_400_000);
      const firstSquat = (await store.exerciseHistory.listLogs(user.id, "barbell-squat", { limit: 50 })).at(-1);
      expect(firstSquat?.figures.heaviestKg).toBe(60);
      const run = await store.exerciseHistory.findRecords(user.id, "running");
      expect(run?.marks.longestSec?.value).toBeGreaterThan(25 * 60);
    } finally {
      await app.close();
    }
  });
});
