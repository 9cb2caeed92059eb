import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { accountSearchParam } from "~/components/account/account-url";
import { preloadDashboardBody } from "~/components/dashboard/dashboard-body-loader";
import { preloadSessionView } from "~/components/workout/session/session-view-loader";
import { BUILDER_PARAMS, SESSION_MODE_VALUE } from "~/domain/workout/builder-params";
import { startTranslations } from "~/i18n/client";
import { languageStorageKey } from "~/i18n/languages";
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

// An address that opens the account dialog's dashboard or a workout session:
// their code first.
const search = new URLSearchParams(window.location.search);
const loadedFirst: Promise<void>[] = [];
if (search.get(accountSearchParam) === "history") loadedFirst.push(preloadDashboardBody());
if (window.location.pathname === "/exo" && search.get(BUILDER_PARAMS.mode) === SESSION_MODE_VALUE) {
  loadedFirst.push(preloadSessionView());
}
if (loadedFirst.length > 0) Promise.all(loadedFirst).then(hydrate, hydrate);
else hydrate();
