import type { Route } from "./+types/newsletter-admin";
import { getServices } from "~/context.server";
import { NEWSLETTER_ADMIN_MESSAGES } from "~/domain/newsletter";
import { newsletterSchema } from "~/domain/newsletter-schema";
import { ApiError, handleApi, methodNotAllowed, readJsonBody } from "~/lib/http.server";
import { requireApiAdmin } from "~/services/auth/session.server";
import { createNewsletter, listNewsletters } from "~/services/newsletters.server";

// GET /api/newsletter-admin (admin): { success, newsletters }, newest first.
export async function loader({ request, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    await requireApiAdmin(context, request);
    const newsletters = await listNewsletters(getServices(context));
    return Response.json({ success: true, newsletters }, { headers: { "Cache-Control": "no-store" } });
  });
}

// POST /api/newsletter-admin { title, subject, content, scheduledDate, status } (admin):
// 201 { success, message, newsletter } | 400 | 401 | 403 | 413. The content is sanitized before it is stored.
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  return handleApi(async () => {
    await requireApiAdmin(context, request);
    const input = await readJsonBody(request, newsletterSchema);
    const outcome = await createNewsletter(getServices(context), input);
    if (!outcome.ok) throw new ApiError(outcome.status, NEWSLETTER_ADMIN_MESSAGES[outcome.code]);
    return Response.json(
      { success: true, message: NEWSLETTER_ADMIN_MESSAGES.created, newsletter: outcome.value },
      { status: 201 },
    );
  });
}
