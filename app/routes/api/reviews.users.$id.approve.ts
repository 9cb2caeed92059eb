import type { Route } from "./+types/reviews.users.$id.approve";
import { getServices } from "~/context.server";
import { REVIEW_ADMIN_MESSAGES } from "~/domain/reviews";
import { ApiError, handleApi, methodNotAllowed } from "~/lib/http.server";
import { requireApiAdmin } from "~/services/auth/session.server";
import { approveReview } from "~/services/reviews.server";

// PUT /api/reviews/users/:id/approve (admin): { success, message, review } | 404.
export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== "PUT") return methodNotAllowed();
  return handleApi(async () => {
    await requireApiAdmin(context, request);
    const outcome = await approveReview(getServices(context), params.id);
    if (!outcome.ok) throw new ApiError(outcome.status, REVIEW_ADMIN_MESSAGES[outcome.code]);
    return Response.json({ success: true, message: REVIEW_ADMIN_MESSAGES.approved, review: outcome.value });
  });
}

export const loader = () => methodNotAllowed();
