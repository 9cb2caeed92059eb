import type { Route } from "./+types/resend-verification";
import { getClientAddress } from "~/context.server";
import { resendVerificationBodySchema } from "~/domain/api/account-api";
import { accountFailureResponse, accountMessageResponse } from "~/lib/account-api.server";
import { handleApi, methodNotAllowed, readJsonBody } from "~/lib/http.server";
import { resendVerification } from "~/services/auth/accounts.server";

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  return handleApi(async () => {
    const body = await readJsonBody(request, resendVerificationBodySchema);
    const result = await resendVerification(context, body.email, { clientAddress: getClientAddress(context) });
    return result.ok ? accountMessageResponse(result.message) : accountFailureResponse(result);
  });
}

export const loader = () => methodNotAllowed();
