// The workout sessions calls of the JSON API: the list's query and the
// finish's Idempotency-Key header as zod (the route reads them with these),
// and the answers (what the API description and its proof test read). The
// finish's body is session-schema.ts's.

import { z } from "zod";
import { keysetPageQuerySchema } from "./page-query.ts";
import { savedSessionResponseSchema } from "../workout/exercise-history-schema.ts";
import { SESSION_MODES } from "../workout/session-entries.ts";
import { IDEMPOTENCY_KEY_PATTERN } from "../workout/session-payload.ts";
import { SESSION_PAYLOAD_MESSAGES } from "../workout/session-schema.ts";
import { WORKOUT_SESSION_PAGE_SIZE } from "../workout/session-page.ts";
import { isoDateTime } from "./answers.ts";

/**
 * A session's payload is a few kilobytes; half a megabyte holds a session at
 * every limit of the schema (100 exercises of 100 sets, every note full).
 * The HTTP server stops reading past it.
 */
export const SESSION_BODY_LIMIT_BYTES = 512 * 1024;

export const POINTS_MESSAGE = 'points ne peut valoir que "week" (les exercices par jour, du lundi au dimanche).';

/** GET /api/workouts/sessions?points=&limit=&before=: points is checked first. */
export const workoutSessionsQuerySchema = z
  .object({
    points: z
      .literal("week", { error: POINTS_MESSAGE })
      .optional()
      .meta({ description: "week: the answer becomes {items, points}, with this week's exercises per day." }),
  })
  .extend(keysetPageQuerySchema(WORKOUT_SESSION_PAGE_SIZE).shape);

/** The finish's key may come as a header (it wins over the body's idempotencyKey). */
export const idempotencyHeadersSchema = z.object({
  "Idempotency-Key": z
    .string()
    .regex(IDEMPOTENCY_KEY_PATTERN, { error: `L'en-tête Idempotency-Key ${SESSION_PAYLOAD_MESSAGES.idempotencyKey}` })
    .optional()
    .meta({
      description:
        "Makes a second copy of the same finish (a retry, a second tab) save nothing: it answers 200 with the first session's id.",
    }),
});

const savedSetSchema = z.object({
  reps: z.number().nullable(),
  weightKg: z.number().nullable(),
  durationSec: z.number().nullable(),
  distanceKm: z.number().nullable(),
  restSec: z.number().nullable(),
  intensity: z.number().nullable(),
  tempo: z.string().nullable(),
  rpe: z.number().nullable(),
  calories: z.number().meta({ description: "Computed by the server, one decimal." }),
});

const summarySchema = z.object({
  plannedExercises: z.number(),
  completedExercises: z.number(),
  skippedExercises: z.number(),
  exercises: z.array(z.object({ exerciseName: z.string(), done: z.boolean(), note: z.string() })),
});

/** A saved session as the API reads it (account spec, section 3); every figure is the server's. */
export const workoutSessionViewSchema = z
  .object({
    _id: z.string(),
    id: z.string(),
    name: z.string(),
    startedAt: isoDateTime,
    endedAt: isoDateTime,
    durationSec: z.number(),
    durationMinutes: z.number(),
    calories: z.number(),
    notes: z.string(),
    entries: z.array(
      z.object({
        exerciseId: z.string(),
        name: z.string(),
        type: z.enum(["cardio", "muscu"]),
        mode: z.enum(SESSION_MODES),
        notes: z.string(),
        done: z.boolean(),
        sets: z.array(savedSetSchema),
        calories: z.number(),
      }),
    ),
    clientSummary: summarySchema,
    bodyMassKg: z.number().nullable(),
    createdAt: isoDateTime,
  })
  .meta({ id: "WorkoutSession" });

export const weekPointSchema = z
  .object({ date: z.iso.date(), value: z.number().meta({ description: "Exercises that day." }) })
  .meta({ id: "WeekPoint" });

export const workoutSessionsWithPointsSchema = z.object({
  items: z.array(workoutSessionViewSchema),
  points: z.array(weekPointSchema).length(7).meta({ description: "Monday to Sunday of this week (Paris time)." }),
});

/** The saved session's id and the personal records it beat (none for a repeated copy). */
export const savedSessionAnswerSchema = savedSessionResponseSchema.meta({ id: "SavedSession" });
