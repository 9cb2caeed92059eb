// The summary of GET /api/history/summary and the statistics panel, built
// from figures the store keeps per user and per day (kept up to date when a
// session is saved), the latest records and the few newest sessions: never
// from every session of the user.

import { roundTo } from "../numbers.ts";
import { addDays, type DayKey, dayKeyOf, dayNumber, daysEndingOn, weekOf } from "./days.ts";
import { type ReadSession, readSession, sessionInstant } from "./session-reading.ts";
import { type MuscleGroupOf, type SessionFigures, bodyWeightForEstimates, sessionFigures } from "./workout-stats.ts";

/** What one saved session adds to its user's figures. */
export interface WorkoutContribution {
  /** The calendar day it counts for (see days.ts). */
  day: DayKey;
  /** When it happened (its end, else its start). */
  at: Date;
  calories: number;
  durationSec: number;
  exercises: number;
  /** Completed sets per muscle group. */
  muscleSets: Record<string, number>;
}

/** A user's sessions of one day, summed. */
export interface WorkoutDayStats {
  day: DayKey;
  sessions: number;
  calories: number;
  durationSec: number;
  exercises: number;
  muscleSets: Record<string, number>;
  /** The latest session of the day. */
  lastAt: Date;
}

/** A user's sessions, all time, summed. */
export interface WorkoutTotals {
  sessions: number;
  calories: number;
  durationSec: number;
}

export function contributionOf(figures: SessionFigures, day: DayKey, at: Date): WorkoutContribution {
  return {
    day,
    at,
    calories: figures.calories,
    durationSec: figures.durationSec,
    exercises: figures.exercises,
    muscleSets: { ...figures.muscleSets },
  };
}

/**
 * What a saved session (any session-shaped value; `savedAt` when it says
 * nothing of when it happened) adds to its user's figures. Only a finished
 * session counts (section 4, isSessionFinished): one without any finished
 * mark, an imported or older record, adds nothing (null).
 */
export function sessionContribution(
  session: unknown,
  options: { userWeightKg: number | null; muscleGroupOf?: MuscleGroupOf; savedAt: Date },
): WorkoutContribution | null {
  const read = readSession(session);
  if (!read?.finished) return null;
  const figures = sessionFigures(read, { userWeightKg: options.userWeightKg, muscleGroupOf: options.muscleGroupOf });
  const at = sessionInstant(read) ?? options.savedAt;
  return contributionOf(figures, dayKeyOf(at), at);
}

/**
 * Sums contributions per day and overall: what the store keeps, rebuilt from
 * scratch. A null (a session that is not finished) adds nothing.
 */
export function aggregateContributions(contributions: readonly (WorkoutContribution | null)[]): {
  totals: WorkoutTotals;
  days: WorkoutDayStats[];
} {
  const totals: WorkoutTotals = { sessions: 0, calories: 0, durationSec: 0 };
  const days = new Map<DayKey, WorkoutDayStats>();
  for (const contribution of contributions) {
    if (contribution === null) continue;
    totals.sessions += 1;
    totals.calories += contribution.calories;
    totals.durationSec += contribution.durationSec;
    const day = days.get(contribution.day) ?? {
      day: contribution.day,
      sessions: 0,
      calories: 0,
      durationSec: 0,
      exercises: 0,
      muscleSets: {},
      lastAt: contribution.at,
    };
    day.sessions += 1;
    day.calories += contribution.calories;
    day.durationSec += contribution.durationSec;
    day.exercises += contribution.exercises;
    for (const [group, sets] of Object.entries(contribution.muscleSets)) {
      day.muscleSets[group] = (day.muscleSets[group] ?? 0) + sets;
    }
    if (contribution.at > day.lastAt) day.lastAt = contribution.at;
    days.set(contribution.day, day);
  }
  return { totals, days: [...days.values()].toSorted((a, b) => a.day.localeCompare(b.day)) };
}

/**
 * Consecutive active days up to today. A streak is not broken before the day
 * is over: with nothing yet today, it counts back from yesterday. `activeDays`
 * are distinct days, newest first (what the store pages out).
 */
export function streakDays(activeDays: readonly DayKey[], today: DayKey): number {
  const days = activeDays.filter((day) => day <= today);
  if (days.length === 0) return 0;
  const first = dayNumber(days[0]!);
  if (dayNumber(today) - first > 1) return 0;
  return unbrokenRun(days, first);
}

/** How many of `days` (newest first, the first being day number `first`) follow each other without a gap. */
export function unbrokenRun(days: readonly DayKey[], first: number = dayNumber(days[0] ?? "1970-01-01")): number {
  let run = 0;
  while (run < days.length && dayNumber(days[run]!) === first - run) run += 1;
  return run;
}

