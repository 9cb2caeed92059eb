import type { TFunction } from "i18next";
import { data, redirect } from "react-router";
import type { Route } from "./+types/routines.$id";
import { RoutineEditor } from "~/components/routines/routine-editor";
import { getServices } from "~/context.server";
import {
  applyRoutineIntent,
  draftOfRoutineForm,
  parseRoutineIntent,
  readRoutineForm,
  ROUTINE_FORM_FIELDS,
  type RoutineFormState,
  routineFormState,
} from "~/domain/workout/routine-form";
import type { RoutineRefusal } from "~/domain/workout/routines";
import { SESSION_MODES } from "~/domain/workout/session-entries";
import { readFormData } from "~/lib/http.server";
import { pageTitle } from "~/lib/page-title";
import { routinePath, ROUTINES_PATH } from "~/lib/routine-paths";
import { routineRefusalMessage } from "~/lib/routine-messages.server";
import { getInstance, getLocale } from "~/middleware/i18next.server";
import { getCurrentUser } from "~/services/auth/session.server";
import {
  addExercisesToRoutine,
  deleteRoutine,
  duplicateRoutine,
  getRoutine,
  routineExerciseName,
  routineFlash,
  searchRoutineExercises,
  updateRoutine,
} from "~/services/workout/routines.server";

// /routines/{id}: one routine of the signed-in user. One form holds its
// name and its exercises in order, each with its mode and targets; its
// buttons move or remove an exercise (saved at once, with what was typed),
// add or remove a target row and apply a mode (the form comes back, not yet
// saved), or save. Beside it: 'Commencer', duplicate, delete (after a
// confirmation, ?supprimer=1) and the builder's search to add exercises.
// Without JavaScript every button posts the form; with it the same forms
// post in place, and the list is dragged or moved from the keyboard too.

export const handle = { i18n: ["routines", "workout", "workout-session", "dashboard"] };

/** The search parameter that asks to confirm the deletion. */
export const CONFIRM_DELETE_PARAM = "supprimer";

const NO_STORE = { "Cache-Control": "private, no-store" };

/** The decimal separator of the page's language. */
const separatorOf = (language: string) =>
  new Intl.NumberFormat(language).formatToParts(1.5).find((part) => part.type === "decimal")?.value ?? ",";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const t = getInstance(context).t;
  const language = getLocale(context);
  const current = await getCurrentUser(context, request);
  if (!current) return data({ state: "signed-out" as const, title: t("title", { ns: "routines" }) }, { status: 401 });
  const services = getServices(context);
  const [routine, { flash, clearCookie }] = await Promise.all([
    getRoutine(services, current.user.id, params.id, language),
    routineFlash.read(context, request),
  ]);
  const headers = new Headers(NO_STORE);
  if (clearCookie) headers.append("Set-Cookie", clearCookie);
  if (!routine) {
    return data({ state: "not-found" as const, title: t("notFound", { ns: "routines" }) }, { status: 404, headers });
  }
  const url = new URL(request.url);
  return data(
    {
      state: "ready" as const,
      title: routine.name,
      routine: {
        id: routine.id,
        name: routine.name,
        exerciseCount: routine.exercises.length,
        lastDoneAt: routine.lastDoneAt,
      },
      form: routineFormState(routine, separatorOf(language)),
      names: Object.fromEntries(routine.exercises.map((exercise) => [exercise.exerciseId, exercise.name])),
      modes: SESSION_MODES,
      search: searchRoutineExercises(url.searchParams, language),
      flash,
      confirmDelete: url.searchParams.has(CONFIRM_DELETE_PARAM),
    },
    { headers },
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.title) }, { name: "robots", content: "noindex" }];
}

/** The form comes back, as it was posted (with why, when refused). */
function formAgain(
  form: RoutineFormState,
  status: number,
  answer: { message?: string | null; errors?: { field: string; min: number; max: number }[]; unsaved?: boolean },
) {
  return data(
    { form, message: answer.message ?? null, errors: answer.errors ?? [], unsaved: answer.unsaved ?? false },
    { status, headers: NO_STORE },
  );
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const current = await getCurrentUser(context, request);
  if (!current) throw redirect(routinePath(params.id), 303);
  const services = getServices(context);
  const language = getLocale(context);
  const t = getInstance(context).getFixedT(language, "routines") as TFunction;
  const userId = current.user.id;
  const here = routinePath(params.id);
  const posted = await readFormData(request);
  const read = (name: string) => {
    const value = posted.get(name);
    return typeof value === "string" ? value : null;
  };
  const readAll = (name: string) => posted.getAll(name).filter((value): value is string => typeof value === "string");
  // A form without a button (Enter in a field, a drop after dragging) saves what it holds.
  const intent = parseRoutineIntent(read(ROUTINE_FORM_FIELDS.intent)) ?? { kind: "save" };
  const withFlash = async (to: string, flash: Parameters<typeof routineFlash.serialize>[1]) =>
    redirect(to, { status: 303, headers: { "Set-Cookie": await routineFlash.serialize(context, flash) } });
  const refusalText = (refusal: RoutineRefusal, exercises: { exerciseId: string }[] | null) =>
    routineRefusalMessage(t, language, refusal, exercises && { exercises: exercises as never }, (id) =>
      routineExerciseName(id, language),
    );
  const notFound = () =>
    data({ form: null, message: t("notFound"), errors: [], unsaved: false }, { status: 404, headers: NO_STORE });

  switch (intent.kind) {
    case "delete": {
      const routine = await getRoutine(services, userId, params.id, language);
      if (!routine || !(await deleteRoutine(services, userId, params.id))) return notFound();
      return withFlash(ROUTINES_PATH, { kind: "deleted", name: routine.name });
    }
    case "duplicate": {
      const copied = await duplicateRoutine(services, userId, params.id, t("copySuffix"), language);
      if (!copied.ok) {
        return copied.status === 404
          ? notFound()
          : data(
              { form: null, message: refusalText(copied.refusal, null), errors: [], unsaved: false },
              { status: 400, headers: NO_STORE },
            );
      }
      return withFlash(routinePath(copied.value.id), { kind: "duplicated", name: copied.value.name });
    }
    case "add-exercises": {
      const ticked = readAll(ROUTINE_FORM_FIELDS.ticked).slice(0, 100);
      const added = await addExercisesToRoutine(services, userId, params.id, ticked, language);
      if (!added.ok) {
        return added.status === 404
          ? notFound()
          : data(
              { form: null, message: refusalText(added.refusal, null), errors: [], unsaved: false },
              { status: 400, headers: NO_STORE },
            );
      }
      return withFlash(here, { kind: "added", name: added.value.routine.name, count: added.value.added });
    }
    default:
      break;
  }

  const form = applyRoutineIntent(readRoutineForm(read, readAll), intent);
  if (intent.kind === "add-target" || intent.kind === "remove-target" || intent.kind === "apply-mode") {
    return formAgain(form, 200, { unsaved: true });
  }
  const { draft, errors } = draftOfRoutineForm(form);
  if (errors.length > 0) return formAgain(form, 400, { message: t("errors"), errors });
  const saved = await updateRoutine(services, userId, params.id, draft, language);
  if (!saved.ok) {
    return saved.status === 404
      ? notFound()
      : formAgain(form, 400, { message: refusalText(saved.refusal, draft.exercises) });
  }
  return withFlash(here, { kind: "saved", name: saved.value.name });
}

export default function RoutinePage({ loaderData, actionData }: Route.ComponentProps) {
  return <RoutineEditor page={loaderData} answer={actionData ?? null} />;
}
