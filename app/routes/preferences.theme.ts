import { redirect } from "react-router";
import type { Route } from "./+types/preferences.theme";
import { getServices } from "~/context.server";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { parseTheme, themeCookie } from "~/lib/theme";

// The theme toggle's form target when JavaScript is off.
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData().catch(() => null);
  const theme = parseTheme(form?.get("theme"));
  const redirectTo = safeRedirectPath(form?.get("redirectTo"));
  if (!theme) return redirect(redirectTo, 303);
  const secure = getServices(context).config.isProduction;
  return redirect(redirectTo, { status: 303, headers: { "Set-Cookie": themeCookie(theme, secure) } });
}

export function loader() {
  return redirect("/");
}