/** Active days read at once for the streak: a year, so even a long streak takes few reads. */
export const STREAK_PAGE_DAYS = 366;

/** The window the favourite muscle group looks at (DECISIONS.md). */
export const FAVOURITE_GROUP_WINDOW_DAYS = 30;
export const STATS_WINDOW_DAYS = 7;

/**
 * The group with the most completed sets over the days given; a tie goes to
 * the group trained most recently, then to the order of `groupOrder`. Given
 * an order (the spec's six groups), a name outside it (a figure kept by an
 * older version) never counts: the answer is always one of those groups.
 */
export function favouriteMuscleGroup(
  days: readonly WorkoutDayStats[],
  // Stryker disable next-line ArrayDeclaration: without an order every group ranks the same, whatever name the default holds
  groupOrder: readonly string[] = [],
): string | null {
  const sets = new Map<string, number>();
  const lastTrained = new Map<string, number>();
  for (const day of days) {
    for (const [group, count] of Object.entries(day.muscleSets)) {
      if (!(count > 0) || (groupOrder.length > 0 && !groupOrder.includes(group))) continue;
      sets.set(group, (sets.get(group) ?? 0) + count);
      lastTrained.set(group, Math.max(lastTrained.get(group) ?? 0, day.lastAt.getTime()));
    }
  }
  const rank = (group: string) => {
    const index = groupOrder.indexOf(group);
    return index === -1 ? groupOrder.length : index;
  };
  let best: string | null = null;
  for (const group of sets.keys()) {
    if (best === null) {
      best = group;
      continue;
    }
    const bySets = sets.get(group)! - sets.get(best)!;
    const byRecency = lastTrained.get(group)! - lastTrained.get(best)!;
    const byOrder = rank(best) - rank(group);
    if (bySets > 0 || (bySets === 0 && (byRecency > 0 || (byRecency === 0 && byOrder > 0)))) best = group;
  }
  return best;
}

/** A session as the summary and the dashboard list it. */
export interface SessionOverview {
  id: string | null;
  name: string;
  /** ISO 8601; null when the session says nothing of when. */
  date: string | null;
  durationMin: number;
  calories: number;
  exercises: number;
  completedExercises: number;
  plannedExercises: number;
}

export interface LastSessionDetails {
  plannedExercises: number;
  completedExercises: number;
  skippedExercises: number;
  percentDone: number | null;
  volumeKg: number;
  cardioExercises: number;
  strengthExercises: number;
  durationMin: number;
  calories: number;
}

export interface ExerciseOverview {
  name: string;
  type: "cardio" | "muscu" | "poids_du_corps";
  done: boolean;
  sets: number;
}

/** The summary: section 3's fields. Figures missing for lack of data are null ('Aucune donnée'). */
export interface HistorySummary {
  lastWeight: number | null;
  imc: number | null;
  /** Daily calorie needs from the latest calorie calculation. */
  calories: number | null;
  lastSession: SessionOverview | null;
  /** Minutes. */
  lastWorkoutDuration: number | null;
  lastCaloriesBurned: number | null;
  /** Calories burned this week, Monday to today. */
  caloriesBurnedWeek: number;
  totalSessions: number;
  streakDays: number;
  /** A muscle group id (pectoraux, dos, epaules, bras, jambes, core). */
  favoriteMuscleGroup: string | null;
  initialWeight: number | null;
  /** The weight used for estimates: the latest record's, else the account's. */
  latestWeight: number | null;
  weightChange: number | null;
  avgWorkoutDurationMin: number | null;
  avgCaloriesPerWorkout: number | null;
  workoutsCount7d: number;
  calories7d: number;
  avgDailyCalories7d: number;
  avgCaloriesPerWorkout7d: number | null;
  /** The newest sessions, newest first (at most RECENT_SESSIONS). */
  sessions: SessionOverview[];
  lastCompletedExercises: number | null;
  lastPlannedExercises: number | null;
  lastExercisesList: ExerciseOverview[];
  lastSummary: LastSessionDetails | null;
}

export const RECENT_SESSIONS = 5;

export interface SummaryInputs {
  today: DayKey;
  latestImc: { poids: number | null; imc: number | null } | null;
  firstImcWeight: number | null;
  latestDailyCalories: number | null;
  accountWeightKg: number | null;
  totals: WorkoutTotals | null;
  /** Day figures covering at least the favourite group's window and the current week (older ones are ignored). */
  days: readonly WorkoutDayStats[];
  /** Active days, newest first, from today back (see streakDays). */
  activeDays: readonly DayKey[];
  /** The newest sessions with their figures, newest first; those not finished are left out. */
  recentSessions: readonly { session: ReadSession; figures: SessionFigures }[];
  groupOrder?: readonly string[];
}

