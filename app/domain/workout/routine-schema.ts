// The routines' calls as zod schemas: the body of POST and PUT
// /api/routines (validated on every request, and by the pages' forms once
// read) and the answers (what the route tests check every answer against,
// and what the API description is generated from). Server side only: the
// browser gets its routines from the pages' loaders.

import { z } from "zod";
import { SESSION_MODES } from "./session-entries";
import {
  cleanRoutineName,
  ROUTINE_LIMITS,
  ROUTINE_REFUSAL_CODES,
  ROUTINE_REFUSAL_KEYS,
  type RoutineDraft,
  type RoutineRefusal,
  type RoutineRefusalKey,
  targetProblem,
} from "./routines";
import { EXERCISE_HISTORY_MESSAGES } from "./exercise-history-schema";

const L = ROUTINE_LIMITS;

/** The JSON API's French text of each refusal (pages translate the key instead). */
export const ROUTINE_MESSAGES: Record<RoutineRefusalKey, string> = {
  invalidBody: "Corps de requête invalide\u00a0: une routine { name, exercises } est attendue.",
  nameRequired: "Donne un nom à la routine.",
  nameTooLong: `Le nom d'une routine tient en ${L.nameLength} caractères au plus.`,
  noExercises: "Une routine contient au moins un exercice.",
  tooManyExercises: `Une routine contient au plus ${L.exercises} exercices.`,
  duplicateExercise: "Un exercice ne figure qu'une fois dans une routine.",
  unknownExercise: EXERCISE_HISTORY_MESSAGES.unknownExercise,
  invalidMode: `Le mode d'un exercice vaut ${SESSION_MODES.join(", ")}.`,
  tooManyTargets: `Un exercice a au plus ${L.targetsPerExercise} objectifs.`,
  invalidReps: "Les répétitions d'un objectif sont un nombre entier de 1 à 1 000.",
  invalidWeight: "Le poids d'un objectif est un nombre de kilos au-dessus de 0, 1 000 au plus.",
  invalidDuration: "La durée d'un objectif est un nombre entier de secondes, de 1 à 86 400.",
  emptyTarget: "Un objectif donne des répétitions, un poids ou une durée.",
  cardioTarget: "Un objectif d'endurance se donne en durée seulement (durationSec).",
  tooManyRoutines: `Tu as déjà ${L.perUser} routines\u00a0: supprimes-en une pour en enregistrer une autre.`,
  notFound: "Routine introuvable.",
};

const M = ROUTINE_MESSAGES;

/** A key from its French text: the schema's messages say which refusal an issue is. */
const KEY_OF_MESSAGE = new Map(ROUTINE_REFUSAL_KEYS.map((key) => [ROUTINE_MESSAGES[key], key]));

/** The catalogue's ids are slugs; anything else cannot name an exercise. */
const EXERCISE_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_EXERCISE_ID_LENGTH = 100;

const wholeNumber = (max: number, message: string) =>
  z.number({ error: message }).int({ error: message }).min(1, { error: message }).max(max, { error: message });

export const routineTargetSchema = z
  .object(
    {
      reps: wholeNumber(L.reps, M.invalidReps)
        .nullable()
        .optional()
        .meta({ description: `Repetitions, a whole number from 1 to ${L.reps}.` }),
      weightKg: z
        .number({ error: M.invalidWeight })
        .positive({ error: M.invalidWeight })
        .max(L.weightKg, { error: M.invalidWeight })
        .nullable()
        .optional()
        .meta({ description: `Kilograms, above 0 and at most ${L.weightKg}.` }),
      durationSec: wholeNumber(L.durationSec, M.invalidDuration)
        .nullable()
        .optional()
        .meta({
          description: `Seconds, a whole number from 1 to ${L.durationSec} (an endurance target holds only this).`,
        }),
    },
    { error: M.emptyTarget },
  )
  .transform((target) => ({
    reps: target.reps ?? null,
    weightKg: target.weightKg ?? null,
    durationSec: target.durationSec ?? null,
  }))
  .meta({ id: "RoutineTarget", description: "One planned set; a figure left out or null is not planned." });

export const routineExerciseSchema = z
  .object(
    {
      exerciseId: z
        .string({ error: M.unknownExercise })
        .max(MAX_EXERCISE_ID_LENGTH, { error: M.unknownExercise })
        .regex(EXERCISE_ID, { error: M.unknownExercise })
        .meta({ description: "An exercise of the catalogue (public/data/exo/*.json), once per routine." }),
      mode: z
        .enum(SESSION_MODES, { error: M.invalidMode })
        .meta({ description: "muscu (with weights), pdc (bodyweight) or cardio (endurance)." }),
      targets: z
        .array(routineTargetSchema, { error: M.invalidBody })
        .max(L.targetsPerExercise, { error: M.tooManyTargets })
        .default([])
        .meta({ description: `The planned sets in order, at most ${L.targetsPerExercise}.` }),
    },
    { error: M.invalidBody },
  )
  .superRefine((exercise, context) => {
    for (const [index, target] of exercise.targets.entries()) {
      const problem = targetProblem(target, exercise.mode);
      if (problem) context.addIssue({ code: "custom", message: M[problem], path: ["targets", index] });
    }
  })
  .meta({ id: "RoutineExercise" });

