import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { buildSessionPayload, type SessionSaveMessage, sessionResultOf } from "~/domain/workout/session-payload";
import type { Language } from "~/i18n/languages";
import { translatorFor } from "~/testing/translators";
import { SessionSummary } from "./session-summary";

const sessionTranslator = (language: Language) => translatorFor(language, "workout-session");

const payload = buildSessionPayload({
  name: "Haut",
  exercises: [{ id: "push-up", name: "Pompes" }],
  inputs: {
    "push-up": {
      mode: "pdc",
      sets: [{ weight: null, reps: 15, restSec: null }],
      cardioSets: [],
      notes: "",
      done: true,
    },
  },
  startedAt: new Date("2026-01-31T08:00:00.000Z"),
  endedAt: new Date("2026-01-31T08:30:00.000Z"),
  countedSeconds: 1_800,
  notes: "",
});

/** The summary's text for a refused session, in a language. */
function summaryText(language: Language, refusal: SessionSaveMessage): string {
  const html = renderToStaticMarkup(
    <MemoryRouter>
      <SessionSummary
        result={sessionResultOf(payload, { outcome: "failed", refusal })}
        t={sessionTranslator(language)}
        language={language}
        currentHref="/exo"
        builderFormId="builder"
        restartAction="restart"
        onBack={null}
      />
    </MemoryRouter>,
  );
  return html.replace(/<[^>]+>/g, " ").replace(/&#x27;/g, "'");
}

describe("the session summary of a refused session", () => {
  it("says why in the page's language, from the refusal's key and values", () => {
    expect(summaryText("fr", { key: "tooMany", values: { minutes: 12 } })).toContain(
      "Trop de séances enregistrées en une heure. Réessaie dans 12 min.",
    );
    expect(summaryText("en", { key: "tooMany", values: { minutes: 12 } })).toContain(
      "Too many workouts saved in one hour. Try again in 12 min.",
    );
    expect(summaryText("en", { key: "noValidEntries" })).toContain("No valid set: log at least one rep");
    expect(summaryText("en", { key: "generic" })).toContain("The server refused this workout: it was not saved.");
    expect(summaryText("fr", { key: "generic" })).toContain(
      "Le serveur a refusé cette séance : elle n'a pas été enregistrée.",
    );
  });
});
