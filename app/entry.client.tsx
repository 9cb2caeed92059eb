import { createInstance } from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { accountSearchParam } from "~/components/account/account-url";
import { preloadDashboardBody } from "~/components/account/history-view";
import { defaultNamespace, fallbackLanguage, languageStorageKey, toSupportedLanguage } from "~/i18n/languages";
import { resourcesFromModules } from "~/i18n/resources";
import { rememberPreference } from "~/lib/consent";

// Each locale file is its own chunk: the browser downloads only the language
// the server rendered (read from <html lang>), plus French as the fallback.
const localeLoaders = import.meta.glob<Record<string, unknown>>("../locales/*/*.json", { import: "default" });

async function loadLanguage(language: string) {
  const entries = Object.entries(localeLoaders).filter(([file]) => file.includes(`/locales/${language}/`));
  const loaded = await Promise.all(entries.map(async ([file, load]) => [file, await load()] as const));
  return resourcesFromModules(Object.fromEntries(loaded));
}

async function hydrate() {
  const language = toSupportedLanguage(document.documentElement.lang) ?? fallbackLanguage;
  const opensDashboard = new URLSearchParams(window.location.search).get(accountSearchParam) === "history";
  const [current, fallback] = await Promise.all([
    loadLanguage(language),
    language === fallbackLanguage ? Promise.resolve({}) : loadLanguage(fallbackLanguage),
    opensDashboard ? preloadDashboardBody() : null,
  ]);
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    resources: { ...fallback, ...current },
    lng: language,
    fallbackLng: fallbackLanguage,
    defaultNS: defaultNamespace,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  // Local storage is a preference: written only with the visitor's consent
  // (the lng cookie remembers the language either way).
  rememberPreference(languageStorageKey, language);
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18n}>
        <StrictMode>
          <HydratedRouter />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

hydrate().catch((error) => console.error(error));
