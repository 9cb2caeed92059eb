import { z } from "zod";
import type { AppServices } from "~/context.server";
import { flashCookie } from "~/lib/flash-cookie.server";
import type { RoutineView } from "~/domain/workout/routine-schema";
import {
  addRoutineExercises,
  copyName,
  ROUTINE_LIMITS,
  type RoutineDraft,
  type RoutineExercise,
  type RoutineRefusal,
  routineProblem,
} from "~/domain/workout/routines";
import { parseBuilderParams } from "~/domain/workout/builder-url";
import { EQUIPMENT_IDS, EXERCISE_KINDS, MUSCLE_ZONES } from "~/domain/workout/catalogue-ids";
import { MIN_TERM_LENGTH } from "~/domain/workout/text";
import { type CatalogueLanguage, localizedName, queryExercises } from "~/domain/workout/suggestions";
import { defaultMode } from "~/domain/workout/session-entries";
import type { RoutineRecord, RoutineSummary } from "~/store/types";
import { exerciseCatalogue } from "./exercise-catalogue.server";

// Routines (app/domain/workout/routines.ts): the JSON API, the routine page,
// the pages' lists and the session view all go through here. A routine is
// only ever read, changed or deleted through its owner: another user's is
// "not found", so its existence is never told.

/** A refusal as the callers answer it: 400, or 404 for a routine the user does not have. */
export type RoutineOutcome<T> = { ok: true; value: T } | { ok: false; status: 400 | 404; refusal: RoutineRefusal };

const NOT_FOUND = { ok: false, status: 404, refusal: { key: "notFound" } } as const;

function catalogueExercise(exerciseId: string) {
  return exerciseCatalogue().index.byId.get(exerciseId)?.exercise;
}

/** Whether a routine may hold the exercise: the catalogue knows it. */
export const isRoutineExercise = (exerciseId: string) => catalogueExercise(exerciseId) !== undefined;

/** The exercise's name in the page's language (a routine keeps ids only: names follow the language). */
export function routineExerciseName(exerciseId: string, language: CatalogueLanguage): string {
  const exercise = catalogueExercise(exerciseId);
  return (exercise && localizedName(exercise, language)) || exerciseId;
}

/** A routine as the API answers it and the routine page shows it. */
export function toRoutineView(record: RoutineRecord, language: CatalogueLanguage): RoutineView {
  return {
    id: record.id,
    name: record.name,
    exercises: record.exercises.map((exercise) => ({
      exerciseId: exercise.exerciseId,
      name: routineExerciseName(exercise.exerciseId, language),
      mode: exercise.mode,
      targets: exercise.targets,
    })),
    lastDoneAt: record.lastDoneAt?.toISOString() ?? null,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  };
}

/** What a page's list shows of a routine: 'Mes routines' on /exo and the dashboard. */
export interface RoutineListItem {
  id: string;
  name: string;
  exerciseCount: number;
  /** ISO 8601; null before the first run. */
  lastDoneAt: string | null;
}

export const toRoutineListItem = (summary: RoutineSummary): RoutineListItem => ({
  id: summary.id,
  name: summary.name,
  exerciseCount: summary.exerciseCount,
  lastDoneAt: summary.lastDoneAt?.toISOString() ?? null,
});

/** The user's routines for a page's list: one indexed read, without their exercises. */
export async function routineList(services: AppServices, userId: string): Promise<RoutineListItem[]> {
  return (await services.store.routines.listSummariesForUser(userId)).map(toRoutineListItem);
}

/** Every routine of the user, whole (GET /api/routines, the data export). */
export async function listRoutines(
  services: AppServices,
  userId: string,
  language: CatalogueLanguage,
): Promise<RoutineView[]> {
  return (await services.store.routines.listForUser(userId)).map((record) => toRoutineView(record, language));
}

export async function getRoutine(
  services: AppServices,
  userId: string,
  id: string,
  language: CatalogueLanguage,
): Promise<RoutineView | null> {
  const record = await services.store.routines.findForUser(id, userId);
  return record ? toRoutineView(record, language) : null;
}

function problemOf(draft: RoutineDraft): RoutineOutcome<never> | null {
  const problem = routineProblem(draft, isRoutineExercise);
  return problem ? { ok: false, status: 400, refusal: problem } : null;
}

/** Saves a new routine: the 51st is refused and nothing is saved. */
export async function createRoutine(
  services: AppServices,
  userId: string,
  draft: RoutineDraft,
  language: CatalogueLanguage,
): Promise<RoutineOutcome<RoutineView>> {
  const refused = problemOf(draft);
  if (refused) return refused;
  const created = await services.store.routines.create(userId, draft, { maxPerUser: ROUTINE_LIMITS.perUser });
  if (!created.ok) return { ok: false, status: 400, refusal: { key: "tooManyRoutines" } };
  return { ok: true, value: toRoutineView(created.routine, language) };
}

