import { redirect } from "react-router";
import type { Route } from "./+types/preferences.consent";
import { getServices } from "~/context.server";
import { consentCookie, parseConsentChoice } from "~/lib/consent";
import { safeRedirectPath } from "~/lib/safe-redirect";

// The consent banner's and panel's form target. Works without JavaScript:
// set the cookie, then back to the page the visitor was on (303).
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData().catch(() => null);
  const choice = parseConsentChoice(form?.get("choice"));
  const redirectTo = safeRedirectPath(form?.get("redirectTo"));
  if (!choice) return redirect(redirectTo, 303);
  const secure = getServices(context).config.isProduction;
  return redirect(redirectTo, { status: 303, headers: { "Set-Cookie": consentCookie(choice, secure) } });
}

export function loader() {
  return redirect("/cookies");
}
