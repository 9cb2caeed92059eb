import type { Route } from "./+types/history.$id";
import { getServices } from "~/context.server";
import { HISTORY_ENTRY_NOT_FOUND } from "~/domain/api/history-api";
import { ApiError, handleApi, methodNotAllowed } from "~/lib/http.server";
import { requireApiUser } from "~/services/auth/session.server";
import { deleteCalculation } from "~/services/history.server";

export { HISTORY_ENTRY_NOT_FOUND };

// DELETE /api/history/:id: removes one of the caller's records. Another
// user's record answers exactly like a missing one, so ids reveal nothing.
export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed();
  return handleApi(async () => {
    const { user } = await requireApiUser(context, request);
    const deleted = await deleteCalculation(getServices(context).store, user.id, params.id);
    if (!deleted) throw new ApiError(404, HISTORY_ENTRY_NOT_FOUND);
    return Response.json({ success: true });
  });
}

export const loader = () => methodNotAllowed();
