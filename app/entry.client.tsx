import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { accountSearchParam } from "~/components/account/account-url";
import { preloadDashboardBody } from "~/components/dashboard/dashboard-body-loader";
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

// An address that opens the account dialog's dashboard: its code first.
if (new URLSearchParams(window.location.search).get(accountSearchParam) === "history") {
  preloadDashboardBody().then(hydrate, hydrate);
} else {
  hydrate();
}
