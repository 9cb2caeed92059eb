import { type DayKey, addDays, dayKeyOf, weekOf } from "~/domain/stats/days";
import { type DashboardRecord, type WeightPoint, toDashboardRecords, weightSeries } from "~/domain/stats/records";
import { readNumber, readSession } from "~/domain/stats/session-reading";
import {
  buildSummary,
  sessionContribution,
  type HistorySummary,
  RECENT_SESSIONS,
  STREAK_PAGE_DAYS,
  unbrokenRun,
  summaryDaysFrom,
  aggregateContributions,
  type WeekPoint,
  type WorkoutContribution,
  weekPoints,
} from "~/domain/stats/summary";
import { type MuscleGroupOf, sessionFigures, userWeightForEstimates } from "~/domain/stats/workout-stats";
import { MUSCLE_GROUPS, MUSCLE_GROUP_IDS } from "~/domain/workout/zones";
import { WORKOUT_SESSION_PAGE_SIZE } from "~/domain/workout/session-page";
import type { Store, UserRecord, WorkoutSessionRecord } from "~/store/types";
import type { ExerciseRecordsView } from "~/domain/workout/exercise-history-schema";
import type { CatalogueLanguage } from "~/domain/workout/suggestions";
import { toHistoryView } from "./history.server";
import { exerciseCatalogue } from "./workout/exercise-catalogue.server";
import { toRecordsView } from "./workout/exercise-history.server";
import { type RoutineListItem, toRoutineListItem } from "./workout/routines.server";

// The dashboard's figures. Reads stay small whatever the user's history: the
// latest records by action through their index, the per-user and per-day
// workout figures the store keeps up to date as sessions are saved
// (recordSessionFigures), and only the few newest sessions themselves.

const zoneGroups = new Map<string, string>(
  MUSCLE_GROUP_IDS.flatMap((group) => MUSCLE_GROUPS[group].map((zone): [string, string] => [zone, group])),
);

/** The muscle group an exercise trains: its primary muscle's, from the catalogue. */
export const muscleGroupOf: MuscleGroupOf = (exercise) => {
  if (exercise.exerciseId === null) return null;
  const zone = exerciseCatalogue().index.byId.get(exercise.exerciseId)?.exercise.primaryMuscle;
  return zone ? (zoneGroups.get(zone) ?? null) : null;
};

/** The user's latest IMC record's figures. */
async function latestImc(store: Store, userId: string): Promise<{ poids: number | null; imc: number | null } | null> {
  const [latest] = await store.history.listForUser(userId, { action: "IMC_CALC", limit: 1 });
  if (!latest) return null;
  return { poids: readNumber(latest.meta.poids), imc: readNumber(latest.meta.imc) };
}

/**
 * The user's weight for estimates (DECISIONS.md): the latest IMC record's,
 * else the account's weightKg, else null (the default of 85 kg applies).
 */
export async function weightForEstimates(store: Store, userId: string): Promise<number | null> {
  const [imc, user] = await Promise.all([latestImc(store, userId), store.users.findById(userId)]);
  return userWeightForEstimates(imc?.poids, user?.weightKg);
}

/**
 * What one saved session adds to its user's figures, its exercises' groups
 * from the catalogue; null for a session that is not finished (it counts for nothing).
 */
export function contributionOfSession(
  session: WorkoutSessionRecord,
  userWeightKg: number | null,
): WorkoutContribution | null {
  return sessionContribution(session, { userWeightKg, muscleGroupOf, savedAt: session.createdAt });
}

/**
 * The hook of a session's save: called once for a session that was created
 * (never for a repeated idempotent save), it adds the session to the user's
 * totals and to its day.
 */
export async function recordSessionFigures(store: Store, userId: string, session: WorkoutSessionRecord): Promise<void> {
  const weight = session.bodyMassKg ?? (await weightForEstimates(store, userId));
  const contribution = contributionOfSession(session, weight);
  if (contribution) await store.workoutStats.add(userId, contribution);
}

/** The hook of a session's deletion: takes out of the user's figures what recordSessionFigures put in. */
export async function removeSessionFigures(store: Store, userId: string, session: WorkoutSessionRecord): Promise<void> {
  const weight = session.bodyMassKg ?? (await weightForEstimates(store, userId));
  const contribution = contributionOfSession(session, weight);
  if (contribution) await store.workoutStats.remove(userId, contribution);
}

/** Rebuilds a user's figures from all their sessions, a page at a time (after an import, or to repair). */
export async function rebuildWorkoutFigures(store: Store, userId: string): Promise<void> {
  const weight = await weightForEstimates(store, userId);
  const contributions: (WorkoutContribution | null)[] = [];
  let before: { startedAt: Date; id: string } | undefined;
  for (;;) {
    const page = await store.workoutSessions.listForUser(userId, { limit: WORKOUT_SESSION_PAGE_SIZE, before });
    for (const session of page) contributions.push(contributionOfSession(session, weight));
    if (page.length < WORKOUT_SESSION_PAGE_SIZE) break;
    const last = page.at(-1)!;
    before = { startedAt: last.startedAt, id: last.id };
  }
  await store.workoutStats.replaceForUser(userId, aggregateContributions(contributions));
}

function continues(days: readonly DayKey[], page: readonly DayKey[]): boolean {
  const before = days[days.length - page.length - 1]!;
  return addDays(before, -1) === page[0];
}

