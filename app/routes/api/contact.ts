import type { Route } from "./+types/contact";
import { getClientAddress, getServices } from "~/context.server";
import { CONTACT_MESSAGES } from "~/domain/contact";
import { contactSchema } from "~/domain/contact-schema";
import { ApiError, handleApi, methodNotAllowed, readJsonBody } from "~/lib/http.server";
import { getLocale } from "~/middleware/i18next.server";
import { sendContactMessage } from "~/services/contact.server";

// POST /api/contact: { nom, email, sujet, message, consent, captchaToken }.
// 201 { success, message } | 400 { message } (first failing field, in French)
// | 413 | 429 (with Retry-After) | 500, always JSON.
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  return handleApi(async () => {
    const input = await readJsonBody(request, contactSchema);
    const outcome = await sendContactMessage(getServices(context), input, {
      clientAddress: getClientAddress(context),
      locale: getLocale(context),
    });
    if (outcome.status === "rate-limited") {
      throw new ApiError(429, CONTACT_MESSAGES.tooManyRequests, { "Retry-After": String(outcome.retryAfterSeconds) });
    }
    if (outcome.status === "failed") throw new ApiError(500, CONTACT_MESSAGES.failure);
    return Response.json({ success: true, message: CONTACT_MESSAGES.success }, { status: 201 });
  });
}

export const loader = () => methodNotAllowed();
