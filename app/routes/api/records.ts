import type { Route } from "./+types/records";
import { getServices } from "~/context.server";
import type { RecordsResponse } from "~/domain/workout/exercise-history-schema";
import { handleApi, methodNotAllowed } from "~/lib/http.server";
import { getLocale } from "~/middleware/i18next.server";
import { requireApiUser } from "~/services/auth/session.server";
import { listRecords } from "~/services/workout/exercise-history.server";

// GET /api/records: the caller's personal records, one entry per exercise
// they logged, most logged first (at most the catalogue's exercises, kept
// up to date as sessions are saved: nothing is computed on the read). 401
// signed out.
export async function loader({ request, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const { user } = await requireApiUser(context, request);
    const body: RecordsResponse = { records: await listRecords(getServices(context), user.id, getLocale(context)) };
    return Response.json(body, { headers: { "Cache-Control": "no-store" } });
  });
}

export const action = () => methodNotAllowed();