/** Replaces a routine's name and exercises; a refusal changes nothing. */
export async function updateRoutine(
  services: AppServices,
  userId: string,
  id: string,
  draft: RoutineDraft,
  language: CatalogueLanguage,
): Promise<RoutineOutcome<RoutineView>> {
  // Another user's routine is not found, whatever the body holds.
  if ((await services.store.routines.findForUser(id, userId)) === null) return NOT_FOUND;
  const refused = problemOf(draft);
  if (refused) return refused;
  const updated = await services.store.routines.update(id, userId, draft);
  return updated ? { ok: true, value: toRoutineView(updated, language) } : NOT_FOUND;
}

export async function deleteRoutine(services: AppServices, userId: string, id: string): Promise<boolean> {
  return services.store.routines.delete(id, userId);
}

/** A copy of the routine, named "{name} ({suffix})": a new routine, counted against the limit. */
export async function duplicateRoutine(
  services: AppServices,
  userId: string,
  id: string,
  suffix: string,
  language: CatalogueLanguage,
): Promise<RoutineOutcome<RoutineView>> {
  const record = await services.store.routines.findForUser(id, userId);
  if (!record) return NOT_FOUND;
  return createRoutine(
    services,
    userId,
    { name: copyName(record.name, suffix), exercises: record.exercises },
    language,
  );
}

/**
 * A session run from a routine was saved: the routine's last run follows.
 * The session is saved whatever happens here; a failure only leaves the
 * routine's date behind.
 */
export async function recordRoutineRun(
  services: AppServices,
  userId: string,
  routineId: string,
  at: Date,
): Promise<void> {
  try {
    await services.store.routines.markDone(routineId, userId, at);
  } catch (error) {
    console.error(`Routine ${routineId} missed a run:`, error);
  }
}

/** What the session view needs of the routine it runs: its name and each exercise's mode and targets. */
export interface SessionRoutine {
  id: string;
  name: string;
  exercises: RoutineExercise[];
}

/** The routine a session view runs, when the user has it (one read by id); null otherwise. */
export async function sessionRoutine(
  services: AppServices,
  userId: string,
  routineId: string,
): Promise<SessionRoutine | null> {
  const record = await services.store.routines.findForUser(routineId, userId);
  return record && { id: record.id, name: record.name, exercises: record.exercises };
}

/** What a routine's form did, said once on the next page (a form's answer is a redirect). */
export const routineFlash = flashCookie(
  "dynami_routine",
  z.object({
    kind: z.enum(["created", "saved", "duplicated", "deleted", "added"]),
    name: z.string().max(ROUTINE_LIMITS.nameLength * 4),
    count: z.number().int().min(0).max(ROUTINE_LIMITS.exercises).optional(),
  }),
);

export type RoutineFlash = NonNullable<Awaited<ReturnType<typeof routineFlash.read>>["flash"]>;

/** The routine page's search: the builder's, by name and the three filters of its search mode. */
export interface RoutineSearch {
  text: string;
  kind: string | null;
  muscle: string | null;
  equipment: string | null;
  /** Null until a term of 2 letters or a filter is given. */
  results: { id: string; name: string }[] | null;
  total: number;
  /** What the filters offer, in the catalogue's order. */
  options: { kinds: readonly string[]; muscles: readonly string[]; equipment: readonly string[] };
}

/** The search of an address (?q=&ftype=&fmuscle=&fequipement=, the builder's names), 24 results at most. */
export function searchRoutineExercises(
  params: URLSearchParams,
  language: CatalogueLanguage,
  now = new Date(),
): RoutineSearch {
  const { search } = parseBuilderParams(params);
  const asked =
    search.text.trim().length >= MIN_TERM_LENGTH ||
    search.kind !== null ||
    search.muscle !== null ||
    search.equipment !== null;
  const found = asked
    ? queryExercises(exerciseCatalogue().index, {
        kinds: search.kind ? [search.kind] : [],
        muscles: search.muscle ? [search.muscle] : [],
        equipment: search.equipment ? [search.equipment] : [],
        text: search.text,
        language,
        now,
      })
    : null;
  return {
    text: search.text,
    kind: search.kind,
    muscle: search.muscle,
    equipment: search.equipment,
    results:
      found && found.results.map(({ exercise }) => ({ id: exercise.id, name: localizedName(exercise, language) })),
    total: found?.total ?? 0,
    options: { kinds: EXERCISE_KINDS, muscles: MUSCLE_ZONES, equipment: EQUIPMENT_IDS },
  };
}

/**
 * Exercises ticked in the search, added at the end of the routine in their
 * default mode (those already there stay where they are). Refused past 30,
 * and nothing changes then.
 */
export async function addExercisesToRoutine(
  services: AppServices,
  userId: string,
  id: string,
  exerciseIds: readonly string[],
  language: CatalogueLanguage,
): Promise<RoutineOutcome<{ routine: RoutineView; added: number }>> {
  const record = await services.store.routines.findForUser(id, userId);
  if (!record) return NOT_FOUND;
  const additions = exerciseIds.flatMap((exerciseId) => {
    const exercise = catalogueExercise(exerciseId);
    return exercise ? [{ exerciseId, mode: defaultMode(exercise) }] : [];
  });
  const exercises = addRoutineExercises(record.exercises, additions);
  const updated = await updateRoutine(services, userId, id, { name: record.name, exercises }, language);
  return updated.ok
    ? { ok: true, value: { routine: updated.value, added: exercises.length - record.exercises.length } }
    : updated;
}
