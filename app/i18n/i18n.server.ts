import { createInstance, type InitOptions, type i18n } from "i18next";
import { defaultNamespace, fallbackLanguage, type Language, supportedLanguages } from "./languages.ts";
import { browserBundlesOf, missingPart, serverOnlyNamespaces, translationsVersionOf } from "./browser-bundles.ts";
import { namespacesOf, resourcesFromModules } from "./resources.ts";
import { createTranslations, type Translations } from "./react-i18next.tsx";
import { type Bundle, type Bundles, type TranslationSet } from "./translator.ts";

// Every locale file, read once when the server starts. The request's i18next
// instance (remix-i18next's middleware, app/middleware/i18next.server.ts)
// and the mails share these objects: nothing is loaded per request.
export const resources = resourcesFromModules(
  import.meta.glob("../../locales/*/*.json", { eager: true, import: "default" }),
);

export const allNamespaces = namespacesOf(resources, fallbackLanguage);

export { missingPart, serverOnlyNamespaces };

export function isBrowserNamespace(namespace: string): boolean {
  return allNamespaces.includes(namespace) && !serverOnlyNamespaces.includes(namespace);
}

export const i18nextOptions = {
  resources,
  supportedLngs: [...supportedLanguages],
  fallbackLng: fallbackLanguage,
  defaultNS: defaultNamespace,
  // Declaring only the default namespace keeps the per-request init short:
  // every namespace is in `resources` already, and "ns:key" reads any of them.
  ns: [defaultNamespace],
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
} satisfies InitOptions;

// For work outside a request (the mails): one instance for the process.
const sharedInstance: i18n = createInstance(i18nextOptions);
void sharedInstance.init();

/** An i18next instance that can translate in any language (use getFixedT). */
export function i18nFor(_language: Language): i18n {
  return sharedInstance;
}

// ---------------------------------------------------------------------------
// What the browser gets (app/i18n/browser-bundles.ts), built once.

const browserBundles = browserBundlesOf(resources);

/** Changes whenever a text the browser can get changes: part of the bundles' address. */
export const translationsVersion = translationsVersionOf(browserBundles);

/** The JSON the browser gets for one namespace, or null when it may not have it. */
export function browserBundleJson(language: Language, namespace: string): string | null {
  return browserBundles.get(`${language}/${namespace}`)?.json ?? null;
}

/**
 * What components render with on the server for a page: the page's
 * namespaces only, the very texts the browser receives, so a namespace a
 * route forgot to declare shows up as raw keys on the server too.
 */
export function translationSetFor(language: Language, namespaces: readonly string[]): TranslationSet {
  const bundles: Bundles = {};
  const fallbackBundles: Bundles = {};
  for (const namespace of namespaces) {
    const entry = browserBundles.get(`${language}/${namespace}`);
    if (!entry) continue;
    bundles[namespace] = entry.bundle;
    if (entry.fallback) fallbackBundles[namespace] = entry.fallback;
  }
  return { language, bundles, fallbackLanguage, fallbackBundles };
}

// ---------------------------------------------------------------------------
// The translations of one page, for its language and the namespaces of the
// routes it matched: what its components render with on the server, and the
// JSON the browser starts from. Cached: pages with the same language and
// namespaces share one (immutable) object, and its `t` functions.

export interface BootPayload {
  language: string;
  version: string;
  namespaces: Record<string, { bundle: Bundle; fallback: Bundle | null }>;
  /** Route pattern -> namespaces, for the pages the browser navigates to. */
  routes: Record<string, string[]>;
}

/** routes JSON (one per build) -> "language|namespaces" -> translations. */
const pageTranslationsCache = new Map<string, Map<string, Translations>>();

/** JSON safe inside <script>: no "<" can close the element. */
export function scriptSafeJson(json: string): string {
  return json.replace(/</g, "\\u003c");
}

export function pageTranslations(language: Language, namespaces: readonly string[], routesJson: string): Translations {
  const browserNamespaces = namespaces.filter(isBrowserNamespace);
  const key = `${language}|${browserNamespaces.join(",")}`;
  let cache = pageTranslationsCache.get(routesJson);
  if (!cache) {
    // A new build (development reloads): the old entries are of no use.
    pageTranslationsCache.clear();
    cache = new Map();
    pageTranslationsCache.set(routesJson, cache);
  }
  let translations = cache.get(key);
  if (!translations) {
    const namespacesJson = browserNamespaces
      .map((namespace) => `${JSON.stringify(namespace)}:${browserBundleJson(language, namespace)}`)
      .join(",");
    const bootJson = scriptSafeJson(
      `{"language":${JSON.stringify(language)},"version":${JSON.stringify(translationsVersion)},` +
        `"namespaces":{${namespacesJson}},"routes":${routesJson}}`,
    );
    translations = createTranslations(translationSetFor(language, browserNamespaces), bootJson);
    cache.set(key, translations);
  }
  return translations;
}
