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
    }
  }
});
