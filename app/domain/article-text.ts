// How the tool pages' articles and explanation links read (public/data/db.json).
// Kept apart from tool-content.ts, whose zod schemas stay on the server.

/** The search parameter that shows one article in full on the page, without JavaScript. */
export const ARTICLE_PARAM = "article";

export type ArticleBlock = { kind: "heading"; text: string } | { kind: "paragraph"; text: string };

/**
 * Splits an article's text into blocks: paragraphs are separated by a blank
 * line, and a paragraph starting with "## " is a subheading. Rendered as
 * React text, never as HTML, so the file cannot inject markup.
 */
export function articleBlocks(fullContent: string): ArticleBlock[] {
  return fullContent
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter((part) => part.length > 0)
    .map((part) =>
      part.startsWith("## ")
        ? { kind: "heading" as const, text: part.slice(3).trim() }
        : { kind: "paragraph" as const, text: part.replace(/\s*\n\s*/g, " ") },
    );
}

/** Whether a link leaves the site (it then opens in a new tab). */
export function isExternalHref(href: string): boolean {
  return /^https?:\/\//i.test(href);
}

/**
 * Only web links and site paths are followed; anything else (javascript:,
 * data:, protocol-relative //host) is dropped, since the file is data, not code.
 */
export function safeHref(href: string): string | null {
  const trimmed = href.trim();
  if (/^https?:\/\/[^\s]+$/i.test(trimmed)) return trimmed;
  if (/^\/(?!\/)[^\s]*$/.test(trimmed) || /^#[\w-]+$/.test(trimmed)) return trimmed;
  return null;
}
