import about from "../../public/data/about.json";
import { fallbackLanguage, type Language } from "~/i18n/languages";

// The about section's content is static (public/data/about.json, also served
// to JavaScript clients as /data/about.json), one entry per language.
export type AboutContent = (typeof about)["fr"];

export function aboutContent(language: Language): AboutContent {
  return (about as Record<string, AboutContent>)[language] ?? about[fallbackLanguage];
}
