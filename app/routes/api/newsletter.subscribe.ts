import type { Route } from "./+types/newsletter.subscribe";
import { getClientAddress, getServices } from "~/context.server";
import { newsletterSubscribeBodySchema } from "~/domain/api/community-api";
import { NEWSLETTER_SIGNUP_MESSAGES } from "~/domain/newsletter";
import { ApiError, handleApi, methodNotAllowed, readJsonBody } from "~/lib/http.server";
import { getLocale } from "~/middleware/i18next.server";
import { subscribeToNewsletter } from "~/services/newsletter-subscriptions.server";

// POST /api/newsletter/subscribe { email, captchaToken }: the same 200 answer
// whether the address is new, pending or confirmed (a confirmation mail goes
// to new and pending ones). 400 | 413 | 429, always JSON.
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  return handleApi(async () => {
    const { email } = await readJsonBody(request, newsletterSubscribeBodySchema);
    const outcome = await subscribeToNewsletter(getServices(context), email, {
      locale: getLocale(context),
      clientAddress: getClientAddress(context),
    });
    if (!outcome.ok) {
      const headers = outcome.status === 429 ? { "Retry-After": String(outcome.retryAfterSeconds) } : undefined;
      throw new ApiError(outcome.status, NEWSLETTER_SIGNUP_MESSAGES[outcome.code], headers);
    }
    return Response.json({ success: true, message: NEWSLETTER_SIGNUP_MESSAGES.success });
  });
}

export const loader = () => methodNotAllowed();
