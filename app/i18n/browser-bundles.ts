// What the browser may get of the translations, per language and namespace,
// and the version that names them in their address (/locales/<version>/…).
// Shared by the server (app/i18n/i18n.server.ts) and the build, which
// precaches the workout pages' bundles in the service worker under the very
// address the server answers (scripts/pwa/vite-plugin.ts): one computation,
// so the two never disagree. Relative imports only: vite.config.ts loads it.
import { createHash } from "node:crypto";
import type { Resource } from "i18next";
import { fallbackLanguage, supportedLanguages } from "./languages.ts";
import { namespacesOf } from "./resources.ts";
import type { Bundle } from "./translator.ts";

/**
 * Namespaces that never reach the browser: the mails' templates (account
 * mails and newsletters), the long legal texts (the legal pages get theirs
 * as loader data, already translated: see app/services/legal-texts.server.ts),
 * and the texts the build writes into the offline pages and the web app
 * manifests (offline), and the API description page's (api-docs).
 */
export const serverOnlyNamespaces: readonly string[] = ["mail", "newsletter-mail", "legal", "api-docs", "offline"];

function isPlainObject(value: unknown): value is Bundle {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** The part of `fallback` whose keys `bundle` lacks, or null when it lacks none. */
export function missingPart(fallback: Bundle, bundle: Bundle | undefined): Bundle | null {
  const missing: Bundle = {};
  for (const [key, value] of Object.entries(fallback)) {
    const own = bundle?.[key];
    if (isPlainObject(value) && isPlainObject(own)) {
      const nested = missingPart(value, own);
      if (nested) missing[key] = nested;
    } else if (own === undefined) {
      missing[key] = value;
    }
  }
  return Object.keys(missing).length > 0 ? missing : null;
}

export interface BrowserBundle {
  bundle: Bundle;
  fallback: Bundle | null;
  /** `{"bundle":…,"fallback":…}`, serialized once. */
  json: string;
}

/**
 * Per "language/namespace": the language's texts, plus the French texts of
 * the keys the language lacks (normally none: a unit test keeps every locale
 * complete).
 */
export function browserBundlesOf(resources: Resource): Map<string, BrowserBundle> {
  const allNamespaces = namespacesOf(resources, fallbackLanguage);
  const bundles = new Map<string, BrowserBundle>();
  for (const language of supportedLanguages) {
    for (const namespace of allNamespaces.filter((name) => !serverOnlyNamespaces.includes(name))) {
      const bundle = (resources[language]?.[namespace] ?? {}) as Bundle;
      const fallback =
        language === fallbackLanguage
          ? null
          : missingPart((resources[fallbackLanguage]?.[namespace] ?? {}) as Bundle, bundle);
      bundles.set(`${language}/${namespace}`, { bundle, fallback, json: JSON.stringify({ bundle, fallback }) });
    }
  }
  return bundles;
}

/** Changes whenever a text the browser can get changes: part of the bundles' address. */
export function translationsVersionOf(bundles: ReadonlyMap<string, BrowserBundle>): string {
  return createHash("sha256")
    .update([...bundles.entries()].map(([key, { json }]) => `${key}\n${json}`).join("\n"))
    .digest("base64url")
    .slice(0, 10);
}

/** The address the browser fetches one namespace's texts at (app/i18n/client.ts builds the same). */
export function translationsPath(version: string, language: string, namespace: string): string {
  return `/locales/${version}/${language}/${encodeURIComponent(namespace)}`;
}
