import { fallbackLanguage } from "~/i18n/languages";
import { contentForLanguage, parseToolContent, type ToolContent } from "~/domain/tool-content";

// public/data/db.json is bundled into the server build when it exists (a
// glob, so a build without the file still works and shows no articles). The
// same file stays downloadable at /data/db.json for JavaScript clients, as
// the spec's static-content call expects.
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
