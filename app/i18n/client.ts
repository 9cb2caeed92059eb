// The browser's side of the translations: it starts from the JSON the server
// rendered into the page (the namespaces of the page's routes, in the page's
// language) and fetches the namespaces of the next page while that page's
// data loads (the root's clientMiddleware calls loadNamespacesOfPattern).
import { fallbackLanguage } from "./languages";
import { createTranslations, type Translations } from "./react-i18next";
import type { Bundle } from "./translator";

export const translationsElementId = "page-translations";

interface BootPayload {
  language: string;
  version: string;
  namespaces: Record<string, { bundle: Bundle; fallback: Bundle | null }>;
  routes: Record<string, string[]>;
}

let started: { translations: Translations; routes: Record<string, string[]> } | null = null;

/** Reads the page's translations; call once, before hydrating. */
export function startTranslations(): Translations {
  const bootJson = document.getElementById(translationsElementId)?.textContent ?? "";
  const payload = JSON.parse(bootJson) as BootPayload;
  const translations = createTranslations(
    { language: payload.language, bundles: {}, fallbackLanguage, fallbackBundles: {} },
    bootJson,
  );
  const add = (namespace: string, { bundle, fallback }: BootPayload["namespaces"][string]) => {
    translations.set.bundles[namespace] = bundle;
    if (fallback) translations.set.fallbackBundles[namespace] = fallback;
  };
  for (const [namespace, texts] of Object.entries(payload.namespaces)) add(namespace, texts);

  const inFlight = new Map<string, Promise<void>>();
  translations.load = (namespaces) =>
    Promise.all(
      namespaces
        .filter((namespace) => !(namespace in translations.set.bundles))
        .map((namespace) => {
          let loading = inFlight.get(namespace);
          if (!loading) {
            const url = `/locales/${payload.version}/${payload.language}/${encodeURIComponent(namespace)}`;
            loading = fetch(url)
              .then((response) =>
                response.ok ? response.json() : Promise.reject(new Error(`${url}: ${response.status}`)),
              )
              .then((texts: BootPayload["namespaces"][string]) => add(namespace, texts))
              // Keys show instead of texts; the next navigation tries again.
              .catch((error: unknown) => console.error(error))
              .finally(() => inFlight.delete(namespace));
            inFlight.set(namespace, loading);
          }
          return loading;
        }),
    ).then(() => undefined);
  started = { translations, routes: payload.routes };
  return translations;
}

/** The texts of the pages matching a route pattern (React Router's `pattern`), fetched if missing. */
export function loadNamespacesOfPattern(pattern: string): Promise<void> {
  if (!started?.translations.load) return Promise.resolve();
  return started.translations.load(started.routes[pattern] ?? []);
}
