import type { Route } from "./+types/logout";
import { handleApi, methodNotAllowed } from "~/lib/http.server";
import { endSession } from "~/services/auth/session.server";

/** Ends the session of the token (or cookie) on the server; answers the same when there was none. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  return handleApi(async () => {
    const clearCookie = await endSession(context, request);
    return Response.json({ success: true }, { headers: { "Set-Cookie": clearCookie } });
  });
}

export const loader = () => methodNotAllowed();
