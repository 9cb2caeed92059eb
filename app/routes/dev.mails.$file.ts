import type { Route } from "./+types/dev.mails.$file";
import { getServices } from "~/context.server";
import { jsonError } from "~/lib/http.server";
import { readMailFile } from "~/services/mail/mail-files.server";

/** The HTML part of one written mail, as the recipient would see it (development only). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { config } = getServices(context);
  if (config.isProduction) return jsonError(404, "Route introuvable.");
  const mail = await readMailFile(config.mailDir, params.file);
  if (!mail) return jsonError(404, "Mail introuvable.");
  return new Response(mail.html || `<pre>${mail.text.replace(/[<&]/g, (c) => (c === "<" ? "&lt;" : "&amp;"))}</pre>`, {
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });
}
