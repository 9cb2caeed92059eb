import type { Route } from "./+types/verify-email";
import { verifyEmailQuerySchema } from "~/domain/api/account-api";
import { accountMessageResponse } from "~/lib/account-api.server";
import { handleApi, methodNotAllowed, readQuery } from "~/lib/http.server";
import { verifyEmail } from "~/services/auth/accounts.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const { token } = readQuery(request, verifyEmailQuerySchema);
    const result = await verifyEmail(context, token);
    return accountMessageResponse(result.message, {}, { status: result.ok ? 200 : result.status });
  });
}

export const action = () => methodNotAllowed();
