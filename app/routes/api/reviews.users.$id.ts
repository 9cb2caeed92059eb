import type { Route } from "./+types/reviews.users.$id";
import { getServices } from "~/context.server";
import { REVIEW_ADMIN_MESSAGES } from "~/domain/reviews";
import { ApiError, handleApi, methodNotAllowed } from "~/lib/http.server";
import { requireApiAdmin } from "~/services/auth/session.server";
import { deleteReview } from "~/services/reviews.server";

// DELETE /api/reviews/users/:id (admin): { success, message } | 404.
export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed();
  return handleApi(async () => {
    await requireApiAdmin(context, request);
    const outcome = await deleteReview(getServices(context), params.id);
    if (!outcome.ok) throw new ApiError(outcome.status, REVIEW_ADMIN_MESSAGES[outcome.code]);
    return Response.json({ success: true, message: REVIEW_ADMIN_MESSAGES.deleted });
  });
}

export const loader = () => methodNotAllowed();
