// The static texts of the tool pages (public/data/db.json): IMC explanation
// blocks and the IMC and calorie articles, one set per language.
//
// The file is edited by hand, so it is read leniently: an entry that does not
// have the expected shape is left out (and reported) instead of taking the
// whole page down, and a language missing from the file falls back to French.

import { z } from "zod";

const text = z.string().trim().min(1);

export const explanationBlockSchema = z.object({
  id: z.union([text, z.number()]).transform(String),
  titre: text,
  intro: text,
  more: z.string().trim().default(""),
  link: z.object({ label: text, href: text }).nullish(),
});
export type ExplanationBlock = z.output<typeof explanationBlockSchema>;

export const articleSchema = z.object({
  id: z.union([text, z.number()]).transform(String),
  titre: text,
  image: z.string().trim().nullish(),
  alt: z.string().trim().default(""),
  description: z.string().trim().default(""),
  excedent: z.string().trim().default(""),
  fullContent: z.string().trim().default(""),
});
export type Article = z.output<typeof articleSchema>;

export interface ToolContent {
  explanations: ExplanationBlock[];
  imcArticles: Article[];
  calorieArticles: Article[];
}

export const EMPTY_TOOL_CONTENT: ToolContent = { explanations: [], imcArticles: [], calorieArticles: [] };

/** The keys of db.json, spelled as in the spec (contenue... included). */
const GROUP_KEYS = {
  explanations: "contenuIMC",
  imcArticles: "contenueArticlesIMC",
  calorieArticles: "contenueArticlesCALORIE",
} as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export interface ContentProblem {
  language: string;
  group: string;
  index: number;
  message: string;
}

function readList<Schema extends z.ZodType>(
  raw: unknown,
  schema: Schema,
  where: { language: string; group: string },
  problems: ContentProblem[],
): z.output<Schema>[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) {
    problems.push({ ...where, index: -1, message: "not a list" });
    return [];
  }
  const items: z.output<Schema>[] = [];
  const seen = new Set<string>();
  raw.forEach((entry, index) => {
    const parsed = schema.safeParse(entry);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      problems.push({ ...where, index, message: `${issue?.path.join(".") ?? ""}: ${issue?.message ?? "invalid"}` });
      return;
    }
    // Ids are used in links (?article=...) and element ids: a duplicate would make one unreachable.
    const id = (parsed.data as { id: string }).id;
    if (seen.has(id)) {
      problems.push({ ...where, index, message: `duplicate id ${id}` });
      return;
    }
    seen.add(id);
    items.push(parsed.data);
  });
  return items;
}

/**
 * Reads the whole file into one ToolContent per language it holds. Problems
 * are returned so the caller can log them once.
 */
export function parseToolContent(raw: unknown): {
  byLanguage: Record<string, ToolContent>;
  problems: ContentProblem[];
} {
  const problems: ContentProblem[] = [];
  const byLanguage: Record<string, ToolContent> = {};
  if (!isRecord(raw))
    return { byLanguage, problems: [{ language: "*", group: "*", index: -1, message: "not an object" }] };
  for (const [language, groups] of Object.entries(raw)) {
    if (!isRecord(groups)) {
      problems.push({ language, group: "*", index: -1, message: "not an object" });
      continue;
    }
    byLanguage[language] = {
      explanations: readList(
        groups[GROUP_KEYS.explanations],
        explanationBlockSchema,
        { language, group: GROUP_KEYS.explanations },
        problems,
      ),
      imcArticles: readList(
        groups[GROUP_KEYS.imcArticles],
        articleSchema,
        { language, group: GROUP_KEYS.imcArticles },
        problems,
      ),
      calorieArticles: readList(
        groups[GROUP_KEYS.calorieArticles],
        articleSchema,
        { language, group: GROUP_KEYS.calorieArticles },
        problems,
      ),
    };
  }
  return { byLanguage, problems };
}

/**
 * The content for a language, group by group: a group the language lacks (or
 * left empty) comes from the fallback language, so a half-translated file
 * still shows every section.
 */
export function contentForLanguage(
  byLanguage: Record<string, ToolContent>,
  language: string,
  fallback: string,
): ToolContent {
  const chosen = byLanguage[language];
  const backup = byLanguage[fallback] ?? EMPTY_TOOL_CONTENT;
  if (!chosen) return backup;
  const pick = <Key extends keyof ToolContent>(key: Key) => (chosen[key].length > 0 ? chosen[key] : backup[key]);
  return {
    explanations: pick("explanations"),
    imcArticles: pick("imcArticles"),
    calorieArticles: pick("calorieArticles"),
  };
}

// The text helpers are zod-free (the browser renders articles with them).
export { type ArticleBlock, articleBlocks, isExternalHref, safeHref } from "./article-text.ts";
