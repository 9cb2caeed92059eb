// The body of POST /api/workouts/sessions, read with zod on the server only
// (the browser builds the payload with session-payload.ts and never loads
// zod). Every value must have its plain JSON type (an operator object such
// as {"$gt": ""} is refused), every list and number has a bound no real
// session reaches (SESSION_LIMITS), and unknown keys are dropped. Figures the
// server computes (calories, durationMinutes) are type-checked, then ignored.

import { z } from "zod";
import { DEFAULT_EXERCISE_NAME } from "./planned-exercises";
import {
  type LooseEntry,
  type LooseSet,
  MAX_INTENSITY,
  MIN_INTENSITY,
  SESSION_LIMITS,
  SESSION_MODES,
  type SessionMode,
} from "./session-entries";
import { IDEMPOTENCY_KEY_PATTERN, type IncomingSession, type SessionRefusalMessage } from "./session-payload";
import { MAX_SESSION_SPAN_MS } from "./session-timer";
import { withoutControlCharacters } from "../text";

/** Answers of the JSON API, in French like every API message; a field's path comes first. */
export const SESSION_PAYLOAD_MESSAGES = {
  bodyNotAnObject: "Corps de requête invalide : un objet séance est attendu.",
  notAnObject: "doit être un objet.",
  notAList: "doit être une liste.",
  tooMany: (max: number) => `contient plus de ${max} éléments.`,
  number: (min: number, max: number) => `doit être un nombre de ${min} à ${max}.`,
  wholeNumber: (max: number) => `doit être un nombre entier de 0 à ${max}.`,
  text: (max: number) => `doit être un texte de ${max} caractères au plus.`,
  required: "est requis.",
  date: "doit être une date ISO 8601 avec son fuseau (ex. 2026-01-31T08:30:00.000Z).",
  boolean: "doit valoir true ou false.",
  mode: `doit valoir ${SESSION_MODES.join(", ")}.`,
  type: "doit valoir muscu, cardio, pdc ou poids_du_corps.",
  idempotencyKey: "doit faire de 8 à 100 caractères parmi A-Z, a-z, 0-9, - et _.",
  routineId: "doit être l'identifiant d'une routine (24 caractères de 0 à 9 et a à f).",
  setTooLong: `dure plus d'un jour : durationMin × 60 + durationSec doit faire ${SESSION_LIMITS.durationSec} secondes au plus.`,
  endedBeforeStart: "endedAt ne peut pas précéder startedAt.",
  tooLong: "Une séance tient en 7 jours au plus entre startedAt et endedAt.",
  inTheFuture: "endedAt ne peut pas être dans le futur.",
  tooOld: "endedAt ne peut pas précéder le 1er janvier 2020.",
  noValidEntries:
    "Aucune série valide : note au moins une répétition, une charge, une durée ou une distance pour enregistrer la séance.",
  tooManySessions: (minutes: number) => `Trop de séances enregistrées en une heure. Réessaie dans ${minutes} min.`,
} as const;

/** The French text the JSON API answers for a refusal of the save service (pages translate its key instead). */
export function sessionRefusalText(message: SessionRefusalMessage): string {
  return message.key === "tooMany"
    ? SESSION_PAYLOAD_MESSAGES.tooManySessions(message.values.minutes)
    : SESSION_PAYLOAD_MESSAGES.noValidEntries;
}

const M = SESSION_PAYLOAD_MESSAGES;

/** A client's clock a little ahead is tolerated; a day ahead is not a clock, it is a mistake. */
export const MAX_CLOCK_AHEAD_MS = 86_400_000;
export const EARLIEST_SESSION_END = new Date("2020-01-01T00:00:00.000Z");

const text = (max: number) =>
  z
    .string({ error: M.text(max) })
    .max(max * 4, { error: M.text(max) })
    .transform((value) => withoutControlCharacters(value).trim())
    .pipe(z.string().max(max, { error: M.text(max) }));

const optionalText = (max: number) => text(max).nullable().optional();