/** POST /api/routines and PUT /api/routines/{id}. Unknown keys are dropped; plain JSON values only. */
export const routineBodySchema = z
  .object(
    {
      name: z
        .string({ error: M.nameRequired })
        // A bound before cleaning, so a huge string is never walked.
        .max(L.nameLength * 4, { error: M.nameTooLong })
        .transform(cleanRoutineName)
        .pipe(
          z
            .string()
            .min(1, { error: M.nameRequired })
            .refine((name) => [...name].length <= L.nameLength, { error: M.nameTooLong }),
        )
        .meta({ description: `1 to ${L.nameLength} characters.` }),
      exercises: z
        .array(routineExerciseSchema, { error: M.noExercises })
        .min(1, { error: M.noExercises })
        .max(L.exercises, { error: M.tooManyExercises })
        .superRefine((exercises, context) => {
          const seen = new Set<string>();
          for (const [index, exercise] of exercises.entries()) {
            if (seen.has(exercise.exerciseId)) {
              context.addIssue({ code: "custom", message: M.duplicateExercise, path: [index, "exerciseId"] });
            }
            seen.add(exercise.exerciseId);
          }
        })
        .meta({ description: `1 to ${L.exercises} exercises, in session order.` }),
    },
    { error: M.invalidBody },
  )
  .meta({
    id: "RoutineBody",
    examples: [
      {
        name: "Haut du corps",
        exercises: [
          {
            exerciseId: "dumbbell-bench-press",
            mode: "muscu",
            targets: [
              { reps: 10, weightKg: 20 },
              { reps: 8, weightKg: 22.5 },
            ],
          },
          { exerciseId: "running", mode: "cardio", targets: [{ durationSec: 1200 }] },
        ],
      },
    ],
  });

/** "exercises[2].targets[0]" */
function pathText(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (written, key) =>
      typeof key === "number" ? `${written}[${key}]` : written ? `${written}.${String(key)}` : String(key),
    "",
  );
}

export type RoutineBodyOutcome =
  { ok: true; draft: RoutineDraft } | { ok: false; refusal: RoutineRefusal; path: string };

/**
 * Reads a parsed JSON body (or a page's form, once gathered) into a draft;
 * the first problem found is the answer, with the exercise and target it is
 * about. Whether the exercises exist is the catalogue's to say (the service).
 */
export function parseRoutineBody(body: unknown): RoutineBodyOutcome {
  const result = routineBodySchema.safeParse(body);
  if (result.success) return { ok: true, draft: result.data };
  const issue = result.error.issues[0]!;
  const key = KEY_OF_MESSAGE.get(issue.message) ?? "invalidBody";
  const [field, exercise, inner, target] = issue.path;
  const refusal: RoutineRefusal = { key };
  if (field === "exercises" && typeof exercise === "number") refusal.exercise = exercise;
  if (inner === "targets" && typeof target === "number") refusal.target = target;
  return { ok: false, refusal, path: pathText(issue.path) };
}

/** The JSON API's answer to a refusal: its French text (the field first, when it is about one) and its code. */
export function routineRefusalBody(refusal: RoutineRefusal, path = ""): { message: string; code: string } {
  const message = M[refusal.key];
  return { message: path ? `${path}\u00a0: ${message}` : message, code: ROUTINE_REFUSAL_CODES[refusal.key] };
}

// ---------------------------------------------------------------------------
// Answers

const isoDateTime = z.iso.datetime({ offset: true });

export const routineTargetViewSchema = z.object({
  reps: z.number().int().positive().nullable(),
  weightKg: z.number().positive().nullable(),
  durationSec: z.number().int().positive().nullable(),
});

export const routineSchema = z
  .object({
    id: z.string().regex(/^[0-9a-f]{24}$/),
    name: z
      .string()
      .min(1)
      .max(L.nameLength * 2),
    exercises: z
      .array(
        z.object({
          exerciseId: z.string(),
          /** The exercise's name in the request's language (the catalogue's). */
          name: z.string(),
          mode: z.enum(SESSION_MODES),
          targets: z.array(routineTargetViewSchema).max(L.targetsPerExercise),
        }),
      )
      .max(L.exercises),
    /** When a session run from it was last saved; null before the first. */
    lastDoneAt: isoDateTime.nullable(),
    createdAt: isoDateTime,
    updatedAt: isoDateTime,
  })
  .meta({ id: "Routine" });

export type RoutineView = z.infer<typeof routineSchema>;

/** GET /api/routines: the caller's routines, most recently made, changed or done first. */
export const routinesResponseSchema = z
  .object({ routines: z.array(routineSchema).max(L.perUser) })
  .meta({ id: "RoutineList" });

export type RoutinesResponse = z.infer<typeof routinesResponseSchema>;

/** POST (201), GET and PUT /api/routines[/{id}]. */
export const routineResponseSchema = z.object({ routine: routineSchema }).meta({ id: "RoutineAnswer" });

export type RoutineResponse = z.infer<typeof routineResponseSchema>;
