import { randomUUID } from "node:crypto";
import type { RouterContextProvider } from "react-router";
import { type AppServices, getServices } from "~/context.server";
import { parseBuilderParams } from "~/domain/workout/builder-url";
import type { ExerciseIdentity } from "~/domain/workout/session-entries";
import {
  applySessionIntent,
  formReader,
  parseSessionIntent,
  readSessionForm,
  SESSION_FORM_FIELDS,
  type SessionFieldError,
  type SessionFormState,
} from "~/domain/workout/session-form";
import {
  buildSessionPayload,
  type FinishedSession,
  incomingOf,
  type SessionResult,
  sessionResultOf,
} from "~/domain/workout/session-payload";
import { MAX_SESSION_SPAN_MS } from "~/domain/workout/session-timer";
import { type CatalogueLanguage } from "~/domain/workout/suggestions";
import { plannedExercises } from "~/domain/workout/planned-exercises";
import { readFormData } from "~/lib/http.server";
import { getCurrentUser } from "../auth/session.server";
import { exerciseCatalogue } from "./exercise-catalogue.server";
import { saveWorkoutSession } from "./sessions.server";
import { lastTimes } from "./exercise-history.server";
import { NO_SESSION_MEMORY, resumePreviousSets, type SessionMemory } from "~/domain/workout/last-time";
import { formatDayMonth } from "~/lib/date-format";
import { setsText } from "~/lib/exercise-figures-text";
import type { TFunction } from "~/i18n/translator";
import { targetSets } from "~/domain/workout/routines";
import type { SessionRoutine } from "./routines.server";

// The session view without JavaScript: one form posted to the /exo route
// action. Its buttons add or delete a set or apply a mode (the form comes
// back with what was typed), or finish the session: the entries are built,
// saved for a signed-in user, and the summary is shown.

/** What a form served with the session view carries: when it was served, and the key of its finish. */
export interface SessionFormStart {
  startedAt: number;
  idempotencyKey: string;
}

export function newSessionFormStart(now = new Date()): SessionFormStart {
  return { startedAt: now.getTime(), idempotencyKey: randomUUID() };
}

export type SessionActionData =
  /** The form again, with what was typed; focus is the exercise its button was about. */
  | { kind: "form"; state: SessionFormState; errors: SessionFieldError[]; focus: number | null }
  | { kind: "summary"; result: SessionResult };

export interface SessionActionContext {
  language: CatalogueLanguage;
  /** The session's name: the builder's, else the default one ('Séance - {date}'). */
  sessionName: string;
  now?: Date;
}

/** The session's exercises, in order, as the page listed them (the chosen ids of its address). */
export function sessionExercises(url: URL, language: CatalogueLanguage): ExerciseIdentity[] {
  const catalogue = exerciseCatalogue();
  const { chosen } = parseBuilderParams(url.searchParams);
  return plannedExercises(chosen, (id) => catalogue.index.byId.get(id)?.exercise, language);
}

