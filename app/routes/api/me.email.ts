import type { Route } from "./+types/me.email";
import { getClientAddress } from "~/context.server";
import { emailChangeBody } from "~/domain/my-account-schema";
import { MY_ACCOUNT_BODY_LIMIT_BYTES } from "~/domain/my-account";
import { handleApi, methodNotAllowed, readJsonBody } from "~/lib/http.server";
import { invalidRequestText, myAccountJson, requireMyAccountCaller } from "~/lib/my-account-http.server";
import { cancelEmailChange, requestEmailChange } from "~/services/my-account.server";

export const handle = { bodyLimitBytes: MY_ACCOUNT_BODY_LIMIT_BYTES };

// POST /api/me/email { password, email }: a link goes to the new address,
// which becomes the account's only once it is opened; 202 { success, message }.
// 400 (rules), 403 (wrong password), 429, 503; 401 without a session.
// DELETE /api/me/email: drops the pending change (its link stops working).
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST" && request.method !== "DELETE") return methodNotAllowed();
  return handleApi(async () => {
    const current = await requireMyAccountCaller(context, request);
    if (request.method === "DELETE") return myAccountJson(context, await cancelEmailChange(context, current));
    const body = await readJsonBody(request, emailChangeBody(invalidRequestText(context)));
    const outcome = await requestEmailChange(context, current, body, { clientAddress: getClientAddress(context) });
    return myAccountJson(context, outcome, { status: 202 });
  });
}

export const loader = () => methodNotAllowed();
