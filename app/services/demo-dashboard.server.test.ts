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
    } finally {
      await app.close();
    }
  });
});
