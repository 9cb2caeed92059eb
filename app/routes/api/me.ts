import type { Route } from "./+types/me";
import { handleApi, methodNotAllowed } from "~/lib/http.server";
import { publicUser, requireApiUser } from "~/services/auth/session.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const { user } = await requireApiUser(context, request);
    return Response.json(publicUser(user), { headers: { "Cache-Control": "no-store" } });
  });
}

export const action = () => methodNotAllowed();