const bounded = (max: number, min = 0) =>
  z
    .number({ error: M.number(min, max) })
    .min(min, { error: M.number(min, max) })
    .max(max, { error: M.number(min, max) })
    .nullable()
    .optional();

const count = (max: number) =>
  z
    .number({ error: M.wholeNumber(max) })
    .int({ error: M.wholeNumber(max) })
    .min(0, { error: M.wholeNumber(max) })
    .max(max, { error: M.wholeNumber(max) })
    .optional();

const list = <T extends z.ZodType>(item: T, max: number) =>
  z.array(item, { error: M.notAList }).max(max, { error: M.tooMany(max) });

const isoDate = z.iso.datetime({ offset: true, error: M.date }).transform((value) => new Date(value));

const L = SESSION_LIMITS;

const setShape = z
  .object(
    {
      reps: bounded(L.reps),
      weightKg: bounded(L.weightKg),
      /** The card's own name for the weight. */
      weight: bounded(L.weightKg),
      durationSec: bounded(L.durationSec),
      durationMin: bounded(L.durationMin),
      distanceKm: bounded(L.distanceKm),
      restSec: bounded(L.restSec),
      intensity: bounded(MAX_INTENSITY, MIN_INTENSITY),
      tempo: optionalText(L.tempoLength),
      rpe: bounded(L.rpe),
      calories: bounded(1_000_000),
    },
    { error: M.notAnObject },
  )
  .refine((set) => (set.durationMin ?? 0) * 60 + (set.durationSec ?? 0) <= L.durationSec, { error: M.setTooLong });

const ENTRY_TYPES = ["muscu", "cardio", "pdc", "poids_du_corps"] as const;

const entryShape = z.object(
  {
    exerciseId: text(L.exerciseIdLength).pipe(z.string().min(1, { error: M.required })),
    name: optionalText(L.nameLength),
    type: z.enum(ENTRY_TYPES, { error: M.type }).nullable().optional(),
    mode: z.enum(SESSION_MODES, { error: M.mode }).nullable().optional(),
    notes: optionalText(L.exerciseNotesLength),
    done: z.boolean({ error: M.boolean }).nullable().optional(),
    sets: list(setShape, L.setsPerEntry).optional(),
    cardioSets: list(setShape, L.setsPerEntry).optional(),
    calories: bounded(1_000_000),
  },
  { error: M.notAnObject },
);

const summaryShape = z.object(
  {
    plannedExercises: count(L.entries),
    completedExercises: count(L.entries),
    skippedExercises: count(L.entries),
    exercises: list(
      z.object(
        {
          exerciseName: optionalText(L.nameLength),
          done: z.boolean({ error: M.boolean }).nullable().optional(),
          note: optionalText(L.exerciseNotesLength),
        },
        { error: M.notAnObject },
      ),
      L.entries,
    ).optional(),
  },
  { error: M.notAnObject },
);

export const sessionPayloadSchema = z.object(
  {
    name: optionalText(L.nameLength),
    label: optionalText(L.nameLength),
    startedAt: isoDate,
    endedAt: isoDate,
    durationMinutes: bounded(MAX_SESSION_SPAN_MS / 60_000),
    meta: z
      .object(
        { durationSec: bounded(L.durationSec), summary: summaryShape.nullable().optional() },
        { error: M.notAnObject },
      )
      .nullable()
      .optional(),
    summary: summaryShape.nullable().optional(),
    notes: optionalText(L.sessionNotesLength),
    entries: list(entryShape, L.entries).optional(),
    items: list(entryShape, L.entries).optional(),
    idempotencyKey: z
      .string({ error: M.idempotencyKey })
      .regex(IDEMPOTENCY_KEY_PATTERN, { error: M.idempotencyKey })
      .optional(),
    routineId: z
      .string({ error: M.routineId })
      .regex(/^[0-9a-f]{24}$/, { error: M.routineId })
      .nullable()
      .optional(),
  },
  { error: M.bodyNotAnObject },
);

