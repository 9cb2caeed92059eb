// The calls of a lifter's memory, as zod schemas: the query of
// GET /api/exercises/{id}/history (validated on every request) and the
// answers of that call and of GET /api/records (what the route tests check
// every answer against, and what an API description is generated from).
// Server side only: the browser gets its figures from the pages' loaders.

import { z } from "zod";
import { type KeysetCursor, pageQueryMessages, parseKeysetCursor, parsePageSize } from "../keyset-page";
import { EXERCISE_HISTORY_PAGE_SIZE, RECORD_KINDS } from "./personal-records";
import { MAX_INTENSITY, SESSION_LIMITS } from "./session-entries";

/** Answers of the JSON API, in French like every API message. */
export const EXERCISE_HISTORY_MESSAGES = {
  ...pageQueryMessages(EXERCISE_HISTORY_PAGE_SIZE),
  unknownExercise: "Exercice introuvable : cet identifiant n'est pas dans le catalogue.",
} as const;

const M = EXERCISE_HISTORY_MESSAGES;

/** `?limit=` (1 to 50, 50 when absent) and `?before=` (the cursor of the Link header's next page). */
export const exerciseHistoryQuerySchema = z.object({
  limit: z
    .string()
    .optional()
    .transform((text, context) => {
      if (text === undefined) return EXERCISE_HISTORY_PAGE_SIZE;
      const size = parsePageSize(text, EXERCISE_HISTORY_PAGE_SIZE);
      if (size === null) context.addIssue({ code: "custom", message: M.invalidLimit });
      return size ?? EXERCISE_HISTORY_PAGE_SIZE;
    }),
  before: z
    .string()
    .optional()
    .transform((text, context): KeysetCursor | undefined => {
      if (text === undefined) return undefined;
      const cursor = parseKeysetCursor(text);
      if (cursor === null) context.addIssue({ code: "custom", message: M.invalidCursor });
      return cursor ?? undefined;
    }),
});

export type ExerciseHistoryQuery = z.output<typeof exerciseHistoryQuerySchema>;

/** The query of a request, or the first problem's message (the 400's). */
export function parseExerciseHistoryQuery(
  params: URLSearchParams,
): { ok: true; query: ExerciseHistoryQuery } | { ok: false; message: string } {
  const parsed = exerciseHistoryQuerySchema.safeParse({
    limit: params.get("limit") ?? undefined,
    before: params.get("before") ?? undefined,
  });
  return parsed.success ? { ok: true, query: parsed.data } : { ok: false, message: parsed.error.issues[0]!.message };
}

const figure = z.number().nonnegative().nullable();

/** A user's records on one exercise; a figure never reached is null. */
export const exerciseRecordsViewSchema = z.object({
  exerciseId: z.string(),
  name: z.string(),
  heaviestKg: figure,
  bestE1rmKg: figure,
  bestVolumeKg: figure,
  mostReps: figure,
  longestSec: figure,
  longestKm: figure,
  /** When a record last fell (ISO 8601); null before any. */
  setAt: z.iso.datetime().nullable(),
});

export type ExerciseRecordsView = z.infer<typeof exerciseRecordsViewSchema>;

/** A saved set, as the sessions keep it. */
export const savedSetSchema = z.object({
  reps: z.number().positive().max(SESSION_LIMITS.reps).nullable(),
  weightKg: z.number().positive().max(SESSION_LIMITS.weightKg).nullable(),
  durationSec: z.number().int().positive().max(SESSION_LIMITS.durationSec).nullable(),
  distanceKm: z.number().positive().max(SESSION_LIMITS.distanceKm).nullable(),
  restSec: z.number().positive().max(SESSION_LIMITS.restSec).nullable(),
  intensity: z.number().positive().max(MAX_INTENSITY).nullable(),
  tempo: z.string().max(SESSION_LIMITS.tempoLength).nullable(),
  rpe: z.number().positive().max(SESSION_LIMITS.rpe).nullable(),
  calories: z.number().nonnegative(),
});

/** One session that holds the exercise: its sets of it, and two of its figures. */
export const exerciseHistorySessionSchema = z.object({
  sessionId: z.string(),
  startedAt: z.iso.datetime(),
  sets: z.array(savedSetSchema),
  bestE1rmKg: figure,
  volumeKg: figure,
});

/** GET /api/exercises/{id}/history: the records, and a page of sessions newest first. */
export const exerciseHistoryResponseSchema = z.object({
  exerciseId: z.string(),
  records: exerciseRecordsViewSchema,
  sessions: z.array(exerciseHistorySessionSchema).max(EXERCISE_HISTORY_PAGE_SIZE),
});

export type ExerciseHistoryResponse = z.infer<typeof exerciseHistoryResponseSchema>;

/** GET /api/records: every exercise the user has records on, most logged first. */
export const recordsResponseSchema = z.object({ records: z.array(exerciseRecordsViewSchema) });

export type RecordsResponse = z.infer<typeof recordsResponseSchema>;

/** A record a saved session beat: the figure before and now. */
export const newRecordSchema = z.object({
  exerciseId: z.string(),
  /** The exercise's name as the session saved it. */
  name: z.string(),
  kind: z.enum(RECORD_KINDS),
  previous: z.number().nonnegative(),
  value: z.number().nonnegative(),
});

/** POST /api/workouts/sessions: the saved session's id, and the records it beat (none for a repeated copy). */
export const savedSessionResponseSchema = z.object({
  id: z.string(),
  _id: z.string(),
  newRecords: z.array(newRecordSchema),
});

export type SavedSessionResponse = z.infer<typeof savedSessionResponseSchema>;
