import type { Route } from "./+types/me.password";
import { passwordChangeBody } from "~/domain/my-account-schema";
import { MY_ACCOUNT_BODY_LIMIT_BYTES } from "~/domain/my-account";
import { handleApi, methodNotAllowed, readJsonBody } from "~/lib/http.server";
import { invalidRequestText, myAccountJson, requireMyAccountCaller } from "~/lib/my-account-http.server";
import { changePassword } from "~/services/my-account.server";

export const handle = { bodyLimitBytes: MY_ACCOUNT_BODY_LIMIT_BYTES };

// POST /api/me/password { currentPassword, newPassword }: 200 { success, message };
// 400 (rules), 403 (wrong current password), 429, 503; 401 without a session.
// Every other session of the account ends; the caller's stays.
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  return handleApi(async () => {
    const current = await requireMyAccountCaller(context, request);
    const body = await readJsonBody(request, passwordChangeBody(invalidRequestText(context)));
    return myAccountJson(context, await changePassword(context, current, body));
  });
}

export const loader = () => methodNotAllowed();
