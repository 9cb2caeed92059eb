import type { Route } from "./+types/workouts.sessions.$id";
import { getServices } from "~/context.server";
import { ApiError, handleApi, methodNotAllowed } from "~/lib/http.server";
import { requireApiUser } from "~/services/auth/session.server";
import { deleteWorkoutSession } from "~/services/workout/sessions.server";

export const WORKOUT_SESSION_NOT_FOUND = "Séance introuvable.";

// DELETE /api/workouts/sessions/:id: removes one of the caller's sessions,
// and the dashboard's figures follow. Another user's session answers exactly
// like a missing one, so ids reveal nothing.
export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed();
  return handleApi(async () => {
    const { user } = await requireApiUser(context, request);
    const deleted = await deleteWorkoutSession(getServices(context), user.id, params.id);
    if (!deleted) throw new ApiError(404, WORKOUT_SESSION_NOT_FOUND);
    return Response.json({ success: true });
  });
}

export const loader = () => methodNotAllowed();
