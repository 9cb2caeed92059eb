import { redirect } from "react-router";
import type { Route } from "./+types/routines.$id.commencer";
import { withAccountView } from "~/components/account/account-url";
import { getServices } from "~/context.server";
import { initialBuilderState } from "~/domain/workout/builder-state";
import { builderHref } from "~/domain/workout/builder-url";
import { ROUTINES_PATH } from "~/lib/routine-paths";
import { getCurrentUser } from "~/services/auth/session.server";
import { sessionRoutine } from "~/services/workout/routines.server";

// GET /routines/{id}/commencer: 'Commencer' on a routine. The session view
// of its exercises, in its order, under its name, the routine named in the
// address (its modes and targets, its last run). A routine the user does not
// have (another user's, one deleted) leads to their list.
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const current = await getCurrentUser(context, request);
  if (!current) throw redirect(withAccountView(ROUTINES_PATH, "login"));
  const routine = await sessionRoutine(getServices(context), current.user.id, params.id);
  if (!routine) throw redirect(ROUTINES_PATH);
  throw redirect(
    builderHref({
      ...initialBuilderState(),
      mode: "session",
      chosen: routine.exercises.map((exercise) => exercise.exerciseId),
      sessionName: routine.name,
      routine: routine.id,
    }),
  );
}