function overviewOf({ session, figures }: { session: ReadSession; figures: SessionFigures }): SessionOverview {
  const when = session.endedAt ?? session.startedAt;
  return {
    id: session.id,
    name: session.name,
    date: when ? when.toISOString() : null,
    durationMin: figures.durationMin,
    calories: figures.calories,
    exercises: figures.exercises,
    completedExercises: figures.completedExercises,
    plannedExercises: figures.plannedExercises,
  };
}

function sumOver(days: readonly WorkoutDayStats[], wanted: readonly DayKey[], field: "calories" | "sessions"): number {
  const set = new Set(wanted);
  return days.filter((day) => set.has(day.day)).reduce((total, day) => total + day[field], 0);
}

export function buildSummary(inputs: SummaryInputs): HistorySummary {
  const { today, totals } = inputs;
  const lastWeight = inputs.latestImc?.poids ?? null;
  const latestWeight =
    lastWeight ?? (inputs.accountWeightKg !== null ? bodyWeightForEstimates(inputs.accountWeightKg) : null);
  const initialWeight = inputs.firstImcWeight;
  const window7 = daysEndingOn(today, STATS_WINDOW_DAYS);
  const thisWeek = weekOf(today).filter((day) => day <= today);
  const favouriteWindow = new Set(daysEndingOn(today, FAVOURITE_GROUP_WINDOW_DAYS));
  const workoutsCount7d = sumOver(inputs.days, window7, "sessions");
  const calories7d = Math.round(sumOver(inputs.days, window7, "calories"));
  // Only finished sessions count (section 4): the last one and the list are chosen among them.
  const recent = inputs.recentSessions.filter(({ session }) => session.finished);
  const last = recent[0] ?? null;
  const sessions = totals?.sessions ?? 0;

  return {
    lastWeight,
    imc: inputs.latestImc?.imc ?? null,
    calories: inputs.latestDailyCalories,
    lastSession: last ? overviewOf(last) : null,
    lastWorkoutDuration: last ? last.figures.durationMin : null,
    lastCaloriesBurned: last ? last.figures.calories : null,
    caloriesBurnedWeek: Math.round(sumOver(inputs.days, thisWeek, "calories")),
    totalSessions: sessions,
    streakDays: streakDays(inputs.activeDays, today),
    favoriteMuscleGroup: favouriteMuscleGroup(
      inputs.days.filter((day) => favouriteWindow.has(day.day)),
      inputs.groupOrder,
    ),
    initialWeight,
    latestWeight,
    weightChange: initialWeight !== null && latestWeight !== null ? roundTo(latestWeight - initialWeight, 1) : null,
    avgWorkoutDurationMin: sessions > 0 ? Math.round(totals!.durationSec / 60 / sessions) : null,
    avgCaloriesPerWorkout: sessions > 0 ? Math.round(totals!.calories / sessions) : null,
    workoutsCount7d,
    calories7d,
    avgDailyCalories7d: Math.round(calories7d / STATS_WINDOW_DAYS),
    avgCaloriesPerWorkout7d: workoutsCount7d > 0 ? Math.round(calories7d / workoutsCount7d) : null,
    sessions: recent.slice(0, RECENT_SESSIONS).map(overviewOf),
    lastCompletedExercises: last ? last.figures.completedExercises : null,
    lastPlannedExercises: last ? last.figures.plannedExercises : null,
    lastExercisesList: last
      ? last.session.exercises.map((exercise) => ({
          name: exercise.name,
          type: exercise.type,
          done: exercise.done,
          sets: exercise.sets.length,
        }))
      : [],
    lastSummary: last
      ? {
          plannedExercises: last.figures.plannedExercises,
          completedExercises: last.figures.completedExercises,
          skippedExercises: last.figures.skippedExercises,
          percentDone: last.figures.percentDone,
          volumeKg: last.figures.volumeKg,
          cardioExercises: last.figures.cardioExercises,
          strengthExercises: last.figures.strengthExercises,
          durationMin: last.figures.durationMin,
          calories: last.figures.calories,
        }
      : null,
  };
}

/** A point of the week chart: a day and how many exercises its sessions held. */
export interface WeekPoint {
  date: DayKey;
  value: number;
}

/** Monday to Sunday of the current week, days to come at 0. */
export function weekPoints(days: readonly WorkoutDayStats[], today: DayKey): WeekPoint[] {
  const byDay = new Map(days.map((day) => [day.day, day.exercises]));
  return weekOf(today).map((date) => ({ date, value: byDay.get(date) ?? 0 }));
}

/** The first day the summary reads figures for: the favourite group's window, or Monday if earlier. */
export function summaryDaysFrom(today: DayKey): DayKey {
  const windowStart = addDays(today, -(FAVOURITE_GROUP_WINDOW_DAYS - 1));
  const monday = weekOf(today)[0]!;
  return monday < windowStart ? monday : windowStart;
}
