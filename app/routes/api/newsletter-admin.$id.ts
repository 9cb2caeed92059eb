import type { Route } from "./+types/newsletter-admin.$id";
import { getServices } from "~/context.server";
import { NEWSLETTER_ADMIN_MESSAGES } from "~/domain/newsletter";
import { newsletterSchema } from "~/domain/newsletter-schema";
import { ApiError, handleApi, methodNotAllowed, readJsonBody } from "~/lib/http.server";
import { requireApiAdmin } from "~/services/auth/session.server";
import { deleteNewsletter, getNewsletter, updateNewsletter } from "~/services/newsletters.server";

// GET /api/newsletter-admin/:id (admin): { success, newsletter } | 404.
export async function loader({ request, context, params }: Route.LoaderArgs) {
  return handleApi(async () => {
    await requireApiAdmin(context, request);
    const newsletter = await getNewsletter(getServices(context), params.id);
    if (!newsletter) throw new ApiError(404, NEWSLETTER_ADMIN_MESSAGES.notFound);
    return Response.json({ success: true, newsletter }, { headers: { "Cache-Control": "no-store" } });
  });
}

// PUT /api/newsletter-admin/:id (the POST body): { success, message, newsletter }.
// DELETE /api/newsletter-admin/:id: { success, message }.
// A newsletter that is sending or sent: 409 { message }. Unknown id: 404.
export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed();
  return handleApi(async () => {
    await requireApiAdmin(context, request);
    const services = getServices(context);
    if (request.method === "DELETE") {
      const outcome = await deleteNewsletter(services, params.id);
      if (!outcome.ok) throw new ApiError(outcome.status, NEWSLETTER_ADMIN_MESSAGES[outcome.code]);
      return Response.json({ success: true, message: NEWSLETTER_ADMIN_MESSAGES.deleted });
    }
    const input = await readJsonBody(request, newsletterSchema);
    const outcome = await updateNewsletter(services, params.id, input);
    if (!outcome.ok) throw new ApiError(outcome.status, NEWSLETTER_ADMIN_MESSAGES[outcome.code]);
    return Response.json({ success: true, message: NEWSLETTER_ADMIN_MESSAGES.updated, newsletter: outcome.value });
  });
}
