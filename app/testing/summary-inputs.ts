import type { DayKey } from "~/domain/stats/days";
import type { SummaryInputs } from "~/domain/stats/summary";

/** What the summary is built from for an account with nothing recorded yet, on `today`. */
export function newAccountInputs(today: DayKey): SummaryInputs {
  return {
    today,
    latestImc: null,
    firstImcWeight: null,
    latestDailyCalories: null,
    accountWeightKg: null,
    totals: null,
    days: [],
    activeDays: [],
    recentSessions: [],
  };
}
