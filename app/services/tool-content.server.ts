import type { RouterContextProvider } from "react-router";
import { ARTICLE_PARAM } from "~/domain/article-text";
import { contentForLanguage, parseToolContent, type ToolContent } from "~/domain/tool-content";
import { fallbackLanguage } from "~/i18n/languages";
import { getInstance, getLocale } from "~/middleware/i18next.server";

// public/data/db.json is bundled into the server build when it exists (a
// glob, so a build without the file still works and shows no articles). The
// same file stays downloadable at /data/db.json for JavaScript clients, as
// the spec's static-content call expects.
// Stryker disable next-line all: Vite replaces import.meta.glob by reading its literal arguments
const files = import.meta.glob<unknown>("../../public/data/db.json", { eager: true, import: "default" });

const parsed = parseToolContent(Object.values(files)[0] ?? {});
if (parsed.problems.length > 0) {
  console.warn(
    `public/data/db.json: ${parsed.problems.length} entr${parsed.problems.length > 1 ? "ies" : "y"} left out:\n` +
      parsed.problems.map((p) => `  ${p.language}.${p.group}[${p.index}] ${p.message}`).join("\n"),
  );
}

/** Explanation blocks and articles of the tool pages in a language (French where it lacks some). */
export function toolContent(language: string): ToolContent {
  return contentForLanguage(parsed.byLanguage, language, fallbackLanguage);
}

/**
 * What the loaders of the tool pages (/imc, /calorie(s)) start from: the
 * page's translated title, the tool texts in the page's language (each page
 * passes on its own part), and the article the address opens (?article=).
 */
export function toolPageTexts(context: Readonly<RouterContextProvider>, request: Request, titleKey: string) {
  return {
    title: getInstance(context).t(titleKey),
    content: toolContent(getLocale(context)),
    openArticleId: new URL(request.url).searchParams.get(ARTICLE_PARAM),
  };
}
