import type { Route } from "./+types/me";
import { deletionBody } from "~/domain/my-account-schema";
import { MY_ACCOUNT_BODY_LIMIT_BYTES } from "~/domain/my-account";
import { handleApi, methodNotAllowed, readJsonBody } from "~/lib/http.server";
import { invalidRequestText, myAccountJson, requireMyAccountCaller } from "~/lib/my-account-http.server";
import { clearedSessionCookie, publicUser, requireApiUser } from "~/services/auth/session.server";
import { deleteAccount } from "~/services/my-account.server";

export const handle = { bodyLimitBytes: MY_ACCOUNT_BODY_LIMIT_BYTES };

export async function loader({ request, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const { user } = await requireApiUser(context, request);
    return Response.json(publicUser(user), { headers: { "Cache-Control": "no-store" } });
  });
}

// DELETE /api/me { password }: deletes the account and everything stored
// for it (the store's erasure), then sends one last mail. 200 { success,
// message }; 400, 403 (wrong password, nothing changes), 429, 503; 401.
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed();
  return handleApi(async () => {
    const current = await requireMyAccountCaller(context, request);
    const body = await readJsonBody(request, deletionBody(invalidRequestText(context)));
    const outcome = await deleteAccount(context, current, body, { confirmationAsked: false });
    const headers = outcome.ok ? { "Set-Cookie": await clearedSessionCookie(context) } : undefined;
    return myAccountJson(context, outcome, { headers });
  });
}