type EntryShape = z.output<typeof entryShape>;

/** The card's mode of an entry: its mode, else its type, else cardio when only cardio sets came. */
function modeOf(entry: EntryShape): SessionMode {
  if (entry.mode) return entry.mode;
  if (entry.type === "cardio") return "cardio";
  if (entry.type === "pdc" || entry.type === "poids_du_corps") return "pdc";
  if (entry.type === "muscu") return "muscu";
  return (entry.cardioSets?.length ?? 0) > 0 && (entry.sets?.length ?? 0) === 0 ? "cardio" : "muscu";
}

function looseEntry(entry: EntryShape): LooseEntry {
  const mode = modeOf(entry);
  const cardioSets = entry.cardioSets ?? [];
  const sets = mode === "cardio" && cardioSets.length > 0 ? cardioSets : (entry.sets ?? []);
  return {
    exerciseId: entry.exerciseId,
    name: entry.name || DEFAULT_EXERCISE_NAME,
    mode,
    notes: entry.notes ?? "",
    done: entry.done ?? true,
    sets: sets.map((set): LooseSet => ({
      reps: set.reps,
      weightKg: set.weightKg ?? set.weight,
      durationSec: set.durationSec,
      durationMin: set.durationMin,
      distanceKm: set.distanceKm,
      restSec: set.restSec,
      intensity: set.intensity,
      tempo: set.tempo,
      rpe: set.rpe,
    })),
  };
}

/** "entries[2].sets[0].reps" */
function pathText(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (written, key) =>
      typeof key === "number" ? `${written}[${key}]` : written ? `${written}.${String(key)}` : String(key),
    "",
  );
}

export type SessionPayloadOutcome =
  | { ok: true; session: IncomingSession; idempotencyKey: string | null; routineId: string | null }
  | { ok: false; message: string };

/**
 * Reads a parsed JSON body into the session the domain builds from
 * (sessionToSave). The first problem found is the answer, its field named.
 */
export function parseSessionPayload(body: unknown, now: Date = new Date()): SessionPayloadOutcome {
  const result = sessionPayloadSchema.safeParse(body);
  if (!result.success) {
    const issue = result.error.issues[0];
    // Stryker disable next-line StringLiteral: a failed zod parse always reports an issue
    const path = issue ? pathText(issue.path) : "";
    // Stryker disable next-line LogicalOperator,OptionalChaining: an issue is always there, and the only one without a path (the body's type) carries bodyNotAnObject
    return { ok: false, message: path ? `${path} ${issue!.message}` : (issue?.message ?? M.bodyNotAnObject) };
  }
  const payload = result.data;
  const { startedAt, endedAt } = payload;
  if (endedAt.getTime() < startedAt.getTime()) return { ok: false, message: M.endedBeforeStart };
  if (endedAt.getTime() - startedAt.getTime() > MAX_SESSION_SPAN_MS) return { ok: false, message: M.tooLong };
  if (endedAt.getTime() > now.getTime() + MAX_CLOCK_AHEAD_MS) return { ok: false, message: M.inTheFuture };
  if (endedAt.getTime() < EARLIEST_SESSION_END.getTime()) return { ok: false, message: M.tooOld };

  const summary = payload.summary ?? payload.meta?.summary ?? null;
  return {
    ok: true,
    idempotencyKey: payload.idempotencyKey ?? null,
    routineId: payload.routineId ?? null,
    session: {
      name: payload.name || payload.label || "",
      startedAt,
      endedAt,
      countedSeconds: payload.meta?.durationSec ?? null,
      notes: payload.notes ?? "",
      entries: (payload.entries ?? payload.items ?? []).map(looseEntry),
      summary: summary && {
        plannedExercises: summary.plannedExercises,
        exercises: summary.exercises?.map((exercise) => ({
          exerciseName: exercise.exerciseName || DEFAULT_EXERCISE_NAME,
          done: exercise.done ?? false,
          note: exercise.note ?? "",
        })),
      },
    },
  };
}
