import type { TFunction as I18nextTFunction } from "i18next";
import { NO_SESSION_MEMORY, type SessionMemory } from "~/domain/workout/last-time";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { data, isRouteErrorResponse, redirect, useLocation, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/exo";
import type { RootLoaderData } from "~/lib/root-loader-data";
import { WorkoutPage } from "~/components/workout/workout-page";
import { parseBuilderParams } from "~/domain/workout/builder-url";
import { pageTitle } from "~/lib/page-title";
import { getInstance, getLocale, namespaceT } from "~/middleware/i18next.server";
import { type BuilderView, builderRequest } from "~/services/workout/builder.server";
import {
  newSessionFormStart,
  type SessionFormStart,
  sessionExercises,
  sessionMemory,
  sessionPageAction,
} from "~/services/workout/session-page.server";
import { type LastSessionView, lastWorkoutSession } from "~/services/workout/sessions.server";
import { routineList, sessionRoutine } from "~/services/workout/routines.server";
import { routineSaveHtml, routineShelfHtml } from "~/components/routines/routine-html.server";
import { withAccountView } from "~/components/account/account-url";
import { routineExercisesOfPlan } from "~/domain/workout/routines";
import { getCurrentUser } from "~/services/auth/session.server";
import { getServices } from "~/context.server";

/**
 * The session's form sent without JavaScript holds every set of every
 * exercise: a quarter of a megabyte is far more than a session at the
 * limits of its fields, well short of what would hurt the server.
 */
export const SESSION_FORM_BODY_LIMIT_BYTES = 256 * 1024;

export const handle = { i18n: ["workout", "workout-session"], bodyLimitBytes: SESSION_FORM_BODY_LIMIT_BYTES };

const dateFormats = new Map<string, Intl.DateTimeFormat>();
const pageTexts = new Map<string, { title: string; description: string; defaultSessionName: string }>();
/**
 * The page's title, description and default session name ('Séance - {date}'), in the
 * page's language: formatting a date and translating cost more than the
 * rest of the loader, so they are made once per language and day.
 */
function loaderTexts(t: I18nextTFunction, language: string, date: Date) {
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
      description: t("workout:intro"),
      defaultSessionName: t("workout:sessionName.default", { date: format.format(date) }),
    };
    // Yesterday's texts are of no use any more.
    if (pageTexts.size > 16) pageTexts.clear();
    pageTexts.set(key, texts);
  }
  return texts;
}

