import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { NotFoundScreen } from "~/components/layout/not-found-screen";
import { pageTitle } from "~/lib/page-title";
import { getInstance } from "~/middleware/i18next.server";

export function loader({ context }: Route.LoaderArgs) {
  return data({ title: getInstance(context).t("notFound.title") }, { status: 404 });
}

// Form posts to an unknown path are answered the same way.
export function action({ context }: Route.ActionArgs) {
  return data({ title: getInstance(context).t("notFound.title") }, { status: 404 });
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.title) }];
}

export default function NotFound() {
  return <NotFoundScreen />;
}
