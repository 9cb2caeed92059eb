import type { Route } from "./+types/dev.mails.$file";
import { getServices } from "~/context.server";
import { jsonError } from "~/lib/http.server";
import { devToolsAllowed } from "~/services/dev-tools.server";
import { readMailFile } from "~/services/mail/mail-files.server";

/** The HTML part of one written mail, as the recipient would see it (development tools only). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (!devToolsAllowed(context, request)) return jsonError(404, "Route introuvable.");
  const { config } = getServices(context);
  const mail = await readMailFile(config.mailDir, params.file);
  if (!mail) return jsonError(404, "Mail introuvable.");
  return new Response(mail.html || `<pre>${mail.text.replace(/[<&]/g, (c) => (c === "<" ? "&lt;" : "&amp;"))}</pre>`, {
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });
}
