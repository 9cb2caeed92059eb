import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CALORIE_MESSAGES } from "~/domain/calories";
import { IMC_CATEGORIES, IMC_MESSAGES } from "~/domain/imc";
import { toolMessageKey } from "./tool-messages.ts";

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

  it("every domain message has a key, and other languages really translate it", () => {
    for (const message of [...Object.values(IMC_MESSAGES), ...Object.values(CALORIE_MESSAGES)]) {
      const key = toolMessageKey(message);
      expect(key).not.toBeNull();
      const [, group, name] = key!.split(".") as [string, "imc" | "calories", string];
      for (const language of ["en", "de", "es"]) {
        const translated = tools(language).messages[group][name];
        expect(translated, `${language} ${key}`).toBeTruthy();
        expect(translated, `${language} ${key}`).not.toBe(message);
      }
    }
  });

  it("does not know other texts", () => {
    expect(toolMessageKey("Autre chose.")).toBeNull();
  });
});
