// The history and dashboard calls of the JSON API: their queries as zod
// (the routes read them with these) and their answers (what the API
// description and its proof test read).

import { z } from "zod";
import { HISTORY_ACTIONS } from "../history.ts";
import { HISTORY_PAGE_SIZE } from "../history-page.ts";
import { keysetPageQuerySchema } from "./page-query.ts";
import { isoDateTime } from "./answers.ts";

/** GET /api/history?limit=&before= */
export const historyPageQuerySchema = keysetPageQuerySchema(HISTORY_PAGE_SIZE);

/** DELETE /api/history/{id}: another user's record answers like a missing one. */
export const HISTORY_ENTRY_NOT_FOUND = "Entrée d'historique introuvable.";

/** A record as the API reads it; meta holds the measurements and the figures computed from them. */
export const historyEntryViewSchema = z
  .object({
    _id: z.string(),
    action: z.enum(HISTORY_ACTIONS),
    createdAt: isoDateTime,
    meta: z.record(z.string(), z.unknown()).meta({
      description:
        "IMC_CALC: poids, taille, imc, categorie, date. CALORIES_CALC: sexe, poids, taille, age, formule, " +
        "masseGrasse (Katch-McArdle only), activite, objectif, calories, date. The figures are the server's.",
    }),
  })
  .meta({ id: "HistoryEntry" });

const sessionOverviewSchema = z
  .object({
    id: z.string().nullable(),
    name: z.string(),
    date: isoDateTime.nullable(),
    durationMin: z.number(),
    calories: z.number(),
    exercises: z.number(),
    completedExercises: z.number(),
    plannedExercises: z.number(),
  })
  .meta({ id: "SessionOverview" });

/** GET /api/history/summary: the account spec's section 3; a figure without data is null. */
export const historySummarySchema = z
  .object({
    lastWeight: z.number().nullable(),
    imc: z.number().nullable(),
    calories: z.number().nullable().meta({ description: "Daily needs from the latest calorie calculation." }),
    lastSession: sessionOverviewSchema.nullable(),
    lastWorkoutDuration: z.number().nullable().meta({ description: "Minutes." }),
    lastCaloriesBurned: z.number().nullable(),
    caloriesBurnedWeek: z.number(),
    totalSessions: z.number(),
    streakDays: z.number(),
    favoriteMuscleGroup: z.string().nullable(),
    initialWeight: z.number().nullable(),
    latestWeight: z.number().nullable(),
    weightChange: z.number().nullable(),
    avgWorkoutDurationMin: z.number().nullable(),
    avgCaloriesPerWorkout: z.number().nullable(),
    workoutsCount7d: z.number(),
    calories7d: z.number(),
    avgDailyCalories7d: z.number(),
    avgCaloriesPerWorkout7d: z.number().nullable(),
    sessions: z.array(sessionOverviewSchema),
    lastCompletedExercises: z.number().nullable(),
    lastPlannedExercises: z.number().nullable(),
    lastExercisesList: z.array(
      z.object({
        name: z.string(),
        type: z.enum(["cardio", "muscu", "poids_du_corps"]),
        done: z.boolean(),
        sets: z.number(),
      }),
    ),
    lastSummary: z
      .object({
        plannedExercises: z.number(),
        completedExercises: z.number(),
        skippedExercises: z.number(),
        percentDone: z.number().nullable(),
        volumeKg: z.number(),
        cardioExercises: z.number(),
        strengthExercises: z.number(),
        durationMin: z.number(),
        calories: z.number(),
      })
      .nullable(),
  })
  .meta({ id: "HistorySummary" });
