import type { Route } from "./+types/routines";
import { getServices } from "~/context.server";
import type { RoutineResponse, RoutinesResponse } from "~/domain/workout/routine-schema";
import { handleApi, methodNotAllowed } from "~/lib/http.server";
import { readRoutineBody, routineRefusalResponse } from "~/lib/routine-api.server";
import { getLocale } from "~/middleware/i18next.server";
import { requireApiUser } from "~/services/auth/session.server";
import { createRoutine, listRoutines } from "~/services/workout/routines.server";

// GET /api/routines: the caller's routines, whole, most recently made,
// changed or run first (50 at most: no paging). 401 signed out.
export async function loader({ request, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const { user } = await requireApiUser(context, request);
    const body: RoutinesResponse = { routines: await listRoutines(getServices(context), user.id, getLocale(context)) };
    return Response.json(body, { headers: { "Cache-Control": "no-store" } });
  });
}

// POST /api/routines { name, exercises: [{ exerciseId, mode, targets }] }:
// 201 { routine }. 400 { message, code } for a name, a list, an exercise or
// a target the rules refuse, or for the 51st routine; nothing is saved then.
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  return handleApi(async () => {
    // Who first: a visitor gets 401 whatever the body.
    const { user } = await requireApiUser(context, request);
    const parsed = await readRoutineBody(request);
    if (!parsed.ok) return parsed.response;
    const outcome = await createRoutine(getServices(context), user.id, parsed.draft, getLocale(context));
    if (!outcome.ok) return routineRefusalResponse(outcome.refusal, outcome.status);
    const body: RoutineResponse = { routine: outcome.value };
    return Response.json(body, { status: 201, headers: { Location: `/api/routines/${outcome.value.id}` } });
  });
}
