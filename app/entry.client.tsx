import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { accountSearchParam, parseAccountView } from "~/components/account/account-url";
import { loadSignInViews } from "~/components/account/sign-in-views-loader";
import { loadDashboardBody } from "~/components/dashboard/dashboard-body-loader";
import { loadDashboardConfirm } from "~/components/dashboard/dashboard-confirm-loader";
import { loadSearchPanel } from "~/components/workout/search-panel-loader";
import { loadBuilderSteps } from "~/components/workout/builder-steps-loader";
import { loadSessionView } from "~/components/workout/session/session-view-loader";
import { BUILDER_PARAMS, SEARCH_MODE_VALUE, SESSION_MODE_VALUE } from "~/domain/workout/builder-params";
import { startTranslations } from "~/i18n/client";
import { languageStorageKey } from "~/i18n/languages";
import { confirmSearchParam, dashboardPath } from "~/lib/dashboard-address";
import { TranslationsProvider } from "~/i18n/react-i18next";
import { rememberPreference } from "~/lib/consent";
import { SiteStylesheetsProvider, siteStylesheetsInDocument } from "~/lib/site-stylesheet";

// The page carries its own translations (app/i18n/client.ts): nothing to
// fetch before hydrating.
const translations = startTranslations();
const stylesheets = siteStylesheetsInDocument();
// Local storage is a preference: written only with the visitor's consent
// (the lng cookie remembers the language either way).
rememberPreference(languageStorageKey, translations.set.language);

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <SiteStylesheetsProvider value={stylesheets}>
        <TranslationsProvider value={translations}>
          <StrictMode>
            <HydratedRouter />
          </StrictMode>
        </TranslationsProvider>
      </SiteStylesheetsProvider>,
    );
  });
}

// An address that opens a view of the account dialog, asks to confirm a
// dashboard deletion, or /exo (its builder steps, a session or the search):
// their code first (a part that waited for its code while hydrating would be
// rendered again from scratch).
const search = new URLSearchParams(window.location.search);
const loadedFirst: Promise<unknown>[] = [];
const accountView = parseAccountView(search.get(accountSearchParam));
if (accountView === "history") loadedFirst.push(loadDashboardBody());
else if (accountView) loadedFirst.push(loadSignInViews());
const dashboardShown = accountView === "history" || window.location.pathname === dashboardPath;
if (dashboardShown && search.has(confirmSearchParam)) loadedFirst.push(loadDashboardConfirm());
if (window.location.pathname === "/exo") {
  const mode = search.get(BUILDER_PARAMS.mode);
  if (mode === SESSION_MODE_VALUE) loadedFirst.push(loadSessionView());
  else if (mode === SEARCH_MODE_VALUE) loadedFirst.push(loadSearchPanel());
  else loadedFirst.push(loadBuilderSteps());
}
if (loadedFirst.length > 0) Promise.all(loadedFirst).then(hydrate, hydrate);
else hydrate();
