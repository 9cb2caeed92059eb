import { describe, expect, it } from "vitest";
import type { SessionRefusalMessage, SessionSaveMessage } from "~/domain/workout/session-payload";
import { sessionRefusalText } from "~/domain/workout/session-schema";
import { type Language, supportedLanguages } from "~/i18n/languages";
import { translatorFor } from "~/testing/translators";
import { translateSessionRefusal } from "./session-refusal";

const sessionTranslator = (language: Language) => translatorFor(language, "workout-session");

/** What the save service answers. */
const serviceMessages: SessionRefusalMessage[] = [
  { key: "noValidEntries" },
  { key: "tooMany", values: { minutes: 7 } },
];
const everyMessage: SessionSaveMessage[] = [...serviceMessages, { key: "generic" }];

describe("a refused session in the summary's language", () => {
  it("says in French exactly what the JSON API answers", () => {
    const t = sessionTranslator("fr");
    for (const message of serviceMessages) {
      // Both carry the no-break space before ':', written in the texts.
      expect(translateSessionRefusal(t, message)).toBe(sessionRefusalText(message));
    }
    expect(sessionRefusalText({ key: "tooMany", values: { minutes: 7 } })).toBe(
      "Trop de séances enregistrées en une heure. Réessaie dans 7 min.",
    );
    expect(translateSessionRefusal(t, { key: "generic" })).toMatch(/^Le serveur a refusé cette séance/);
  });

  it("says it in English, values included", () => {
    const t = sessionTranslator("en");
    expect(translateSessionRefusal(t, { key: "tooMany", values: { minutes: 7 } })).toBe(
      "Too many workouts saved in one hour. Try again in 7 min.",
    );
    expect(translateSessionRefusal(t, { key: "noValidEntries" })).toBe(
      "No valid set: log at least one rep, a weight, a duration or a distance to save the workout.",
    );
    expect(translateSessionRefusal(t, { key: "generic" })).toBe("The server refused this workout: it was not saved.");
  });

  it.each(supportedLanguages.filter((language) => language !== "fr"))(
    "has every message in %s, without French text or French spacing",
    (language) => {
      const t = sessionTranslator(language);
      const french = sessionTranslator("fr");
      for (const message of everyMessage) {
        const translated = translateSessionRefusal(t, message);
        expect(translated, message.key).not.toBe(translateSessionRefusal(french, message));
        expect(translated, message.key).not.toMatch(/saveRefused|\{\{|[\s\u00a0][:;?!]/);
        if (message.key === "tooMany") expect(translated).toContain("7");
      }
    },
  );
});
