import type { Route } from "./+types/locales";
import { browserBundleJson, translationsVersion } from "~/i18n/i18n.server";
import { isSupportedLanguage } from "~/i18n/languages";

// GET /locales/<version>/<language>/<namespace>: one namespace's texts for
// the browser (app/i18n/client.ts fetches those of the next page). The
// version changes with the texts, so the current one is cached for good;
// server-only namespaces (mails, legal texts) answer 404.
export function loader({ params }: Route.LoaderArgs) {
  const json = isSupportedLanguage(params.language) ? browserBundleJson(params.language, params.namespace) : null;
  if (json === null) {
    return Response.json({ message: "Traductions introuvables." }, { status: 404 });
  }
  return new Response(json, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control":
        params.version === translationsVersion
          ? "public, max-age=31536000, immutable"
          : "public, max-age=0, must-revalidate",
    },
  });
}
