import type { Route } from "./+types/me.newsletter";
import { getServices } from "~/context.server";
import { newsletterBody } from "~/domain/my-account-schema";
import { MY_ACCOUNT_BODY_LIMIT_BYTES } from "~/domain/my-account";
import { handleApi, methodNotAllowed, readJsonBody } from "~/lib/http.server";
import { invalidRequestText, myAccountJson, requireMyAccountCaller } from "~/lib/my-account-http.server";
import { newsletterState, setNewsletterSubscription } from "~/services/my-account.server";

export const handle = { bodyLimitBytes: MY_ACCOUNT_BODY_LIMIT_BYTES };

// GET /api/me/newsletter: { state: "subscribed" | "pending" | "none" } for the account's address.
export async function loader({ request, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const { user } = await requireMyAccountCaller(context, request);
    const state = await newsletterState(getServices(context), user);
    return Response.json({ state }, { headers: { "Cache-Control": "no-store" } });
  });
}

// POST /api/me/newsletter { subscribed }: one call either way, no confirmation
// mail (the account's address is verified); answers the new state.
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  return handleApi(async () => {
    const current = await requireMyAccountCaller(context, request);
    const { subscribed } = await readJsonBody(request, newsletterBody(invalidRequestText(context)));
    const outcome = await setNewsletterSubscription(context, current, subscribed);
    const state = await newsletterState(getServices(context), current.user);
    return myAccountJson(context, outcome, { extra: { state } });
  });
}
