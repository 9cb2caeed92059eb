import { redirect } from "react-router";
import type { Route } from "./+types/mon-compte.export";
import { withAccountView } from "~/components/account/account-url";
import { parseExportFormat } from "~/domain/my-account";
import { exportFileResponse } from "~/lib/my-account-http.server";
import { serializeMyAccountFlash } from "~/lib/my-account-flash.server";
import { getLocale } from "~/middleware/i18next.server";
import { getCurrentUser } from "~/services/auth/session.server";
import { exportAccount } from "~/services/account-export.server";

// The page's download links (/mon-compte/export?format=...): the same files
// as GET /api/me/export, in the page's language. A refusal comes back as
// the page with its message, never as a file.
export async function loader({ request, context }: Route.LoaderArgs) {
  const current = await getCurrentUser(context, request);
  if (!current) return redirect(withAccountView("/mon-compte", "login"));
  const format = parseExportFormat(new URL(request.url).searchParams.get("format"));
  const file =
    format === null
      ? { ok: false as const, message: { key: "exportFormatUnknown" as const } }
      : await exportAccount(context, current, format, getLocale(context));
  if (file.ok) return exportFileResponse(file);
  const cookie = await serializeMyAccountFlash(context, { section: "data", ok: false, message: file.message });
  return redirect("/mon-compte#data", { headers: { "Set-Cookie": cookie, "Cache-Control": "no-store" } });
}
