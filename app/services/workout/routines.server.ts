import type { AppServices } from "~/context.server";
import type { RoutineView } from "~/domain/workout/routine-schema";
import {
  copyName,
  ROUTINE_LIMITS,
  type RoutineDraft,
  type RoutineExercise,
  type RoutineRefusal,
  routineProblem,
} from "~/domain/workout/routines";
import { type CatalogueLanguage, localizedName } from "~/domain/workout/suggestions";
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

const toListItem = (summary: RoutineSummary): RoutineListItem => ({
  id: summary.id,
  name: summary.name,
  exerciseCount: summary.exerciseCount,
  lastDoneAt: summary.lastDoneAt?.toISOString() ?? null,
});

/** The user's routines for a page's list: one indexed read, without their exercises. */
export async function routineList(services: AppServices, userId: string): Promise<RoutineListItem[]> {
  return (await services.store.routines.listSummariesForUser(userId)).map(toListItem);
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
