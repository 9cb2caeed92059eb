// Bundled with every component's styles into the site's one stylesheet
// (vite.config.ts: cssCodeSplit false), linked on every page.
import "./styles/site.css";
import { useTranslation } from "react-i18next";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { AccountDialogFromAddress } from "~/components/account/account-dialog-from-address";
import { ConsentBanner } from "~/components/consent/cookie-consent";
import { ErrorScreen } from "~/components/layout/error-screen";
import { PageMetadata } from "~/components/layout/page-metadata";
import { RouteAnnouncer } from "~/components/layout/route-announcer";
import { SiteFooter } from "~/components/layout/site-footer";
import { SiteHeader } from "~/components/layout/site-header";
import { PendingSessionsSender } from "~/components/workout/session/pending-sessions-sender";
import { OfflineSupport } from "~/components/pwa/offline-support";
import { APPLE_TOUCH_ICON, manifestPath, THEME_COLOR } from "~/pwa/addresses";
import { NotFoundScreen } from "~/components/layout/not-found-screen";
import { readCookie } from "~/lib/cookies";
import { readAccountFlash } from "~/lib/account-flash.server";
import type { RootLoaderData } from "~/lib/root-loader-data";
import { BUILDER_PARAM_NAMES } from "~/domain/workout/builder-params";
import { CALCULATOR_FIELD } from "~/lib/calculator-results";
import { isUnanswered } from "~/lib/unanswered-action";
import { consentFromCookieHeader } from "~/lib/consent";
import { useNonce } from "~/lib/nonce";
import { SiteStylesheets } from "~/lib/site-stylesheet";
import { pageTitle } from "~/lib/page-title";
import { parseTheme, themeCookieName, themeFromClientHint } from "~/lib/theme";
import { loadNamespacesOfPattern, translationsElementId } from "~/i18n/client";
import { useTranslations } from "~/i18n/react-i18next";
import { getInstance, getLocale, i18nextMiddleware, namespaceT } from "~/middleware/i18next.server";
import { withBlocksHtml } from "~/components/dashboard/dashboard-html.server";
import { refusedBodyMiddleware } from "~/middleware/refused-body.server";
import { sameOriginMiddleware } from "~/middleware/same-origin.server";
import { getServices } from "~/context.server";
import { getCurrentUser, publicUser } from "~/services/auth/session.server";
import { dashboardFlash } from "~/services/dashboard-actions.server";
import { loadDashboard } from "~/services/dashboard.server";
import { accountSearchParam } from "~/components/account/account-url";

/** The layout's namespaces; each page adds those its routes declare (app/i18n/route-namespaces.ts). */
export const handle = { i18n: ["common", "consent", "account"] };

// Cross-site writes are refused before anything else runs; the language is
// known before the 413 page (an error boundary) renders.
export const middleware: Route.MiddlewareFunction[] = [
  sameOriginMiddleware,
  ...i18nextMiddleware,
  refusedBodyMiddleware,
];

/** On a navigation, the next page's texts load while its data does. */
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [
  async ({ pattern }, next) => {
    const loading = loadNamespacesOfPattern(pattern);
    const results = await next();
    await loading;
    return results;
  },
];

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const chosenTheme = parseTheme(readCookie(request.headers.get("Cookie"), themeCookieName));
  const t = getInstance(context).t;
  const [current, account, dashboardOutcome] = await Promise.all([
    getCurrentUser(context, request),
    readAccountFlash(context, request),
    dashboardFlash.read(context, request),
  ]);
  // The account dialog's history view is the dashboard: its data comes with the page that shows it.
  const showsDashboard = new URL(request.url).searchParams.get(accountSearchParam) === "history";
  const language = getLocale(context);
  const dashboard =
    showsDashboard && current
      ? withBlocksHtml(
          await loadDashboard(getServices(context).store, current.user, language),
          namespaceT(context, "dashboard"),
          language,
          3,
        )
      : null;
  const headers = new Headers();
  for (const clear of [account.clearCookie, dashboardOutcome.clearCookie])
    if (clear) headers.append("Set-Cookie", clear);
  return data(
    {
      language,
      /** The user's explicit choice; null means "follow the system". */
      theme: chosenTheme,
      systemTheme: themeFromClientHint(request.headers.get("Sec-CH-Prefers-Color-Scheme")),
      /** cookie_consent: null until the visitor chooses (the banner shows meanwhile). */
      cookieConsent: consentFromCookieHeader(request.headers.get("Cookie")),
      description: t("meta.description"),
      /** The site's public address: canonical and alternate links are absolute. */
      origin: getServices(context).config.appUrl,
      // meta() cannot translate: the error screens' titles travel with the root data.
      errorTitles: { notFound: t("notFound.title"), error: t("error.title"), tooLarge: t("error.tooLargeTitle") },
      /** The signed-in user (header icons, the account dialog's history view), or null. */
      user: current ? publicUser(current.user) : null,
      /** The account action's outcome after a form sent without JavaScript, read once. */
      accountFlash: account.flash,
      /** The dashboard's, likewise (its forms come back to the page they were sent from). */
      dashboardFlash: dashboardOutcome.flash,
      /** The dialog's dashboard, when the address opens it (?compte=history) for a signed-in user. */
      dashboard,
      /** The footer's copyright year, the server's, so the page and its hydration agree. */
      year: new Date().getFullYear(),
    } satisfies RootLoaderData,
    { headers },
  );
}

