import type { Route } from "./+types/verify-email";
import { accountMessageResponse } from "~/lib/account-api.server";
import { handleApi, methodNotAllowed } from "~/lib/http.server";
import { verifyEmail } from "~/services/auth/accounts.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const result = await verifyEmail(context, new URL(request.url).searchParams.get("token"));
    return accountMessageResponse(result.message, {}, { status: result.ok ? 200 : result.status });
  });
}

export const action = () => methodNotAllowed();
