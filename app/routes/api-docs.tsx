import type { Route } from "./+types/api-docs";
import { API_DOCS_LABEL_KEYS, ApiDocsPage, type ApiDocsLabels } from "~/components/api-docs/api-docs-page";
import { formatLimit } from "~/lib/body-limits";
import { docsView } from "~/lib/openapi/docs-view";
import { apiDocument } from "~/lib/openapi/document";
import { pageTitle } from "~/lib/page-title";
import { getInstance } from "~/middleware/i18next.server";

// /api/docs: the API's description as a page, drawn on the server from the
// OpenAPI document (/api/openapi.json); it needs no JavaScript and loads none
// of its own. The page's words are translated (the server-only `api-docs`
// namespace, sent as loader data); the description itself is English.

export function loader({ context }: Route.LoaderArgs) {
  const { t } = getInstance(context);
  const labels = Object.fromEntries(
    API_DOCS_LABEL_KEYS.map((key) => [key, t(key, { ns: "api-docs" })]),
  ) as ApiDocsLabels;
  const view = docsView(apiDocument());
  const limits = Object.fromEntries(
    view.groups
      .flatMap((group) => group.calls)
      .filter((call) => call.bodyLimitBytes !== null)
      .map((call) => [call.id, t("bodyLimit", { ns: "api-docs", size: formatLimit(call.bodyLimitBytes!) })]),
  );
  return { labels, limits, view };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.labels.title) }, { name: "description", content: loaderData?.labels.intro }];
}

export default function ApiDocs({ loaderData }: Route.ComponentProps) {
  return <ApiDocsPage {...loaderData} />;
}
