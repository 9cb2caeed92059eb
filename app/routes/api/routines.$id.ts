import type { Route } from "./+types/routines.$id";
import { getServices } from "~/context.server";
import type { RoutineResponse } from "~/domain/workout/routine-schema";
import { handleApi, methodNotAllowed } from "~/lib/http.server";
import { getLocale } from "~/middleware/i18next.server";
import { requireApiUser } from "~/services/auth/session.server";
import { deleteRoutine, getRoutine, updateRoutine } from "~/services/workout/routines.server";
import { readRoutineBody, routineRefusalResponse } from "~/lib/routine-api.server";

const notFound = () => routineRefusalResponse({ key: "notFound" }, 404);

// GET /api/routines/{id}: { routine }. Another user's routine, like one that
// does not exist, is a 404 (never a 403: its existence is not told). 401
// signed out.
export async function loader({ request, context, params }: Route.LoaderArgs) {
  return handleApi(async () => {
    const { user } = await requireApiUser(context, request);
    const routine = await getRoutine(getServices(context), user.id, params.id, getLocale(context));
    if (!routine) return notFound();
    const body: RoutineResponse = { routine };
    return Response.json(body, { headers: { "Cache-Control": "no-store" } });
  });
}

// PUT /api/routines/{id} (the body of POST): { routine }, the name and the
// exercises replaced. DELETE /api/routines/{id}: 204. A refusal changes
// nothing: 404 for a routine the caller does not have, else 400 { message, code }.
export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed();
  return handleApi(async () => {
    const { user } = await requireApiUser(context, request);
    const services = getServices(context);
    if (request.method === "DELETE") {
      return (await deleteRoutine(services, user.id, params.id)) ? new Response(null, { status: 204 }) : notFound();
    }
    const parsed = await readRoutineBody(request);
    if (!parsed.ok) {
      // Not the caller's: 404 whatever the body, so a refusal tells nothing of another user's routine.
      const known = await getRoutine(services, user.id, params.id, getLocale(context));
      return known ? parsed.response : notFound();
    }
    const outcome = await updateRoutine(services, user.id, params.id, parsed.draft, getLocale(context));
    if (!outcome.ok) return routineRefusalResponse(outcome.refusal, outcome.status);
    const body: RoutineResponse = { routine: outcome.value };
    return Response.json(body);
  });
}
