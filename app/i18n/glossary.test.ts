import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The glossary (../shared/spec/GLOSSARY.md) over every text of English,
// German and Spanish: the forms it bans never come back. French is the
// source and keeps its own punctuation.

const localesDir = path.resolve(import.meta.dirname, "../../locales");

/** Every string of a locale file, with where it sits ("namespace: key.path"). */
function textsOf(language: string): { where: string; text: string }[] {
  const texts: { where: string; text: string }[] = [];
  const walk = (value: unknown, where: string) => {
    if (typeof value === "string") texts.push({ where, text: value });
    else if (Array.isArray(value)) value.forEach((item, index) => walk(item, `${where}[${index}]`));
    else if (value && typeof value === "object") {
      for (const [key, child] of Object.entries(value))
        walk(child, where.endsWith(":") ? `${where} ${key}` : `${where}.${key}`);
    }
  };
  for (const file of readdirSync(path.join(localesDir, language)).filter((name) => name.endsWith(".json"))) {
    walk(JSON.parse(readFileSync(path.join(localesDir, language, file), "utf8")), `${file.replace(".json", "")}:`);
  }
  return texts;
}

/**
 * What a reader sees: placeholders stand for a word, markup tags for
 * nothing, and the export formats of the API (json, history-csv,
 * workouts-csv) are values to type, not words to translate.
 */
const readable = (text: string) =>
  text
    .replace(/\{\{[^}]*\}\}/g, "X")
    .replace(/<\/?[\w-]+>/g, "")
    .replace(/\b(?:history|workouts)-csv\b/g, "X");

interface BannedForm {
  pattern: RegExp;
  why: string;
}

/** A space (plain, no-break or narrow no-break) before : ; ? or ! is French typography. */
const frenchSpacing: BannedForm = { pattern: /[ \u00a0\u202f][:;?!]/, why: "French spacing before : ; ? !" };

const bannedForms: Record<"en" | "de" | "es", BannedForm[]> = {
  en: [frenchSpacing],
  de: [frenchSpacing, { pattern: /workout/i, why: "a workout is a 'Training' in German" }],
  es: [
    frenchSpacing,
    { pattern: /\be-?mail/i, why: "'correo electrónico' (label) or 'correo' (sentence), never 'email'" },
    {
      pattern: /\bcog(?:e|er|es|emos|en|ido|ida|idos|idas|ió|í|iendo)\b/i,
      why: "'coger' is rude in much of Latin America",
    },
    {
      pattern: /\bsesi(?:ón|ones) de entrenamiento/i,
      why: "a workout is an 'entrenamiento'; 'sesión' means being logged in",
    },
  ],
};

function violations(language: "en" | "de" | "es", texts = textsOf(language)) {
  return texts.flatMap(({ where, text }) =>
    bannedForms[language]
      .filter(({ pattern }) => pattern.test(readable(text)))
      .map(({ why }) => `${where}: ${why}: ${text}`),
  );
}

describe("the glossary's banned forms", () => {
  for (const language of ["en", "de", "es"] as const) {
    it(`never appear in ${language}`, () => {
      expect(violations(language)).toEqual([]);
    });
  }

  it("are found where they hide", () => {
    const sample = (text: string) => [{ where: "sample:", text }];
    expect(violations("en", sample("Wrong password !"))).toHaveLength(1);
    expect(violations("en", sample("Open\u202f: BMI"))).toHaveLength(1);
    expect(violations("en", sample("Hi {{name}}! Ready? Go: now."))).toEqual([]);
    expect(violations("de", sample("Stell dein Workout zusammen."))).toHaveLength(1);
    expect(violations("es", sample("Tu email es obligatorio."))).toHaveLength(1);
    expect(violations("es", sample("Este nombre ya está cogido."))).toHaveLength(1);
    expect(violations("es", sample("Tus sesiones de entrenamiento"))).toHaveLength(1);
    expect(violations("es", sample("Escribe a {{email}} con tu correo."))).toEqual([]);
    expect(violations("es", sample("Recoger los datos"))).toEqual([]);
  });
});
