import type { Route } from "./+types/login";
import { accountFailureResponse } from "~/lib/account-api.server";
import { handleApi, methodNotAllowed } from "~/lib/http.server";
import { signIn } from "~/services/auth/authenticator.server";
import { publicUser } from "~/services/auth/session.server";

// POST /api/login { identifier, password, remember? }: the authenticator's "json" strategy.
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  return handleApi(async () => {
    const result = await signIn("json", request, context);
    if (!result.ok) return accountFailureResponse(result, { code: result.code });
    return Response.json(
      { token: result.session.token, user: publicUser(result.user), expiresAt: result.session.expiresAt },
      { headers: { "Set-Cookie": result.session.setCookie } },
    );
  });
}

export const loader = () => methodNotAllowed();
