import { z } from "zod";
import type { Route } from "./+types/reset-password";
import { accountFailureResponse, accountMessageResponse } from "~/lib/account-api.server";
import { handleApi, methodNotAllowed, readJsonBody } from "~/lib/http.server";
import { resetPassword } from "~/services/auth/accounts.server";

const resetBody = z.object(
  {
    token: z.string({ error: "Lien invalide ou expiré." }),
    password: z.string({ error: "Min 8 caractères." }),
  },
  { error: "Corps de requête invalide." },
);

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  return handleApi(async () => {
    const body = await readJsonBody(request, resetBody);
    const result = await resetPassword(context, body);
    return result.ok ? accountMessageResponse(result.message) : accountFailureResponse(result);
  });
}

export const loader = () => methodNotAllowed();
