import type { Route } from "./+types/reset-password";
import { resetPasswordBodySchema } from "~/domain/api/account-api";
import { accountFailureResponse, accountMessageResponse } from "~/lib/account-api.server";
import { handleApi, methodNotAllowed, readJsonBody } from "~/lib/http.server";
import { resetPassword } from "~/services/auth/accounts.server";

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  return handleApi(async () => {
    const body = await readJsonBody(request, resetPasswordBodySchema);
    const result = await resetPassword(context, body);
    return result.ok ? accountMessageResponse(result.message) : accountFailureResponse(result);
  });
}

export const loader = () => methodNotAllowed();