export async function sessionPageAction(
  routerContext: Readonly<RouterContextProvider>,
  request: Request,
  context: SessionActionContext,
): Promise<{ data: SessionActionData; status: number }> {
  const now = context.now ?? new Date();
  const exercises = sessionExercises(new URL(request.url), context.language);
  const form = await readFormData(request);
  const intent = parseSessionIntent(form.get(SESSION_FORM_FIELDS.intent)) ?? { kind: "refresh" };
  const { state, errors } = readSessionForm(formReader(form), exercises, newSessionFormStart(now));

  if (intent.kind === "resume-sets") {
    const inputs = await resumedInputs(routerContext, request, state.inputs, exercises[intent.exercise]);
    return { data: { kind: "form", state: { ...state, inputs }, errors, focus: intent.exercise }, status: 200 };
  }
  if (intent.kind !== "finish") {
    const inputs = intent.kind === "refresh" ? state.inputs : applySessionIntent(state.inputs, exercises, intent);
    const focus = intent.kind === "refresh" ? null : intent.exercise;
    return { data: { kind: "form", state: { ...state, inputs }, errors, focus }, status: 200 };
  }
  if (errors.length > 0) {
    return { data: { kind: "form", state, errors, focus: errors[0]!.exercise }, status: 400 };
  }

  // The start written into the page, within what a session may span.
  const startedAt = new Date(Math.min(now.getTime(), Math.max(state.startedAt, now.getTime() - MAX_SESSION_SPAN_MS)));
  const finished: FinishedSession = {
    name: context.sessionName,
    exercises,
    inputs: state.inputs,
    startedAt,
    endedAt: now,
    countedSeconds: null,
    notes: state.sessionNotes,
    idempotencyKey: state.idempotencyKey,
  };
  const payload = buildSessionPayload(finished);
  // For the summary's 'Enregistrer comme routine': each card's mode.
  const planned = exercises.map((exercise) => ({ id: exercise.id, mode: state.inputs[exercise.id]?.mode ?? "muscu" }));
  const current = await getCurrentUser(routerContext, request);
  if (!current)
    return { data: { kind: "summary", result: sessionResultOf(payload, { outcome: "signed-out" }) }, status: 200 };
  if (payload.entries.length === 0) {
    const result = sessionResultOf(payload, { outcome: "nothing-to-save", planned });
    return { data: { kind: "summary", result }, status: 200 };
  }
  const saved = await saveWorkoutSession(
    getServices(routerContext),
    current.user.id,
    incomingOf(finished),
    state.idempotencyKey,
    // The routine the session ran (its address says which): its last run follows.
    parseBuilderParams(new URL(request.url).searchParams).routine,
  );
  const result = saved.ok
    ? sessionResultOf(payload, { outcome: "saved", newRecords: saved.newRecords, planned })
    : sessionResultOf(payload, { outcome: "failed", refusal: saved.message, planned });
  return { data: { kind: "summary", result }, status: 200 };
}

/** 'Reprendre mes séries' without JavaScript: the exercise's last time read again, copied into its empty rows. */
async function resumedInputs(
  routerContext: Readonly<RouterContextProvider>,
  request: Request,
  inputs: SessionFormState["inputs"],
  exercise: ExerciseIdentity | undefined,
): Promise<SessionFormState["inputs"]> {
  const current = await getCurrentUser(routerContext, request);
  const input = exercise ? inputs[exercise.id] : undefined;
  if (!current || !exercise || !input) return inputs;
  const [last] = await lastTimes(getServices(routerContext), current.user.id, [exercise.id]);
  return last ? { ...inputs, [exercise.id]: resumePreviousSets(input, last) } : inputs;
}

/** The targets of the routine a session runs, per exercise, with their line in the page's language. */
function routineTargets(
  routine: SessionRoutine,
  language: string,
  t: TFunction,
): NonNullable<SessionMemory["targets"]> {
  return Object.fromEntries(
    routine.exercises.map((exercise) => {
      const planned = targetSets(exercise);
      const line =
        planned.sets.length > 0
          ? t("routine.targets", { sets: setsText(t, language, planned.sets, exercise.mode === "cardio") })
          : null;
      return [exercise.exerciseId, { line, planned }];
    }),
  );
}

/**
 * What the session view remembers for its user: each exercise's last time,
 * its line written in the page's language ('Dernière fois (21/11) : 20 kg ×
 * 10 · 20 kg × 8') and its sets for the rows' placeholders. A visitor's is
 * empty (the view invites them to log in).
 */
export async function sessionMemory(
  services: AppServices,
  userId: string | null,
  exercises: readonly { id: string }[],
  language: string,
  t: TFunction,
  routine: SessionRoutine | null = null,
): Promise<SessionMemory> {
  if (userId === null) return NO_SESSION_MEMORY;
  const views = await lastTimes(
    services,
    userId,
    exercises.map((exercise) => exercise.id),
  );
  return {
    signedIn: true,
    ...(routine ? { targets: routineTargets(routine, language, t) } : {}),
    lastTimes: Object.fromEntries(
      views.map((view) => [
        view.exerciseId,
        {
          line: t("lastTime.line", {
            date: formatDayMonth(language, view.startedAt),
            sets: setsText(t, language, view.sets, view.mode === "cardio"),
          }),
          previous: { mode: view.mode, sets: view.sets },
        },
      ]),
    ),
  };
}
