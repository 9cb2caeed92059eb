import type { Resource } from "i18next";
import { isSupportedLanguage } from "./languages.ts";

/** Turns import.meta.glob results keyed "../../locales/fr/common.json" into an i18next Resource. */
export function resourcesFromModules(modules: Record<string, unknown>): Resource {
  const resources: Resource = {};
  for (const [file, content] of Object.entries(modules)) {
    const match = /locales\/([a-z]{2})\/([\w-]+)\.json$/.exec(file);
    if (!match) continue;
    const [, language, namespace] = match as unknown as [string, string, string];
    if (!isSupportedLanguage(language)) continue;
    resources[language] ??= {};
    resources[language]![namespace] = content as Record<string, unknown>;
  }
  return resources;
}

export function namespacesOf(resources: Resource, language: string): string[] {
  return Object.keys(resources[language] ?? {});
}
