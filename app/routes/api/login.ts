import { z } from "zod";
import type { Route } from "./+types/login";
import { getClientAddress } from "~/context.server";
import { handleApi, methodNotAllowed, readJsonBody } from "~/lib/http.server";
import { login } from "~/services/auth/accounts.server";
import { publicUser } from "~/services/auth/session.server";

// Only plain values get through: an operator object such as {"$gt": ""} is a 400.
const loginBody = z.object(
  {
    identifier: z.string({ error: "Identifiant et mot de passe sont requis." }),
    password: z.string({ error: "Identifiant et mot de passe sont requis." }),
    remember: z.boolean({ error: "remember doit être un booléen." }).optional(),
  },
  { error: "Corps de requête invalide." },
);

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  return handleApi(async () => {
    const body = await readJsonBody(request, loginBody);
    const result = await login(context, body, { clientAddress: getClientAddress(context) });
    if (!result.ok) return Response.json({ message: result.message, code: result.code }, { status: result.status });
    return Response.json(
      { token: result.session.token, user: publicUser(result.user), expiresAt: result.session.expiresAt },
      { headers: { "Set-Cookie": result.session.setCookie } },
    );
  });
}

export const loader = () => methodNotAllowed();
