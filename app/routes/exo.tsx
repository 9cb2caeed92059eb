import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { isRouteErrorResponse, redirect, useLocation, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/exo";
import type { RootLoaderData } from "~/root";
import { WorkoutPage } from "~/components/workout/workout-page";
import { pageTitle } from "~/lib/page-title";
import { getInstance, getLocale } from "~/middleware/i18next.server";
import { builderRequest } from "~/services/workout/builder.server";

export const handle = { i18n: ["workout"] };

const dateFormats = new Map<string, Intl.DateTimeFormat>();
const pageTexts = new Map<string, { title: string; defaultSessionName: string }>();
/**
 * The page's title and default session name ('Session - {date}'), in the
 * page's language: formatting a date and translating cost more than the
 * rest of the loader, so each pair is made once per language and day.
 */
function loaderTexts(t: TFunction, language: string, date: Date) {
  const key = `${language} ${date.getFullYear()}-${date.getMonth()}-${date.getDate()}`;
  let texts = pageTexts.get(key);
  if (!texts) {
    let format = dateFormats.get(language);
    if (!format) {
      format = new Intl.DateTimeFormat(language, { day: "2-digit", month: "2-digit", year: "numeric" });
      dateFormats.set(language, format);
    }
    texts = {
      title: t("workout:title"),
      defaultSessionName: t("workout:sessionName.default", { date: format.format(date) }),
    };
    // Yesterday's texts are of no use any more.
    if (pageTexts.size > 16) pageTexts.clear();
    pageTexts.set(key, texts);
  }
  return texts;
}

export function loader({ request, context }: Route.LoaderArgs) {
  const language = getLocale(context);
  const now = new Date();
  const { title, defaultSessionName } = loaderTexts(getInstance(context).t, language, now);
  const outcome = builderRequest(new URL(request.url), { language, defaultSessionName, now });
  // A button of a form sent without JavaScript: its result has its own address.
  if ("redirect" in outcome) throw redirect(outcome.redirect);
  return { title, view: outcome.view };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.title) }];
}

/** The name the greetings use: the first name when known, else the display name, else the pseudo. */
function userName(user: RootLoaderData["user"]): string | null {
  if (!user) return null;
  return user.prenom?.trim() || user.displayName?.trim() || user.pseudo;
}

export default function Exo({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData<RootLoaderData>("root");
  const name = userName(root?.user ?? null);
  return <WorkoutPage view={loaderData.view} user={name ? { name } : null} />;
}

/** A failed load (the server, or the network while the page updates in place): the spec's texts, and a retry. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation("workout");
  const location = useLocation();
  const message = isRouteErrorResponse(error)
    ? error.statusText || null
    : error instanceof Error && error.message
      ? error.message
      : null;
  return (
    <div className="section-inner">
      <div className="status-screen">
        <h1>{t("errors.unavailable")}</h1>
        <p role="alert">{message ? t("errors.withMessage", { message }) : t("errors.default")}</p>
        <div className="button-row">
          <a className="button button-primary" href={location.pathname + location.search}>
            {t("errors.retry")}
          </a>
        </div>
      </div>
    </div>
  );
}