/** The active days the streak needs, newest first: pages until a gap shows up. */
async function activeDaysForStreak(store: Store, userId: string, today: DayKey): Promise<DayKey[]> {
  const days: DayKey[] = [];
  let upTo = today;
  for (;;) {
    const page = await store.workoutStats.activeDays(userId, { upTo, limit: STREAK_PAGE_DAYS });
    days.push(...page);
    // Another page only while this one was full and followed on from the last without a gap.
    const unbroken = unbrokenRun(page) === page.length && (days.length === page.length || continues(days, page));
    if (page.length < STREAK_PAGE_DAYS || !unbroken) return days;
    upTo = addDays(page.at(-1)!, -1);
  }
}

function caloriesOf(meta: Record<string, unknown>): number | null {
  return readNumber(meta.calories ?? meta.kcal);
}

export async function historySummary(store: Store, user: UserRecord, now: Date = new Date()): Promise<HistorySummary> {
  const today = dayKeyOf(now);
  const [imc, first, latestCalories, totals, days, activeDays, sessions] = await Promise.all([
    latestImc(store, user.id),
    store.history.oldestForUser(user.id, "IMC_CALC"),
    store.history.listForUser(user.id, { action: "CALORIES_CALC", limit: 1 }),
    store.workoutStats.totals(user.id),
    store.workoutStats.days(user.id, { from: summaryDaysFrom(today), to: today }),
    activeDaysForStreak(store, user.id, today),
    store.workoutSessions.listForUser(user.id, { limit: RECENT_SESSIONS }),
  ]);
  const userWeightKg = userWeightForEstimates(imc?.poids, user.weightKg);
  return buildSummary({
    today,
    latestImc: imc,
    firstImcWeight: first ? readNumber(first.meta.poids) : null,
    latestDailyCalories: latestCalories[0] ? caloriesOf(latestCalories[0].meta) : null,
    accountWeightKg: user.weightKg,
    totals,
    days,
    activeDays,
    recentSessions: sessions.map((record) => {
      const session = readSession(record)!;
      return { session, figures: sessionFigures(session, { userWeightKg, muscleGroupOf }) };
    }),
    groupOrder: MUSCLE_GROUP_IDS,
  });
}

/** Monday to Sunday of this week: how many exercises the user's sessions held each day. */
export async function weekPointsFor(store: Store, userId: string, now: Date = new Date()): Promise<WeekPoint[]> {
  const today = dayKeyOf(now);
  const week = weekOf(today);
  return weekPoints(await store.workoutStats.days(userId, { from: week[0]!, to: week[6]! }), today);
}

/** IMC records in the recap, newest first. */
export const RECAP_RECORDS = 20;
/** IMC records the weight chart draws, the newest ones. */
export const WEIGHT_CHART_RECORDS = 60;

/** Everything the dashboard shows. A part that could not be read is missing, and `errors` says which. */
export interface DashboardData {
  today: DayKey;
  /** IMC records, newest first (at most RECAP_RECORDS). */
  measures: DashboardRecord[];
  /** Oldest first. */
  weights: WeightPoint[];
  week: WeekPoint[];
  summary: HistorySummary | null;
  /** 'Mes exercices': the most logged exercises and their records (at most MY_EXERCISES). */
  exercises: MyExercise[];
  /** 'Mes routines': every routine of the user (50 at most, one indexed read without their exercises). */
  routines: RoutineListItem[];
  errors: { history: boolean; sessions: boolean; summary: boolean; exercises: boolean; routines: boolean };
}

async function settled<T>(work: Promise<T>, part: string): Promise<T | null> {
  try {
    return await work;
  } catch (error) {
    console.error(`Dashboard: the ${part} could not be read:`, error);
    return null;
  }
}

/** An exercise of 'Mes exercices': its records, and how many sessions held it. */
export interface MyExercise extends ExerciseRecordsView {
  sessions: number;
}

/** Exercises the dashboard lists under 'Mes exercices', the most logged. */
export const MY_EXERCISES = 6;

export async function loadDashboard(
  store: Store,
  user: UserRecord,
  language: CatalogueLanguage,
  now: Date = new Date(),
): Promise<DashboardData> {
  const [records, week, summary, exercises, routines] = await Promise.all([
    settled(store.history.listForUser(user.id, { action: "IMC_CALC", limit: WEIGHT_CHART_RECORDS }), "history"),
    settled(weekPointsFor(store, user.id, now), "week"),
    settled(historySummary(store, user, now), "summary"),
    settled(store.exerciseHistory.listRecords(user.id, { limit: MY_EXERCISES }), "exercises"),
    settled(store.routines.listSummariesForUser(user.id), "routines"),
  ]);
  const measures = records ? toDashboardRecords(records.map(toHistoryView)) : [];
  return {
    today: dayKeyOf(now),
    measures: measures.slice(0, RECAP_RECORDS),
    weights: weightSeries(measures),
    week: week ?? [],
    summary,
    exercises: (exercises ?? []).map((kept) => ({
      ...toRecordsView(kept.exerciseId, kept, language),
      sessions: kept.sessions,
    })),
    routines: (routines ?? []).map(toRoutineListItem),
    errors: {
      history: records === null,
      sessions: week === null,
      summary: summary === null,
      exercises: exercises === null,
      routines: routines === null,
    },
  };
}