/**
 * Search parameters that only change what a page shows, never the layout's
 * data: a tool's tab or article, the workout builder's state.
 */
const viewOnlyParams = ["onglet", "article", "objectif", ...BUILDER_PARAM_NAMES];

function differsOnlyIn(current: URL, next: URL, params: string[]): boolean {
  if (current.pathname !== next.pathname) return false;
  const strip = (url: URL) => {
    const search = new URLSearchParams(url.search);
    for (const param of params) search.delete(param);
    search.sort();
    return search.toString();
  };
  return strip(current) === strip(next);
}

// The root loader reads the session and cookies: skip it where nothing it
// returns can change — a calculation, a tool tab, an article opened, a step
// of the workout builder, an action the server never answered.
export function shouldRevalidate({
  formData,
  actionResult,
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formData?.has(CALCULATOR_FIELD)) return false;
  if (isUnanswered(actionResult)) return false;
  if (!formData && differsOnlyIn(currentUrl, nextUrl, viewOnlyParams)) return false;
  return defaultShouldRevalidate;
}

export function meta({ loaderData, error }: Route.MetaArgs) {
  const status = isRouteErrorResponse(error) ? error.status : null;
  const errorTitle = error
    ? status === 404
      ? loaderData?.errorTitles.notFound
      : status === 413
        ? (loaderData?.errorTitles.tooLarge ?? "Envoi trop volumineux")
        : (loaderData?.errorTitles.error ?? "Une erreur est survenue")
    : undefined;
  // The description, canonical and alternate links: <PageMetadata> in the layout.
  return [{ title: pageTitle(errorTitle) }];
}

export function Layout({ children }: { children: React.ReactNode }) {
  const rootData = useRouteLoaderData<RootLoaderData>("root");
  const routeError = useRouteError();
  const translations = useTranslations();
  const nonce = useNonce();
  const language = rootData?.language ?? translations.set.language;
  return (
    <html lang={language} data-theme={rootData?.theme ?? undefined} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <meta name="theme-color" content={THEME_COLOR} />
        <link rel="manifest" href={manifestPath(language)} />
        <link rel="apple-touch-icon" href={APPLE_TOUCH_ICON.path} />
        <SiteStylesheets />
        <Meta />
        <PageMetadata
          origin={rootData?.origin ?? ""}
          siteDescription={rootData?.description ?? ""}
          isError={routeError !== undefined && routeError !== null}
        />
        <Links />
      </head>
      <body>
        {children}
        {/* Not run (JSON): the browser's translations start from it (app/i18n/client.ts). */}
        <script
          id={translationsElementId}
          type="application/json"
          dangerouslySetInnerHTML={{ __html: translations.bootJson }}
        />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

function Page({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  const rootData = useRouteLoaderData<RootLoaderData>("root");
  return (
    <>
      <a className="skip-link" href="#contenu">
        {t("a11y.skipToContent")}
      </a>
      <SiteHeader />
      <main id="contenu" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
      <ConsentBanner />
      <AccountDialogFromAddress />
      <RouteAnnouncer />
      <PendingSessionsSender userId={rootData?.user?.id ?? null} />
      <OfflineSupport />
    </>
  );
}

export default function App() {
  return (
    <Page>
      <Outlet />
    </Page>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Page>
        <NotFoundScreen />
      </Page>
    );
  }
  if (isRouteErrorResponse(error) && error.status === 413) {
    return (
      <Page>
        <ErrorScreen tooLarge />
      </Page>
    );
  }
  const details = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;
  return (
    <Page>
      <ErrorScreen details={details} />
    </Page>
  );
}
