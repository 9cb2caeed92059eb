import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CALORIE_MESSAGES } from "~/domain/calories";
import { IMC_CATEGORIES, IMC_MESSAGES } from "~/domain/imc";
import { fixedT } from "~/i18n/translator";

const localesDir = path.resolve(import.meta.dirname, "../../../locales");
const tools = (language: string) =>
  JSON.parse(readFileSync(path.join(localesDir, language, "tools.json"), "utf8")) as {
    messages: { imc: Record<string, string>; calories: Record<string, string> };
    imc: { categories: Record<string, { label: string; description: string; conseil: string }> };
  };

describe("tool messages", () => {
  it("French translations are the domain's texts, word for word", () => {
    expect(tools("fr").messages.imc).toEqual(IMC_MESSAGES);
    expect(tools("fr").messages.calories).toEqual(CALORIE_MESSAGES);
  });

  it("French category texts are the domain's", () => {
    for (const category of IMC_CATEGORIES) {
      expect(tools("fr").imc.categories[category.id]).toEqual({
        label: category.label,
        description: category.description,
        conseil: category.conseil,
      });
    }
  });

  it("every message key of the rules is translated in every language", () => {
    const groups = { imc: IMC_MESSAGES, calories: CALORIE_MESSAGES } as const;
    for (const [group, messages] of Object.entries(groups)) {
      for (const [key, french] of Object.entries(messages)) {
        for (const language of ["fr", "en", "de", "es"]) {
          const t = fixedT(
            { language, bundles: { tools: tools(language) }, fallbackLanguage: "fr", fallbackBundles: {} },
            "tools",
          );
          const translated = t(`messages.${group}.${key}`);
          if (language === "fr") expect(translated).toBe(french);
          else expect(translated, `${language} ${group}.${key}`).not.toBe(french);
          expect(translated).not.toBe(`messages.${group}.${key}`);
        }
      }
    }
  });
});
