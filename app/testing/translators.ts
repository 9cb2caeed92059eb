import { readFileSync } from "node:fs";
import path from "node:path";
import { fixedT } from "~/i18n/translator";

const localesDir = path.resolve(import.meta.dirname, "../../locales");

/** The translator a component renders with, over one namespace of a language's committed texts. */
export function translatorFor(language: string, namespace: string) {
  const bundle = JSON.parse(readFileSync(path.join(localesDir, language, `${namespace}.json`), "utf8")) as Record<
    string,
    unknown
  >;
  return fixedT({ language, bundles: { [namespace]: bundle }, fallbackLanguage: "fr", fallbackBundles: {} }, namespace);
}
