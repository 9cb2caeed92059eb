import type { Route } from "./+types/me.logout-all";
import { handleApi, methodNotAllowed } from "~/lib/http.server";
import { myAccountJson, requireMyAccountCaller } from "~/lib/my-account-http.server";
import { clearedSessionCookie } from "~/services/auth/session.server";
import { logOutEverywhere } from "~/services/my-account.server";

// POST /api/me/logout-all: ends every session of the account, the caller's
// included (its token stops working, its cookie is cleared).
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  return handleApi(async () => {
    const current = await requireMyAccountCaller(context, request);
    const outcome = await logOutEverywhere(context, current);
    return myAccountJson(context, outcome, { headers: { "Set-Cookie": await clearedSessionCookie(context) } });
  });
}

export const loader = () => methodNotAllowed();
