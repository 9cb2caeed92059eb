import type { Route } from "./+types/history.summary";
import { getServices } from "~/context.server";
import { handleApi, methodNotAllowed } from "~/lib/http.server";
import { requireApiUser } from "~/services/auth/session.server";
import { historySummary } from "~/services/dashboard.server";

// GET /api/history/summary: the caller's figures (account-and-dashboard,
// section 3), from their own records and sessions; 401 without a session.
export async function loader({ request, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const { user } = await requireApiUser(context, request);
    const summary = await historySummary(getServices(context).store, user);
    return Response.json(summary, { headers: { "Cache-Control": "no-store" } });
  });
}

export const action = () => methodNotAllowed();
