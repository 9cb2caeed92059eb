import { z } from "zod";
import type { Route } from "./+types/register";
import { getClientAddress } from "~/context.server";
import { accountFailureResponse, accountMessageResponse } from "~/lib/account-api.server";
import { handleApi, methodNotAllowed, readJsonBody } from "~/lib/http.server";
import { getLocale } from "~/middleware/i18next.server";
import { register } from "~/services/auth/accounts.server";

const optionalText = (message: string) => z.string({ error: message }).optional();

// The spec's client sends {email, motdepasse, pseudo, captchaToken: null}; the
// confirmation and privacy consent are checked by the client before it calls.
const registerBody = z.object(
  {
    email: optionalText("Email invalide."),
    motdepasse: optionalText("Mot de passe requis."),
    pseudo: optionalText("Pseudo requis."),
    newsletter: z.boolean({ error: "newsletter doit être un booléen." }).optional(),
    captchaToken: z.unknown().optional(),
  },
  { error: "Corps de requête invalide." },
);

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  return handleApi(async () => {
    const body = await readJsonBody(request, registerBody);
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
