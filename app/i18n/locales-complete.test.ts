import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { fallbackLanguage, supportedLanguages } from "./languages.ts";

const localesDir = path.resolve(import.meta.dirname, "../../locales");

function keysOf(value: unknown, prefix = ""): string[] {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

const namespaces = readdirSync(path.join(localesDir, fallbackLanguage)).filter((file) => file.endsWith(".json"));
const read = (language: string, file: string) =>
  JSON.parse(readFileSync(path.join(localesDir, language, file), "utf8")) as unknown;

/** Leaf strings of a bundle with their keys ("saving.errors_one"). */
function leavesOf(value: unknown, prefix = ""): [string, string][] {
  if (typeof value === "string") return [[prefix, value]];
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, child]) => leavesOf(child, prefix ? `${prefix}.${key}` : key));
}

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

describe("translations", () => {
  it("has French namespaces", () => {
    expect(namespaces.length).toBeGreaterThan(0);
  });

  for (const language of supportedLanguages.filter((l) => l !== fallbackLanguage)) {
    for (const file of namespaces) {
      it(`${language}/${file} has every key of ${fallbackLanguage}/${file}`, () => {
        const missing = keysOf(read(fallbackLanguage, file)).filter(
          (key) => !new Set(keysOf(read(language, file))).has(key),
        );
        expect(missing).toEqual([]);
      });
      // A key only another language has is a French text lost (a merge that kept one side), or a key left behind.
      it(`${language}/${file} has no key that ${fallbackLanguage}/${file} lacks`, () => {
        const french = new Set(keysOf(read(fallbackLanguage, file)));
        expect(keysOf(read(language, file)).filter((key) => !french.has(key))).toEqual([]);
      });
    }
  }

  // Real plurals (i18next's _one/_other keys, chosen by Intl.PluralRules), never "erreur(s)".
  for (const language of supportedLanguages) {
    it(`${language}: every plural family has its _one and _other forms, and no text writes a pseudo-plural`, () => {
      const leaves = namespaces.flatMap((file) =>
        leavesOf(read(language, file)).map(([key, text]) => [`${file}:${key}`, text] as const),
      );
      const keys = new Set(leaves.map(([key]) => key));
      const families = new Set(leaves.map(([key]) => key).filter((key) => PLURAL_SUFFIX.test(key)));
      expect(families.size).toBeGreaterThan(15);
      for (const key of families) {
        const base = key.replace(PLURAL_SUFFIX, "");
        expect(keys, key).toContain(`${base}_one`);
        expect(keys, key).toContain(`${base}_other`);
        // The bare key would hide a missing form instead of failing.
        expect(keys, key).not.toContain(base);
      }
      const pseudoPlurals = leaves.filter(([, text]) => /\p{L}\((?:s|n|es|en)\)/u.test(text));
      expect(pseudoPlurals).toEqual([]);
    });
  }
});
