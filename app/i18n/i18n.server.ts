import { createInstance, type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { defaultNamespace, fallbackLanguage, type Language, supportedLanguages } from "./languages.ts";
import { namespacesOf, resourcesFromModules } from "./resources.ts";

const resources = resourcesFromModules(
  import.meta.glob("../../locales/*/*.json", { eager: true, import: "default" }),
);

// One instance initialised at start; each request gets a cheap clone that
// shares the resource store. Building and initialising a full instance per
// request is what remix-i18next's own middleware does, and costs throughput.
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
