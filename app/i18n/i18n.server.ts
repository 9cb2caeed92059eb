import { createInstance, type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { defaultNamespace, fallbackLanguage, type Language, supportedLanguages } from "./languages.ts";
import { namespacesOf, resourcesFromModules } from "./resources.ts";

const resources = resourcesFromModules(import.meta.glob("../../locales/*/*.json", { eager: true, import: "default" }));

// One instance initialised at start; each request gets a clone that shares
// its resource store and services (plural rules, formatters, caches).
// remix-i18next 8's middleware builds and initialises a fresh instance on
// every request and offers no way to hand it a shared one, which is why
// app/middleware/i18next.server.ts keeps its contract but not its code.
const baseInstance: i18n = createInstance({
  resources,
  supportedLngs: [...supportedLanguages],
  fallbackLng: fallbackLanguage,
  lng: fallbackLanguage,
  defaultNS: defaultNamespace,
  ns: namespacesOf(resources, fallbackLanguage),
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});
baseInstance.use(initReactI18next);
void baseInstance.init();

export function i18nFor(language: Language): i18n {
  return baseInstance.cloneInstance({ lng: language, initAsync: false });
}
