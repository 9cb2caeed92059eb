import type { Route } from "./+types/reviews.users.all";
import { getServices } from "~/context.server";
import { handleApi, methodNotAllowed } from "~/lib/http.server";
import { requireApiAdmin } from "~/services/auth/session.server";
import { listReviewsForModeration } from "~/services/reviews.server";

// GET /api/reviews/users/all (admin): { success, reviews } with isApproved, newest first.
export async function loader({ request, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    await requireApiAdmin(context, request);
    const reviews = await listReviewsForModeration(getServices(context));
    return Response.json({ success: true, reviews }, { headers: { "Cache-Control": "no-store" } });
  });
}

export const action = () => methodNotAllowed();