interface ExoPageData {
  title: string;
  description: string;
  view: BuilderView;
  language: string;
  /** The session's start and its finish's key, for the session's form sent without JavaScript. */
  sessionStart: SessionFormStart | null;
  lastSession: LastSessionView | null;
  /** Each exercise's last time for the session's set logger (null outside a session); offline, what the device last had. */
  memory: SessionMemory | null;
  /** 'Mes routines' and 'Enregistrer comme routine', drawn by the server as plain HTML (no script on the page). */
  routineHtml: { shelf: string | null; save: string | null };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const language = getLocale(context);
  const now = new Date();
  const { title, description, defaultSessionName } = loaderTexts(getInstance(context).t, language, now);
  const url = new URL(request.url);
  const outcome = builderRequest(url, { language, defaultSessionName, now });
  // A button of a form sent without JavaScript: its result has its own address.
  if ("redirect" in outcome) throw redirect(outcome.redirect);
  const { state } = outcome.view;
  // A session run without JavaScript starts when its page is served.
  const session = state.mode === "session";
  const sessionStart = session ? newSessionFormStart(now) : null;
  const current = await getCurrentUser(context, request);
  const services = getServices(context);
  const sessionT = namespaceT(context, "workout-session");
  const exercises = session || state.step === 3 ? sessionExercises(url, language) : [];
  const [lastSession, routines, routine] = await Promise.all([
    current ? lastWorkoutSession(services, current.user.id) : null,
    // 'Mes routines' above the builder's steps.
    current && state.mode === "builder" ? routineList(services, current.user.id) : null,
    // The routine the session runs: its modes and targets (one read by id; another user's is none).
    current && session && state.routine ? sessionRoutine(services, current.user.id, state.routine) : null,
  ]);
  // Each exercise's last time, for the session view's set logger (a visitor gets an invitation to log in).
  const memory = session
    ? await sessionMemory(services, current?.user.id ?? null, exercises, language, sessionT, routine)
    : null;
  const routineHtml = {
    shelf:
      routines && routines.length > 0 ? routineShelfHtml(routines, namespaceT(context, "dashboard"), language) : null,
    // 'Enregistrer comme routine' under the builder's list and the session's cards (not for a routine it runs).
    save:
      exercises.length > 0 && state.mode !== "search" && !routine
        ? routineSaveHtml(
            {
              exercises: current ? routineExercisesOfPlan(exercises) : null,
              name: state.sessionName || defaultSessionName,
              loginHref: withAccountView(url.pathname + url.search, "login"),
            },
            sessionT,
          )
        : null,
  };
  const page: ExoPageData = {
    title,
    description,
    view: outcome.view,
    language,
    sessionStart,
    lastSession,
    memory,
    routineHtml,
  };
  // The session's form carries its start and its finish's key: never a page kept for other visitors.
  return session ? data(page, { headers: { "Cache-Control": "private" } }) : page;
}

/** The page's data last shown here: the offline builder starts from it (its texts, the user panel). */
let shownPage: ExoPageData | null = null;

/**
 * Each change of the builder asks the server for its lists. Without a
 * network (a gym's basement) the browser makes them itself, from the
 * catalogue the service worker keeps: that code loads only then.
 */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs): Promise<ExoPageData> {
  try {
    return await serverLoader();
  } catch (error) {
    // fetch() fails with a TypeError when the request cannot leave the device; anything else is the server's answer.
    if (!(error instanceof TypeError)) throw error;
    const { offlineExoPage } = await import("~/components/workout/offline-exo-page").catch(() => {
      throw error;
    });
    return offlineExoPage(new URL(request.url), shownPage, error);
  }
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

// The session's form sent without JavaScript: a set added or deleted, a
// mode applied (the form comes back), or the session finished (the summary).
export async function action({ request, context }: Route.ActionArgs) {
  const language = getLocale(context);
  const now = new Date();
  const { defaultSessionName } = loaderTexts(getInstance(context).t, language, now);
  const { sessionName } = parseBuilderParams(new URL(request.url).searchParams);
  const outcome = await sessionPageAction(context, request, {
    language,
    sessionName: sessionName || defaultSessionName,
    now,
  });
  return data(outcome.data, { status: outcome.status });
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.title) }];
}

/** The name the greetings use: the first name when known, else the display name, else the pseudo. */
function userName(user: RootLoaderData["user"]): string | null {
  if (!user) return null;
  return user.prenom?.trim() || user.displayName?.trim() || user.pseudo;
}

export default function Exo({ loaderData, actionData }: Route.ComponentProps) {
  const root = useRouteLoaderData<RootLoaderData>("root");
  const location = useLocation();
  const user = root?.user ?? null;
  const name = userName(user);
  useEffect(() => {
    shownPage = loaderData;
  }, [loaderData]);
  return (
    <WorkoutPage
      view={loaderData.view}
      user={user && name ? { name, id: user.id } : null}
      session={{
        formStart: loaderData.sessionStart ?? { startedAt: 0, idempotencyKey: "" },
        formResult: actionData ?? null,
        pageHref: location.pathname + location.search,
        language: loaderData.language,
        memory: loaderData.memory ?? NO_SESSION_MEMORY,
      }}
      lastSession={loaderData.lastSession}
      routineHtml={loaderData.routineHtml}
    />
  );
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
