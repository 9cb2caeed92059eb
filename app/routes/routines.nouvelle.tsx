import { useTranslation } from "react-i18next";
import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/routines.nouvelle";
import { withAccountView } from "~/components/account/account-url";
import { ROUTINE_EXERCISES_FIELD, RoutineSaveForm } from "~/components/routines/routine-save-form";
import styles from "~/components/routines/routines.module.css";
import { getServices } from "~/context.server";
import { parseRoutineBody, routineBodySchema } from "~/domain/workout/routine-schema";
import type { RoutineExercise } from "~/domain/workout/routines";
import { readFormData } from "~/lib/http.server";
import { pageTitle } from "~/lib/page-title";
import { routinePath, ROUTINES_PATH } from "~/lib/routine-paths";
import { routineRefusalMessage } from "~/lib/routine-messages.server";
import { getInstance, getLocale } from "~/middleware/i18next.server";
import { getCurrentUser } from "~/services/auth/session.server";
import { createRoutine, routineExerciseName, routineFlash } from "~/services/workout/routines.server";

// POST /routines/nouvelle: 'Enregistrer comme routine' from the builder's
// list, the session view or a session's summary, one plain form whatever
// the page. Its answer is the new routine's page; a refusal (the 51st
// routine, a name too long...) comes back here with the form as it was sent.

export const handle = { i18n: ["workout-session", "routines"] };

// The page is seen after a refused post (its loader runs then too) or when
// opened by hand: its title, and whether to invite a visitor to log in.
export async function loader({ request, context }: Route.LoaderArgs) {
  const title = getInstance(context).t("routine.saveTitle", { ns: "workout-session" });
  const current = await getCurrentUser(context, request);
  return data({ title, signedIn: current !== null }, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const t = getInstance(context).t;
  const title = t("routine.saveTitle", { ns: "workout-session" });
  const current = await getCurrentUser(context, request);
  if (!current) return data({ state: "signed-out" as const, title }, { status: 401 });
  const language = getLocale(context);
  const form = await readFormData(request);
  const name = form.get("name");
  const sent = form.get(ROUTINE_EXERCISES_FIELD);
  let exercises: unknown = null;
  try {
    exercises = typeof sent === "string" ? JSON.parse(sent) : null;
  } catch {
    // Not JSON: the body's refusal below.
  }
  const parsed = parseRoutineBody({ name: typeof name === "string" ? name : "", exercises });
  const outcome = parsed.ok
    ? await createRoutine(getServices(context), current.user.id, parsed.draft, language)
    : parsed;
  if (outcome.ok) {
    const flash = await routineFlash.serialize(context, { kind: "created", name: outcome.value.name });
    return redirect(routinePath(outcome.value.id), { status: 303, headers: { "Set-Cookie": flash } });
  }
  // The form again, as it was sent (its exercises when they read as a routine's), with why.
  const shown = routineBodySchema.shape.exercises.safeParse(exercises);
  const draft = parsed.ok ? parsed.draft : null;
  return data(
    {
      state: "refused" as const,
      title,
      name: typeof name === "string" ? name.slice(0, 320) : "",
      exercises: shown.success ? (shown.data as RoutineExercise[]) : null,
      message: routineRefusalMessage(t, language, outcome.refusal, draft, (id) => routineExerciseName(id, language)),
    },
    { status: 400 },
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.title) }, { name: "robots", content: "noindex" }];
}

export default function NewRoutinePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("routines");
  const { t: sessionT } = useTranslation("workout-session");
  return (
    <div className={`section-inner ${styles.page}`}>
      <p>
        <Link to={ROUTINES_PATH}>{t("back")}</Link>
      </p>
      <h1>{sessionT("routine.saveTitle")}</h1>
      {actionData?.state === "refused" ? (
        actionData.exercises ? (
          <RoutineSaveForm
            exercises={actionData.exercises}
            name={actionData.name}
            intro="fromPlan"
            loginHref=""
            t={sessionT}
            error={actionData.message}
          />
        ) : (
          <p className="form-alert form-alert-error" role="alert">
            {actionData.message}
          </p>
        )
      ) : loaderData.signedIn ? (
        <p>
          <Link to="/exo" className="button button-secondary">
            {t("build")}
          </Link>
        </p>
      ) : (
        <>
          <p className="form-alert form-alert-info">{t("visitor")}</p>
          <p>
            <Link to={withAccountView(ROUTINES_PATH, "login")} className="button button-primary">
              {t("login")}
            </Link>
          </p>
        </>
      )}
    </div>
  );
}
