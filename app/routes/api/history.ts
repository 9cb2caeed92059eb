import type { Route } from "./+types/history";
import { getServices } from "~/context.server";
import { historyEntrySchema } from "~/domain/history";
import { handleApi, methodNotAllowed, readJsonBody } from "~/lib/http.server";
import { requireApiUser } from "~/services/auth/session.server";
import { listCalculations, saveCalculation } from "~/services/history.server";

// GET /api/history: the caller's records, newest first.
export async function loader({ request, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const { user } = await requireApiUser(context, request);
    const records = await listCalculations(getServices(context).store, user.id);
    return Response.json(records, { headers: { "Cache-Control": "no-store" } });
  });
}

// POST /api/history { action, meta }: saves one calculation for the caller.
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  return handleApi(async () => {
    // Who first: a visitor gets 401 whatever the body.
    const { user } = await requireApiUser(context, request);
    const entry = await readJsonBody(request, historyEntrySchema());
    const saved = await saveCalculation(getServices(context).store, user.id, entry);
    return Response.json(saved, { status: 201 });
  });
}
