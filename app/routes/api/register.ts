import type { Route } from "./+types/register";
import { getClientAddress } from "~/context.server";
import { registerBodySchema } from "~/domain/api/account-api";
import { accountFailureResponse, accountMessageResponse } from "~/lib/account-api.server";
import { handleApi, methodNotAllowed, readJsonBody } from "~/lib/http.server";
import { getLocale } from "~/middleware/i18next.server";
import { register } from "~/services/auth/accounts.server";

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  return handleApi(async () => {
    const body = await readJsonBody(request, registerBodySchema);
    const result = await register(
      context,
      {
        pseudo: body.pseudo,
        email: body.email,
        password: body.motdepasse,
        confirmation: body.motdepasse,
        privacy: true,
        newsletter: body.newsletter,
      },
      { locale: getLocale(context), clientAddress: getClientAddress(context) },
    );
    if (!result.ok) return accountFailureResponse(result);
    return accountMessageResponse(result.message, { success: true }, { status: 201 });
  });
}

export const loader = () => methodNotAllowed();
