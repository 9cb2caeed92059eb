import type { Route } from "./+types/newsletter.unsubscribe";
import { getServices } from "~/context.server";
import { newsletterUnsubscribeBodySchema, newsletterUnsubscribeQuerySchema } from "~/domain/api/community-api";
import { NEWSLETTER_SIGNUP_MESSAGES } from "~/domain/newsletter";
import { ApiError, handleApi, methodNotAllowed, readJsonBody, readQuery } from "~/lib/http.server";
import { unsubscribeWithToken } from "~/services/newsletter-subscriptions.server";

// POST /api/newsletter/unsubscribe?token=...: the newsletters' List-Unsubscribe
// target (RFC 8058: mail clients post `List-Unsubscribe=One-Click`, a form
// body that says nothing more than the address). JSON clients may send
// { token } instead. No account needed; a GET never unsubscribes. The answer
// is the same for a token already spent, so tokens cannot be probed.
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  return handleApi(async () => {
    let token: unknown = readQuery(request, newsletterUnsubscribeQuerySchema).token;
    if (/json/i.test(request.headers.get("Content-Type") ?? "")) {
      token = (await readJsonBody(request, newsletterUnsubscribeBodySchema)).token ?? token;
    }
    const outcome = await unsubscribeWithToken(getServices(context), token);
    if (!outcome.ok && outcome.code === "noToken")
      throw new ApiError(400, NEWSLETTER_SIGNUP_MESSAGES.unsubscribeNoToken);
    return Response.json({ success: true, message: NEWSLETTER_SIGNUP_MESSAGES.unsubscribed });
  });
}

export const loader = () => methodNotAllowed();
