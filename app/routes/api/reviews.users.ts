import type { Route } from "./+types/reviews.users";
import { getServices } from "~/context.server";
import { REVIEW_MESSAGES } from "~/domain/reviews";
import { reviewSchema } from "~/domain/reviews-schema";
import { ApiError, handleApi, methodNotAllowed, readJsonBody } from "~/lib/http.server";
import { requireApiUser } from "~/services/auth/session.server";
import { listApprovedReviews, submitReview } from "~/services/reviews.server";

// GET /api/reviews/users: { success, reviews } (approved only, newest first).
export async function loader({ context }: Route.LoaderArgs) {
  return handleApi(async () =>
    Response.json({ success: true, reviews: await listApprovedReviews(getServices(context)) }),
  );
}

// POST /api/reviews/users { rating, comment }: signed in (401 otherwise); the
// name comes from the account, a `name` in the body is ignored.
// 201 { success, message, review } | 400 | 401 | 413 | 429, always JSON.
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  return handleApi(async () => {
    const { user } = await requireApiUser(context, request);
    const input = await readJsonBody(request, reviewSchema);
    const outcome = await submitReview(getServices(context), user, input);
    if (!outcome.ok) {
      throw new ApiError(429, REVIEW_MESSAGES.tooManyRequests, { "Retry-After": String(outcome.retryAfterSeconds) });
    }
    return Response.json({ success: true, message: REVIEW_MESSAGES.success, review: outcome.review }, { status: 201 });
  });
}
