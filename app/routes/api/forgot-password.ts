import type { Route } from "./+types/forgot-password";
import { getClientAddress } from "~/context.server";
import { forgotPasswordBodySchema } from "~/domain/api/account-api";
import { accountFailureResponse, accountMessageResponse } from "~/lib/account-api.server";
import { handleApi, methodNotAllowed, readJsonBody } from "~/lib/http.server";
import { forgotPassword } from "~/services/auth/accounts.server";

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  return handleApi(async () => {
    const body = await readJsonBody(request, forgotPasswordBodySchema);
    const result = await forgotPassword(context, body.email, { clientAddress: getClientAddress(context) });
    return result.ok ? accountMessageResponse(result.message) : accountFailureResponse(result);
  });
}

export const loader = () => methodNotAllowed();
